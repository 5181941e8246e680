// Piece art: huts, temples and towers as distinct silhouettes in a player's colours, the hut
// count and level plates, and a whole tile drawn flat (the preview widget and pile overview).

import { tileTerrains } from "../base/theme.js";
import { alpha, hexPath, outlineHexes } from "./art-paint.js";
import { drawHexTop } from "./art-terrain.js";
import { hexCenter, tileHexes } from "./geometry.js";

function shape(ctx, points, x, y, u) {
  ctx.beginPath();
  points.forEach(([px, py], i) => {
    if (i === 0) ctx.moveTo(x + px * u, y + py * u);
    else ctx.lineTo(x + px * u, y + py * u);
  });
  ctx.closePath();
}

// Outlines in units of u, with (0, 0) the middle of the piece's foot.
const HUT = [
  [-1, 0],
  [-1, -1.1],
  [0, -2],
  [1, -1.1],
  [1, 0],
];
const TEMPLE = [
  [-1.9, 0],
  [-1.9, -0.35],
  [-1.6, -0.35],
  [-1.6, -1.5],
  [-1.9, -1.5],
  [0, -2.6],
  [1.9, -1.5],
  [1.6, -1.5],
  [1.6, -0.35],
  [1.9, -0.35],
  [1.9, 0],
];
const TOWER = [
  [-0.95, 0],
  [-0.95, -2.7],
  [-1.25, -2.7],
  [-1.25, -3.6],
  [-0.7, -3.6],
  [-0.7, -3.2],
  [-0.22, -3.2],
  [-0.22, -3.6],
  [0.22, -3.6],
  [0.22, -3.2],
  [0.7, -3.2],
  [0.7, -3.6],
  [1.25, -3.6],
  [1.25, -2.7],
  [0.95, -2.7],
  [0.95, 0],
];

// Each piece's height in units of u (HUT, TEMPLE and TOWER's tops).
const HEIGHT = { hut: 2, temple: 2.6, tower: 3.6 };
// A dark rim around every piece, outside its own edge: a white hut on sand or a black tower on
// a volcano stays a clear shape on every landscape.
const RIM = "rgba(18,11,5,0.92)";

export function drawPiece(ctx, kind, x, y, u, colour, opts = {}) {
  const pts = kind === "temple" ? TEMPLE : kind === "tower" ? TOWER : HUT;
  ctx.save();
  if (opts.ghost) ctx.globalAlpha = 0.75;
  // Shadow on the ground.
  ctx.fillStyle = "rgba(0,0,0,0.3)";
  ctx.beginPath();
  const w = kind === "temple" ? 2.1 : kind === "tower" ? 1.4 : 1.2;
  ctx.ellipse(x + u * 0.3, y + u * 0.05, w * u, u * 0.45, 0, 0, Math.PI * 2);
  ctx.fill();
  shape(ctx, pts, x, y, u);
  ctx.lineJoin = "round";
  ctx.lineWidth = u * 0.62;
  ctx.strokeStyle = RIM;
  ctx.stroke();
  ctx.fillStyle = colour.fill;
  ctx.fill();
  ctx.lineJoin = "round";
  ctx.lineWidth = u * 0.3;
  ctx.strokeStyle = colour.edge;
  ctx.stroke();
  // Details in the outline colour, so each kind reads by its shape too.
  ctx.fillStyle = alpha(colour.edge, 0.55);
  if (kind === "hut") {
    ctx.fillRect(x - u * 0.3, y - u * 0.75, u * 0.6, u * 0.75);
  } else if (kind === "temple") {
    for (const cxp of [-1.05, -0.35, 0.35, 1.05]) ctx.fillRect(x + (cxp - 0.13) * u, y - 1.45 * u, 0.26 * u, 1.1 * u);
    ctx.fillRect(x - 1.6 * u, y - 1.6 * u, 3.2 * u, 0.16 * u);
  } else {
    ctx.fillRect(x - 0.2 * u, y - 0.95 * u, 0.4 * u, 0.95 * u);
    ctx.fillRect(x - 0.18 * u, y - 2.2 * u, 0.36 * u, 0.55 * u);
  }
  // A light rim on the upper-left edge.
  ctx.globalAlpha *= 0.45;
  ctx.strokeStyle = "#fff";
  ctx.lineWidth = u * 0.12;
  ctx.beginPath();
  ctx.moveTo(x + pts[0][0] * u * 0.85, y - u * 0.2);
  ctx.lineTo(x + pts[1][0] * u * 0.85, y + pts[1][1] * u * 0.95);
  ctx.stroke();
  ctx.restore();
}

