// Canvas drawing of hexes, terrains, volcanoes and pieces. Coordinates are in whatever units the
// caller's transform uses; R is the hex radius in those units.

import { CORNERS, clockAngle, hexCenter, tileHexes } from "./geometry.js";
import { TERRAINS, tileTerrains } from "../screen/theme.js";

// ---- colour helpers -------------------------------------------------------------------------

function parse(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function mix(a, b, t) {
  const x = parse(a);
  const y = parse(b);
  const c = x.map((v, i) => Math.round(v + (y[i] - v) * t));
  return `#${c.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

export function alpha(hex, a) {
  const [r, g, b] = parse(hex);
  return `rgba(${r},${g},${b},${a})`;
}

/** A small deterministic random generator, so every hex keeps its own decoration. */
export function rng(q, r, salt = 0) {
  let s = (Math.imul(q + 1013, 73856093) ^ Math.imul(r + 2027, 19349663) ^ Math.imul(salt + 7, 83492791)) >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- hexes ----------------------------------------------------------------------------------

export function hexPath(ctx, cx, cy, R) {
  ctx.beginPath();
  for (let k = 0; k < 6; k++) {
    const [x, y] = CORNERS[k];
    if (k === 0) ctx.moveTo(cx + x * R, cy + y * R);
    else ctx.lineTo(cx + x * R, cy + y * R);
  }
  ctx.closePath();
}

/** The top colour of a terrain at a level: higher hexes are lighter, so height reads at once. */
export function topColour(terrain, level) {
  const t = TERRAINS[terrain];
  const lift = Math.min(0.42, Math.max(0, level - 1) * 0.14);
  return mix(t.top, "#fff6e0", lift);
}

/** Fill a hex top with its terrain, its pattern and (for a volcano) its crater. */
export function drawHexTop(ctx, cx, cy, R, terrain, level, q, r, clock) {
  hexPath(ctx, cx, cy, R);
  ctx.fillStyle = topColour(terrain, level);
  ctx.fill();
  ctx.save();
  hexPath(ctx, cx, cy, R * 0.995);
  ctx.clip();
  // A soft inner light from the upper left gives the tops some body.
  const g = ctx.createLinearGradient(cx - R, cy - R, cx + R, cy + R);
  g.addColorStop(0, "rgba(255,255,255,0.16)");
  g.addColorStop(0.55, "rgba(255,255,255,0)");
  g.addColorStop(1, "rgba(0,0,0,0.14)");
  ctx.fillStyle = g;
  ctx.fillRect(cx - R, cy - R, 2 * R, 2 * R);
  DECOR[terrain](ctx, cx, cy, R, rng(q, r, level), level, clock);
  ctx.restore();
}

// Decorations stay in a ring around the centre, which is where buildings stand.
function ringSpots(rand, n, R, inner = 0.42, outer = 0.74) {
  const spots = [];
  const start = rand() * Math.PI * 2;
  for (let i = 0; i < n; i++) {
    const a = start + (i / n) * Math.PI * 2 + (rand() - 0.5) * 0.5;
    const d = R * (inner + rand() * (outer - inner));
    spots.push([Math.cos(a) * d, Math.sin(a) * d, rand()]);
  }
  return spots;
}

const DECOR = {
  jungle(ctx, cx, cy, R, rand) {
    // Broad-leaved trees: clustered round canopies with a light rim.
    for (const [x, y, v] of ringSpots(rand, 6, R, 0.4, 0.7)) {
      const s = R * (0.13 + v * 0.05);
      ctx.fillStyle = "#173f20";
      ctx.beginPath();
      ctx.arc(cx + x + s * 0.25, cy + y + s * 0.3, s, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = "#3f9650";
      ctx.beginPath();
      ctx.arc(cx + x, cy + y, s, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = "#67b873";
      ctx.beginPath();
      ctx.arc(cx + x - s * 0.3, cy + y - s * 0.3, s * 0.45, 0, Math.PI * 2);
      ctx.fill();
    }
  },
  clearing(ctx, cx, cy, R, rand) {
    // Grass tufts: little fans of strokes.
    ctx.strokeStyle = "#5f8f2c";
    ctx.lineWidth = R * 0.035;
    ctx.lineCap = "round";
    for (const [x, y, v] of ringSpots(rand, 9, R, 0.35, 0.78)) {
      const s = R * (0.09 + v * 0.04);
      ctx.beginPath();
      for (const a of [-0.5, 0, 0.5]) {
        ctx.moveTo(cx + x, cy + y);
        ctx.lineTo(cx + x + Math.sin(a) * s, cy + y - Math.cos(a) * s);
      }
      ctx.stroke();
    }
    ctx.fillStyle = "#fdf7d0";
    for (const [x, y] of ringSpots(rand, 4, R, 0.45, 0.75)) {
      ctx.beginPath();
      ctx.arc(cx + x, cy + y, R * 0.03, 0, Math.PI * 2);
      ctx.fill();
    }
  },
  sand(ctx, cx, cy, R, rand) {
    // Dunes: parallel arcs, and a stipple of grains.
    ctx.strokeStyle = "#c4a253";
    ctx.lineWidth = R * 0.035;
    ctx.lineCap = "round";
    for (const [x, y, v] of ringSpots(rand, 4, R, 0.42, 0.68)) {
      const s = R * (0.16 + v * 0.06);
      ctx.beginPath();
      ctx.arc(cx + x, cy + y + s, s, Math.PI * 1.2, Math.PI * 1.8);
      ctx.stroke();
    }
    ctx.fillStyle = "#b8913f";
    for (let i = 0; i < 22; i++) {
      const a = rand() * Math.PI * 2;
      const d = R * (0.3 + rand() * 0.55);
      ctx.fillRect(cx + Math.cos(a) * d, cy + Math.sin(a) * d, R * 0.035, R * 0.035);
    }
  },
  rock(ctx, cx, cy, R, rand) {
    // Boulders: angular polygons with a dark edge and a lit facet.
    for (const [x, y, v] of ringSpots(rand, 5, R, 0.42, 0.68)) {
      const s = R * (0.12 + v * 0.06);
      const n = 5 + Math.floor(v * 2);
      ctx.beginPath();
      for (let i = 0; i < n; i++) {
        const a = (i / n) * Math.PI * 2 + v;
        const d = s * (0.75 + rand() * 0.3);
        const px = cx + x + Math.cos(a) * d;
        const py = cy + y + Math.sin(a) * d * 0.8;
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      }
      ctx.closePath();
      ctx.fillStyle = "#7c7871";
      ctx.fill();
      ctx.strokeStyle = "#45423d";
      ctx.lineWidth = R * 0.03;
      ctx.stroke();
      ctx.fillStyle = "rgba(255,255,255,0.35)";
      ctx.beginPath();
      ctx.moveTo(cx + x - s * 0.5, cy + y - s * 0.1);
      ctx.lineTo(cx + x, cy + y - s * 0.6);
      ctx.lineTo(cx + x + s * 0.2, cy + y - s * 0.1);
      ctx.closePath();
      ctx.fill();
    }
  },
  lake(ctx, cx, cy, R, rand) {
    // Waves: short sine strokes.
    ctx.strokeStyle = "#bfe3fb";
    ctx.lineWidth = R * 0.04;
    ctx.lineCap = "round";
    for (const [x, y, v] of ringSpots(rand, 6, R, 0.38, 0.72)) {
      const w = R * (0.2 + v * 0.08);
      ctx.beginPath();
      for (let i = 0; i <= 12; i++) {
        const t = i / 12;
        const px = cx + x - w / 2 + t * w;
        const py = cy + y + Math.sin(t * Math.PI * 2) * R * 0.035;
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      }
      ctx.stroke();
    }
  },
  volcano(ctx, cx, cy, R, rand, level, clock) {
    // Ash streaks, a lava tongue towards the landscapes (the volcano's orientation), a crater.
    ctx.strokeStyle = "rgba(20,8,6,0.35)";
    ctx.lineWidth = R * 0.05;
    ctx.lineCap = "round";
    for (let i = 0; i < 6; i++) {
      const a = (i / 6) * Math.PI * 2 + rand() * 0.4;
      ctx.beginPath();
      ctx.moveTo(cx + Math.cos(a) * R * 0.42, cy + Math.sin(a) * R * 0.42);
      ctx.lineTo(cx + Math.cos(a) * R * 0.8, cy + Math.sin(a) * R * 0.8);
      ctx.stroke();
    }
    if (clock) drawLavaTongue(ctx, cx, cy, R, clock);
    const g = ctx.createRadialGradient(cx, cy, R * 0.05, cx, cy, R * 0.38);
    g.addColorStop(0, "#ffe08a");
    g.addColorStop(0.45, "#ff7a1a");
    g.addColorStop(0.8, "#b3260e");
    g.addColorStop(1, "#2a100c");
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(cx, cy, R * 0.36, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = "#1e0c09";
    ctx.lineWidth = R * 0.06;
    ctx.stroke();
  },
};

function drawLavaTongue(ctx, cx, cy, R, clock) {
  const a = clockAngle(clock);
  const ux = Math.cos(a);
  const uy = Math.sin(a);
  const px = -uy;
  const py = ux;
  const tip = R * 0.9;
  const w = R * 0.2;
  ctx.fillStyle = "#e2541b";
  ctx.beginPath();
  ctx.moveTo(cx + px * w, cy + py * w);
  ctx.quadraticCurveTo(cx + ux * tip * 0.6 + px * w * 0.9, cy + uy * tip * 0.6 + py * w * 0.9, cx + ux * tip, cy + uy * tip);
  ctx.quadraticCurveTo(cx + ux * tip * 0.6 - px * w * 0.9, cy + uy * tip * 0.6 - py * w * 0.9, cx - px * w, cy - py * w);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = "#ffb340";
  ctx.beginPath();
  ctx.moveTo(cx + px * w * 0.4, cy + py * w * 0.4);
  ctx.lineTo(cx + ux * tip * 0.8, cy + uy * tip * 0.8);
  ctx.lineTo(cx - px * w * 0.4, cy - py * w * 0.4);
  ctx.closePath();
  ctx.fill();
}

// ---- pieces ---------------------------------------------------------------------------------

function shape(ctx, points, x, y, u) {
  ctx.beginPath();
  points.forEach(([px, py], i) => {
    if (i === 0) ctx.moveTo(x + px * u, y + py * u);
    else ctx.lineTo(x + px * u, y + py * u);
  });
  ctx.closePath();
}

// Outlines in units of u, with (0, 0) the middle of the piece's foot.
const HUT = [[-1, 0], [-1, -1.1], [0, -2], [1, -1.1], [1, 0]];
const TEMPLE = [
  [-1.9, 0], [-1.9, -0.35], [-1.6, -0.35], [-1.6, -1.5], [-1.9, -1.5], [0, -2.6], [1.9, -1.5],
  [1.6, -1.5], [1.6, -0.35], [1.9, -0.35], [1.9, 0],
];
const TOWER = [
  [-0.95, 0], [-0.95, -2.7], [-1.25, -2.7], [-1.25, -3.6], [-0.7, -3.6], [-0.7, -3.2], [-0.22, -3.2],
  [-0.22, -3.6], [0.22, -3.6], [0.22, -3.2], [0.7, -3.2], [0.7, -3.6], [1.25, -3.6], [1.25, -2.7],
  [0.95, -2.7], [0.95, 0],
];

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

/** A building on a hex: one temple or tower, or count huts (three drawn, and the number). */
export function drawBuilding(ctx, cx, cy, R, building, colour, opts = {}) {
  const u = R * 0.2;
  const { kind, count } = building;
  if (kind !== "hut") {
    drawPiece(ctx, kind, cx, cy + R * (kind === "tower" ? 0.42 : 0.34), u * (kind === "tower" ? 1.05 : 1.1), colour, opts);
    return;
  }
  const spots =
    count <= 1
      ? [[0, 0.28, 1.3]]
      : count === 2
        ? [[-0.3, 0.26, 1.05], [0.3, 0.34, 1.05]]
        : [[0, 0.02, 0.95], [-0.34, 0.42, 0.95], [0.34, 0.44, 0.95]];
  for (const [dx, dy, f] of spots) drawPiece(ctx, "hut", cx + dx * R, cy + dy * R, u * f, colour, opts);
  if (count > 1) drawCount(ctx, cx + R * 0.52, cy - R * 0.4, R, count, colour);
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

/** The level number, on a small plate at the hex's top corner. */
export function drawLevelBadge(ctx, cx, cy, R, level) {
  // Level 1 is the common case and stays quiet; higher levels get a bigger, bolder plate.
  const x = cx - R * 0.5;
  const y = cy - R * 0.5;
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
  outlineHexes(ctx, hexes.map(([q, r]) => {
    const [x, y] = hexCenter(q, r);
    return [q, r, cx + (x - ox) * R, cy + (y - oy) * R];
  }), R);
}

/** Stroke the outer boundary of a group of hexes: [q, r, screenX, screenY] each. */
export function outlineHexes(ctx, hexes, R) {
  const set = new Set(hexes.map(([q, r]) => `${q},${r}`));
  const DIRS = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]];
  ctx.beginPath();
  for (const [q, r, x, y] of hexes) {
    for (let d = 0; d < 6; d++) {
      if (set.has(`${q + DIRS[d][0]},${r + DIRS[d][1]}`)) continue;
      const a = CORNERS[d];
      const b = CORNERS[(d + 1) % 6];
      ctx.moveTo(x + a[0] * R, y + a[1] * R);
      ctx.lineTo(x + b[0] * R, y + b[1] * R);
    }
  }
  ctx.stroke();
}
