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
    /** Start a new game: {players, tiles, found, rank, teams, seed?, seats?: [{name, colour, type}]}. */
    newGame: async (options = {}) => {
      const { seats, seed = null, ...engineOptions } = options || {};
      return clone((await screen.newGame({ options: engineOptions, seats, seed })).state);
    },
    /** Viewport CSS pixels of the centre of the top of hex (q, r) as drawn now. */
    hexToScreen: (q, r) => screen.hexToScreen(q, r),
    /** The tile's rotation: the clock hour (2, 4, ... 12) where its landscapes lie. */
    rotation: () => screen.clock,
    undo: () => screen.undo(),
    /** Computer players: how long the page shows a computer's move ("slow", "normal", "fast", "instant"). */
    setAiSpeed: (speed) => screen.setAiSpeed(speed),
    /** Pause (true) or resume (false) the computer players. */
    setAiPaused: (paused) => screen.setAiPaused(paused),
    /** Every computer decision of this game: [{seat, level, phase, turn, ms, t0, t1}], think
     * time `ms` as the page measures it (the aiChoose round trip; t0, t1: performance.now()). */
    aiTimes: () => clone(screen.aiTimes),
    /** Ask for a hint (the strongest level's move), drawn on the board; resolves when shown. */
    hint: () => screen.showHint(),
    redo: () => screen.redo(),
  };
}
