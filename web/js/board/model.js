// What the board draws, worked out from the state and the person's choice: the snapshot handed
// to Board.set(). Pure (no DOM): the marks come from the engine's legal moves, never a rule.

import { key } from "./geometry.js";
import { KINDS } from "../game/choice.js";

/** Hex marks at the build step: targets, the chosen settlement outlined, pieces previewed. */
export function buildMarks(choice, owner) {
  const marks = { targets: [], selection: [], preview: [] };
  const shown = choice.preview || choice.expand || choice.pending;
  const seen = new Set();
  const target = (x, strong) => {
    const k = key(x.q, x.r);
    if (seen.has(k)) return;
    seen.add(k);
    marks.targets.push({ q: x.q, r: x.r, strong });
  };
  if (choice.kind === "expand") {
    const moves = choice.settlement ? choice.expansionsOf(choice.settlement) : choice.builds.expand;
    const chosen = new Set((shown?.hexes || []).map((x) => key(x.q, x.r)));
    for (const m of moves) for (const x of m.hexes) target(x, !shown || chosen.has(key(x.q, x.r)));
    const anchor = shown ? key(...shown.settlement) : choice.settlement;
    if (anchor) marks.selection = choice.settlementOf(anchor);
  } else if (choice.kind) {
    for (const m of choice.builds[choice.kind]) target(m.hexes[0], true);
  } else {
    for (const kind of KINDS) for (const m of choice.builds[kind]) for (const x of m.hexes) target(x, false);
  }
  for (const x of shown?.hexes ?? []) marks.preview.push({ q: x.q, r: x.r, kind: shown.piece, count: x.count, owner });
  return marks;
}

/** A move drawn as a highlight (the computer's chosen move, or the hint). */
function shownMarks(shown, state, choice) {
  if (shown.type === "place") {
    const [q, r] = shown.volcano;
    return {
      open: state.openVolcanoes,
      ghost: { q, r, hexes: shown.hexes, clock: shown.clock, level: shown.level, legal: true, warn: Boolean(shown.eliminates), move: shown },
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
export function boardModel({ state, choice, colours, shown = null, personToMove = false }) {
  const view = {
    hexes: state.hexes,
    tiles: state.tiles,
    colours,
    lastMove: state.lastMove,
    cursor: choice.cursor && choice.inputType !== "mouse" ? choice.cursor : null,
  };
  const playing = state.phase === "place" || state.phase === "build";
  if (shown && playing) return { view: { ...view, ...shownMarks(shown, state, choice) }, ghost: null, mode: "shown" };
  if (state.phase === "place" && personToMove) {
    const ghost = choice.ghost();
    return { view: { ...view, open: state.openVolcanoes, dots: choice.dotsByClock.get(choice.clock), ghost }, ghost, mode: "place" };
  }
  if (state.phase === "place") return { view: { ...view, open: state.openVolcanoes }, ghost: null, mode: "none" };
  if (state.phase === "build" && personToMove) return { view: { ...view, ...buildMarks(choice, state.current) }, ghost: null, mode: "build" };
  return { view, ghost: null, mode: "none" };
}
