// The board: a canvas that draws one snapshot and reports what the user points at.
//
// Chessground-style: the controller hands the board everything it needs in one `set(view)` call
// (state hexes plus the legal targets, ghost tile and previews it has already worked out from the
// engine's answers) and the board emits intents (hover, activate, rotate). The board knows no
// rules. It redraws on an animation frame, and only when something changed.
//
// view = {
//   hexes, tiles, colours,           // state.hexes / state.tiles, seat colour objects
//   lastMove,                        // state.lastMove
//   open: [[q, r]],                  // volcanoes open to an eruption (state.openVolcanoes)
//   dots: [[q, r]],                  // legal volcano hexes for the current rotation
//   targets: [{q, r, strong}],       // legal build hexes
//   selection: [[q, r]],             // hexes to outline (a chosen settlement)
//   preview: [{q, r, kind, count, owner}],  // pieces a build would add
//   ghost: {hexes: [{q, r, terrain}], clock, level, legal, warn} | null,
//   cursor: {q, r} | null,
// }

import { drawBuilding, drawHexTop, drawLevelBadge, hexPath, mix, outlineHexes } from "./art.js";
import { CORNERS, DIRECTIONS, hexCenter, key, pointToHex } from "./geometry.js";
import { TERRAINS } from "../screen/theme.js";

