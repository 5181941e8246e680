// Drawing one frame of the board: the sea, the faint table grid, the island's stacks (in
// painter's order), then the marks (render-marks.js). Everything is a function of the canvas
// context and a scene: {view, byKey, order, clockOfTile, cam, size} (view.js, camera.js).

import { TERRAINS } from "../screen/theme.js";
import { drawBuilding, drawHexTop, drawLevelBadge, mix } from "./art.js";
import { LIFT } from "./camera.js";
import { CORNERS, DIRECTIONS, hexCenter, key } from "./geometry.js";
import { drawMarks } from "./render-marks.js";

export function drawBoard(ctx, scene) {
  const { w, h, dpr } = scene.size;
  const { cam } = scene;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  drawSea(ctx, w, h);
  // From here on, units are hex radii (the camera's world).
  ctx.setTransform(dpr * cam.scale, 0, 0, dpr * cam.scale, dpr * cam.x, dpr * cam.y);
  drawTableGrid(ctx, scene);
  for (const hx of scene.order) drawStack(ctx, scene, hx);
  drawMarks(ctx, scene);
}

function drawSea(ctx, w, h) {
  const g = ctx.createRadialGradient(w * 0.5, h * 0.45, 0, w * 0.5, h * 0.5, Math.max(w, h) * 0.75);
  g.addColorStop(0, "#2f7f9c");
  g.addColorStop(1, "#123c55");
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
}

// Faint outlines of the table positions around the island, so a tile can be aimed there.
function drawTableGrid(ctx, scene) {
  ctx.lineWidth = 1.2 / scene.cam.scale;
  ctx.strokeStyle = "rgba(200,235,250,0.16)";
  ctx.beginPath();
  for (const k of tableRing(scene)) {
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

/** Keys of the empty table hexes within two steps of the island (a small disc when empty). */
function tableRing({ view, byKey }) {
  const ring = new Set();
  for (const hx of view.hexes) {
    for (const [dq, dr] of DIRECTIONS) {
      for (const [eq, er] of [[0, 0], ...DIRECTIONS]) {
        const k = key(hx.q + dq + eq, hx.r + dr + er);
        if (!byKey.has(k)) ring.add(k);
      }
    }
  }
  if (!view.hexes.length) {
    for (let q = -3; q <= 3; q++) for (let r = -3; r <= 3; r++) if (Math.abs(q + r) <= 3) ring.add(key(q, r));
  }
  return ring;
}

function drawStack(ctx, scene, hx) {
  const [x, y] = hexCenter(hx.q, hx.r);
  const topY = y - hx.level * LIFT;
  const top = hx.stack[hx.stack.length - 1];
  ctx.lineJoin = "round";
  drawWalls(ctx, hx, x, y);
  const clock = top.terrain === "volcano" ? scene.clockOfTile.get(top.tile) : 0;
  drawHexTop(ctx, x, topY, 1, top.terrain, hx.level, hx.q, hx.r, clock);
  drawEdges(ctx, scene.byKey, hx, x, topY);
  drawLevelBadge(ctx, x, topY, 1, hx.level);
  if (hx.building) {
    drawBuilding(ctx, x, topY, 1, hx.building, scene.view.colours[hx.building.owner]);
  }
}

// The visible side faces of one level, corner pairs with how much they are shaded.
const WALLS = [
  [1, 2, 0.12],
  [2, 3, 0.32],
  [0, 1, 0.2],
  [3, 4, 0.3],
];

// Side walls: one band per level, coloured by the terrain of that layer.
function drawWalls(ctx, hx, x, y) {
  for (let i = 0; i < hx.level; i++) {
    const yb = y - i * LIFT;
    const yt = y - (i + 1) * LIFT;
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
