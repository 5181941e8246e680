// The review board's camera: one frame that holds every hex the review shows whole (the island,
// the tiles played and the tiles the engine prefers, raised stacks and the pieces on them), so
// no turn is clipped at the edge and the camera holds still while one steps through the turns
// and their lines. Pure functions of plain numbers; the main board's camera (board/camera.js)
// is left as it is.

import { islandBounds, MAX_SCALE, MIN_SCALE } from "../board/camera.js";
import { key } from "../board/geometry.js";

const HALF_WIDTH = Math.sqrt(3) / 2; // a pointy-top hex of radius 1
const PIECE_HEIGHT = 0.9; // a tower or temple stands about this high over its hex's top
const PAD = 0.35; // sea around the frame, in hex radii

/**
 * Every hex the review shows, each at the highest level it is shown: `states` are engine
 * states ({hexes: [{q, r, level}]}); `extra` more hexes ({q, r, level}), such as a ghost tile's.
 */
export function shownHexes(states, extra = []) {
  const byKey = new Map();
  const add = ({ q, r, level }) => {
    const k = key(q, r);
    const known = byKey.get(k);
    if (!known || known.level < level) byKey.set(k, { q, r, level });
  };
  for (const state of states) for (const hx of state?.hexes ?? []) add(hx);
  for (const hx of extra) add(hx);
  return [...byKey.values()];
}

/** The world box of `hexes` drawn whole: hex outlines, raised tops and the pieces on them. */
export function wholeBounds(hexes) {
  const b = islandBounds(hexes); // the hex centres and raised tops
  if (!hexes.length) return b;
  return {
    x0: b.x0 - HALF_WIDTH - PAD,
    y0: b.y0 - 1 - PIECE_HEIGHT - PAD,
    x1: b.x1 + HALF_WIDTH + PAD,
    y1: b.y1 + 1 + PAD,
  };
}

/** The camera ({scale, x, y}) showing `hexes` whole in a canvas of `size` ({w, h}); null without a size. */
export function frameCamera(hexes, size) {
  const { w, h } = size;
  if (!w || !h) return null;
  const b = wholeBounds(hexes);
  const scale = Math.max(MIN_SCALE, Math.min(MAX_SCALE * 0.55, w / (b.x1 - b.x0), h / (b.y1 - b.y0)));
  return { scale, x: w / 2 - ((b.x0 + b.x1) / 2) * scale, y: h / 2 - ((b.y0 + b.y1) / 2) * scale };
}
