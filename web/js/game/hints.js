// The hint: the strongest computer level's move for the person to move, asked of the engine in
// the worker and shown on the board until it is played, ignored, or the position changes.

import { seatSeed } from "./seats.js";

const HINT_SEAT = 7; // a seed of its own, apart from every seat's computer

export class Hints {
  #store;
  #events = new EventTarget();

  constructor(store) {
    this.#store = store;
    this.move = null;
    this.pending = false;
    store.subscribe(() => this.drop());
  }

  subscribe(fn) {
    const listener = () => fn(this);
    this.#events.addEventListener("change", listener);
    return () => this.#events.removeEventListener("change", listener);
  }

  /** Ask for a hint; resolves with the move (also kept in `move`), or null if none applies. */
  async ask() {
    const store = this.#store;
    if (!store.view || store.busy || !store.personToMove() || this.pending) return null;
    const version = store.version;
    this.pending = true;
    this.#changed();
    try {
      const move = await store.call("hint", { seed: seatSeed(store.seed, HINT_SEAT) });
      if (version !== store.version) return null;
      this.move = move;
      return move;
    } finally {
      this.pending = false;
      this.#changed();
    }
  }

  /** Forget the hint (any other action ignores it); true if there was one. */
  drop() {
    if (!this.move) return false;
    this.move = null;
    this.#changed();
    return true;
  }

  #changed() {
    this.#events.dispatchEvent(new Event("change"));
  }
}
