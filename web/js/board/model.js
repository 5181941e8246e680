// What the board draws, worked out from the state and the person's choice: the snapshot handed
// to Board.set(). Pure (no DOM): the marks come from the engine's legal moves, never a rule.

import { key } from "./geometry.js";

/** Each hex once, in the order first met: {q, r, strong}. */
function targetList() {
  const seen = new Map();
  return {
    add(x, strong) {
      const k = key(x.q, x.r);
      if (!seen.has(k)) seen.set(k, { q: x.q, r: x.r, strong });
    },
    get list() {
      return [...seen.values()];
    },
  };
}

// Expanding: the chosen settlement's (or every) expansion hex, strong where the shown move goes.
function expandMarks(choice, shown) {
  const targets = targetList();
  const moves = choice.settlement ? choice.expansionsOf(choice.settlement) : choice.builds.expand;
  const chosen = new Set((shown?.hexes ?? []).map((x) => key(x.q, x.r)));
  for (const m of moves) for (const x of m.hexes) targets.add(x, !shown || chosen.has(key(x.q, x.r)));
  const anchor = shown ? key(...shown.settlement) : choice.settlement;
  return { targets: targets.list, selection: anchor ? choice.settlementOf(anchor) : [] };
}

function kindMarks(choice) {
  const targets = targetList();
  if (choice.kind) for (const m of choice.builds[choice.kind]) targets.add(m.hexes[0], true);
  else
    for (const moves of Object.values(choice.builds))
      for (const m of moves) for (const x of m.hexes) targets.add(x, false);
  return { targets: targets.list, selection: [] };
}

/** Hex marks at the build step: targets, the chosen settlement outlined, pieces previewed. */
export function buildMarks(choice, owner) {
  const shown = choice.preview || choice.expand || choice.pending;
  const marks = choice.kind === "expand" ? expandMarks(choice, shown) : kindMarks(choice);
  const preview = (shown?.hexes ?? []).map((x) => ({ q: x.q, r: x.r, kind: shown.piece, count: x.count, owner }));
  return { ...marks, preview };
}

/** A move drawn as a highlight (the computer's chosen move, or the hint). */
function shownMarks(shown, state, choice) {
  if (shown.type === "place") {
    const [q, r] = shown.volcano;
    return {
      open: state.openVolcanoes,
      ghost: {
        q,
        r,
        hexes: shown.hexes,
        clock: shown.clock,
        level: shown.level,
        legal: true,
        warn: Boolean(shown.eliminates),
        move: shown,
        shown: true, // a turn the screen shows (hint, computer): the camera frames it
      },
    };
  }
  return {
    targets: shown.hexes.map((x) => ({ q: x.q, r: x.r, strong: true })),
    selection: shown.settlement ? choice.settlementOf(key(...shown.settlement)) : [],
    preview: shown.hexes.map((x) => ({ q: x.q, r: x.r, kind: shown.piece, count: x.count, owner: state.current })),
  };
}

/**
 * The board's snapshot and what the screen says of it: {view, ghost, mode}; `mode` is "shown"
 * (a highlighted move), "place" (the person aims the tile), "build" or "none".
 */
export function boardModel({ state, choice, colours, shown = null, personToMove = false, highlight, coords }) {
  const view = {
    hexes: state.hexes,
    tiles: state.tiles,
    colours,
    lastMove: state.lastMove,
    cursor: choice.cursor && choice.inputType !== "mouse" ? choice.cursor : null,
    highlight, // a log row's turn (undefined: none)
    coords,
  };
  const none = { view, ghost: null, mode: "none" };
  if (state.phase !== "place" && state.phase !== "build") return none;
  if (shown) return { view: { ...view, ...shownMarks(shown, state, choice) }, ghost: null, mode: "shown" };
  if (state.phase === "build") {
    return personToMove
      ? { view: { ...view, ...buildMarks(choice, state.current) }, ghost: null, mode: "build" }
      : none;
  }
  if (!personToMove) return { ...none, view: { ...view, open: state.openVolcanoes } };
  const ghost = choice.ghost();
  const dots = choice.dotsByClock.get(choice.clock);
  return { view: { ...view, open: state.openVolcanoes, dots, ghost }, ghost, mode: "place" };
}
