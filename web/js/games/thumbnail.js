// A kept game's board for the Games list: its island (the entry's hexes and tiles, the data a
// link's picture holds) drawn by the page's own board renderer (board/board-paint.js), framed
// tight, its pieces at least 5 px, in its seats' colours.
//
// The list stays fast with hundreds of kept games: a picture is drawn only once its row comes
// into view (an IntersectionObserver), a few per frame, and kept (per entry and move) for the
// next time the list is shown. A drawn canvas has data-drawn="1".

import { t } from "../i18n/messages.js";
import { h } from "../base/dom.js";
import { colourById } from "../base/theme.js";
import { paintBoard } from "../board/board-paint.js";

export const THUMB = { w: 84, h: 64 };
const FRAME_BUDGET_MS = 8; // drawing per animation frame, so that scrolling stays smooth
const KEPT = 300; // pictures kept between openings of the list

const kept = new Map(); // "id:playedAt:dpr" -> a drawn canvas, copied into the list's canvases
const jobs = new WeakMap(); // canvas -> {entry, key}: what it is to show
const waiting = new Set(); // canvases in view and not yet drawn
const watched = new Set(); // canvases the observer watches
let observer = null;
let frame = 0;

/** The picture of `entry`'s board, THUMB CSS pixels; drawn when it comes into view. */
export function thumbnail(entry) {
  const dpr = globalThis.devicePixelRatio || 1;
  const canvas = h("canvas", {
    class: "games-thumb",
    role: "img",
    width: Math.round(THUMB.w * dpr),
    height: Math.round(THUMB.h * dpr),
    style: { width: `${THUMB.w}px`, height: `${THUMB.h}px` },
    "aria-label": t("games.thumbnail", { steps: entry.steps ?? 0 }),
    dataset: { drawn: "0" },
  });
  const key = `${entry.id}:${entry.playedAt}:${dpr}`;
  const picture = kept.get(key);
  if (picture) show(canvas, picture);
  else watch(canvas, { entry, key });
  return canvas;
}

function watch(canvas, job) {
  jobs.set(canvas, job);
  if (typeof IntersectionObserver === "undefined") {
    draw(canvas);
    return;
  }
  observer ??= new IntersectionObserver((changes) => {
    for (const change of changes) {
      if (!change.isIntersecting) continue;
      forget(change.target);
      queue(change.target);
    }
    // Rows of an earlier rendering of the list are gone for good: stop watching them.
    for (const gone of watched) if (!gone.isConnected) forget(gone);
  });
  watched.add(canvas);
  observer.observe(canvas);
}

function forget(canvas) {
  observer.unobserve(canvas);
  watched.delete(canvas);
}

function queue(canvas) {
  waiting.add(canvas);
  frame ||= requestAnimationFrame(drawSome);
}

function drawSome() {
  frame = 0;
  const start = performance.now();
  for (const canvas of waiting) {
    waiting.delete(canvas);
    if (canvas.isConnected) draw(canvas);
    if (performance.now() - start > FRAME_BUDGET_MS) break;
  }
  if (waiting.size) frame = requestAnimationFrame(drawSome);
}

function draw(canvas) {
  const { entry, key } = jobs.get(canvas);
  const dpr = canvas.width / THUMB.w;
  const colours = (entry.seats ?? []).map((s) => colourById(s.colour));
  const board = { hexes: entry.board?.hexes ?? [], tiles: entry.board?.tiles ?? [] };
  paintBoard(canvas.getContext("2d"), THUMB, board, colours, { dpr, tight: true, small: true });
  canvas.dataset.drawn = "1";
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value);
  const copy = h("canvas", { width: canvas.width, height: canvas.height });
  copy.getContext("2d").drawImage(canvas, 0, 0);
  kept.set(key, copy);
}

function show(canvas, picture) {
  canvas.getContext("2d").drawImage(picture, 0, 0);
  canvas.dataset.drawn = "1";
}
