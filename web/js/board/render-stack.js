// Drawing one stack of the island: its side walls level by level (a slab per level, so a stack's
// height can be counted), its top with the tile edges, and its building (dropping in while a
// build animates); then, over the whole island, each stack's labels: its level plate and its
// number of huts, which no neighbour then hides. render-motion.js draws a landing tile with the
// same parts.
//
// Legibility: pieces are never drawn under MIN_PIECE_PX high nor level numbers under
// MIN_LABEL_PX, whatever the zoom; a scene's `legible` holds both in world units (legibleSizes).

import { TERRAINS } from "../base/theme.js";
import { drawBuilding, drawHexTop, drawHutCount, drawLevelBadge, mix } from "./art.js";
import { LIFT } from "./camera.js";
import { CORNERS, DIRECTIONS, hexCenter, key } from "./geometry.js";

export const MIN_PIECE_PX = 12;
export const MIN_LABEL_PX = 9;

/** The least piece height and label font at a camera scale (CSS px per hex radius), in hex radii. */
export function legibleSizes(scale) {
  return { piece: MIN_PIECE_PX / scale, label: MIN_LABEL_PX / scale };
}

export function drawStack(ctx, scene, hx) {
  const [x, y] = hexCenter(hx.q, hx.r);
  ctx.lineJoin = "round";
  drawWalls(ctx, hx, x, y);
  const topY = drawTop(ctx, scene, hx, x, y, 0, false);
  if (hx.building) drawPlaced(ctx, scene, hx, x, topY, false);
}

/** A stack's level plate and number of huts, drawn after every stack (so over its neighbours). */
export function drawLabels(ctx, scene, hx) {
  const [x, y] = hexCenter(hx.q, hx.r);
  const topY = y - hx.level * LIFT;
  drawLevelBadge(ctx, x, topY, 1, hx.level, scene.legible?.label);
  const b = hx.building;
  if (b && !scene.motion?.plan?.drops.has(key(hx.q, hx.r))) {
    drawHutCount(ctx, x, topY, 1, b, scene.view.colours[b.owner], { minHeight: scene.legible?.piece });
  }
}

/**
 * The top of a stack `rise` hex radii above its place, with its edges and (unless `badge` is
 * false: drawLabels draws it later) its level plate: its y.
 */
export function drawTop(ctx, scene, hx, x, y, rise = 0, badge = true) {
  const topY = y - hx.level * LIFT - rise;
  const top = hx.stack[hx.stack.length - 1];
  const clock = top.terrain === "volcano" ? scene.clockOfTile.get(top.tile) : 0;
  drawHexTop(ctx, x, topY, 1, top.terrain, hx.level, hx.q, hx.r, clock);
  drawEdges(ctx, scene.byKey, hx, x, topY);
  if (badge) drawLevelBadge(ctx, x, topY, 1, hx.level, scene.legible?.label);
  return topY;
}

/**
 * The building on hx, whose top is at (x, topY); its number of huts too unless `count` is false
 * (drawLabels draws it later). Pieces the running build adds drop in: drawn with the pose, and
 * left out of the still picture (no pose). The smallest piece drawn goes into scene.drawn.
 */
export function drawPlaced(ctx, scene, hx, x, topY, count = true) {
  const colour = scene.view.colours[hx.building.owner];
  const m = scene.motion;
  const dropping = Boolean(m?.plan?.drops.has(key(hx.q, hx.r)));
  if (dropping && !m.pose) return;
  ctx.save();
  if (dropping) ctx.globalAlpha = m.pose.drop.alpha;
  const rise = dropping ? m.pose.drop.rise : 0;
  // A dropping building carries its own number: drawLabels leaves it out while it falls.
  const opts = { minHeight: scene.legible?.piece, count: count || dropping };
  const height = drawBuilding(ctx, x, topY - rise, 1, hx.building, colour, opts);
  ctx.restore();
  if (scene.drawn) scene.drawn.piece = Math.min(scene.drawn.piece, height);
}

// The visible side faces of one level, corner pairs with how much they are shaded.
const WALLS = [
  [1, 2, 0.12],
  [2, 3, 0.32],
  [0, 1, 0.2],
  [3, 4, 0.3],
];

// Side walls: one slab per level, coloured by the terrain of that layer (levels from..to-1,
// `rise` hex radii above their places). Slabs alternate a little in shade and each has a light
// lip on top and a dark seam below, so a stack's levels can be counted at any zoom.
export function drawWalls(ctx, hx, x, y, from = 0, to = hx.level, rise = 0) {
  // At least a device pixel wide: lines in hex radii vanish when zoomed out.
  const { a, b } = ctx.getTransform();
  const pixel = 1 / (Math.hypot(a, b) || 1);
  for (let i = from; i < to; i++) {
    const yb = y - i * LIFT - rise;
    const yt = y - (i + 1) * LIFT - rise;
    const base = TERRAINS[hx.stack[i].terrain].dark;
    const stripe = i % 2 ? 0.1 : 0;
    for (const [c0, c1, shade] of WALLS) {
      const [ax, ay] = CORNERS[c0];
      const [bx, by] = CORNERS[c1];
      ctx.beginPath();
      ctx.moveTo(x + ax, yt + ay);
      ctx.lineTo(x + bx, yt + by);
      ctx.lineTo(x + bx, yb + by);
      ctx.lineTo(x + ax, yb + ay);
      ctx.closePath();
      ctx.fillStyle = mix(base, "#000000", shade + stripe);
      ctx.fill();
    }
    rimLine(ctx, x, yt + Math.max(0.02, pixel), "rgba(255,250,235,0.38)", Math.max(0.02, pixel));
    rimLine(ctx, x, yb, "rgba(0,0,0,0.6)", Math.max(0.03, 1.5 * pixel));
  }
}

// A line along the front corners of a level (corners 0..4) at height y: a slab's lip or seam.
function rimLine(ctx, x, y, colour, width) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.beginPath();
  for (let c = 0; c <= 4; c++) {
    const [ax, ay] = CORNERS[c];
    if (c === 0) ctx.moveTo(x + ax, y + ay);
    else ctx.lineTo(x + ax, y + ay);
  }
  ctx.stroke();
}

// Edges: thin within a tile, thick where the top tile changes (tile outlines).
function drawEdges(ctx, byKey, hx, x, topY) {
  const tile = hx.stack[hx.stack.length - 1].tile;
  for (let d = 0; d < 6; d++) {
    const n = byKey.get(key(hx.q + DIRECTIONS[d][0], hx.r + DIRECTIONS[d][1]));
    const sameTile = n && n.stack[n.stack.length - 1].tile === tile;
    const [ax, ay] = CORNERS[d];
    const [bx, by] = CORNERS[(d + 1) % 6];
    ctx.beginPath();
    ctx.moveTo(x + ax, topY + ay);
    ctx.lineTo(x + bx, topY + by);
    ctx.strokeStyle = sameTile ? "rgba(40,28,16,0.28)" : "#21160d";
    ctx.lineWidth = sameTile ? 0.03 : 0.085;
    ctx.lineCap = "round";
    ctx.stroke();
  }
}
