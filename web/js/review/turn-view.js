// What the review's board shows for a chosen turn, from the engine's answer (bridge reviewTurn):
// a reviewed turn is its `review` ({seat, same, played, preferred, …}) with the answer's `state`
// (before the turn), `playedState` (after it) and `line` (after the preferred placement, after
// its build). Pure: from those to board views (board/view.js).
//
// - The turn played: the position after it, its tile laid with its landscapes and its pieces
//   built, outlined as the board outlines a last move (dashed); the engine's preferred turn
//   floats over it like a hint (a green tile and its pieces), unless the player played it.
// - The engine's line, step by step: the position before the turn, after the preferred
//   placement, after its build (the step just made outlined as a last move).

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

const samePlacement = (a, b) => a.volcano[0] === b.volcano[0] && a.volcano[1] === b.volcano[1] && a.clock === b.clock;

/**
 * The board view of the turn played, for reviewed turn `review` (see above); `colours` the
 * seats' colour objects. When the preferred turn lays the same tile, only its build is drawn
 * (a ghost over the played tile would hide the pieces built on it).
 */
export function playedView(review, colours) {
  const { playedState } = review;
  const view = {
    hexes: playedState.hexes,
    tiles: playedState.tiles,
    colours,
    lastMove: playedMark(review.played),
  };
  if (review.same) return view;
  const marks = preferredMarks(review.preferred, review.seat);
  if (samePlacement(review.played.placement, review.preferred.placement)) marks.ghost = null;
  return { ...view, ...marks };
}

/**
 * The steps of the engine's line: [{state, move}], the position before the turn (move null),
 * after the preferred placement, then after its build (none for an elimination).
 */
export function lineSteps(review) {
  const moves = [review.preferred.placement, review.preferred.build];
  return [{ state: review.state, move: null }, ...review.line.map((state, i) => ({ state, move: moves[i] }))];
}

/** The board view of step `step` of the line (lineSteps): the move just made outlined. */
export function lineView(review, step, colours) {
  const { state, move } = lineSteps(review)[step];
  const lastMove = move ? { placementMove: review.preferred.placement, buildMove: step > 1 ? move : null } : null;
  return { hexes: state.hexes, tiles: state.tiles, colours, lastMove };
}

/** The positions the reviewed turns show, for one frame over the whole review (frame.js). */
export function answerStates(reviews) {
  return reviews.flatMap((r) => [r.state, r.playedState, ...r.line]);
}
