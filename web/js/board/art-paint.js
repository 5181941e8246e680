// Drawing primitives shared by terrain and piece art: colour arithmetic, a seeded random
// generator, hex outlines. Coordinates are in whatever units the caller's transform uses; R is
// the hex radius in those units.

import { CORNERS, DIRECTIONS, key } from "./geometry.js";

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

/** Stroke the outer boundary of a group of hexes: [q, r, screenX, screenY] each. */
export function outlineHexes(ctx, hexes, R) {
  const set = new Set(hexes.map(([q, r]) => key(q, r)));
  ctx.beginPath();
  for (const [q, r, x, y] of hexes) {
    for (let d = 0; d < 6; d++) {
      if (set.has(key(q + DIRECTIONS[d][0], r + DIRECTIONS[d][1]))) continue;
      const a = CORNERS[d];
      const b = CORNERS[(d + 1) % 6];
      ctx.moveTo(x + a[0] * R, y + a[1] * R);
      ctx.lineTo(x + b[0] * R, y + b[1] * R);
    }
  }
  ctx.stroke();
}
