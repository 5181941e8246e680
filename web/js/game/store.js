// The one store of the game on the page. It loads a game (new, a link, a record, the autosave),
// plays, undoes and redoes through the engine, and tells its subscribers what changed: the
// screen, the autosave, the URL hash, computer turns and hints all follow it.
//
//   store.subscribe(({view, prev, cause, by}) => ...)   cause: new | load | play | undo | redo | link
//                                                        | seats (link: a by-link game's next link,
//                                                        by "friend"; seats: a seat renamed)
//   store.onBusy((busy) => ...)                          an engine call is under way, or not
//   store.onError((error) => ...)                        a play/undo/redo the engine refused
//
// The view is the engine's (bridge `view`: state, compact legal moves (game/legal.js expands
// them), canUndo/canRedo, steps, share), its move log completed from the one before
// (game/view-log.js): subscribers always see the whole `state.log`.
// Nothing here knows a rule; the store only keeps the seats (names, colours, who plays them)
// and the seed that the engine does not hold.

import { completeSeats, computerLevel, hashText, localSeats } from "./seats.js";
import { onLanguageChange } from "../i18n/messages.js";
import { HeldLog } from "./view-log.js";

export const DEFAULT_OPTIONS = { players: 2, tiles: "12", found: "isolated", rank: false, teams: false };

const randomSeed = () => Math.floor(Math.random() * 2 ** 31);

