// A small picture of a kept game's board for the Games list: every hex's top in its terrain's
// colour (lighter when higher) and each building as a dot in its owner's colour.

import { t } from "../i18n/messages.js";
import { hexPath, topColour } from "../board/art.js";
import { hexCenter } from "../board/geometry.js";
import { smallCanvas } from "../base/dom.js";
import { colourById } from "../base/theme.js";

function bounds(hexes) {
  const xs = [];
  const ys = [];
  for (const hx of hexes) {
    const [x, y] = hexCenter(hx.q, hx.r);
    xs.push(x);
    ys.push(y);
  }
  if (!xs.length) return { x0: -2, x1: 2, y0: -2, y1: 2 };
  return { x0: Math.min(...xs) - 1, x1: Math.max(...xs) + 1, y0: Math.min(...ys) - 1, y1: Math.max(...ys) + 1 };
}

function drawBoard(ctx, w, h, hexes, seats) {
  ctx.fillStyle = "#1d5470";
  ctx.fillRect(0, 0, w, h);
  const b = bounds(hexes);
  // A small island stays small (a hex at most a fifth of the picture), so sizes compare.
  const scale = Math.min(w / (b.x1 - b.x0), h / (b.y1 - b.y0), h / 10);
  const ox = w / 2 - ((b.x0 + b.x1) / 2) * scale;
  const oy = h / 2 - ((b.y0 + b.y1) / 2) * scale;
  for (const hx of hexes) {
    const [x, y] = hexCenter(hx.q, hx.r);
    const top = hx.stack[hx.stack.length - 1];
    hexPath(ctx, ox + x * scale, oy + y * scale, scale * 0.98);
    ctx.fillStyle = topColour(top.terrain, hx.level);
    ctx.fill();
    if (!hx.building) continue;
    ctx.beginPath();
    ctx.arc(ox + x * scale, oy + y * scale, scale * (hx.building.kind === "hut" ? 0.35 : 0.55), 0, Math.PI * 2);
    const colour = colourById(seats[hx.building.owner]?.colour);
    ctx.fillStyle = colour.fill;
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = colour.edge;
    ctx.stroke();
  }
}

/** The picture of `entry`'s board, `w` x `h` CSS pixels. */
export function thumbnail(entry, w = 84, h = 64) {
  const hexes = entry.board?.hexes ?? [];
  return smallCanvas(w, h, (ctx) => drawBoard(ctx, w, h, hexes, entry.seats), {
    class: "games-thumb",
    role: "img",
    "aria-label": t("games.thumbnail", { steps: entry.steps ?? 0 }),
  });
}
