// What the log's turns point at on the board and in the replay, from the engine's log entries
// (state.log: each turn's placementMove and buildMove with their hexes). Pure.

/** The hexes a log entry's turn touched (its tile's and its build's), for the board to mark. */
export function turnHexes(turn) {
  const seen = new Set();
  const out = [];
  for (const move of [turn?.placementMove, turn?.buildMove])
    for (const { q, r } of move?.hexes ?? []) {
      if (seen.has(`${q},${r}`)) continue;
      seen.add(`${q},${r}`);
      out.push([q, r]);
    }
  return out;
}

/** How many decisions (placements and builds) the log's first `n` turns hold: a replay step. */
export function stepsThrough(log, n) {
  return log.slice(0, n).reduce((sum, e) => sum + Boolean(e.placementMove) + Boolean(e.buildMove), 0);
}