/** A fresh id for a game: random, so two tabs never clash. */
export function newGameId() {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `g${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

export class GameStore {
  #engine;
  #events = new EventTarget();
  #busy = 0;
  #explained = new Map();
  #log = new HeldLog();

  constructor(engine) {
    this.#engine = engine;
    this.view = null;
    this.seats = completeSeats([], 2);
    this.seed = 0;
    this.source = "new"; // where the game on screen came from: new | link | kept | record
    this.gameId = null; // the page's name for the game on screen (its entry in the kept games)
    this.origin = null; // the share code of the link it was opened from, if any
    this.byLinkSecret = null; // a by-link game's secret of this device's seat (hex), if any
    this.version = 0; // bumped with every new view: answers about an older one are dropped
    // Names no one typed follow a switch of language; the store is made before every view that
    // reads it, so they see the new names when they re-say their words.
    onLanguageChange(() => (this.seats = localSeats(this.seats)));
  }

  get state() {
    return this.view?.state ?? null;
  }

  get busy() {
    return this.#busy > 0;
  }

  isComputer(seat) {
    return Boolean(computerLevel(this.seats[seat]?.type));
  }

  hasComputers() {
    return this.seats.some((s) => computerLevel(s.type));
  }

  hasHumans() {
    return this.seats.some((s) => !computerLevel(s.type));
  }

  /** Whether a person is to move now (not a computer, and the game is not over). */
  personToMove() {
    const s = this.state;
    return Boolean(s) && s.phase !== "over" && !this.isComputer(s.current);
  }

  subscribe(fn) {
    return this.#on("change", fn);
  }

  onBusy(fn) {
    return this.#on("busy", fn);
  }

  onError(fn) {
    return this.#on("error", fn);
  }

  // ---- loading --------------------------------------------------------------------------------

  /** A new game: options of RULES.md section O, seats (missing ones filled in), a seed. */
  async newGame({ options = {}, seats = this.seats, seed = null, source = "new", id = null } = {}) {
    const opts = { ...DEFAULT_OPTIONS, ...options };
    const gameSeed = Number.isInteger(seed) ? seed : randomSeed();
    const view = await this.#askView("newGame", { options: opts, seed: gameSeed });
    const table = completeSeats(seats, view.state.players.length);
    const game = { seats: table, seed: gameSeed, source, gameId: id ?? newGameId(), origin: null, byLinkSecret: null };
    this.#commit(view, { cause: "new" }, game);
    return view;
  }

  /**
   * Load a game from a share code (`share`) or a game record (`record`). A code or record the
   * engine refuses rejects with its error, and the game on screen stays as it was. `id`: the
   * kept game it is (a new one when not given).
   */
  async load({ share, record, seats = [], names = [], seed = null, source = "link", id = null }) {
    const view =
      record !== undefined
        ? await this.#askView("loadRecord", { text: record })
        : await this.#askView("loadShareCode", { code: share });
    const table = completeSeats(seats, view.state.players.length, names);
    const gameSeed = Number.isInteger(seed) ? seed : hashText(view.share);
    const origin = source === "link" ? share : null;
    const game = { seats: table, seed: gameSeed, source, gameId: id ?? newGameId(), origin, byLinkSecret: null };
    this.#commit(view, { cause: "load" }, game);
    return view;
  }

  /**
   * Show a by-link game (bridge bylinkOpen; bylink/bylink.js): `secret` is this device's seat's,
   * if it has one; `seats` its kept seats, `names` the link's. A link of the by-link game on
   * screen moves it on (cause "link": the turns it adds animate); any other is loaded. A link or
   * secret the engine refuses rejects, and the game on screen stays.
   */
  async openByLink({ link, secret = null, seats = [], names = [], id = null }) {
    const view = await this.#askView("bylinkOpen", { link, secret });
    // A signed link's names are as each seat signed them: they win over the kept ones and `names`.
    const signed = (view.bylink.names ?? []).map((name, i) => name || names[i]);
    if (this.view?.bylink && id !== null && id === this.gameId) {
      this.byLinkSecret = secret;
      // The names the link gives (signed ones first), as a fresh load of it has them.
      this.seats = completeSeats(this.seats, view.state.players.length, [...signed, ...names.slice(signed.length)]);
      this.#commit(view, { cause: "link", by: "friend" });
      return view;
    }
    const table = completeSeats(seats, view.state.players.length, [...signed, ...names.slice(signed.length)]);
    const gameId = id ?? newGameId();
    const game = { seats: table, seed: hashText(link), source: "bylink", gameId, origin: null, byLinkSecret: secret };
    this.#commit(view, { cause: "load" }, game);
    return view;
  }

  /**
   * A friend's placement on a live table (live/live.js): the engine's view (`method`, its door,
   * checks it against the link on screen), shown as a link's turn is (cause "link", by "friend").
   */
  async openLiveStep({ method, ...params }) {
    const view = await this.#askView(method, params);
    this.#commit(view, { cause: "link", by: "friend" });
    return view;
  }

  // ---- moves ----------------------------------------------------------------------------------

  /** Play a move (move JSON, or {notation}); rejects with the engine's error, also reported. */
  async play(move, { by = "person" } = {}) {
    return this.#act("play", { move }, { cause: "play", by });
  }

  async redo() {
    if (!this.view?.canRedo) return this.view;
    return this.#act("redo", {}, { cause: "redo" });
  }

  /**
   * Take back one step; `toPerson`: keep going while a computer is to move, so that a person
   * takes back their own last decision. One change is reported, at the end.
   */
  async undo({ toPerson = false } = {}) {
    if (!this.view?.canUndo) return this.view;
    let view = this.view;
    try {
      do {
        view = await this.#askView("undo");
      } while (toPerson && view.canUndo && this.isComputer(view.state.current));
    } catch (error) {
      this.#emit("error", error);
      throw error;
    } finally {
      if (view !== this.view) this.#commit(view, { cause: "undo" });
    }
    return view;
  }

  /** Why a move is not legal now: {rule, text} from the engine, or null. Asked once per view. */
  async explain(move) {
    const key = JSON.stringify(move);
    const version = this.version;
    if (!this.#explained.has(key)) {
      this.#explained.set(
        key,
        this.#engine.call("explain", { move }).catch(() => null),
      );
    }
    const why = await this.#explained.get(key);
    return version === this.version ? why : undefined;
  }

  /** Any other engine call about the game on screen (record, stateAt, aiChoose, hint …). */
  call(method, params = {}) {
    return this.#engine.call(method, params);
  }

  // ---- inside ---------------------------------------------------------------------------------

  async #act(method, params, change) {
    let view;
    try {
      view = await this.#askView(method, params);
    } catch (error) {
      this.#emit("error", error);
      throw error;
    }
    this.#commit(view, change);
    return view;
  }

  async #ask(method, params = {}, { view = false } = {}) {
    if (this.#busy++ === 0) this.#emit("busy", true);
    try {
      const answer = await this.#engine.call(method, view ? { ...params, logBase: this.#log.base } : params);
      return view ? this.#log.complete(answer) : answer;
    } finally {
      if (--this.#busy === 0) this.#emit("busy", false);
    }
  }

  /** A call that answers with a view: its log comes as a change to the one held. */
  #askView(method, params = {}) {
    return this.#ask(method, params, { view: true });
  }

  #commit(view, change, game = null) {
    const prev = this.view;
    if (game) Object.assign(this, game);
    this.view = view;
    this.version++;
    this.#explained.clear();
    this.#emit("change", { view, prev: game ? null : prev, by: "person", ...change });
  }

  #on(type, fn) {
    const listener = (event) => fn(event.detail);
    this.#events.addEventListener(type, listener);
    return () => this.#events.removeEventListener(type, listener);
  }

  #emit(type, detail) {
    this.#events.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
