// The move log arrives as a change: the engine's view (bridge `view`) carries in `state.log` only
// the entries from `logFrom` on, after those of the answer whose `logId` the page passed back as
// `logBase` (the log grew ~700 characters a turn and was half of every view). The bridge sends
// the whole log (`logFrom` 0) whenever the `logBase` is not its last answer's, so a page that
// keeps the log of every view answer it gets, in order, cannot drift from it.

/** The whole log of `view`, given `held`: the whole log of the view answer before it. */
export function wholeLog(held, view) {
  const from = view.logFrom ?? 0;
  const part = view.state.log;
  if (!Number.isInteger(from) || from < 0 || from > held.length || !Array.isArray(part)) {
    throw new Error(`the engine's log continues after entry ${from}, but the page holds ${held.length} entries`);
  }
  return from === 0 ? part : held.slice(0, from).concat(part);
}

/** The log the page holds: what it passes as `logBase`, and each view answer completed from it. */
export class HeldLog {
  #id = null;
  #entries = [];

  /** The `logBase` of the next call that answers with a view. */
  get base() {
    return this.#id;
  }

  /** Complete `view.state.log` (in place) and keep it for the next answer. */
  complete(view) {
    view.state.log = wholeLog(this.#entries, view);
    this.#entries = view.state.log;
    this.#id = view.logId ?? null;
    return view;
  }
}
