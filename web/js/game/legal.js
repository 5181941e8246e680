// The legal moves of a view as move JSON. The bridge's view sends them compactly (`moves`, see
// web/API.md): builds whole, placements grouped by volcano hex as [q, r, orientations,
// eliminating?] bitmasks, since a placement's hexes, terrains, level and buried huts follow from
// the state. This expands them into exactly the list the engine's `legalMoves` gives, in its
// order; nothing here decides legality.

import { CLOCKS, key, tileHexes } from "../board/geometry.js";
import { tileTerrains } from "../base/theme.js";

const expanded = new WeakMap();

/** Every legal move of `view` (an engine view), as move JSON; worked out once per view. */
export function legalMoves(view) {
  if (!view?.moves) return [];
  let list = expanded.get(view);
  if (!list) {
    list = [...expandPlacements(view.state, view.moves.place ?? []), ...(view.moves.build ?? [])];
    expanded.set(view, list);
  }
  return list;
}

/** The placement JSON of compact `spots` on the board of `state` (its hexes and drawn tile). */
export function expandPlacements(state, spots) {
  if (!spots.length) return [];
  const hexAt = new Map(state.hexes.map((hx) => [key(hx.q, hx.r), hx]));
  const terrains = ["volcano", ...tileTerrains(state.tile)];
  const moves = [];
  for (const [q, r, orientations, eliminating = 0] of spots) {
    const level = (hexAt.get(key(q, r))?.level ?? 0) + 1;
    for (let k = 0; k < CLOCKS.length; k++) {
      if (orientations & (1 << k)) moves.push(placement(q, r, k, level, terrains, hexAt, eliminating));
    }
  }
  return moves;
}

function placement(q, r, orientation, level, terrains, hexAt, eliminating) {
  const clock = CLOCKS[orientation];
  const hexes = tileHexes(q, r, clock).map(([hq, hr], i) => ({ q: hq, r: hr, terrain: terrains[i] }));
  const move = { type: "place", notation: `${q},${r}/${clock}`, volcano: [q, r], orientation, clock, level, hexes };
  // An eruption's victims (R-TILE-3d): the huts, temples or towers on the hexes it covers.
  const covers = [];
  for (const hx of hexes) {
    const building = hexAt.get(key(hx.q, hx.r))?.building;
    if (building) covers.push({ q: hx.q, r: hx.r, owner: building.owner, count: building.count });
  }
  if (covers.length) move.covers = covers;
  if (eliminating & (1 << orientation)) move.eliminates = true;
  return move;
}