// Where huts stand on a hex (dx, dy in hex radii; their size as a share of the unit), by count.
const HUT_SPOTS = [
  [[0, 0.28, 1.3]],
  [
    [-0.3, 0.26, 1.05],
    [0.3, 0.34, 1.05],
  ],
  [
    [0, 0.02, 0.95],
    [-0.34, 0.42, 0.95],
    [0.34, 0.44, 0.95],
  ],
];

/**
 * A building on a hex: one temple or tower, or count huts (up to three drawn; their number by
 * drawHutCount, which the board draws over every stack so that no neighbour hides it).
 * `opts.minHeight`: the least height a piece is drawn at (the caller's units; the board asks for
 * 12 CSS px): a piece drawn smaller grows to it, and huts too small to stand side by side are
 * drawn as one. `opts.count` (default true): draw the number of huts here too. Returns the
 * height of the smallest piece drawn.
 */
export function drawBuilding(ctx, cx, cy, R, building, colour, opts = {}) {
  const { kind, count } = building;
  const least = opts.minHeight ?? 0;
  if (kind !== "hut") {
    const f = kind === "tower" ? 1.05 : 1.1;
    const u = Math.max(R * 0.2 * f, least / HEIGHT[kind]);
    drawPiece(ctx, kind, cx, cy + R * (kind === "tower" ? 0.42 : 0.34), u, colour, opts);
    return u * HEIGHT[kind];
  }
  const { spots, u } = hutLayout(R, count, least);
  for (const [dx, dy] of spots) drawPiece(ctx, "hut", cx + dx * R, cy + dy * R, u, colour, opts);
  if (opts.count !== false) drawHutCount(ctx, cx, cy, R, building, colour, opts);
  return u * HEIGHT.hut;
}

/** The number of huts on a hex of more than one, on a plate beside them (grown with them). */
export function drawHutCount(ctx, cx, cy, R, building, colour, opts = {}) {
  if (building.kind !== "hut" || building.count <= 1) return;
  const { grown } = hutLayout(R, building.count, opts.minHeight ?? 0);
  const k = Math.min(grown, 1.8);
  drawCount(ctx, cx + R * 0.52 * k, cy - R * 0.4 * k, R * Math.min(grown, 2.2), building.count, colour);
}

// Where a hex's huts stand and their unit; `grown`: how much larger than drawn at R they are.
// Side by side a group's huts are smaller than one alone: below the least size, one hut stands.
function hutLayout(R, count, least) {
  let spots = HUT_SPOTS[Math.min(3, Math.max(1, count)) - 1];
  if (R * 0.2 * spots[0][2] * HEIGHT.hut < least) spots = HUT_SPOTS[0];
  const nominal = R * 0.2 * spots[0][2];
  const u = Math.max(nominal, least / HEIGHT.hut);
  return { spots, u, grown: u / nominal };
}

