// What the review's board shows for a chosen turn: the position before it (the engine's state),
// the turn played drawn as the board's last-move outline (dashed), and the engine's preferred
// turn drawn like a hint (the tile floating where it would go, its build's hexes and pieces).
// Pure: from the engine's answers (bridge reviewTurn) to a board view (board/view.js).

/** The turn played as a last-move mark: a log entry's {placementMove, buildMove} (move JSON). */
export function playedMark(plan) {
  return { placementMove: plan.placement, buildMove: plan.build ?? null };
}

/** The preferred turn as hint marks: {ghost, targets, preview}; `seat` owns its pieces. */
export function preferredMarks(plan, seat) {
  const p = plan.placement;
  const ghost = {
    q: p.volcano[0],
    r: p.volcano[1],
    hexes: p.hexes,
    clock: p.clock,
    level: p.level,
    legal: true,
    warn: !plan.build, // a placement with no build after it eliminates its player (R-ELIM-1)
  };
  const build = plan.build;
  if (!build) return { ghost, targets: [], preview: [] };
  return {
    ghost,
    targets: build.hexes.map((x) => ({ q: x.q, r: x.r, strong: true })),
    preview: build.hexes.map((x) => ({ q: x.q, r: x.r, kind: build.piece, count: x.count, owner: seat })),
  };
}

/**
 * The board view of reviewed turn `review` ({seat, played, preferred}) on `state` (the position
 * before it); `colours`: the seats' colour objects.
 */
export function turnBoardView(state, review, colours) {
  const view = {
    hexes: state.hexes,
    tiles: state.tiles,
    colours,
    lastMove: playedMark(review.played),
  };
  return { ...view, ...preferredMarks(review.preferred, review.seat) };
}
