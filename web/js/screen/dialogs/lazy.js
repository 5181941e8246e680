// Dialogs built when first needed: the screen's own (New game, end, confirm, Help) were a third
// of its build on the page's start. Each is built on its first use, or when the page is idle
// (buildWhenIdle), and appended to the slot that frames dialogs (frame.js).

export class LazyDialogs {
  #built = new Map(); // name -> dialog ({el, ...})
  #hooks = []; // [name, fn(dialog)]: what other modules add to a dialog once it is built

  /** `makers`: {name: () => dialog}, each dialog an object with its element as `el`. */
  constructor(slot, makers) {
    this.slot = slot;
    this.makers = makers;
  }

  /** The dialog `name`, built now if it is not yet. */
  get(name) {
    if (this.#built.has(name)) return this.#built.get(name);
    const make = this.makers[name];
    if (!make) throw new Error(`no dialog "${name}"`);
    const made = make();
    this.#built.set(name, made);
    this.slot.append(made.el);
    for (const [hooked, fn] of this.#hooks) if (hooked === name) fn(made);
    return made;
  }

  /** The dialog `name` if it is built, else null (closing one never builds it). */
  built(name) {
    return this.#built.get(name) ?? null;
  }

  /** Call `fn(dialog)` once the dialog `name` is built (now, if it is). */
  when(name, fn) {
    this.#hooks.push([name, fn]);
    if (this.#built.has(name)) fn(this.#built.get(name));
  }

  /**
   * Forget the dialogs built and closed (a switch of language: each is built again, in the new
   * one, when next used); an open one stays as it is.
   */
  forgetClosed() {
    for (const [name, made] of this.#built) {
      if (made.el.open) continue;
      made.el.remove();
      this.#built.delete(name);
    }
  }

  /** Build the dialogs `names` not yet built, one an idle moment, so that a first opening is quick. */
  buildWhenIdle(names = Object.keys(this.makers)) {
    const waiting = names.filter((name) => !this.#built.has(name));
    const next = () => {
      const name = waiting.shift();
      if (!name) return;
      this.get(name);
      whenIdle(next);
    };
    whenIdle(next);
  }
}

// Safari has no requestIdleCallback: a short timer there.
function whenIdle(fn) {
  if (globalThis.requestIdleCallback) requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 50);
}
