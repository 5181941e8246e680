// Camera math for the board, as pure functions of plain numbers so it is testable without a
// canvas. A camera is {scale, x, y}: canvas CSS px = (x, y) + world * scale, where the world is
// in hex radii (geometry.js) and a raised hex top sits LIFT higher per level.

import { hexCenter, pointToHex } from "./geometry.js";

export const LIFT = 0.2; // screen height of one level, in hex radii
export const MIN_SCALE = 9;
export const MAX_SCALE = 120;

/** World point of the centre of the top of hex (q, r) stacked `level` high. */
export function hexTop(q, r, level) {
  const [x, y] = hexCenter(q, r);
  return [x, y - level * LIFT];
}

/** A world point in canvas CSS px. */
export function toCanvas(cam, [x, y]) {
  return [cam.x + x * cam.scale, cam.y + y * cam.scale];
}

/** World box of the hex centres and raised tops; a fixed box around the origin when empty. */
export function islandBounds(hexes) {
  if (!hexes.length) return { x0: -3, y0: -3, x1: 3, y1: 3 };
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const hx of hexes) {
    const [x, y] = hexCenter(hx.q, hx.r);
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y - hx.level * LIFT);
    y1 = Math.max(y1, y);
  }
  return { x0, y0, x1, y1 };
}

// The margin (hex radii) fitCamera leaves around the island's hex centres: room for the volcano
// of a tile laid next to the island (most of them: a volcano can be up to two hexes off; zoom out
// or pan for those), less on a small screen.
function fitMargin(aw) {
  return aw < 520 ? { mx: 1.8, my: 2.2 } : { mx: 2.7, my: 2.6 };
}

// What a steady camera keeps in view before it re-frames: the island's hexes whole, their pieces
// and a strip to aim the next tile at (a share of the fitted margin, so a fitted view always
// keeps).
const KEEP = 0.6;

function freeArea(size, insets) {
  return {
    aw: Math.max(40, size.w - insets.left - insets.right),
    ah: Math.max(40, size.h - insets.top - insets.bottom),
  };
}

/**
 * The camera framing the island (and a margin for new tiles) in the part of a canvas of `size`
 * CSS px that `insets` leave free; null while the canvas has no size.
 */
export function fitCamera(hexes, size, insets) {
  const { w, h } = size;
  if (!w || !h) return null;
  const { aw, ah } = freeArea(size, insets);
  const b = islandBounds(hexes);
  const { mx, my } = fitMargin(aw);
  const x0 = b.x0 - mx;
  const x1 = b.x1 + mx;
  const y0 = b.y0 - my;
  const y1 = b.y1 + my;
  const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE * 0.55, aw / (x1 - x0), ah / (y1 - y0)));
  return {
    scale,
    x: insets.left + aw / 2 - ((x0 + x1) / 2) * scale,
    y: insets.top + ah / 2 - ((y0 + y1) / 2) * scale,
  };
}

/**
 * Whether `cam` shows the island whole, with a strip around it to aim the next tile at, in the
 * free part of the canvas: a steady camera keeps its frame while this holds.
 */
export function islandInView(hexes, cam, size, insets) {
  const { aw } = freeArea(size, insets);
  const b = islandBounds(hexes);
  const { mx, my } = fitMargin(aw);
  const [x0, y0] = toCanvas(cam, [b.x0 - mx * KEEP, b.y0 - my * KEEP]);
  const [x1, y1] = toCanvas(cam, [b.x1 + mx * KEEP, b.y1 + my * KEEP]);
  const eps = 0.5; // px: a camera fitted to the same island keeps despite rounding
  return (
    x0 >= insets.left - eps &&
    y0 >= insets.top - eps &&
    x1 <= size.w - insets.right + eps &&
    y1 <= size.h - insets.bottom + eps
  );
}

/**
 * The camera a fraction t (0..1) of the way from `a` to `b`: the scale changes geometrically and
 * the world point at the canvas point (cx, cy) moves in a straight line, so a glide that zooms
 * neither swings nor overshoots.
 */
export function blendCamera(a, b, t, cx, cy) {
  if (t <= 0) return { ...a };
  if (t >= 1) return { ...b };
  const scale = a.scale * (b.scale / a.scale) ** t;
  const wa = [(cx - a.x) / a.scale, (cy - a.y) / a.scale];
  const wb = [(cx - b.x) / b.scale, (cy - b.y) / b.scale];
  const wx = wa[0] + (wb[0] - wa[0]) * t;
  const wy = wa[1] + (wb[1] - wa[1]) * t;
  return { scale, x: cx - wx * scale, y: cy - wy * scale };
}

/** Zoom by `factor` (clamped to the scale limits) keeping canvas point (sx, sy) where it is. */
export function zoomCamera(cam, factor, sx, sy) {
  const s = Math.max(MIN_SCALE, Math.min(MAX_SCALE, cam.scale * factor));
  const f = s / cam.scale;
  return { scale: s, x: sx - (sx - cam.x) * f, y: sy - (sy - cam.y) * f };
}

export function panCamera(cam, dx, dy) {
  return { scale: cam.scale, x: cam.x + dx, y: cam.y + dy };
}

/**
 * The hex drawn under canvas point (sx, sy). `order` is the painter's order (view.js), so the
 * last stack whose silhouette holds the point is the one in front; off the island, the table
 * hex under the point.
 */
export function hexAt(order, cam, sx, sy) {
  const wx = (sx - cam.x) / cam.scale;
  const wy = (sy - cam.y) / cam.scale;
  for (let i = order.length - 1; i >= 0; i--) {
    if (stackHolds(order[i], wx, wy)) return { q: order[i].q, r: order[i].r };
  }
  const [q, r] = pointToHex(wx, wy);
  return { q, r };
}

// The stack's silhouette is the hex swept from the table up to its top.
function stackHolds(hx, wx, wy) {
  const [cx, cy] = hexCenter(hx.q, hx.r);
  for (let t = hx.level * LIFT; t >= -0.001; t -= 0.1) {
    if (insideHex(wx - cx, wy - (cy - t))) return true;
  }
  return false;
}

function insideHex(x, y) {
  // Unit pointy-top hex: |x| <= sqrt(3)/2 and |x|*0.5 + |y|*sqrt(3)/2 <= sqrt(3)/2.
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  return ax <= 0.8660254 && ax * 0.5 + ay * 0.8660254 <= 0.8660254;
}
