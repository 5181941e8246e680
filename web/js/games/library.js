// The kept games: every game the page shows is one entry in IndexedDB (database "taluva",
// store "games", keyed by the entry's id), updated after every change. Opened through the `idb`
// wrapper (pinned in build/package.json, shipped as js/vendor/idb.js), passed in as `openDB` so
// that the unit tests can run it on an in-memory IndexedDB.
//
// Entry, version 1 (docs/formats.md, "Kept games"):
//   {v: 1, id, name, share, seats: [{name, colour, type}], seed, origin, lineage, summary,
//    board: {hexes, tiles}, state, current, phase, steps, createdAt, playedAt, bylink?}
// `name` is the person's title for the game (null: named after its seats); `origin` the code
// of the link it was opened from; `summary` and `lineage` the engine's (view.summary); `board`
// the state's hexes and tiles, for the list's picture; `state` the rest of the engine's state
// JSON (optional: entries of earlier builds lack it), so that the page can draw the game before
// the engine is up (stateOf). A by-link game (bylink/bylink.js) has `bylink`: {gameId, seat,
// secret, link, stage, toAct} (byLinkFacts), its id is `bylink-<gameId>` so that every link of
// the game moves the one entry on, and it opens from its link, never from its `share` code. An entry that does not read as one is listed as unreadable and set
// aside (left in the database, never opened, never dropped).

import { t } from "../i18n/messages.js";

export const DB_NAME = "taluva";
export const DB_VERSION = 1;
export const STORE = "games";
export const ENTRY_VERSION = 1;

/** Storage that cannot be used: `kind` is "blocked" (no IndexedDB here) or "full" (quota). */
export class LibraryError extends Error {
  constructor(kind, message) {
    super(message);
    this.name = "LibraryError";
    this.kind = kind;
  }
}

const isQuota = (error) => error?.name === "QuotaExceededError" || error?.code === 22;

// The time of a write, in ms, always later than this page's write before: two writes within one
// millisecond would otherwise tie on playedAt and the list could show them in either order.
let lastStamp = 0;
function writeStamp() {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return lastStamp;
}

/** The list's order: most recently played first; equal times (written elsewhere: a backup, another tab) by id. */
export function byRecentPlay(a, b) {
  return b.playedAt - a.playedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * An entry from a game's facts: `view` is the engine's (or the engine's inspection of a code or
 * record: {share, steps, summary, state}); `before` the entry it replaces, if any.
 */
export function makeEntry({ id, view, seats, seed, origin = null, name = null, bylink = null }, before = null) {
  const now = writeStamp();
  const { state, summary = null } = view;
  const { hexes, tiles, ...rest } = state;
  return {
    v: ENTRY_VERSION,
    id,
    name: before ? before.name : name,
    share: view.share,
    seats: seats.map((s) => ({ name: s.name, colour: s.colour, type: s.type ?? "human" })),
    seed,
    origin: before ? before.origin : origin,
    lineage: summary?.lineage ?? null,
    summary,
    board: { hexes, tiles },
    state: rest,
    current: state.current,
    phase: state.phase,
    steps: view.steps,
    createdAt: before ? before.createdAt : now,
    playedAt: now,
    ...(bylink ? { bylink } : {}),
  };
}

/** The kept entry id of a by-link game (the engine's game id). */
export const byLinkEntryId = (gameId) => `bylink-${gameId}`;

/** What an entry keeps of a by-link game: the view's `bylink` and this device's `secret`. */
export function byLinkFacts(bylink, secret) {
  const { gameId, seat, link, stage, toAct } = bylink;
  return { gameId, seat, secret: secret ?? null, link, stage, toAct };
}

/** The entry of the store's game now (`before`: the entry it replaces, if any). */
export function entryOf(store, before = null) {
  const { view, gameId: id, seats, seed, origin } = store;
  const bylink = view.bylink ? byLinkFacts(view.bylink, store.byLinkSecret) : null;
  return makeEntry({ id, view, seats, seed, origin, bylink }, before);
}

const validByLink = (b) =>
  b === undefined ||
  (typeof b?.gameId === "string" && typeof b.link === "string" && (b.secret === null || typeof b.secret === "string"));

/** The engine's state JSON as kept in `entry`, or null for an entry of an earlier build. */
export function stateOf(entry) {
  const { state, board } = entry;
  if (!state || typeof state !== "object" || !Array.isArray(board?.hexes) || !Array.isArray(board?.tiles)) return null;
  return { ...state, hexes: board.hexes, tiles: board.tiles };
}

/** Whether a stored value reads as an entry this page can open. */
export function validEntry(e) {
  return (
    e?.v === ENTRY_VERSION &&
    typeof e.id === "string" &&
    typeof e.share === "string" &&
    e.share.length > 0 &&
    Array.isArray(e.seats) &&
    e.seats.length >= 2 &&
    e.seats.every((s) => typeof s?.name === "string" && typeof s?.colour === "string") &&
    Number.isFinite(e.playedAt) &&
    validByLink(e.bylink)
  );
}

// Which entry was played last ({id, playedAt}), kept beside the database so that the page can
// read that one entry, not all of them, to draw it before the engine is up (latest()).
const LATEST = "taluva.games.latest";

function pageStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage refused (some private windows)
  }
}

