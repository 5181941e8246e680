// Drawing one stack of the island: its side walls level by level, its top with the tile edges
// and level plate, and its building (dropping in while a build animates). render-motion.js draws
// a landing tile with the same parts.

import { TERRAINS } from "../base/theme.js";
import { drawBuilding, drawHexTop, drawLevelBadge, mix } from "./art.js";
import { LIFT } from "./camera.js";
import { CORNERS, DIRECTIONS, hexCenter, key } from "./geometry.js";

export function drawStack(ctx, scene, hx) {
  const [x, y] = hexCenter(hx.q, hx.r);
  ctx.lineJoin = "round";
  drawWalls(ctx, hx, x, y);
  const topY = drawTop(ctx, scene, hx, x, y);
  if (hx.building) drawPlaced(ctx, scene, hx, x, topY);
}

/** The top of a stack `rise` hex radii above its place, with its edges and level plate: its y. */
export function drawTop(ctx, scene, hx, x, y, rise = 0) {
  const topY = y - hx.level * LIFT - rise;
  const top = hx.stack[hx.stack.length - 1];
  const clock = top.terrain === "volcano" ? scene.clockOfTile.get(top.tile) : 0;
  drawHexTop(ctx, x, topY, 1, top.terrain, hx.level, hx.q, hx.r, clock);
  drawEdges(ctx, scene.byKey, hx, x, topY);
  drawLevelBadge(ctx, x, topY, 1, hx.level);
  return topY;
}

/**
 * The building on hx, whose top is at (x, topY). Pieces the running build adds drop in: drawn
 * with the pose, and left out of the still picture (no pose).
 */
export function drawPlaced(ctx, scene, hx, x, topY) {
  const colour = scene.view.colours[hx.building.owner];
  const m = scene.motion;
  if (!m?.plan?.drops.has(key(hx.q, hx.r))) {
    drawBuilding(ctx, x, topY, 1, hx.building, colour);
    return;
  }
  if (!m.pose) return;
  const { rise, alpha } = m.pose.drop;
  ctx.save();
  ctx.globalAlpha = alpha;
  drawBuilding(ctx, x, topY - rise, 1, hx.building, colour);
  ctx.restore();
}

// The visible side faces of one level, corner pairs with how much they are shaded.
const WALLS = [
  [1, 2, 0.12],
  [2, 3, 0.32],
  [0, 1, 0.2],
  [3, 4, 0.3],
];

// Side walls: one band per level, coloured by the terrain of that layer (levels from..to-1,
// `rise` hex radii above their places).
export function drawWalls(ctx, hx, x, y, from = 0, to = hx.level, rise = 0) {
  for (let i = from; i < to; i++) {
    const yb = y - i * LIFT - rise;
    const yt = y - (i + 1) * LIFT - rise;
    const base = TERRAINS[hx.stack[i].terrain].dark;
    for (const [c0, c1, shade] of WALLS) {
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
    drawSeam(ctx, x, yb);
  }
}

// A dark seam between layers.
function drawSeam(ctx, x, yb) {
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
