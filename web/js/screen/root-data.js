// The game root's data-* attributes: what tests and tools read of the screen (whose turn, which
// step, what a computer is doing, the hint), written with every render.

/** Write `view`'s and the computers' and hints' facts onto `root.dataset`. */
export function showRootData(root, view, state, computers, hints) {
  Object.assign(root.dataset, {
    phase: state.phase,
    current: String(state.current),
    turn: String(state.turn),
    steps: String(view.steps),
    over: state.phase === "over" ? "1" : "0",
    players: String(state.players.length),
    ...(computers.lastMs === null ? {} : { aiMs: String(Math.round(computers.lastMs)) }),
    computer: computers.toMove ? "1" : "0",
    // Thinking ends before the chosen move is shown: set in this order for whoever watches.
    thinking: computers.thinking === null ? "0" : "1",
    aiShow: computers.showing?.notation ?? "",
    aiSpeed: computers.speed,
    aiPaused: computers.paused ? "1" : "0",
    hint: hints.pending ? "pending" : hints.move?.notation || "",
  });
}
