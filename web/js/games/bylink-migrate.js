// The by-link games of earlier builds were kept apart, in localStorage (key OLD_KEY: {<engine
// game id>: {seat, secret, link, names, updatedAt}}). On the first visit of this build each moves
// into the kept games (games.addByLink, through the engine's bylinkInspect), then the key is
// removed. Nothing is lost: a game the engine refuses, or a value that does not read, is moved
// aside under a key of its own and said; storage that is full or blocked leaves the key as it is.

import { t } from "../i18n/messages.js";
import { localStore, setAside } from "./legacy-autosave.js";

export const OLD_KEY = "taluva.bylink.v1";

const STAYS = new Set(["full", "blocked"]); // storage problems: tried again next visit

function readOld(backend) {
  try {
    return backend?.getItem(OLD_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The old games by id, or null when the value is not such a map. */
function parseOld(raw) {
  try {
    const kept = JSON.parse(raw);
    return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : null;
  } catch {
    return null;
  }
}

/** Move one old game into the kept games; whether it was added (false: kept already). */
async function moveGame(store, games, game) {
  const secret = typeof game?.secret === "string" ? game.secret : null;
  const info = await store.call("bylinkInspect", { link: String(game?.link ?? ""), secret });
  const names = Array.isArray(game.names) ? game.names.map((n) => (typeof n === "string" ? n : "")) : [];
  return games.addByLink(info, { secret, names, playedAt: game.updatedAt });
}

/** Resolves how many games moved; `notices` gets what the person must be told. */
export async function migrateByLinkGames(store, games, notices, backend = localStore()) {
  const raw = readOld(backend);
  if (raw === null || !games.available) return 0;
  const kept = parseOld(raw);
  if (!kept) {
    notices.push(t("bylink.migrate-failed", { count: 1, aside: setAside(backend, OLD_KEY, raw) }));
    return 0;
  }
  let moved = 0;
  const left = {};
  for (const [gameId, game] of Object.entries(kept)) {
    try {
      if (await moveGame(store, games, game)) moved++;
    } catch (error) {
      if (STAYS.has(error?.kind)) return moved;
      left[gameId] = game;
    }
  }
  const count = Object.keys(left).length;
  if (!count) backend.removeItem(OLD_KEY);
  else notices.push(t("bylink.migrate-failed", { count, aside: setAside(backend, OLD_KEY, JSON.stringify(left)) }));
  return moved;
}
