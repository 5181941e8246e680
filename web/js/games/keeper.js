// Keeps the game on screen in the library after every change of the store: each game its own
// entry (the store's gameId), so opening a link or starting a new game never overwrites another.
// Storage that is blocked or full is said in words once, and the game goes on unsaved.

import { t } from "../i18n/messages.js";
import { entryOf } from "./library.js";

export class GameKeeper {
  #library;
  #known = new Map(); // id -> the entry as last written (its name, origin, creation time)
  #writing = Promise.resolve();
  #problem = null;

  /** `onProblem(text)`: tell the person; `onSaved(entry)`: the list may redraw. */
  constructor(store, library, { onProblem = () => {}, onSaved = () => {} } = {}) {
    this.#library = library;
    this.store = store;
    this.onProblem = onProblem;
    this.onSaved = onSaved;
    store.subscribe(() => this.save());
  }

  /** Entries read from the library (so a rename or the creation time carries over). */
  remember(entries) {
    for (const entry of entries) this.#known.set(entry.id, entry);
  }

  forget(id) {
    this.#known.delete(id);
  }

  /** Write the store's game now; resolves once written (or refused). Writes go one at a time. */
  save() {
    const store = this.store;
    if (!store.view || !this.#library) return this.#writing;
    // A new game is kept from its first move: one left untouched (the game a visit starts
    // with, say) does not crowd the list. A link's game is kept at once.
    if (!this.#known.has(store.gameId) && store.view.steps === 0 && !store.origin) return this.#writing;
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
        kind === "full" ? t("keeper.full") : t("keeper.failed", { reason: error?.message ?? String(error) }),
      );
    }
  }
}
