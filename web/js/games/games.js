// The kept games as the page uses them: the library (IndexedDB) and the keeper (the game on
// screen, written after every change), with what the Games list and the backup need. Every
// question about a game goes to the engine: what a code or record holds (inspectCode,
// inspectRecord), whether two codes are one game (relateCodes), a code's record (recordOfCode).

import { exportText, splitBackup } from "./backup.js";
import { GameKeeper } from "./keeper.js";
import { byLinkEntryId, byLinkFacts, makeEntry } from "./library.js";
import { completeSeats, hashText } from "../game/seats.js";
import { newGameId } from "../game/store.js";

/** What a backup's "# game" line may say, each field checked (it is data from a file). */
function cleanMeta(meta) {
  const m = meta && typeof meta === "object" ? meta : {};
  const times = {};
  if (Number.isFinite(m.createdAt)) times.createdAt = m.createdAt;
  if (Number.isFinite(m.playedAt)) times.playedAt = m.playedAt;
  return {
    id: typeof m.id === "string" ? m.id : null,
    name: typeof m.name === "string" ? m.name : null,
    seats: Array.isArray(m.seats) ? m.seats.filter((x) => x && typeof x === "object") : [],
    seed: Number.isInteger(m.seed) ? m.seed : null,
    times,
  };
}

/** `library` may be null (storage blocked): then nothing is kept and the list is empty. */
export function keptGames(store, library, { onProblem = () => {}, onSaved = () => {} } = {}) {
  const keeper = new GameKeeper(store, library, { onProblem, onSaved });

  async function list() {
    if (!library) return { entries: [], unreadable: [] };
    const found = await library.list();
    keeper.remember(found.entries);
    return found;
  }

  /**
   * Kept games that are the game of `code`: [{entry, relation}], relation "same" (identical),
   * "ahead" (the kept game continues the code's) or "behind" (the code continues it).
   */
  async function relatives(code, lineage) {
    const { entries } = await list();
    // A by-link game is no share code's: its links are its own (bylink/bylink.js).
    const candidates = entries.filter((e) => e.lineage && e.lineage === lineage && !e.bylink);
    if (!candidates.length) return [];
    const relations = await store.call("relateCodes", { code, others: candidates.map((e) => e.share) });
    return candidates.map((entry, i) => ({ entry, relation: relations[i] })).filter((r) => r.relation);
  }

  /** Put a game the engine inspected into the library, unless it is kept already. */
  async function add(info, meta = null) {
    const known = await relatives(info.share, info.summary?.lineage);
    if (known.some((r) => r.relation === "same" || r.relation === "ahead")) return false;
    const m = cleanMeta(meta);
    const seats = completeSeats(m.seats, info.state.players.length);
    const id = m.id && !(await library.get(m.id)) ? m.id : newGameId();
    const entry = makeEntry({ id, view: info, seats, seed: m.seed, name: m.name });
    await library.put({ ...entry, ...m.times });
    return true;
  }

  /** The kept entry `id`, or null; the keeper's waiting writes come first (they wait for a frame). */
  async function entry(id) {
    if (!library) return null;
    await keeper.flush();
    const found = await library.get(id);
    if (found) keeper.remember([found]);
    return found;
  }

  /**
   * Keep a by-link game the engine inspected (bylinkInspect) with this device's `secret` and
   * the people's `names`, unless it is kept already; `playedAt`: when it was last played.
   */
  async function addByLink(info, { secret = null, names = [], playedAt = null } = {}) {
    const id = byLinkEntryId(info.bylink.gameId);
    if (await library.get(id)) return false;
    const seats = completeSeats([], info.state.players.length, names);
    const bylink = byLinkFacts(info.bylink, secret);
    const made = makeEntry({ id, view: info, seats, seed: hashText(info.bylink.link), bylink });
    await library.put(Number.isFinite(playedAt) ? { ...made, createdAt: playedAt, playedAt } : made);
    return true;
  }

  /** Open a kept game: a by-link one from its last link, with this device's secret of it. */
  function open(entry) {
    if (entry.bylink) {
      const { link, secret } = entry.bylink;
      return store.openByLink({ link, secret, seats: entry.seats, id: entry.id });
    }
    return store.load({ share: entry.share, seats: entry.seats, seed: entry.seed, id: entry.id, source: "kept" });
  }

  return {
    available: Boolean(library),
    keeper,
    list,
    entry,
    addByLink,
    /** The entry played last, read alone, or null if not known so (then list() says). */
    latest: () => (library ? library.latest() : Promise.resolve(null)),
    relatives,
    add,
    open,
    rename: (id, name) => keeper.rename(id, name),
    async remove(ids) {
      const removed = await library.remove(ids);
      ids.forEach((id) => keeper.forget(id));
      return removed;
    },
    restore: (entries) => library.restore(entries),
    async exportAll() {
      const { entries } = await list();
      return exportText(entries, (code) => store.call("recordOfCode", { code }));
    },
    /** Import a backup: {added, known, failed: [reasons]}; kept games are never doubled. */
    async importText(text) {
      const result = { added: 0, known: 0, failed: [] };
      for (const { meta, record } of splitBackup(text)) {
        try {
          const info = await store.call("inspectRecord", { text: record });
          if (await add(info, meta)) result.added++;
          else result.known++;
        } catch (error) {
          result.failed.push(error?.reason ?? error?.message ?? String(error));
        }
      }
      if (!result.added && !result.known && !result.failed.length) result.failed.push("the file holds no game record");
      return result;
    },
  };
}
