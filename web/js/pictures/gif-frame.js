// One frame of a game's GIF: the board (board/board-paint.js) under a title strip with each seat's
// name, colour and buildings (the page's own piece art, so the strip needs no words), the seat
// to play marked, and the step in the board's corner. DOM-free: the GIF worker draws it on an
// OffscreenCanvas (the page draws it on a canvas where workers have none).

import { drawPiece } from "../board/art.js";
import { paintBoard } from "../board/board-paint.js";

/** The GIF's size in CSS px: fits a chat's preview; the strip is the top STRIP px of it. */
export const GIF_SIZE = { w: 480, h: 380 };
export const STRIP = 44;
const KINDS = ["huts", "temples", "towers"];
const PIECE = { huts: "hut", temples: "temple", towers: "tower" };
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/**
 * Paint `frame` ({hexes, tiles, seats: [{name, built, current}], step, total}) into `ctx`, a
 * canvas of GIF_SIZE; `colours`: the seats' colour objects; `hold`: the hexes every frame frames.
 */
export function paintFrame(ctx, frame, colours, hold) {
  const { w, h } = GIF_SIZE;
  paintBoard(ctx, { w, h }, frame, colours, { insets: { top: STRIP + 4, left: 4, right: 4, bottom: 4 }, frame: hold });
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  paintStrip(ctx, frame.seats, colours, w);
  paintStepPlate(ctx, `${frame.step}/${frame.total}`, w, h);
}

function paintStrip(ctx, seats, colours, w) {
  ctx.fillStyle = "#16232c";
  ctx.fillRect(0, 0, w, STRIP);
  const cell = w / seats.length;
  seats.forEach((seat, i) => {
    const x = i * cell;
    const colour = colours[i];
    if (seat.current) {
      ctx.fillStyle = colour.fill;
      ctx.fillRect(x + 4, STRIP - 4, cell - 8, 3);
    }
    ctx.beginPath();
    ctx.arc(x + 12, 14, 6, 0, Math.PI * 2);
    ctx.fillStyle = colour.fill;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = colour.edge;
    ctx.stroke();
    ctx.fillStyle = "#f3ead8";
    ctx.font = `600 13px ${FONT}`;
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillText(fitText(ctx, seat.name, cell - 28), x + 23, 14);
    paintBuilt(ctx, seat.built, colour, x + 8, 31, cell - 12);
  });
}

// Each kind's piece, small, with how many the seat has built.
function paintBuilt(ctx, built, colour, x, y, room) {
  const slot = Math.min(40, room / 3);
  ctx.font = `600 12px ${FONT}`;
  KINDS.forEach((kind, k) => {
    const px = x + k * slot;
    drawPiece(ctx, PIECE[kind], px + 6, y + 6, { huts: 3.6, temples: 2.6, towers: 3 }[kind], colour);
    ctx.fillStyle = "#f3ead8";
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.fillText(String(built[kind] ?? 0), px + 14, y + 1);
  });
}

function paintStepPlate(ctx, text, w, h) {
  ctx.font = `600 12px ${FONT}`;
  const tw = ctx.measureText(text).width;
  ctx.fillStyle = "rgba(10,20,28,0.65)";
  ctx.fillRect(w - tw - 16, h - 22, tw + 12, 18);
  ctx.fillStyle = "#f3ead8";
  ctx.textAlign = "right";
  ctx.textBaseline = "middle";
  ctx.fillText(text, w - 10, h - 13);
}

/** `text` cut with an ellipsis to fit `room` px in ctx's font. */
function fitText(ctx, text, room) {
  if (ctx.measureText(text).width <= room) return text;
  let cut = text;
  while (cut && ctx.measureText(`${cut}…`).width > room) cut = cut.slice(0, -1);
  return `${cut}…`;
}
