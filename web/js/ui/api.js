// The page API (window.taluva) of the game screen, for tests and embedding pages.
// Documented in web/API.md. Everything that changes the game goes through the engine.

const clone = (x) => (x === undefined ? x : JSON.parse(JSON.stringify(x)));

export function pageApi(screen) {
  return {
    /** The current state JSON (a copy), as the page shows it. */
    state: () => clone(screen.view?.state ?? null),
    /** The legal moves of the current step (move JSON, a copy). */
    legalMoves: () => clone(screen.view?.legal ?? []),
    /** Play a move (move JSON or {notation}); resolves to the new state, rejects with the engine's error. */
    play: async (move) => clone((await screen.play(move)).state),
    /** Start a new game: {players, tiles, found, rank, teams, seed?, seats?: [{name, colour}]}. */
    newGame: async (options = {}) => {
      const { seats, seed = null, ...engineOptions } = options || {};
      return clone((await screen.newGame({ options: engineOptions, seats, seed })).state);
    },
    /** Viewport CSS pixels of the centre of the top of hex (q, r) as drawn now. */
    hexToScreen: (q, r) => screen.hexToScreen(q, r),
    /** The tile's rotation: the clock hour (2, 4, ... 12) where its landscapes lie. */
    rotation: () => screen.clock,
    undo: () => screen.undo(),
    redo: () => screen.redo(),
  };
}
