// The board: a canvas that draws one snapshot and reports what the user points at.
//
// Chessground-style: the controller hands the board everything it needs in one `set(view)` call
// (the view's shape is in view.js) and the board emits intents through its handlers (input.js:
// onHover, onPointer, onActivate, onRotate, onPan; onCamera after any camera move). The board
// knows no rules. It redraws on an animation frame, and only when something changed; each frame
// bumps `draws`, mirrored in the canvas's data-draws so tests can tell, and once the canvas is
// drawn fires a `board-drawn` event on it ({draws, ms}: the frame's count and drawing time), so a
// benchmark can time a move to the board that shows it.
//
// The parts: view.js (the snapshot), camera.js (fit, zoom, pan, hit test), render.js and
// render-marks.js (drawing), input.js (listeners), art*.js and geometry.js (shared drawing).

import { fitCamera, hexAt, hexTop, panCamera, toCanvas, zoomCamera } from "./camera.js";
import { BoardInput } from "./input.js";
import { drawBoard } from "./render.js";
import { completeView, emptyView, indexView, levelAt, sameView } from "./view.js";

export class Board {
  constructor(canvas, handlers = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.handlers = handlers;
    this.view = emptyView();
    this.cam = { scale: 44, x: 0, y: 0 };
    this.follow = true; // fit the board after each change until the user moves the camera
    this.insets = { top: 0, right: 0, bottom: 0, left: 0 };
    this.size = { w: 0, h: 0, dpr: 1 };
    this.frame = 0;
    this.draws = 0;
    this.#index();
    this.input = new BoardInput(this, () => this.#resize());
  }

  set(view) {
    const prev = this.view;
    const next = completeView(view);
    if (sameView(prev, next)) return; // nothing to redraw
    this.view = next;
    // Which hexes are highlighted, for tests and tools: "q,r q,r" (a log row's turn).
    this.canvas.dataset.highlight = next.highlight.map(([q, r]) => `${q},${r}`).join(" ");
    if (next.hexes !== prev.hexes) {
      this.#index();
      if (this.follow) this.fit(false);
    }
    this.invalidate();
  }

  setInsets(insets) {
    this.insets = { ...this.insets, ...insets };
    if (this.follow) this.fit(false);
  }

  invalidate() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.#draw();
    });
  }

  /** Frame the whole board (and a margin for new tiles) in the free part of the canvas. */
  fit(userAsked = true) {
    if (userAsked) this.follow = true;
    const cam = fitCamera(this.view.hexes, this.size, this.insets);
    if (cam) this.#moveCamera(cam);
  }

  zoomBy(factor, sx = this.size.w / 2, sy = this.size.h / 2) {
    this.follow = false;
    this.#moveCamera(zoomCamera(this.cam, factor, sx, sy));
  }

  panBy(dx, dy) {
    this.follow = false;
    this.#moveCamera(panCamera(this.cam, dx, dy));
  }

  /** The level of the top hex at (q, r); 0 for the bare table. */
  levelAt(q, r) {
    return levelAt(this.byKey, q, r);
  }

  /** Centre of the top of hex (q, r), in canvas CSS pixels. */
  hexToCanvas(q, r, level = this.levelAt(q, r)) {
    return toCanvas(this.cam, hexTop(q, r, level));
  }

  /** Centre of the top of hex (q, r), in viewport CSS pixels. */
  hexToScreen(q, r) {
    const rect = this.canvas.getBoundingClientRect();
    const [x, y] = this.hexToCanvas(q, r);
    return { x: rect.left + x, y: rect.top + y };
  }

  /** The hex drawn under canvas point (sx, sy): raised stacks in front win. */
  hitTest(sx, sy) {
    return hexAt(this.order, this.cam, sx, sy);
  }

  // The camera object keeps its identity: the controller reads `cam.scale` to place its tips.
  #moveCamera(cam) {
    Object.assign(this.cam, cam);
    this.invalidate();
    this.handlers.onCamera?.();
  }

  #index() {
    const { byKey, order, clockOfTile } = indexView(this.view);
    this.byKey = byKey;
    this.order = order;
    this.clockOfTile = clockOfTile;
  }

  // The backing store follows the canvas's CSS size at the device pixel ratio, so it stays sharp.
  #resize() {
    const rect = this.canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(rect.width);
    const h = Math.round(rect.height);
    if (w === this.size.w && h === this.size.h && dpr === this.size.dpr) return;
    this.size = { w, h, dpr };
    this.canvas.width = Math.max(1, Math.round(w * dpr));
    this.canvas.height = Math.max(1, Math.round(h * dpr));
    if (this.follow) this.fit(false);
    this.invalidate();
  }

  #draw() {
    const { w, h } = this.size;
    if (!w || !h) return;
    this.draws++;
    const start = performance.now();
    const { view, byKey, order, clockOfTile, cam, size } = this;
    drawBoard(this.ctx, { view, byKey, order, clockOfTile, cam, size });
    this.canvas.dataset.draws = String(this.draws);
    const detail = { draws: this.draws, ms: performance.now() - start };
    this.canvas.dispatchEvent(new CustomEvent("board-drawn", { detail }));
  }
}
