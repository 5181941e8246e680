// What a change means in words, for the screen's notices and for screen readers: whose turn it
// is, huts an eruption buried (the engine's lastMove.covered), players who left the game (their
// status in the state). Pure: state in, sentences out.

import { plural } from "../screen/words.js";

export function turnText(state, seats) {
  if (state.phase === "over") return `Game over: ${state.result.text}.`;
  const name = seats[state.current]?.name ?? `Player ${state.current + 1}`;
  return state.phase === "place" ? `${name}: place the tile (step 1 of 2).` : `${name}: build (step 2 of 2).`;
}

/**
 * Huts on covered hexes ({owner, count}: the engine's lastMove.covered, or a placement's
 * covers), added up by owner: ["3 huts of Ann", "1 hut of Bo"].
 */
export function hutsByOwner(cells, seats) {
  const byOwner = new Map();
  for (const { owner, count } of cells ?? []) byOwner.set(owner, (byOwner.get(owner) || 0) + count);
  return [...byOwner].map(([owner, n]) => `${plural(n, "hut")} of ${seats[owner].name}`);
}

function buried(lastMove, seats) {
  return hutsByOwner(lastMove?.covered, seats).map((huts) => `Eruption: ${huts} destroyed (R-TILE-3d).`);
}

function departures(before, after, seats) {
  const notes = [];
  after.players.forEach((p, i) => {
    if (before.players[i]?.status !== "playing") return;
    if (p.status === "eliminated") notes.push(`${seats[i].name} has no legal build and is eliminated (R-ELIM-1).`);
    if (p.status === "finished")
      notes.push(`${seats[i].name} has placed all pieces of two kinds and leaves the game (O-RANK).`);
  });
  return notes;
}

/**
 * The notes (eruptions, departures) and the sentence for screen readers after a change of the
 * store; `turn` is null when the turn and step did not change.
 */
export function describeChange({ view, prev, cause }, seats) {
  const b = view.state;
  if (!prev) return { notes: [], turn: turnText(b, seats) };
  const a = prev.state;
  const placed = cause === "play" && a.phase === "place" && view.steps === prev.steps + 1;
  const notes = [...(placed ? buried(b.lastMove, seats) : []), ...departures(a, b, seats)];
  const moved = a.turn !== b.turn || a.phase !== b.phase || a.current !== b.current;
  return { notes, turn: moved ? `${notes.join(" ")} ${turnText(b, seats)}`.trim() : null };
}
