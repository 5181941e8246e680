// What a change means in words, for the screen's notices and for screen readers: whose turn it
// is, huts an eruption buried (the engine's lastMove.covered), players who left the game (their
// status in the state). Pure: state in, sentences out.

export function turnText(state, seats) {
  if (state.phase === "over") return `Game over: ${state.result.text}.`;
  const name = seats[state.current]?.name ?? `Player ${state.current + 1}`;
  return state.phase === "place" ? `${name}: place the tile (step 1 of 2).` : `${name}: build (step 2 of 2).`;
}

/** Huts the last placement buried, by owner: "3 huts of Ann". */
function buried(lastMove, seats) {
  const byOwner = new Map();
  for (const { owner, count } of lastMove?.covered ?? []) byOwner.set(owner, (byOwner.get(owner) || 0) + count);
  return [...byOwner].map(
    ([owner, n]) => `Eruption: ${n} hut${n > 1 ? "s" : ""} of ${seats[owner].name} destroyed (R-TILE-3d).`,
  );
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