function drawCount(ctx, x, y, R, count, colour) {
  const rr = R * 0.2;
  ctx.beginPath();
  ctx.arc(x, y, rr, 0, Math.PI * 2);
  ctx.fillStyle = colour.fill;
  ctx.fill();
  ctx.lineWidth = R * 0.04;
  ctx.strokeStyle = colour.edge;
  ctx.stroke();
  ctx.fillStyle = colour.text;
  ctx.font = `700 ${R * 0.26}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(`×${count}`, x, y + R * 0.01);
}

const badgeSprites = new Map();

/**
 * The level number, on a small plate at the hex's top corner. `least`: the smallest font size
 * to draw a raised level's number at (the caller's units): its plate grows to hold it; the quiet
 * plate of level 1 is left out when it would be smaller than that.
 */
export function drawLevelBadge(ctx, cx, cy, R, level, least = 0) {
  const x = cx - R * 0.5;
  const y = cy - R * 0.5;
  if (level <= 1 && R * 0.18 < least) return;
  if (level > 1) R = Math.max(R, least / 0.27);
  // A board has a plate on every hex and text is slow to draw, so each level's plate is drawn
  // once per size, in device pixels, and copied (about half the board's drawing time before).
  const { a, b } = ctx.getTransform();
  const px = Math.hypot(a, b) * R;
  const sprite = badgeSprite(level, px);
  if (!sprite) return paintLevelBadge(ctx, x, y, R, level);
  const half = (sprite.width / 2 / px) * R;
  ctx.drawImage(sprite, x - half, y - half, 2 * half, 2 * half);
}

function badgeSprite(level, px) {
  if (typeof OffscreenCanvas === "undefined" || !(px > 0)) return null;
  const k = `${level}:${Math.round(px * 4)}`;
  if (!badgeSprites.has(k)) {
    if (badgeSprites.size > 200) badgeSprites.clear(); // zooming makes new sizes
    const size = Math.ceil(px * 0.5) + 4;
    const sprite = new OffscreenCanvas(size, size);
    paintLevelBadge(sprite.getContext("2d"), size / 2, size / 2, px, level);
    badgeSprites.set(k, sprite);
  }
  return badgeSprites.get(k);
}

function paintLevelBadge(ctx, x, y, R, level) {
  // Level 1 is the common case and stays quiet; higher levels get a bigger, bolder plate.
  const high = level > 1;
  const rr = R * (high ? 0.2 : 0.14);
  ctx.beginPath();
  ctx.arc(x, y, rr, 0, Math.PI * 2);
  ctx.fillStyle = level >= 3 ? "#ffe7a6" : high ? "#fff8e8" : "rgba(255,255,255,0.6)";
  ctx.fill();
  ctx.lineWidth = R * (high ? 0.04 : 0.025);
  ctx.strokeStyle = high ? "#2a2118" : "rgba(40,30,20,0.5)";
  ctx.stroke();
  ctx.fillStyle = high ? "#2a2118" : "rgba(42,33,24,0.8)";
  ctx.font = `800 ${R * (high ? 0.27 : 0.18)}px system-ui, sans-serif`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(String(level), x, y + R * 0.012);
}

// ---- whole tiles (preview widget, pile overview) -------------------------------------------

/** A tile drawn flat, its three hexes around the volcano at (cx, cy), landscapes at `clock`. */
export function drawTile(ctx, cx, cy, R, code, clock, opts = {}) {
  const terrains = ["volcano", ...tileTerrains(code)];
  const hexes = tileHexes(0, 0, clock);
  // Centre the tile's three hexes on (cx, cy) unless told to centre the volcano.
  let ox = 0;
  let oy = 0;
  if (!opts.volcanoCentre) {
    for (const [q, r] of hexes) {
      const [x, y] = hexCenter(q, r);
      ox += x / 3;
      oy += y / 3;
    }
  }
  hexes.forEach(([q, r], i) => {
    const [x, y] = hexCenter(q, r);
    const hx = cx + (x - ox) * R;
    const hy = cy + (y - oy) * R;
    drawHexTop(ctx, hx, hy, R, terrains[i], 1, q + 40, r + 40 + code.charCodeAt(i ? i - 1 : 0), i === 0 ? clock : 0);
    hexPath(ctx, hx, hy, R);
    ctx.lineWidth = Math.max(1, R * 0.04);
    ctx.strokeStyle = "rgba(30,20,10,0.45)";
    ctx.stroke();
  });
  // The tile's outline.
  ctx.lineWidth = Math.max(1.5, R * 0.07);
  ctx.strokeStyle = opts.outline || "#2a1d12";
  ctx.lineJoin = "round";
  outlineHexes(
    ctx,
    hexes.map(([q, r]) => {
      const [x, y] = hexCenter(q, r);
      return [q, r, cx + (x - ox) * R, cy + (y - oy) * R];
    }),
    R,
  );
}