const LIFT = 0.2; // screen height of one level, in hex radii
const MIN_SCALE = 9;
const MAX_SCALE = 120;

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
    this.pointers = new Map();
    this.hover = null;
    this.draws = 0;
    this.#index();
    this.#listen();
  }

  // ---- public -------------------------------------------------------------------------------

  set(view) {
    const prev = this.view;
    const next = emptyView();
    for (const [k, v] of Object.entries(view)) if (v !== undefined) next[k] = v;
    if (sameView(prev, next)) return; // nothing to redraw
    this.view = next;
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
    const { w, h } = this.size;
    if (!w || !h) return;
    const inset = this.insets;
    const aw = Math.max(40, w - inset.left - inset.right);
    const ah = Math.max(40, h - inset.top - inset.bottom);
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (const hx of this.view.hexes) {
      const [x, y] = hexCenter(hx.q, hx.r);
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y - hx.level * LIFT);
      y1 = Math.max(y1, y);
    }
    if (!this.view.hexes.length) {
      x0 = y0 = -3;
      x1 = y1 = 3;
    }
    // Room for the volcano of a tile laid next to the island (most of them: a volcano can be up
    // to two hexes off; zoom out or pan for those), less on a small screen.
    const small = aw < 520;
    const mx = small ? 1.8 : 2.7;
    const my = small ? 2.2 : 2.6;
    x0 -= mx;
    x1 += mx;
    y0 -= my;
    y1 += my;
    const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE * 0.55, aw / (x1 - x0), ah / (y1 - y0)));
    this.cam.scale = scale;
    this.cam.x = inset.left + aw / 2 - ((x0 + x1) / 2) * scale;
    this.cam.y = inset.top + ah / 2 - ((y0 + y1) / 2) * scale;
    this.invalidate();
    this.handlers.onCamera?.();
  }

  zoomBy(factor, sx = this.size.w / 2, sy = this.size.h / 2) {
    const s = Math.max(MIN_SCALE, Math.min(MAX_SCALE, this.cam.scale * factor));
    const f = s / this.cam.scale;
    this.cam.x = sx - (sx - this.cam.x) * f;
    this.cam.y = sy - (sy - this.cam.y) * f;
    this.cam.scale = s;
    this.follow = false;
    this.invalidate();
    this.handlers.onCamera?.();
  }

  panBy(dx, dy) {
    this.cam.x += dx;
    this.cam.y += dy;
    this.follow = false;
    this.invalidate();
    this.handlers.onCamera?.();
  }

  /** The level of the top hex at (q, r); 0 for the bare table. */
  levelAt(q, r) {
    return this.byKey.get(key(q, r))?.level || 0;
  }

  /** Centre of the top of hex (q, r), in canvas CSS pixels. */
  hexToCanvas(q, r, level = this.levelAt(q, r)) {
    const [x, y] = hexCenter(q, r);
    return [this.cam.x + x * this.cam.scale, this.cam.y + (y - level * LIFT) * this.cam.scale];
  }

  /** Centre of the top of hex (q, r), in viewport CSS pixels. */
  hexToScreen(q, r) {
    const rect = this.canvas.getBoundingClientRect();
    const [x, y] = this.hexToCanvas(q, r);
    return { x: rect.left + x, y: rect.top + y };
  }

  /** The hex drawn under canvas point (sx, sy): raised stacks in front win. */
  hitTest(sx, sy) {
    const s = this.cam.scale;
    const wx = (sx - this.cam.x) / s;
    const wy = (sy - this.cam.y) / s;
    for (let i = this.order.length - 1; i >= 0; i--) {
      const hx = this.order[i];
      const [cx, cy] = hexCenter(hx.q, hx.r);
      const top = hx.level * LIFT;
      // The stack's silhouette is the hex swept from the table up to its top.
      for (let t = top; t >= -0.001; t -= 0.1) {
        if (insideHex(wx - cx, wy - (cy - t))) return { q: hx.q, r: hx.r };
      }
    }
    const [q, r] = pointToHex(wx, wy);
    return { q, r };
  }

  // ---- indexing -----------------------------------------------------------------------------

  #index() {
    this.byKey = new Map();
    for (const hx of this.view.hexes) this.byKey.set(key(hx.q, hx.r), hx);
    // Painter's order: back rows first; within a row, lower stacks first.
    this.order = [...this.view.hexes].sort((a, b) => a.r - b.r || a.level - b.level || a.q - b.q);
    this.clockOfTile = new Map(this.view.tiles.map((t) => [t.id, t.clock]));
  }

  // ---- drawing ------------------------------------------------------------------------------

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
    const { ctx } = this;
    const { w, h, dpr } = this.size;
    if (!w || !h) return;
    this.draws++;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    this.#drawSea(w, h);
    const s = this.cam.scale;
    ctx.setTransform(dpr * s, 0, 0, dpr * s, dpr * this.cam.x, dpr * this.cam.y);
    const v = this.view;
    this.#drawTableGrid();
    for (const hx of this.order) this.#drawStack(hx);
    this.#drawLastMove();
    for (const [q, r] of v.open) this.#drawOpen(q, r);
    for (const [q, r] of v.dots) this.#drawDot(q, r);
    for (const t of v.targets) this.#drawTarget(t);
    if (v.selection.length) this.#drawSelection(v.selection);
    for (const p of v.preview) {
      const [cx, cy] = this.#top(p.q, p.r);
      drawBuilding(ctx, cx, cy, 1, { kind: p.kind, count: p.count }, v.colours[p.owner], { ghost: true });
    }
    if (v.ghost) this.#drawGhost(v.ghost);
    if (v.cursor) this.#drawCursor(v.cursor);
    this.canvas.dataset.draws = String(this.draws);
  }

  #top(q, r, level = this.levelAt(q, r)) {
    const [x, y] = hexCenter(q, r);
    return [x, y - level * LIFT];
  }

  #drawSea(w, h) {
    const { ctx } = this;
    const g = ctx.createRadialGradient(w * 0.5, h * 0.45, 0, w * 0.5, h * 0.5, Math.max(w, h) * 0.75);
    g.addColorStop(0, "#2f7f9c");
    g.addColorStop(1, "#123c55");
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  }

  // Faint outlines of the table positions around the island, so a tile can be aimed there.
  #drawTableGrid() {
    const { ctx } = this;
    const ring = new Set();
    for (const hx of this.view.hexes) {
      for (const [dq, dr] of DIRECTIONS) {
        for (const [eq, er] of [[0, 0], ...DIRECTIONS]) {
          const k = key(hx.q + dq + eq, hx.r + dr + er);
          if (!this.byKey.has(k)) ring.add(k);
        }
      }
    }
    if (!this.view.hexes.length) {
      for (let q = -3; q <= 3; q++) for (let r = -3; r <= 3; r++) if (Math.abs(q + r) <= 3) ring.add(key(q, r));
    }
    ctx.lineWidth = 1.2 / this.cam.scale;
    ctx.strokeStyle = "rgba(200,235,250,0.16)";
    ctx.beginPath();
    for (const k of ring) {
      const [q, r] = k.split(",").map(Number);
      const [x, y] = hexCenter(q, r);
      for (let c = 0; c < 6; c++) {
        const [ax, ay] = CORNERS[c];
        if (c === 0) ctx.moveTo(x + ax * 0.94, y + ay * 0.94);
        else ctx.lineTo(x + ax * 0.94, y + ay * 0.94);
      }
      ctx.closePath();
    }
    ctx.stroke();
  }

  #drawStack(hx) {
    const { ctx } = this;
    const [x, y] = hexCenter(hx.q, hx.r);
    const topY = y - hx.level * LIFT;
    const top = hx.stack[hx.stack.length - 1];
    // Side walls: one band per level, coloured by the terrain of that layer.
    ctx.lineJoin = "round";
    for (let i = 0; i < hx.level; i++) {
      const yb = y - i * LIFT;
      const yt = y - (i + 1) * LIFT;
      const base = TERRAINS[hx.stack[i].terrain].dark;
      for (const [c0, c1, shade] of [[1, 2, 0.12], [2, 3, 0.32], [0, 1, 0.2], [3, 4, 0.3]]) {
        const [ax, ay] = CORNERS[c0];
        const [bx, by] = CORNERS[c1];
        ctx.beginPath();
        ctx.moveTo(x + ax, yt + ay);
        ctx.lineTo(x + bx, yt + by);
        ctx.lineTo(x + bx, yb + by);
        ctx.lineTo(x + ax, yb + ay);
        ctx.closePath();
        ctx.fillStyle = mix(base, "#000000", shade);
        ctx.fill();
      }
      // A dark seam between layers.
      ctx.strokeStyle = "rgba(0,0,0,0.45)";
      ctx.lineWidth = 0.025;
      ctx.beginPath();
      for (let c = 0; c <= 4; c++) {
        const [ax, ay] = CORNERS[c];
        if (c === 0) ctx.moveTo(x + ax, yb + ay);
        else ctx.lineTo(x + ax, yb + ay);
      }
      ctx.stroke();
    }
    const clock = top.terrain === "volcano" ? this.clockOfTile.get(top.tile) : 0;
    drawHexTop(ctx, x, topY, 1, top.terrain, hx.level, hx.q, hx.r, clock);
    // Edges: thin within a tile, thick where the top tile changes (tile outlines).
    for (let d = 0; d < 6; d++) {
      const n = this.byKey.get(key(hx.q + DIRECTIONS[d][0], hx.r + DIRECTIONS[d][1]));
      const sameTile = n && n.stack[n.stack.length - 1].tile === top.tile;
      const [ax, ay] = CORNERS[d];
      const [bx, by] = CORNERS[(d + 1) % 6];
      ctx.beginPath();
      ctx.moveTo(x + ax, topY + ay);
      ctx.lineTo(x + bx, topY + by);
      if (sameTile) {
        ctx.strokeStyle = "rgba(40,28,16,0.28)";
        ctx.lineWidth = 0.03;
      } else {
        ctx.strokeStyle = "#21160d";
        ctx.lineWidth = 0.085;
      }
      ctx.lineCap = "round";
      ctx.stroke();
    }
    drawLevelBadge(ctx, x, topY, 1, hx.level);
    if (hx.building) {
      drawBuilding(ctx, x, topY, 1, hx.building, this.view.colours[hx.building.owner]);
    }
  }

  #drawLastMove() {
    const last = this.view.lastMove;
    if (!last) return;
    const { ctx } = this;
    const hexes = last.placementHexes.map(([q, r]) => {
      const [x, y] = this.#top(q, r);
      return [q, r, x, y];
    });
    // Only outline the tile while it is still on top (a later tile may cover part of it).
    ctx.save();
    ctx.setLineDash([0.18, 0.12]);
    ctx.lineWidth = 0.07;
    ctx.strokeStyle = "#fff6c9";
    outlineHexes(ctx, hexes, 0.9);
    ctx.restore();
    for (const [q, r] of last.buildHexes) {
      const [x, y] = this.#top(q, r);
      ctx.beginPath();
      ctx.arc(x, y + 0.05, 0.72, 0, Math.PI * 2);
      ctx.lineWidth = 0.06;
      ctx.strokeStyle = "rgba(255,246,201,0.9)";
      ctx.setLineDash([0.14, 0.1]);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  }

  #drawOpen(q, r) {
    const { ctx } = this;
    const [x, y] = this.#top(q, r);
    ctx.beginPath();
    ctx.arc(x, y, 0.56, 0, Math.PI * 2);
    ctx.lineWidth = 0.09;
    ctx.strokeStyle = "rgba(255,150,40,0.95)";
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(x, y, 0.68, 0, Math.PI * 2);
    ctx.lineWidth = 0.04;
    ctx.strokeStyle = "rgba(255,220,120,0.7)";
    ctx.stroke();
  }

  #drawDot(q, r) {
    const { ctx } = this;
    const [x, y] = this.#top(q, r);
    ctx.beginPath();
    ctx.arc(x, y, 0.13, 0, Math.PI * 2);
    ctx.fillStyle = "rgba(120,255,150,0.55)";
    ctx.fill();
    ctx.lineWidth = 0.03;
    ctx.strokeStyle = "rgba(10,60,20,0.6)";
    ctx.stroke();
  }

  #drawTarget(t) {
    const { ctx } = this;
    const [x, y] = this.#top(t.q, t.r);
    hexPath(ctx, x, y, 0.86);
    ctx.fillStyle = t.strong ? "rgba(110,255,140,0.28)" : "rgba(255,255,255,0.12)";
    ctx.fill();
    ctx.lineWidth = t.strong ? 0.1 : 0.05;
    ctx.strokeStyle = t.strong ? "#7dff9a" : "rgba(255,255,255,0.55)";
    ctx.stroke();
  }

  #drawSelection(hexes) {
    const { ctx } = this;
    ctx.save();
    ctx.lineWidth = 0.1;
    ctx.strokeStyle = "#ffe15a";
    ctx.shadowColor = "rgba(0,0,0,0.6)";
    ctx.shadowBlur = 0.2 * this.cam.scale * (this.size.dpr || 1);
    outlineHexes(ctx, hexes.map(([q, r]) => [q, r, ...this.#top(q, r)]), 0.95);
    ctx.restore();
  }

  #drawGhost(g) {
    const { ctx } = this;
    const pos = g.hexes.map((hx) => {
      const [x, y] = hexCenter(hx.q, hx.r);
      return [hx.q, hx.r, x, y - g.level * LIFT];
    });
    ctx.save();
    ctx.globalAlpha = g.legal ? 0.92 : 0.6;
    // A shadow under the floating tile.
    ctx.fillStyle = "rgba(0,0,0,0.35)";
    for (const [, , x, y] of pos) {
      hexPath(ctx, x + 0.08, y + 0.22, 1);
      ctx.fill();
    }
    g.hexes.forEach((hx, i) => {
      const [, , x, y] = pos[i];
      drawHexTop(ctx, x, y - 0.1, 1, hx.terrain, g.level, hx.q, hx.r, i === 0 ? g.clock : 0);
    });
    ctx.restore();
    const colour = !g.legal ? "#ff4d4d" : g.warn ? "#ffb020" : "#5dff88";
    ctx.save();
    ctx.lineWidth = 0.13;
    ctx.strokeStyle = colour;
    ctx.lineJoin = "round";
    outlineHexes(ctx, pos.map(([q, r, x, y]) => [q, r, x, y - 0.1]), 1);
    ctx.restore();
    if (!g.legal) {
      // A cross on the volcano hex: illegal here, whatever the colour vision.
      const [, , x, y] = pos[0];
      ctx.strokeStyle = "#ff4d4d";
      ctx.lineWidth = 0.12;
      ctx.lineCap = "round";
      ctx.beginPath();
      ctx.moveTo(x - 0.3, y - 0.4);
      ctx.lineTo(x + 0.3, y + 0.2);
      ctx.moveTo(x + 0.3, y - 0.4);
      ctx.lineTo(x - 0.3, y + 0.2);
      ctx.stroke();
    }
  }

  #drawCursor(c) {
    const { ctx } = this;
    const [x, y] = this.#top(c.q, c.r);
    hexPath(ctx, x, y, 0.98);
    ctx.lineWidth = 0.06;
    ctx.setLineDash([0.2, 0.12]);
    ctx.strokeStyle = "#ffffff";
    ctx.stroke();
    ctx.setLineDash([]);
  }

  // ---- input --------------------------------------------------------------------------------

  #listen() {
    const c = this.canvas;
    const ro = new ResizeObserver(() => this.#resize());
    ro.observe(c);
    window.addEventListener("resize", () => this.#resize());
    c.addEventListener("pointerdown", (e) => this.#down(e));
    c.addEventListener("pointermove", (e) => this.#move(e));
    c.addEventListener("pointerup", (e) => this.#up(e));
    c.addEventListener("pointercancel", (e) => this.#cancel(e));
    c.addEventListener("pointerleave", (e) => {
      if (e.pointerType === "mouse" && !this.pointers.size) this.#setHover(null, e);
    });
    c.addEventListener("wheel", (e) => this.#wheel(e), { passive: false });
    c.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  #local(e) {
    const rect = this.canvas.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top];
  }

  // Browsers follow a touch with compatibility mouse events; a "mouse" that moves right after a
  // touch is that echo, not a mouse, and must not move the hover.
  #echo(e) {
    if (e.pointerType !== "mouse") {
      this.lastTouch = performance.now();
      return false;
    }
    return performance.now() - (this.lastTouch || -1e9) < 800;
  }

  #down(e) {
    if (this.#echo(e)) return;
    const [x, y] = this.#local(e);
    this.canvas.setPointerCapture?.(e.pointerId);
    this.pointers.set(e.pointerId, { x, y, x0: x, y0: y, type: e.pointerType, moved: false });
    if (this.pointers.size === 2) this.pinch = this.#pinchInfo();
  }

  #move(e) {
    if (this.#echo(e)) return;
    const [x, y] = this.#local(e);
    const p = this.pointers.get(e.pointerId);
    if (!p) {
      if (e.pointerType === "mouse") this.#setHover(this.hitTest(x, y), e);
      return;
    }
    const dx = x - p.x;
    const dy = y - p.y;
    p.x = x;
    p.y = y;
    if (!p.moved && Math.hypot(x - p.x0, y - p.y0) > (p.type === "mouse" ? 5 : 10)) p.moved = true;
    if (this.pointers.size >= 2 && this.pinch) {
      const now = this.#pinchInfo();
      this.zoomBy(now.d / this.pinch.d, now.x, now.y);
      this.panBy(now.x - this.pinch.x, now.y - this.pinch.y);
      this.pinch = now;
      for (const q of this.pointers.values()) q.moved = true;
    } else if (p.moved) {
      this.panBy(dx, dy);
    }
    if (p.type === "mouse" && !p.moved) this.#setHover(this.hitTest(x, y), e);
  }

  #up(e) {
    const p = this.pointers.get(e.pointerId);
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (!p || p.moved || this.pointers.size) {
      if (p?.moved) this.handlers.onPan?.();
      return;
    }
    if (e.button > 0) return;
    const [x, y] = this.#local(e);
    const hex = this.hitTest(x, y);
    if (p.type === "mouse") this.#setHover(hex, e);
    this.handlers.onActivate?.(hex, { pointerType: p.type, clientX: e.clientX, clientY: e.clientY });
  }

  #cancel(e) {
    this.pointers.delete(e.pointerId);
    this.pinch = null;
  }

  #pinchInfo() {
    const [a, b] = [...this.pointers.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.max(10, Math.hypot(a.x - b.x, a.y - b.y)) };
  }

  #wheel(e) {
    e.preventDefault();
    const delta = e.deltaY || e.deltaX;
    if (e.shiftKey || e.altKey) {
      // Rotate the tile: one step per wheel notch (trackpads send many small deltas).
      this.wheelAcc = (this.wheelAcc || 0) + delta;
      if (Math.abs(this.wheelAcc) >= 40 || e.deltaMode !== 0) {
        this.handlers.onRotate?.(this.wheelAcc > 0 ? 1 : -1);
        this.wheelAcc = 0;
      }
      return;
    }
    const [x, y] = this.#local(e);
    const unit = e.deltaMode === 1 ? 20 : e.deltaMode === 2 ? 300 : 1;
    this.zoomBy(Math.exp(-delta * unit * (e.ctrlKey ? 0.01 : 0.0015)), x, y);
    this.#setHover(this.hitTest(x, y), e);
  }

  #setHover(hex, e) {
    const same = hex && this.hover && hex.q === this.hover.q && hex.r === this.hover.r;
    if (same || (!hex && !this.hover)) {
      if (hex) this.handlers.onPointer?.(e.clientX, e.clientY);
      return;
    }
    this.hover = hex;
    this.handlers.onHover?.(hex, { pointerType: e.pointerType || "mouse", clientX: e.clientX, clientY: e.clientY });
  }
}

const NONE = Object.freeze([]);

function emptyView() {
  return {
    hexes: NONE,
    tiles: NONE,
    colours: NONE,
    lastMove: null,
    open: NONE,
    dots: NONE,
    targets: NONE,
    selection: NONE,
    preview: NONE,
    ghost: null,
    cursor: null,
  };
}

// Snapshots from the engine keep their identity until the next engine answer; the small marks
// the controller rebuilds on every hover are compared by value.
const BY_IDENTITY = ["hexes", "tiles", "colours", "lastMove", "open", "dots"];
const BY_VALUE = ["targets", "selection", "preview", "ghost", "cursor"];

function sameView(a, b) {
  return (
    BY_IDENTITY.every((k) => a[k] === b[k]) &&
    BY_VALUE.every((k) => a[k] === b[k] || JSON.stringify(a[k]) === JSON.stringify(b[k]))
  );
}

function insideHex(x, y) {
  // Unit pointy-top hex: |x| <= sqrt(3)/2 and |x|*0.5 + |y|*sqrt(3)/2 <= sqrt(3)/2.
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  return ax <= 0.8660254 && ax * 0.5 + ay * 0.8660254 <= 0.8660254;
}
