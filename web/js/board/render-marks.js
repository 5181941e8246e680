// The marks drawn over the island: the last move, open volcanoes, legal spots, build targets,
// a chosen settlement, preview pieces, the ghost tile under the pointer and the keyboard cursor.
// Functions of the canvas context (in world units, see render.js) and the scene.

import { drawBuilding, drawHexTop, hexPath, outlineHexes } from "./art.js";
import { hexTop } from "./camera.js";
import { levelAt } from "./view.js";

export function drawMarks(ctx, scene) {
  const v = scene.view;
  const top = (q, r) => hexTop(q, r, levelAt(scene.byKey, q, r));
  if (!scene.motion?.plan) drawLastMove(ctx, v.lastMove, top); // marked once it has landed
  for (const [q, r] of v.open) drawOpen(ctx, top(q, r));
  for (const [q, r] of v.dots) drawDot(ctx, top(q, r));
  for (const t of v.targets) drawTarget(ctx, top(t.q, t.r), t.strong);
  if (v.selection.length) drawSelection(ctx, scene, v.selection, top);
  // The ghost tile first: a review's preferred turn shows both, its build often on that tile.
  if (v.ghost) drawGhost(ctx, v.ghost);
  for (const p of v.preview) drawPreview(ctx, scene, p, top(p.q, p.r));
  if (v.cursor) drawCursor(ctx, top(v.cursor.q, v.cursor.r));
  if (v.highlight.length) drawHighlight(ctx, v.highlight, top);
  if (v.coords) drawCoords(ctx, v.hexes, top);
}

// Pieces a build would add, as ghosts, as legible as the pieces standing.
function drawPreview(ctx, scene, p, [cx, cy]) {
  const opts = { ghost: true, minHeight: scene.legible?.piece };
  drawBuilding(ctx, cx, cy, 1, { kind: p.kind, count: p.count }, scene.view.colours[p.owner], opts);
}

// The hexes of the turn a log row points at: a bright outline over whatever lies there now.
function drawHighlight(ctx, hexes, top) {
  ctx.save();
  ctx.lineWidth = 0.12;
  ctx.strokeStyle = "#7fd4ff";
  ctx.lineJoin = "round";
  for (const [q, r] of hexes) {
    const [x, y] = top(q, r);
    hexPath(ctx, x, y, 0.9);
    ctx.fillStyle = "rgba(127,212,255,0.22)";
    ctx.fill();
    ctx.stroke();
  }
  ctx.restore();
}

// Each hex's "q,r" on its top, when the player asks for exact places: the page's words never
// give them, so this is where they are shown.
function drawCoords(ctx, hexes, top) {
  ctx.save();
  ctx.font = "600 0.34px system-ui, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.lineWidth = 0.08;
  ctx.strokeStyle = "rgba(0,0,0,0.7)";
  ctx.fillStyle = "#fffbe8";
  for (const { q, r } of hexes) {
    const [x, y] = top(q, r);
    ctx.strokeText(`${q},${r}`, x, y + 0.45);
    ctx.fillText(`${q},${r}`, x, y + 0.45);
  }
  ctx.restore();
}

// `last` is the engine's lastMove: a log entry whose placementMove and buildMove carry the hexes
// (null: not played; a game kept by a build before those facts has none, so no mark).
function drawLastMove(ctx, last, top) {
  const placed = last?.placementMove?.hexes;
  if (!placed) return;
  const hexes = placed.map(({ q, r }) => [q, r, ...top(q, r)]);
  // Only outline the tile while it is still on top (a later tile may cover part of it).
  ctx.save();
  ctx.setLineDash([0.18, 0.12]);
  ctx.lineWidth = 0.07;
  ctx.strokeStyle = "#fff6c9";
  outlineHexes(ctx, hexes, 0.9);
  ctx.restore();
  for (const { q, r } of last.buildMove?.hexes ?? []) {
    const [x, y] = top(q, r);
    ctx.beginPath();
    ctx.arc(x, y + 0.05, 0.72, 0, Math.PI * 2);
    ctx.lineWidth = 0.06;
    ctx.strokeStyle = "rgba(255,246,201,0.9)";
    ctx.setLineDash([0.14, 0.1]);
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

function drawOpen(ctx, [x, y]) {
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

function drawDot(ctx, [x, y]) {
  ctx.beginPath();
  ctx.arc(x, y, 0.13, 0, Math.PI * 2);
  ctx.fillStyle = "rgba(120,255,150,0.55)";
  ctx.fill();
  ctx.lineWidth = 0.03;
  ctx.strokeStyle = "rgba(10,60,20,0.6)";
  ctx.stroke();
}

function drawTarget(ctx, [x, y], strong) {
  hexPath(ctx, x, y, 0.86);
  ctx.fillStyle = strong ? "rgba(110,255,140,0.28)" : "rgba(255,255,255,0.12)";
  ctx.fill();
  ctx.lineWidth = strong ? 0.1 : 0.05;
  ctx.strokeStyle = strong ? "#7dff9a" : "rgba(255,255,255,0.55)";
  ctx.stroke();
}

function drawSelection(ctx, scene, hexes, top) {
  ctx.save();
  ctx.lineWidth = 0.1;
  ctx.strokeStyle = "#ffe15a";
  ctx.shadowColor = "rgba(0,0,0,0.6)";
  // The shadow blur is in device pixels, not world units.
  ctx.shadowBlur = 0.2 * scene.cam.scale * (scene.size.dpr || 1);
  outlineHexes(
    ctx,
    hexes.map(([q, r]) => [q, r, ...top(q, r)]),
    0.95,
  );
  ctx.restore();
}

function drawGhost(ctx, g) {
  const pos = g.hexes.map((hx) => [hx.q, hx.r, ...hexTop(hx.q, hx.r, g.level)]);
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
  ctx.save();
  ctx.lineWidth = 0.13;
  ctx.strokeStyle = ghostColour(g);
  ctx.lineJoin = "round";
  outlineHexes(
    ctx,
    pos.map(([q, r, x, y]) => [q, r, x, y - 0.1]),
    1,
  );
  ctx.restore();
  if (!g.legal) drawCross(ctx, pos[0][2], pos[0][3]);
}

function ghostColour(g) {
  if (!g.legal) return "#ff4d4d";
  return g.warn ? "#ffb020" : "#5dff88";
}

// A cross on the volcano hex: illegal here, whatever the colour vision.
function drawCross(ctx, x, y) {
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

function drawCursor(ctx, [x, y]) {
  hexPath(ctx, x, y, 0.98);
  ctx.lineWidth = 0.06;
  ctx.setLineDash([0.2, 0.12]);
  ctx.strokeStyle = "#ffffff";
  ctx.stroke();
  ctx.setLineDash([]);
}
