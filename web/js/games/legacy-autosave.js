// The autosave of earlier builds: one game in localStorage, read once to move it into the kept
// games (migrate.js). This build writes no autosave of its own.
//
// Saved value (key SAVE_KEY): {"v": 2, "share": <share code>, "seats": [{name, colour, type}],
// "seed"?: <the game's seed>, "savedAt": <ms>}; the v1 key of older builds is read too. A save
// that cannot be read is moved aside to `${SAVE_KEY}-corrupt-<timestamp>`, never thrown away.

import { t } from "../i18n/messages.js";
import { cleanName } from "../game/seats.js";

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
    const seat = { name: cleanName(s?.name) || t("seat.unnamed"), colour: String(s?.colour ?? "") };
    if (typeof s?.type === "string") seat.type = s.type.slice(0, 40);
    if (typeof s?.level === "string") seat.level = s.level.slice(0, 40);
    return seat;
  });
}

/** A saved value read back: {share, seats, seed}; throws when it is not a save. */
function parseSave(raw, key) {
  const data = JSON.parse(raw);
  const seats = cleanSeats(data?.seats);
  if (typeof data?.share !== "string" || !data.share || !seats) throw new Error("not a save");
  if (key === SAVE_KEY && data.v !== 2) throw new Error("unknown save version");
  return { share: data.share, seats, seed: Number.isInteger(data.seed) ? data.seed : null };
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
      return { save: parseSave(raw, key), problem: null, key };
    } catch {
      const aside = setAside(store, key, raw);
      return {
        save: null,
        problem: t("migrate.unreadable", { aside }),
      };
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
