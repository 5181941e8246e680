// Keeps the game on screen in the library after every change of the store: each game its own
// entry (the store's gameId), so opening a link or starting a new game never overwrites another.
// Storage that is blocked or full is said in words once, and the game goes on unsaved.

import { entryOf } from "./library.js";

export class GameKeeper {
  #library;
  #known = new Map(); // id -> the entry as last written (its name, origin, creation time)
  #writing = Promise.resolve();
  #problem = null;
  #lastId = null;

  /** `onProblem(text)`: tell the person; `onSaved(entry)`: the list may redraw. */
  constructor(store, library, { onProblem = () => {}, onSaved = () => {} } = {}) {
    this.#library = library;
    this.store = store;
    this.onProblem = onProblem;
    this.onSaved = onSaved;
    store.subscribe(({ cause }) => {
      if (cause === "new" || cause === "load") this.#dropUnplayed(store.gameId);
      this.save();
    });
  }

  // A new game left before its first move (the one a visit starts with, say) is not worth a
  // place in the list: it goes when another game takes the screen.
  #dropUnplayed(nextId) {
    const last = this.#lastId;
    this.#lastId = nextId;
    const entry = last && last !== nextId ? this.#known.get(last) : null;
    if (!entry || entry.steps > 0 || entry.name || entry.origin) return;
    this.#known.delete(last);
    this.#writing = this.#writing.then(() => this.#library?.remove([last]).catch(() => {}));
  }

  /** Entries read from the library (so a rename or the creation time carries over). */
  remember(entries) {
    for (const entry of entries) this.#known.set(entry.id, entry);
  }

  forget(id) {
    this.#known.delete(id);
  }

  get(id) {
    return this.#known.get(id) ?? null;
  }

  /** Write the store's game now; resolves once written (or refused). Writes go one at a time. */
  save() {
    const store = this.store;
    if (!store.view || !this.#library) return this.#writing;
    const entry = entryOf(store, this.#known.get(store.gameId));
    this.#known.set(entry.id, entry);
    this.#writing = this.#writing.then(() => this.#write(entry));
    return this.#writing;
  }

  /** Rename a kept game (an empty name goes back to the seats' names). */
  async rename(id, name) {
    const entry = this.#known.get(id);
    if (!entry) return;
    const renamed = { ...entry, name: name.trim() || null };
    this.#known.set(id, renamed);
    this.#writing = this.#writing.then(() => this.#write(renamed));
    return this.#writing;
  }

  async #write(entry) {
    try {
      await this.#library.put(entry);
      if (this.#problem) this.onProblem(null);
      this.#problem = null;
      this.onSaved(entry);
    } catch (error) {
      const kind = error?.kind ?? "failed";
      if (this.#problem === kind) return;
      this.#problem = kind;
      this.onProblem(
        kind === "full"
          ? "The browser's storage for this site is full, so this game's latest moves are not kept. " +
              "The game goes on; delete finished games (Games) to make room."
          : `This game could not be kept (${error?.message ?? error}). The game goes on.`,
      );
    }
  }
}
