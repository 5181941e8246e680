// The engine as the game screen sees it: the real engine client, with one seam. The screen
// (web/js/ui/controller.js) has no "load this game" entry, but its newGame() does everything a
// loaded game needs (seats, a fresh log, closing dialogs, framing the board). So loading a game
// (a link, an imported record) asks the screen for a new game with the right seats and answers
// its "newGame" engine call with the loaded game's view instead.

export function screenEngine(engine) {
  let substitute = null;
  return {
    call(method, params) {
      if (method === "newGame" && substitute) {
        const load = substitute;
        substitute = null;
        return load();
      }
      return engine.call(method, params);
    },
    /**
     * Show the game `load()` leaves in the engine (it resolves to the engine's view) on `screen`,
     * with `seats`. Rejects with the engine's error, and then the shown game is untouched.
     */
    async loadInto(screen, load, seats) {
      substitute = load;
      try {
        return await screen.newGame({ options: { players: seats.length }, seats });
      } finally {
        substitute = null;
      }
    },
  };
}
