// A stand-in for the engine worker in unit tests: a game is a list of decisions; seat
// `current` alternates every two steps (a placement and a build). Only what the store needs.

export class FakeEngine {
  constructor({ players = 2 } = {}) {
    this.players = players;
    this.moves = [];
    this.undone = [];
    this.calls = [];
  }

  view() {
    const steps = this.moves.length;
    return {
      state: {
        phase: steps % 2 ? "build" : "place",
        current: Math.floor(steps / 2) % this.players,
        turn: Math.floor(steps / 2) + 1,
        players: Array.from({ length: this.players }, (_, seat) => ({ seat, status: "playing" })),
        hexes: [],
        tiles: [],
        log: [],
      },
      moves: { place: [[0, 0, 1 << 5]] },
      canUndo: steps > 0,
      canRedo: this.undone.length > 0,
      steps,
      share: `1CODE${steps}`,
      summary: { lineage: "fake", steps },
    };
  }

  async call(method, params = {}) {
    this.calls.push(method);
    await null; // answers come later, as from a worker
    const error = (kind, message) => Object.assign(new Error(message), { kind });
    switch (method) {
      case "newGame":
        this.players = params.options.players;
        this.moves = [];
        this.undone = [];
        return this.view();
      case "loadShareCode":
        if (!params.code.startsWith("1")) throw error("corrupt", "corrupt: not a game");
        this.moves = Array.from({ length: Number(params.code.slice(5)) || 0 }, (_, i) => `m${i}`);
        return this.view();
      case "play":
        if (params.move.notation !== `m${this.moves.length}`) throw error("illegal-move", "R-TURN: not now");
        this.moves.push(params.move.notation);
        this.undone = [];
        return this.view();
      case "undo":
        this.undone.push(this.moves.pop());
        return this.view();
      case "redo":
        this.moves.push(this.undone.pop());
        return this.view();
      case "explain":
        return { rule: "R-TILE-2", text: "not next to the island" };
      default:
        throw error("unknown-method", method);
    }
  }
}