export class GameLibrary {
  #db;
  #hints;

  /** `hints`: where the last played entry's id is kept (localStorage; null: nowhere). */
  constructor(db, { hints = pageStorage() } = {}) {
    this.#db = db;
    this.#hints = hints;
  }

  /**
   * The entry played last, read alone (list() reads every entry: ~100 ms more with 200 kept
   * games), or null when that is not known here (no note of it, or the entry noted is gone,
   * unreadable or was written since by another way): then list()'s first entry is.
   */
  async latest() {
    const hint = this.#readLatest();
    if (!hint) return null;
    const entry = await this.get(hint.id);
    return entry?.playedAt === hint.playedAt ? entry : null;
  }

  #readLatest() {
    try {
      const hint = JSON.parse(this.#hints?.getItem(LATEST) ?? "null");
      return typeof hint?.id === "string" && Number.isFinite(hint.playedAt) ? hint : null;
    } catch {
      return null;
    }
  }

  #noteLatest(entries) {
    let hint = this.#readLatest();
    for (const { id, playedAt } of entries) if (!hint || playedAt >= hint.playedAt) hint = { id, playedAt };
    try {
      this.#hints?.setItem(LATEST, JSON.stringify(hint));
    } catch {
      // not kept: latest() then says it does not know
    }
  }

  #forgetLatest(ids) {
    try {
      if (ids.includes(this.#readLatest()?.id)) this.#hints?.removeItem(LATEST);
    } catch {
      // as above
    }
  }

  /** {entries: readable ones, most recently played first; unreadable: [{id, value}]}. */
  async list() {
    const entries = [];
    const unreadable = [];
    // One read for all (a cursor costs a round trip per entry); the store's keyPath is `id`.
    for (const value of await this.#db.getAll(STORE)) {
      if (validEntry(value)) entries.push(value);
      else unreadable.push({ id: value.id, value });
    }
    entries.sort(byRecentPlay);
    return { entries, unreadable };
  }

  async get(id) {
    const entry = await this.#db.get(STORE, id);
    return validEntry(entry) ? entry : null;
  }

  /** Write an entry; a full disk rejects with LibraryError("full") and nothing is dropped. */
  async put(entry) {
    try {
      const tx = this.#db.transaction(STORE, "readwrite");
      const written = Promise.all([tx.store.put(entry), tx.done]);
      tx.commit?.(); // sent at once: a page being left (pagehide) still keeps it
      await written;
      this.#noteLatest([entry]);
    } catch (error) {
      if (isQuota(error)) throw new LibraryError("full", t("library.full"));
      throw error;
    }
  }

  /** Remove entries by id; resolves with what was removed (to put back on undo). */
  async remove(ids) {
    const tx = this.#db.transaction(STORE, "readwrite");
    const removed = [];
    for (const id of ids) {
      const value = await tx.store.get(id);
      if (value === undefined) continue;
      removed.push(value);
      await tx.store.delete(id);
    }
    await tx.done;
    this.#forgetLatest(ids);
    return removed;
  }

  /** Put removed entries back (undo of a delete). */
  async restore(entries) {
    const tx = this.#db.transaction(STORE, "readwrite");
    for (const entry of entries) await tx.store.put(entry);
    await tx.done;
    this.#noteLatest(entries);
  }
}

/** Open the library; rejects with LibraryError("blocked") where the browser keeps nothing. */
export async function openLibrary(openDB, options = {}) {
  if (typeof indexedDB === "undefined") throw new LibraryError("blocked", t("library.no-indexeddb"));
  try {
    const db = await openDB(DB_NAME, DB_VERSION, {
      upgrade(database) {
        if (!database.objectStoreNames.contains(STORE)) database.createObjectStore(STORE, { keyPath: "id" });
      },
    });
    return new GameLibrary(db, options);
  } catch (error) {
    throw new LibraryError("blocked", t("library.blocked", { reason: error?.name ?? String(error) }));
  }
}
