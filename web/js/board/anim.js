// Motion on the board, as pure functions: what a change of snapshot animates (a plan, read from
// the hexes before and after and the engine's lastMove, never from a rule) and where each moving
// piece is at a point of the animation (a pose). board.js runs the clock, render.js draws poses.
//
// A plan: {tile, flare, crumbles, drops}
//   tile      keys of the hexes the last placement put a tile on (it glides down and lands)
//   flare     key of the volcano that tile covered (an eruption), or null
//   crumbles  key -> building that stood there before and is buried now
//   drops     keys of the hexes the last build put pieces on (they drop in)
//
// With reduced motion the same plan only fades: nothing moves, the new pieces go from
// transparent to opaque and the buried ones the other way, over FADE_MS.

import { key } from "./geometry.js";

export const MOTION_MS = 320; // a move's animation, within the 250-400 ms the page promises
export const FADE_MS = 150; // the reduced-motion fade
export const TILE_RISE = 1.6; // how far above its place (hex radii) a tile starts
export const DROP_RISE = 1.1; // how far above its hex a built piece starts

export const easeOutCubic = (t) => 1 - (1 - t) ** 3;
export const easeInOutCubic = (t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

const clamp01 = (x) => Math.max(0, Math.min(1, x));

/** Progress of a part of the animation that runs from `from` to `to` (both 0..1) at time t. */
export function phase(t, from, to) {
  return clamp01((t - from) / (to - from));
}

const top = (hx) => hx?.stack[hx.stack.length - 1];

/**
 * What moved from the hexes indexed in `before` to those in `after` (Maps key -> hex, view.js)
 * that the engine's `lastMove` names: null when nothing of it is new (an undo, a jump back in a
 * replay, a new game), so only a step forward moves.
 */
export function planMotion(before, after, lastMove) {
  if (!forward(before, after)) return null;
  const plan = { tile: new Set(), flare: null, crumbles: new Map(), drops: new Set() };
  const last = lastMove ?? {};
  planTile(plan, before, after, keysOf(last.placementMove));
  for (const k of keysOf(last.buildMove)) if (!built(before, k) && built(after, k)) plan.drops.add(k);
  return plan.tile.size || plan.drops.size ? plan : null;
}

// A step forward only adds: no hex goes away or down (an undo of a placement lowers some).
function forward(before, after) {
  for (const [k, hx] of before) if (!(after.get(k)?.level >= hx.level)) return false;
  return true;
}

const keysOf = (move) => (move?.hexes ?? []).map(({ q, r }) => key(q, r));
const built = (byKey, k) => Boolean(byKey.get(k)?.building);

// The placed tile moves only if it is on top of all its hexes now and was on none of them
// before (else the step went back).
function planTile(plan, before, after, keys) {
  const tile = top(after.get(keys[0]))?.tile;
  const landed = (k) => tile !== undefined && top(after.get(k))?.tile === tile && top(before.get(k))?.tile !== tile;
  if (!keys.length || !keys.every(landed)) return;
  for (const k of keys) {
    const was = before.get(k);
    plan.tile.add(k);
    if (built(before, k) && !built(after, k)) plan.crumbles.set(k, was.building);
    if (top(was)?.terrain === "volcano") plan.flare = k;
  }
}

/**
 * Where the plan's pieces are at time t (0..1 of the animation):
 * {tile: {rise, alpha, shadow}, crumble: {height, alpha}, flare, drop: {rise, alpha}, moving}
 * (rises in hex radii, `moving` the largest of them).
 */
export function poseAt(plan, t, reduced = false) {
  if (reduced) {
    const a = clamp01(t);
    return {
      tile: { rise: 0, alpha: a, shadow: 0 },
      crumble: { height: 1, alpha: 1 - a },
      flare: 0,
      drop: { rise: 0, alpha: a },
      moving: 0,
    };
  }
  // The buried pieces crumble first, the tile lands on the bare hexes, the volcano flares as it
  // is covered; a build that comes with a placement drops in once the tile is down.
  const c = phase(t, 0, 0.45);
  const l = phase(t, 0, 0.75);
  const f = phase(t, 0.45, 1);
  const d = plan?.tile.size ? phase(t, 0.5, 1) : phase(t, 0, 1);
  const tile = { rise: TILE_RISE * (1 - easeOutCubic(l)), alpha: clamp01(l * 4), shadow: easeOutCubic(l) };
  const drop = { rise: DROP_RISE * (1 - easeOutCubic(d)), alpha: clamp01(d * 4) };
  return {
    tile,
    crumble: { height: 1 - easeInOutCubic(c), alpha: 1 - c * c },
    flare: plan?.flare ? Math.sin(Math.PI * f) : 0,
    drop,
    moving: Math.max(plan?.tile.size ? tile.rise : 0, plan?.drops.size ? drop.rise : 0),
  };
}
