// Keeps the game on screen in the library after every change of the store: each game its own
// entry (the store's gameId), so opening a link or starting a new game never overwrites another.
// The entry is taken at the change and written once its frame is drawn (base/after-paint.js: the
// write's ~3.5 ms held up the board), or at once when the page is hidden or left.
// Storage that is blocked or full is said in words once, and the game goes on unsaved.

import { afterPaint } from "../base/after-paint.js";
import { t } from "../i18n/messages.js";
import { entryOf } from "./library.js";

export class GameKeeper {
  #library;
  #known = new Map(); // id -> the entry as last written (its name, origin, creation time)
  #writing = Promise.resolve();
  #problem = null;
  #waiting = new Map(); // id -> the entry taken at a change, not yet written
  #later = afterPaint(() => this.#writeWaiting());

  /** `onProblem(text)`: tell the person; `onSaved(entry)`: the list may redraw. */
  constructor(store, library, { onProblem = () => {}, onSaved = () => {} } = {}) {
    this.#library = library;
    this.store = store;
    this.onProblem = onProblem;
    this.onSaved = onSaved;
    store.subscribe(() => this.#take() && this.#later.schedule());
  }

  /** Entries read from the library (so a rename or the creation time carries over). */
  remember(entries) {
    for (const entry of entries) this.#known.set(entry.id, entry);
  }

  forget(id) {
    this.#known.delete(id);
    this.#waiting.delete(id); // a deleted game is not written back
  }

  /** Write the store's game now; resolves once written (or refused). Writes go one at a time. */
  save() {
    this.#take();
    this.#writeWaiting();
    return this.#writing;
  }

  /** Write the entries taken and not yet written; resolves once written (or refused). */
  flush() {
    this.#writeWaiting();
    return this.#writing;
  }

  /** Take the entry of the store's game as it is now, to be written; whether there is one. */
  #take() {
    const store = this.store;
    if (!store.view || !this.#library) return false;
    if (store.source === "lesson") return false; // a lesson's position (lesson/lesson.js)

    // A new game is kept from its first move: one left untouched (the game a visit starts
    // with, say) does not crowd the list. A link's game is kept at once, a by-link one too (its
    // entry holds this device's secret of it).
    const fresh = !this.#known.has(store.gameId) && store.view.steps === 0;
    if (fresh && !store.origin && !store.view.bylink) return false;
    const entry = entryOf(store, this.#known.get(store.gameId));
    this.#known.set(entry.id, entry);
    this.#waiting.set(entry.id, entry);
    return true;
  }

  #writeWaiting() {
    this.#later.cancel();
    for (const entry of this.#waiting.values()) this.#write(entry);
    this.#waiting.clear();
  }

  /** Rename a kept game (an empty name goes back to the seats' names). */
  async rename(id, name) {
    const entry = this.#known.get(id);
    if (!entry) return;
    const renamed = { ...entry, name: name.trim() || null };
    this.#known.set(id, renamed);
    this.#waiting.delete(id); // `renamed` is that entry, renamed
    return this.#write(renamed);
  }

  /**
   * Write `entry` now (a page being left must not wait for an earlier write: IndexedDB keeps
   * the writes' order itself); what came of it is told in order, one write after the other.
   */
  #write(entry) {
    const put = this.#library.put(entry);
    put.catch(() => {}); // told below, in turn
    this.#writing = this.#writing.then(() => this.#settle(entry, put));
    return this.#writing;
  }

  async #settle(entry, put) {
    try {
      await put;
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
