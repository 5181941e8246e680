// Computer turns: when a computer seat is to move, its engine level thinks in the worker, the
// page shows the chosen move for a moment (the speed), then plays it through the store, the
// same way a person's move is played.

import { MOTION_MS } from "../board/anim.js";
import { computerLevel, seatSeed } from "./seats.js";

// How long a computer's chosen move stays highlighted before it is played, and how long the
// board then animates it (ms; a person's moves animate for MOTION_MS).
export const AI_SPEEDS = [
  { id: "slow", label: "speed.slow", ms: 1600, motion: 400 },
  { id: "normal", label: "speed.normal", ms: 700, motion: MOTION_MS },
  { id: "fast", label: "speed.fast", ms: 150, motion: 250 },
  { id: "instant", label: "speed.instant", ms: 0, motion: 0 },
];

/** How long the board animates a move played `by` a person, the computer or a script. */
export function motionMs(by, speed) {
  return by === "computer" ? (AI_SPEEDS.find((x) => x.id === speed)?.motion ?? MOTION_MS) : MOTION_MS;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a decision took, as the engine tells it with the move: its search's work (nodes),
 * whether the clock's safety cap cut it, whether it was pondered on the others' time. */
function thinking(move) {
  const { nodes = 0, cut = false, pondered = false } = move?.think ?? {};
  return { nodes, cut, pondered };
}

export class ComputerTurns {
  #store;
  #events = new EventTarget();
  #token = 0; // bumped to drop a turn in flight

  constructor(store) {
    this.#store = store;
    this.speed = "normal";
    this.paused = false;
    this.thinking = null; // the seat whose computer is thinking
    this.showing = null; // its chosen move, shown before it is played
    // every decision of this game: {seat, level, phase, turn, ms, t0, t1, nodes, cut, pondered}
    this.times = [];
    this.lastMs = null;
    store.subscribe(({ cause }) => {
      if (cause === "new" || cause === "load") {
        this.times = [];
        this.#ponder();
      }
      // Any new position drops a turn that was asked about an older one.
      this.#stop();
      this.#maybeMove();
    });
  }

  subscribe(fn) {
    const listener = () => fn(this);
    this.#events.addEventListener("change", listener);
    return () => this.#events.removeEventListener("change", listener);
  }

  /** A computer seat is to move (thinking, showing, paused or about to start). */
  get toMove() {
    const s = this.#store.state;
    return Boolean(s) && s.phase !== "over" && this.#store.isComputer(s.current);
  }

  setSpeed(speed) {
    if (!AI_SPEEDS.some((x) => x.id === speed)) {
      throw new Error(`unknown speed ${speed}: one of ${AI_SPEEDS.map((x) => x.id).join(", ")}`);
    }
    this.speed = speed;
    this.#changed();
  }

  setPaused(paused) {
    this.paused = Boolean(paused);
    if (this.paused) this.#stop();
    this.#changed();
    if (!this.paused) this.#maybeMove();
  }

  /**
   * Undo as a table with computers expects it: back to the last decision a person made; with
   * computers only, one step, and watching pauses.
   */
  async undo() {
    const store = this.#store;
    if (!store.view?.canUndo || store.busy) return;
    if (!store.hasComputers()) return store.undo();
    if (!store.hasHumans()) this.setPaused(true);
    this.#stop();
    return store.undo({ toPerson: store.hasHumans() });
  }

  #stop() {
    this.#token++;
    const was = this.thinking !== null || this.showing !== null;
    this.thinking = null;
    this.showing = null;
    if (was) this.#changed();
  }

  #maybeMove() {
    if (!this.toMove || this.paused || this.#store.busy) return;
    if (this.thinking !== null || this.showing) return;
    const token = ++this.#token;
    setTimeout(() => this.#turn(token), 0);
  }

  async #turn(token) {
    const store = this.#store;
    if (token !== this.#token || !this.toMove) return;
    const s = store.state;
    const seat = s.current;
    const level = computerLevel(store.seats[seat].type);
    this.thinking = seat;
    this.#changed();
    const t0 = performance.now();
    let move;
    try {
      move = await store.call("aiChoose", { level, seed: seatSeed(store.seed, seat) });
    } catch (error) {
      if (token === this.#token) {
        this.thinking = null;
        this.#changed("error", error);
      }
      return;
    }
    const t1 = performance.now();
    if (token !== this.#token) return;
    this.times.push({ seat, level, phase: s.phase, turn: s.turn, ms: t1 - t0, t0, t1, ...thinking(move) });
    this.lastMs = t1 - t0;
    this.thinking = null;
    const delay = AI_SPEEDS.find((x) => x.id === this.speed)?.ms ?? 0;
    if (delay > 0) {
      this.showing = move; // the tile, then the buildings, before they land
      this.#changed();
      await sleep(delay);
      if (token !== this.#token) return;
      this.showing = null; // the highlight goes, then the move lands
      this.#changed();
    }
    store.play(move, { by: "computer" }).catch(() => {}); // a refusal is reported by the store
  }

  // A table with a person and a computer thinks on the others' time (taluva.ai.ponder): the
  // engine is told the computer seats once a game and follows the game from there; it searches
  // only what it expects next, and a move it finds early is the one it would find then.
  #ponder() {
    const store = this.#store;
    const seats = store.hasHumans()
      ? store.seats.flatMap((seat, i) => {
          const level = computerLevel(seat.type);
          return level ? [[i, level, seatSeed(store.seed, i)]] : [];
        })
      : [];
    store.call("aiPonder", { seats }).catch(() => {}); // pondering only saves time
  }

  #changed(type = "change", error = null) {
    if (type === "error") this.#events.dispatchEvent(new CustomEvent("error", { detail: error }));
    this.#events.dispatchEvent(new Event("change"));
  }

  onError(fn) {
    const listener = (event) => fn(event.detail);
    this.#events.addEventListener("error", listener);
    return () => this.#events.removeEventListener("error", listener);
  }
}
