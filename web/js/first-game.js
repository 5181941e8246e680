// Which game the page opens with: the one in the URL hash, else the kept game played last, else
// a new one. Opening a link adds a game to the kept ones, or finds it there (the engine says
// whether two codes are one game), and never overwrites another. A link or a save that cannot
// be read is reported in words and a new game starts: never a crash.
//
// Returns {source, at}: source link | kept | new | bad-link | bad-save | live.

import { FIRST_VISIT_SEATS, kindsToSeats } from "./game/seats.js";
import { t } from "./i18n/messages.js";
import { stateOf } from "./games/library.js";
import { migrateAutosave } from "./games/migrate.js";
import { migrateByLinkGames } from "./games/bylink-migrate.js";
import { byLinkProblem } from "./share/bylink-problem.js";
import { parseByLinkHash } from "./share/bylink-hash.js";
import { HashError, parseHash } from "./share/hash.js";
import { linkProblem } from "./i18n/load-errors.js";
import { pictureColours, readPicture } from "./pictures/picture.js";
import { isLiveHash } from "./live/entry.js";

async function openLink(store, games, link, notices) {
  const info = await store.call("inspectCode", { code: link.code });
  const kin = games.available ? await games.relatives(link.code, info.summary?.lineage) : [];
  const kept = kin.find((r) => r.relation === "same" || r.relation === "ahead");
  if (kept) {
    await games.open(kept.entry);
    if (kept.relation === "ahead") {
      notices.push({
        text: t("start.played-on"),
        kind: "info",
      });
    }
    return;
  }
  // A link that continues a kept game moves that game on; any other is a new game. Its seats
  // are played as the link says (k=): the computer stays the computer.
  const older = kin.find((r) => r.relation === "behind")?.entry;
  const kinds = kindsToSeats(link.kinds, link.kinds ? await store.call("aiLevels") : []);
  const seats = linkSeats(link, older?.seats, kinds);
  const view = await store.load({
    share: link.code,
    names: link.names,
    seats,
    seed: older?.seed,
    id: older?.id,
    source: "link",
  });
  if (view.state.phase === "over") {
    notices.push(t("start.link-over"));
  }
}

/**
 * A link's seats: those of the kept game it continues, else in the colours its picture shows (the
 * sender's, as the board drawn before the engine had them); each played as the link says.
 */
function linkSeats(link, kept, kinds) {
  let colours = [];
  try {
    if (!kept && link.picture) colours = pictureColours(readPicture(link.picture));
  } catch {
    // an unreadable picture: the page's colours
  }
  const count = Math.max(kept?.length ?? 0, kinds?.length ?? 0, colours.length);
  if (!count) return undefined;
  return Array.from({ length: count }, (_, i) => ({
    ...(colours[i] ? { colour: colours[i] } : {}),
    ...kept?.[i],
    ...kinds?.[i],
  }));
}

async function fromLink(store, games, hash, notices) {
  let link;
  try {
    link = parseHash(hash);
  } catch (error) {
    if (!(error instanceof HashError)) throw error;
    notices.push(t("start.bad-link", { problem: linkProblem(error) }));
    return { source: "bad-link" };
  }
  if (!link) return null;
  try {
    await openLink(store, games, link, notices);
    return { source: "link", at: link.at };
  } catch (error) {
    notices.push(t("start.bad-link", { problem: linkProblem(error) }));
    return { source: "bad-link" };
  }
}

/** The kept game played last, if it is not over. */
async function resume(store, games, notices) {
  const { entries, unreadable } = await games.list();
  if (unreadable.length) {
    notices.push(t("start.unreadable", { count: unreadable.length }));
  }
  const last = entries[0];
  if (!last || last.phase === "over") return null;
  try {
    await games.open(last);
    return { source: "kept" };
  } catch (error) {
    notices.push(t("start.resume-failed", { problem: linkProblem(error) }));
    return { source: "bad-save" };
  }
}

