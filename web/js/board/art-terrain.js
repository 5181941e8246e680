// Terrain art: hex tops with their colour by level, a pattern per landscape, and the volcano's
// crater and lava tongue (which shows the tile's orientation).

import { TERRAINS } from "../base/theme.js";
import { hexPath, mix, rng } from "./art-paint.js";
import { clockAngle } from "./geometry.js";

/** The top colour of a terrain at a level: higher hexes are lighter, so height reads at once. */
export function topColour(terrain, level) {
  const t = TERRAINS[terrain];
  const lift = Math.min(0.42, Math.max(0, level - 1) * 0.14);
  return mix(t.top, "#fff6e0", lift);
}

// Below this hex radius in device pixels a landscape's pattern is a few specks of noise (a
// thumbnail, the board zoomed far out): the top is its colour alone, a volcano its crater.
const PATTERN_PX = 7;

/** Fill a hex top with its terrain, its pattern and (for a volcano) its crater. */
export function drawHexTop(ctx, cx, cy, R, terrain, level, q, r, clock) {
  hexPath(ctx, cx, cy, R);
  ctx.fillStyle = topColour(terrain, level);
  ctx.fill();
  const { a, b } = ctx.getTransform();
  if (Math.hypot(a, b) * R < PATTERN_PX) {
    if (terrain === "volcano") drawCrater(ctx, cx, cy, R);
    return;
  }
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

/** Round-capped strokes of `colour`, `width` wide, for the patterns' marks. */
function pen(ctx, colour, width) {
  ctx.strokeStyle = colour;
  ctx.lineWidth = width;
  ctx.lineCap = "round";
}

/** A filled disc (in the fill style already set). */
function disc(ctx, x, y, r) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

const DECOR = {
  jungle(ctx, cx, cy, R, rand) {
    // Broad-leaved trees: clustered round canopies with a light rim.
    for (const [x, y, v] of ringSpots(rand, 6, R, 0.4, 0.7)) {
      const s = R * (0.13 + v * 0.05);
      ctx.fillStyle = "#173f20";
      disc(ctx, cx + x + s * 0.25, cy + y + s * 0.3, s);
      ctx.fillStyle = "#3f9650";
      disc(ctx, cx + x, cy + y, s);
      ctx.fillStyle = "#67b873";
      disc(ctx, cx + x - s * 0.3, cy + y - s * 0.3, s * 0.45);
    }
  },
  clearing(ctx, cx, cy, R, rand) {
    // Grass tufts: little fans of strokes.
    pen(ctx, "#5f8f2c", R * 0.035);
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
    for (const [x, y] of ringSpots(rand, 4, R, 0.45, 0.75)) disc(ctx, cx + x, cy + y, R * 0.03);
  },
  sand(ctx, cx, cy, R, rand) {
    // Dunes: parallel arcs, and a stipple of grains.
    pen(ctx, "#c4a253", R * 0.035);
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
    pen(ctx, "#bfe3fb", R * 0.04);
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
    pen(ctx, "rgba(20,8,6,0.35)", R * 0.05);
    for (let i = 0; i < 6; i++) {
      const a = (i / 6) * Math.PI * 2 + rand() * 0.4;
      ctx.beginPath();
      ctx.moveTo(cx + Math.cos(a) * R * 0.42, cy + Math.sin(a) * R * 0.42);
      ctx.lineTo(cx + Math.cos(a) * R * 0.8, cy + Math.sin(a) * R * 0.8);
      ctx.stroke();
    }
    if (clock) drawLavaTongue(ctx, cx, cy, R, clock);
    drawCrater(ctx, cx, cy, R);
  },
};

function drawCrater(ctx, cx, cy, R) {
  const g = ctx.createRadialGradient(cx, cy, R * 0.05, cx, cy, R * 0.38);
  g.addColorStop(0, "#ffe08a");
  g.addColorStop(0.45, "#ff7a1a");
  g.addColorStop(0.8, "#b3260e");
  g.addColorStop(1, "#2a100c");
  ctx.fillStyle = g;
  disc(ctx, cx, cy, R * 0.36);
  ctx.strokeStyle = "#1e0c09";
  ctx.lineWidth = R * 0.06;
  ctx.stroke();
}

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
  ctx.quadraticCurveTo(
    cx + ux * tip * 0.6 + px * w * 0.9,
    cy + uy * tip * 0.6 + py * w * 0.9,
    cx + ux * tip,
    cy + uy * tip,
  );
  ctx.quadraticCurveTo(
    cx + ux * tip * 0.6 - px * w * 0.9,
    cy + uy * tip * 0.6 - py * w * 0.9,
    cx - px * w,
    cy - py * w,
  );
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
