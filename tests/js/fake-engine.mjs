// A stand-in for the engine worker in unit tests: a game is a list of decisions; seat
// `current` alternates every two steps (a placement and a build). Only what the store needs.
// Its log is one entry a turn, sent as a change after the view whose `logId` comes back as
// `logBase`, as the bridge does (taluva.play.screen.view).

export class FakeEngine {
  constructor({ players = 2 } = {}) {
    this.players = players;
    this.moves = [];
    this.undone = [];
    this.calls = [];
    this.sent = null; // {id, log} of the last view answered
    this.views = 0;
  }

  /** The whole log: one entry a turn, its build added when played. */
  log() {
    const turns = [];
    this.moves.forEach((move, i) => {
      if (i % 2 === 0) turns.push({ seat: Math.floor(i / 2) % this.players, placementMove: move, buildMove: null });
      else turns.at(-1).buildMove = move;
    });
    return turns;
  }

  view(logBase = null) {
    const steps = this.moves.length;
    const log = this.log();
    let from = 0;
    if (this.sent && logBase === this.sent.id) {
      while (from < log.length && JSON.stringify(log[from]) === JSON.stringify(this.sent.log[from])) from++;
    }
    this.sent = { id: `L${++this.views}`, log };
    return {
      state: {
        phase: steps % 2 ? "build" : "place",
        current: Math.floor(steps / 2) % this.players,
        turn: Math.floor(steps / 2) + 1,
        players: Array.from({ length: this.players }, (_, seat) => ({ seat, status: "playing" })),
        hexes: [],
        tiles: [],
        log: log.slice(from),
      },
      logFrom: from,
      logId: this.sent.id,
      moves: { place: [[0, 0, 1 << 5]] },
      canUndo: steps > 0,
      canRedo: this.undone.length > 0,
      steps,
      share: `1CODE${steps}`,
      summary: { lineage: "fake", steps },
    };
  }

  /** A by-link link here is "1LINK<steps>" (any other is refused); its game id is "g1". */
  byLinkView({ link, secret = null, logBase = null }) {
    if (!link.startsWith("1LINK")) throw Object.assign(new Error("the link is cut short"), { kind: "bylink" });
    this.moves = Array.from({ length: Number(link.slice(5)) || 0 }, (_, i) => `m${i}`);
    const view = this.view(logBase);
    const seat = secret ? Number(secret.slice(-1)) : null;
    const facts = { gameId: "g1", stage: "playing", toAct: view.state.current, seat, players: this.players };
    return { ...view, bylink: { ...facts, joined: this.players, link, canHandOn: false } };
  }

  async call(method, params = {}) {
    this.calls.push(method);
    await null; // answers come later, as from a worker
    return method.startsWith("bylink") ? this.byLinkView(params) : this.answer(method, params);
  }

  answer(method, params) {
    const error = (kind, message) => Object.assign(new Error(message), { kind });
    switch (method) {
      case "newGame":
        this.players = params.options.players;
        this.moves = [];
        this.undone = [];
        return this.view(params.logBase);
      case "loadShareCode":
        if (!params.code.startsWith("1")) throw error("corrupt", "corrupt: not a game");
        this.moves = Array.from({ length: Number(params.code.slice(5)) || 0 }, (_, i) => `m${i}`);
        return this.view(params.logBase);
      case "play":
        if (params.move.notation !== `m${this.moves.length}`) throw error("illegal-move", "R-TURN: not now");
        this.moves.push(params.move.notation);
        this.undone = [];
        return this.view(params.logBase);
      case "undo":
        this.undone.push(this.moves.pop());
        return this.view(params.logBase);
      case "redo":
        this.moves.push(this.undone.pop());
        return this.view(params.logBase);
      case "explain":
        return { rule: "R-TILE-2", text: "not next to the island" };
      default:
        throw error("unknown-method", method);
    }
  }
}
