// The board: a canvas that draws one snapshot and reports what the user points at.
//
// Chessground-style: the controller hands the board everything it needs in one `set(view)` call
// (the view's shape is in view.js) and the board emits intents through its handlers (input.js:
// onHover, onPointer, onActivate, onRotate, onPan; onCamera after any camera move). The board
// knows no rules. It redraws on an animation frame, and only when something changed; each frame
// bumps `draws`, mirrored in the canvas's data-draws so tests can tell, and once the canvas is
// drawn fires a `board-drawn` event on it ({draws, at, ms, t, clocked, motion, span, moving, cam}:
// the frame's count, its animation-frame timestamp and drawing time; during an animation its
// progress 0..1, whether its clock runs yet, "glide" or "fade", its length in ms and how far (hex
// radii) the pieces still are from their places; the camera drawn), so a
// benchmark can time a move to the board that shows it. The canvas's data-motion says whether
// an animation runs ("glide", "fade" or "") and data-camera is the drawn camera ("scale,x,y");
// data-piece-px is the height of the smallest piece drawn, in CSS px ("" with none on the board).
//
// Motion: a new snapshot that the engine's lastMove says is a step forward animates for
// `motionMs` (anim.js: the tile lands, buried pieces crumble, built ones drop in); with
// prefers-reduced-motion it fades for FADE_MS instead. The camera is steady: it keeps its frame
// while the island stays in view and otherwise glides to a new one (camera.js); the person's own
// zoom or pan stops it following. Everything but the drawing already is the new state: hit
// tests, hexToScreen and the camera answer with the final positions, and any key or pointer
// press finishes an animation at once.
//
// The parts: view.js (the snapshot), camera.js (fit, zoom, pan, hit test), anim.js (motion),
// render.js and render-marks.js (drawing), input.js (listeners), art*.js and geometry.js.

import { holdLaterWork } from "../base/after-paint.js";
import { FADE_MS, MOTION_MS, easeInOutCubic, planMotion, poseAt } from "./anim.js";
import { blendCamera, fitCamera, hexAt, hexTop, islandInView, panCamera, toCanvas, zoomCamera } from "./camera.js";
import { BoardInput } from "./input.js";
import { drawBoard, drawMotionFrame } from "./render.js";
import { completeView, emptyView, indexView, levelAt, sameView } from "./view.js";

export class Board {
  /** `still`: a picture nobody plays on (no pointer or wheel input: board/input.js). */
  constructor(canvas, handlers = {}, { still = false } = {}) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.handlers = handlers;
    this.view = emptyView();
    this.cam = { scale: 44, x: 0, y: 0 };
    this.follow = true; // fit the board after each change until the user moves the camera
    this.insets = { top: 0, right: 0, bottom: 0, left: 0 };
    this.size = { w: 0, h: 0, dpr: 1 };
    this.framed = false; // the camera has been fitted to a canvas with a size
    this.held = null; // hexes a replay frames for all its steps (hold), or null
    this.motionMs = MOTION_MS; // the next move's animation; 0: none
    this.motion = null; // the running animation: {start (its first frame's), ms, reduced, plan, camFrom}
    this.releaseLaterWork = () => {}; // the hash and the kept game's write wait while it runs
    this.stillPicture = null; // what stands still during it (render.js), drawn on its first frame
    this.frame = 0;
    this.draws = 0;
    this.#index();
    // A new size is drawn at once: setting the canvas's size empties it, and the resize observer
    // runs after this frame's animation callbacks, so a redraw left to the next frame showed a
    // blank board (a frame, or many while a computer's turn kept the page busy). That is safe in the
    // observer's callback because the canvas's CSS size comes from the layout, never from its
    // backing store (every sheet sizes its boards: game.css, replay.css, pictures.css, lesson.css);
    // an unstyled canvas would grow with each new backing store, a resize observer loop. A board
    // nobody sees (the game screen laid out while it is hidden, boot.css) is drawn in the next
    // frame instead (#resize asks for it), so that its layout and its drawing are two tasks.
    this.input = new BoardInput(this, () => this.#resize() && this.#seen() && this.#drawAtOnce(), { still });
    // Input during an animation finishes it at once (capture: before the page acts on it).
    for (const type of ["keydown", "pointerdown"]) window.addEventListener(type, () => this.finishMotion(), true);
  }

