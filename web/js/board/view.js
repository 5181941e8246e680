// The board's input snapshot: its shape, when two are the same, and the lookups drawing needs.
//
// Chessground-style, the controller hands the board everything it needs in one `set(view)` call
// (state hexes plus the legal targets, ghost tile and previews it has already worked out from the
// engine's answers). The board knows no rules.
//
// view = {
//   hexes, tiles, colours,           // state.hexes / state.tiles, seat colour objects
//   lastMove,                        // state.lastMove
//   open: [[q, r]],                  // volcanoes open to an eruption (state.openVolcanoes)
//   dots: [[q, r]],                  // legal volcano hexes for the current rotation
//   targets: [{q, r, strong}],       // legal build hexes
//   selection: [[q, r]],             // hexes to outline (a chosen settlement)
//   preview: [{q, r, kind, count, owner}],  // pieces a build would add
//   ghost: {hexes: [{q, r, terrain}], clock, level, legal, warn, move?, shown?} | null,  // shown: a hint's or computer's turn
//   cursor: {q, r} | null,
//   highlight: [[q, r]],             // hexes a log row points at (a turn's tile and build)
//   coords: false,                   // draw each hex's coordinates (the player's toggle)
// }

import { key } from "./geometry.js";

const NONE = Object.freeze([]);

export function emptyView() {
  return {
    hexes: NONE,
    tiles: NONE,
    colours: NONE,
    lastMove: null,
    open: NONE,
    dots: NONE,
    targets: NONE,
    selection: NONE,
    preview: NONE,
    ghost: null,
    cursor: null,
    highlight: NONE,
    coords: false,
  };
}

/** A full view from a partial one: what the caller leaves out (or undefined) is empty. */
export function completeView(view) {
  const next = emptyView();
  for (const [k, v] of Object.entries(view)) if (v !== undefined) next[k] = v;
  return next;
}

// Snapshots from the engine keep their identity until the next engine answer; the small marks
// the controller rebuilds on every hover are compared by value.
const BY_IDENTITY = ["hexes", "tiles", "colours", "lastMove", "open", "dots"];
const BY_VALUE = ["targets", "selection", "preview", "ghost", "cursor", "highlight", "coords"];

export function sameView(a, b) {
  return (
    BY_IDENTITY.every((k) => a[k] === b[k]) &&
    BY_VALUE.every((k) => a[k] === b[k] || JSON.stringify(a[k]) === JSON.stringify(b[k]))
  );
}

/** Lookups for drawing and hit testing, rebuilt only when the hexes change. */
export function indexView(view) {
  const byKey = new Map();
  for (const hx of view.hexes) byKey.set(key(hx.q, hx.r), hx);
  // Painter's order: back rows first; within a row, lower stacks first.
  const order = [...view.hexes].sort((a, b) => a.r - b.r || a.level - b.level || a.q - b.q);
  const clockOfTile = new Map(view.tiles.map((t) => [t.id, t.clock]));
  return { byKey, order, clockOfTile };
}

/** The level of the top hex at (q, r); 0 for the bare table. */
export function levelAt(byKey, q, r) {
  return byKey.get(key(q, r))?.level || 0;
}
