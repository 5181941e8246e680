// Drawing one frame of the board: the sea, the faint table grid, the island's stacks (in
// painter's order), their labels, then the marks (render-marks.js). Everything is a function of
// the canvas context and a scene: {view, byKey, order, clockOfTile, cam, size, motion} (view.js,
// camera.js; `motion` is board.js's running animation: its plan and pose from anim.js, or null);
// a picture may add `legible` (least sizes, render-stack.js legibleSizes) and `labels: false`
// (a thumbnail: no level numbers, nor the table's grid).
//
// While a move animates, what stands still is drawn once (drawBoard with the plan and no pose:
// the landing tiles' hexes as they were under them, the dropping pieces left out) into a bitmap
// at the final camera, and each frame copies it (scaled, while the camera glides) and draws only
// the moving pieces over it (render-motion.js), so a frame costs a copy and a few hexes.

import { CORNERS, DIRECTIONS, hexCenter, key } from "./geometry.js";
import { drawMarks } from "./render-marks.js";
import { drawMoving, drawUnder } from "./render-motion.js";
import { drawLabels, drawStack, legibleSizes } from "./render-stack.js";

/** Draw the scene; answers {piecePx}: the smallest piece drawn, in CSS px (null: none). */
export function drawBoard(ctx, scene) {
  const { w, h, dpr } = scene.size;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  drawSea(ctx, w, h);
  worldTransform(ctx, scene);
  if (scene.labels !== false) drawTableGrid(ctx, scene);
  const plan = scene.motion?.plan;
  const legible = scene.legible ?? legibleSizes(scene.cam.scale);
  const lit = { ...scene, legible, drawn: { piece: Infinity } };
  for (const hx of scene.order) {
    if (plan?.tile.has(key(hx.q, hx.r))) drawUnder(ctx, lit, hx);
    else drawStack(ctx, lit, hx);
  }
  // The labels over every stack, so that no neighbour hides them (a landing tile brings its own).
  if (scene.labels !== false)
    for (const hx of scene.order) if (!plan?.tile.has(key(hx.q, hx.r))) drawLabels(ctx, lit, hx);
  drawMarks(ctx, lit);
  const piece = lit.drawn.piece;
  return { piecePx: Number.isFinite(piece) ? piece * scene.cam.scale : null };
}

/**
 * A frame of an animation: `still` ({canvas, cam}: drawBoard's bitmap of what does not move, at
 * camera `still.cam`) copied to where the scene's camera puts it, the moving pieces over it.
 * Without a bitmap (no OffscreenCanvas) the still part is drawn again.
 */
export function drawMotionFrame(ctx, scene, still) {
  const { plan } = scene.motion;
  if (still) copyStill(ctx, scene, still);
  else drawBoard(ctx, { ...scene, motion: { plan, pose: null } });
  worldTransform(ctx, scene);
  if (plan) drawMoving(ctx, { ...scene, legible: legibleSizes(scene.cam.scale) });
}

function copyStill(ctx, scene, still) {
  const { w, h, dpr } = scene.size;
  const { cam } = scene;
  const at = still.cam;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const k = cam.scale / at.scale;
  if (k !== 1 || cam.x !== at.x || cam.y !== at.y) drawSea(ctx, w, h); // a glide uncovers the edges
  ctx.setTransform(k, 0, 0, k, dpr * (cam.x - at.x * k), dpr * (cam.y - at.y * k));
  // Scaled for a glide of a third of a second, the cheapest copy is sharp enough.
  ctx.imageSmoothingEnabled = k === 1;
  ctx.drawImage(still.canvas, 0, 0);
  ctx.imageSmoothingEnabled = true;
}

// From here on, units are hex radii (the camera's world).
function worldTransform(ctx, { cam, size }) {
  const { dpr } = size;
  ctx.setTransform(dpr * cam.scale, 0, 0, dpr * cam.scale, dpr * cam.x, dpr * cam.y);
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