/**
 * The kept game openFirstGame will open, when that is known without the engine, so the page can
 * draw it while the engine starts: {entry, state} or null. A link's game is known only if a kept
 * game came from that very code, or is that code (any other relation needs the engine's word).
 */
export async function keptGameToShow(games, { hash = location.hash } = {}) {
  if (!games.available) return null;
  let link = null;
  try {
    link = parseHash(hash);
  } catch {
    return null; // a bad link starts a new game
  }
  if (parseByLinkHash(hash)) return null; // a by-link game opens through the engine only
  let entry;
  if (link) {
    const { entries } = await games.list();
    entry = entries.find((e) => e.share === link.code || e.origin === link.code);
  } else {
    // The game played last, as openFirstGame resumes it, read alone where that is known.
    const last = (await games.latest()) ?? (await games.list()).entries[0];
    entry = last?.phase !== "over" && last;
  }
  const state = entry && stateOf(entry);
  return state ? { entry, state } : null;
}

/** A by-link game's link (bylink/bylink.js): joined, played or shown; null if the hash has none. */
async function fromByLink(store, byLink, hash, notices) {
  const link = byLink ? parseByLinkHash(hash) : null;
  if (!link) return null;
  try {
    await byLink.open(link.link, link.names);
    return { source: "bylink" };
  } catch (error) {
    notices.push(t("fair.refused", { problem: byLinkProblem(error, link.names) }));
    return { source: "bad-link" };
  }
}

/**
 * Open the game a link's hash names (`#g=`, `#f=`, or a live link's), as a fresh load of the page does and as
 * the page does when the next link is opened in its tab (app.js): {source, at} (source link |
 * bylink | bad-link), or null when the hash names no game. `notices` gets what the person must be
 * told.
 */
export async function openLinkHash(
  store,
  games,
  { hash = location.hash, notices = [], byLink = null, live = null } = {},
) {
  return (
    (await fromLive(store, games, { hash, notices, live })) ??
    (await fromByLink(store, byLink, hash, notices)) ??
    (await fromLink(store, games, hash, notices))
  );
}

/**
 * A live link (`#live=` or `#live-answer=`, live/live.js) opened on the page's start: the kept
 * game played last first (or a new one), then the invitation or the answer over it.
 */
async function fromLive(store, games, { hash, notices, live }) {
  if (!live || !isLiveHash(hash)) return null;
  const opened = (await resume(store, games, notices)) ?? { source: "new" };
  if (opened.source !== "kept") await store.newGame({ source: "new", seats: FIRST_VISIT_SEATS });
  try {
    await live.openHash(hash);
  } catch (error) {
    notices.push(t("start.bad-link", { problem: linkProblem(error) }));
  }
  return { source: "live", at: null };
}

/**
 * Open the first game in `store`; `notices` gets what the person must be told; `byLink` opens
 * by-link games (bylink/bylink.js), `live` live links (live/entry.js).
 */
export async function openFirstGame(
  store,
  games,
  { hash = location.hash, notices = [], byLink = null, live = null } = {},
) {
  // By-link games of earlier builds join the kept games first: a link may continue one.
  await migrateByLinkGames(store, games, notices);
  let opened = await openLinkHash(store, games, { hash, notices, byLink, live });
  if (!opened && games.available) {
    const migrated = await migrateAutosave(store, games, notices);
    opened = (await resume(store, games, notices)) ?? (migrated === "bad" ? { source: "bad-save" } : null);
  }
  opened ??= { source: "new" };
  if (["link", "kept", "bylink", "live"].includes(opened.source)) return { at: null, ...opened };
  // No game to open: one starts at once, the person against the intermediate computer (the New
  // game button offers the rest), so a first visit is a game, not a form.
  await store.newGame({ source: opened.source, seats: FIRST_VISIT_SEATS });
  return { at: null, ...opened };
}