  set(view) {
    const prev = this.view;
    const next = completeView(view);
    if (sameView(prev, next)) return; // nothing to redraw
    this.view = next;
    // Which hexes are highlighted, for tests and tools: "q,r q,r" (a log row's turn).
    this.canvas.dataset.highlight = next.highlight.map(([q, r]) => `${q},${r}`).join(" ");
    this.stillPicture = null;
    if (next.hexes !== prev.hexes) {
      const before = this.byKey;
      this.finishMotion();
      this.#index();
      // The first position a board shows appears as it is; later ones move.
      const plan = this.draws ? planMotion(before, this.byKey, next.lastMove) : null;
      const camFrom = this.follow && !this.held ? this.#reframe() : null;
      this.#animate(plan, camFrom);
    } else if (this.#glidesToWhatIsShown(prev, next)) {
      // A hint, a computer's turn or a lesson step's marks shown off the frame: glide to them.
      const camFrom = this.#reframe();
      if (camFrom) this.#animate(null, camFrom);
    }
    this.invalidate();
  }

  // With the position unchanged, whether the camera follows to what the new view shows: a hint or
  // a computer's turn, or new marked hexes (the lesson's step), unless the user moved the camera,
  // a replay holds its frame or a move is still animating.
  #glidesToWhatIsShown(prev, next) {
    const news = next.ghost?.shown || next.highlight !== prev.highlight;
    return news && this.follow && !this.held && !this.motion;
  }

  setInsets(insets) {
    this.insets = { ...this.insets, ...insets };
    this.#keepInView();
  }

  /** Frame `hexes` (a replay's last position) and keep that frame whatever the steps shown. */
  hold(hexes) {
    this.held = hexes;
    this.fit(true);
  }

  /** Draw at once rather than at the next animation frame: a picture in the page's first paint. */
  drawNow() {
    this.#resize();
    this.#drawAtOnce();
  }

  /** Can the board be seen (not under `visibility: hidden` or `display: none`)? Yes where the
   * browser cannot say (checkVisibility: Chrome 121, Firefox 122, Safari 17.4). */
  #seen() {
    return this.canvas.checkVisibility?.({ visibilityProperty: true }) ?? true;
  }

  #drawAtOnce() {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.#draw(performance.now());
  }

  /** Jump a running animation to its end (the board then shows the state it holds). */
  finishMotion() {
    if (!this.motion) return;
    this.#stopMotion();
    this.invalidate();
  }

  invalidate() {
    if (this.frame) return;
    this.frame = requestAnimationFrame((now) => {
      this.frame = 0;
      this.#draw(now);
    });
  }

  /** Frame the whole board (and a margin for new tiles) in the free part of the canvas. */
  fit(userAsked = true) {
    if (userAsked) this.follow = true;
    const cam = fitCamera(this.held ?? this.#framedHexes(), this.size, this.insets);
    if (!cam) return;
    this.framed = true;
    if (this.motion) this.motion.camFrom = null;
    this.#moveCamera(cam);
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
  // A glide in progress ends: the camera is where it was asked to be.
  #moveCamera(cam) {
    if (this.motion) this.motion.camFrom = null;
    this.stillPicture = null;
    Object.assign(this.cam, cam);
    this.invalidate();
    this.handlers.onCamera?.();
  }

  // What the camera keeps in view: the island, and a tile the screen shows as a move (the hint, a
  // computer's chosen turn), which may lie off a phone's frame; not the tile under the pointer,
  // whose following would move the board under the hand.
  #framedHexes() {
    const g = this.view.ghost;
    // Marked hexes are framed too: the lesson marks where to act, often on the table beside the
    // island (a log row's turn is on it anyway).
    const marks = this.view.highlight.map(([q, r]) => ({ q, r, level: 1 }));
    if (!g?.shown && !marks.length) return this.view.hexes;
    const shown = g?.shown ? g.hexes.map((x) => ({ q: x.q, r: x.r, level: g.level })) : [];
    return [...this.view.hexes, ...marks, ...shown];
  }

  // After a new snapshot: keep the frame while the island is in view, else move to a new one
  // and answer the camera to glide from (null: it kept, or there is nothing to glide from).
  #reframe() {
    if (this.framed && islandInView(this.#framedHexes(), this.cam, this.size, this.insets)) return null;
    const from = this.framed ? { ...this.cam } : null;
    this.fit(false);
    return from;
  }

  // After a resize: the frame keeps unless the island left the view (then a jump: the layout
  // changed under it anyway); a held replay frame is fitted again.
  #keepInView() {
    if (!this.follow) return;
    if (this.held || !this.framed || !islandInView(this.#framedHexes(), this.cam, this.size, this.insets)) {
      this.fit(false);
    }
  }

  #animate(plan, camFrom) {
    const reduced = prefersReducedMotion();
    const ms = reduced ? FADE_MS : this.motionMs;
    // Reduced motion: the camera moves in one step, only the pieces fade.
    const glide = reduced ? null : camFrom;
    if (!ms || (!plan && !glide)) return;
    // The clock starts on the frame after the first: that one draws the still picture and carries
    // the panels' new layout (tens of ms on a slow phone), and shows the motion's start pose, so
    // its length delays the motion rather than making it jump.
    this.motion = { start: null, setUp: false, ms, reduced, plan, camFrom: glide };
    this.releaseLaterWork();
    this.releaseLaterWork = holdLaterWork();
    this.stillPicture = null;
    this.canvas.dataset.motion = reduced ? "fade" : "glide";
  }

  #stopMotion() {
    this.motion = null;
    this.releaseLaterWork();
  }

  // The animation's state for the frame that begins at `now` (the animation frame's timestamp,
  // in step with the display): null once it is over.
  #pose(now) {
    const m = this.motion;
    if (!m) return null;
    if (m.setUp) m.start ??= now - FRAME_MS; // the first clocked frame shows one frame's progress
    m.setUp = true;
    const t = m.start === null ? 0 : Math.max(0, (now - m.start) / m.ms);
    if (t >= 1) {
      this.#stopMotion();
      return null;
    }
    const { w, h } = this.size;
    const cam = m.camFrom ? blendCamera(m.camFrom, this.cam, easeInOutCubic(t), w / 2, h / 2) : this.cam;
    const pose = m.plan ? poseAt(m.plan, t, m.reduced) : null;
    const kind = m.reduced ? "fade" : "glide";
    const report = { t, clocked: m.start !== null, motion: kind, moving: pose?.moving ?? 0 };
    return { t, cam, plan: m.plan, pose, kind, report };
  }

  // The picture of what stands still during the animation, at the final camera (render.js),
  // drawn on its first frame and again only if the view, size or camera changes under it.
  #still(scene) {
    if (typeof OffscreenCanvas === "undefined") return null;
    const at = this.stillPicture?.cam;
    // (An owner may also move the camera by writing board.cam, as the review dialog does.)
    if (!at || at.scale !== this.cam.scale || at.x !== this.cam.x || at.y !== this.cam.y) {
      const canvas = new OffscreenCanvas(this.canvas.width, this.canvas.height);
      const motion = { plan: scene.motion.plan, pose: null };
      drawBoard(canvas.getContext("2d"), { ...scene, cam: this.cam, motion });
      this.stillPicture = { canvas, cam: { ...this.cam } };
    }
    return this.stillPicture;
  }

  #index() {
    const { byKey, order, clockOfTile } = indexView(this.view);
    this.byKey = byKey;
    this.order = order;
    this.clockOfTile = clockOfTile;
  }

  // The backing store follows the canvas's CSS size at the device pixel ratio, so it stays sharp.
  // Whether the size changed (the canvas then holds nothing until it is drawn).
  #resize() {
    const rect = this.canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(rect.width);
    const h = Math.round(rect.height);
    if (w === this.size.w && h === this.size.h && dpr === this.size.dpr) return false;
    this.size = { w, h, dpr };
    this.canvas.width = Math.max(1, Math.round(w * dpr));
    this.canvas.height = Math.max(1, Math.round(h * dpr));
    this.stillPicture = null;
    this.#keepInView();
    this.invalidate();
    return true;
  }

  #draw(now) {
    const { w, h } = this.size;
    if (!w || !h) return this.#stopMotion(); // nothing to show a motion on
    this.draws++;
    const start = performance.now();
    const live = this.#pose(now);
    const span = this.motion?.ms ?? null;
    const { view, byKey, order, clockOfTile, size } = this;
    const cam = live?.cam ?? this.cam;
    const scene = { view, byKey, order, clockOfTile, cam, size, motion: live };
    const c = this.canvas.dataset;
    if (live) drawMotionFrame(this.ctx, scene, this.#still(scene));
    else c.piecePx = pixels(drawBoard(this.ctx, scene).piecePx);
    c.draws = String(this.draws);
    c.motion = live?.kind ?? "";
    c.camera = [cam.scale, cam.x, cam.y].map((v) => v.toFixed(2)).join(",");
    const ms = performance.now() - start;
    const detail = {
      draws: this.draws,
      at: now,
      ms,
      t: null,
      clocked: false,
      motion: null,
      span,
      moving: 0,
      cam: { ...cam },
      ...live?.report,
    };
    this.canvas.dispatchEvent(new CustomEvent("board-drawn", { detail }));
    if (this.motion) this.invalidate(); // the next frame of the animation
  }
}

const FRAME_MS = 1000 / 60;

const pixels = (px) => (px === null ? "" : px.toFixed(1));

function prefersReducedMotion() {
  return Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}
