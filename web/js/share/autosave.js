// Autosave: the game in progress, kept in localStorage after every move, and the storage the
// game screen (web/js/ui/controller.js) is given instead of localStorage itself.
//
// The game screen calls storage.getItem(key) once at start (the game to resume, as JSON
// {share, seats}) and storage.setItem(key, json) after every change. This adapter answers the
// first with the game boot.js chose (a link's, the autosave's, or none) and turns the second
// into: the URL hash follows the game, and the autosave is written under a versioned key.
//
// Saved value (key SAVE_KEY): {"v": 2, "share": <share code>, "seats": [{name, colour, type}],
// "savedAt": <ms>}. The v1 key of earlier builds is read once and migrated. A save that cannot
// be read is moved aside to `${SAVE_KEY}-corrupt-<timestamp>`, never thrown away silently.

import { cleanName } from "./hash.js";

export const SAVE_KEY = "taluva.autosave.v2";
export const LEGACY_KEYS = ["taluva.game.v1"];

export function localStore() {
  try {
    const store = window.localStorage;
    const probe = "taluva.probe";
    store.setItem(probe, "1");
    store.removeItem(probe);
    return store;
  } catch {
    return null; // blocked (a sandboxed or third-party frame, a privacy mode): no autosave
  }
}

/** Seats as saved: names cleaned, only the known fields kept (a save is data, never markup). */
export function cleanSeats(seats) {
  if (!Array.isArray(seats) || seats.length < 2 || seats.length > 4) return null;
  return seats.map((s) => {
    const seat = { name: cleanName(s?.name) || "Player", colour: String(s?.colour ?? "") };
    if (typeof s?.type === "string") seat.type = s.type.slice(0, 40);
    if (typeof s?.level === "string") seat.level = s.level.slice(0, 40);
    return seat;
  });
}

/**
 * Read the autosave. Returns {save: {share, seats} | null, problem: string | null, key}.
 * A value that is not a readable save is set aside (problem says so); none at all is not a problem.
 */
export function readAutosave(store = localStore()) {
  if (!store) return { save: null, problem: null };
  for (const key of [SAVE_KEY, ...LEGACY_KEYS]) {
    let raw;
    try {
      raw = store.getItem(key);
    } catch {
      return { save: null, problem: null };
    }
    if (raw === null) continue;
    try {
      const data = JSON.parse(raw);
      const seats = cleanSeats(data?.seats);
      if (typeof data?.share !== "string" || !data.share || !seats) throw new Error("not a save");
      if (key === SAVE_KEY && data.v !== 2) throw new Error("unknown save version");
      return { save: { share: data.share, seats }, problem: null, key };
    } catch {
      const aside = setAside(store, key, raw);
      return { save: null, problem: `The saved game could not be read, so a new game has started. The unreadable save was kept under “${aside}”.` };
    }
  }
  return { save: null, problem: null };
}

/** Move a save that cannot be used to `<key>-corrupt-<timestamp>`; returns that key. */
export function setAside(store, key, raw) {
  const aside = `${key}-corrupt-${Date.now()}`;
  try {
    store.setItem(aside, raw ?? store.getItem(key) ?? "");
  } catch {
    /* full: the save is dropped rather than blocking the game */
  }
  try {
    store.removeItem(key);
  } catch {
    /* nothing more to do */
  }
  return aside;
}

/**
 * The storage object for the game screen. `initial`: the game it should resume ({share, seats})
 * or null. `fromLink`: the page was opened by a link, so the autosave (another game, perhaps)
 * is kept until the game shown first changes (a move, undo, or a new game). `onChange({share, seats})` runs after every change the screen
 * saves (boot.js updates the hash there).
 */
export function gameStorage({ initial, fromLink = false, onChange = () => {}, store = localStore() }) {
  let first = initial;
  // After a link: undefined until the first game is shown, then that game's code until it changes.
  let untouched = fromLink ? undefined : null;
  return {
    getItem() {
      const value = first ? JSON.stringify(first) : null;
      first = null; // asked once, at start
      return value;
    },
    setItem(_key, json) {
      let data;
      try {
        data = JSON.parse(json);
      } catch {
        return;
      }
      const seats = cleanSeats(data?.seats);
      if (typeof data?.share !== "string" || !seats) return;
      onChange({ share: data.share, seats });
      if (untouched === undefined) untouched = data.share;
      if (untouched !== null) {
        if (data.share === untouched) return; // a link just opened: keep the autosave as is
        untouched = null; // the first move after the link: from now on this is the game to keep
      }
      if (!store) return;
      try {
        store.setItem(SAVE_KEY, JSON.stringify({ v: 2, share: data.share, seats, savedAt: Date.now() }));
        for (const key of LEGACY_KEYS) store.removeItem(key);
      } catch {
        /* storage full or blocked: the game goes on unsaved */
      }
    },
    removeItem() {},
    /** Keep the autosave as it is while the game shown is `share` (a link's game, shown late). */
    hold(share) {
      if (untouched !== null) untouched = share;
    },
  };
}
