// Words for a kept game in the Games list: its title, where it stands, when it was played. A
// seat named by no one is named in the page's language, whichever it was kept in.

import { shownName } from "../game/seats.js";
import { currentLanguage, list, t } from "../i18n/messages.js";

/** Seat `i`'s name in a kept `entry`, as shown ("?" for a seat it does not have). */
export function seatName(entry, i) {
  return entry.seats[i] ? shownName(entry.seats[i].name, i) : "?";
}

/** The person's name for the game, or its seats' names. */
export function gameTitle(entry) {
  return entry.name || entry.seats.map((_, i) => seatName(entry, i)).join(t("games.vs"));
}

/**
 * "Ann to place · step 12", or "Finished · 40 steps"; a by-link game says whose device it waits
 * for: "Your turn, Ann · step 12", "Waiting for Bo · step 12", "Waiting for Bo to join".
 */
export function gameStanding(entry) {
  if (entry.phase === "over") return t("games.finished", { steps: entry.steps });
  if (entry.bylink) return byLinkStanding(entry);
  const name = seatName(entry, entry.current);
  return t("games.standing", { name, phase: entry.phase === "build" ? "build" : "place", step: entry.steps });
}

function byLinkStanding(entry) {
  const { stage, toAct, seat } = entry.bylink;
  const name = seatName(entry, toAct);
  const whose = stage === "joining" ? "joining" : toAct === seat ? "mine" : "other";
  return t("bylink.standing", { whose, name, step: entry.steps });
}

/** "Won by Ann" for a finished game (the engine's winners, kept in its state); null before the end. */
export function gameWinners(entry) {
  const winners = entry.phase === "over" ? entry.state?.result?.winners : null;
  if (!Array.isArray(winners)) return null;
  const names = winners.map((seat) => seatName(entry, seat));
  return t("games.won", { count: names.length, names: list(names) });
}

const UNITS = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "played 5 minutes ago", through Intl, in the page's language. */
export function playedAgo(when, now = Date.now(), locale = currentLanguage() ?? "en") {
  const seconds = Math.round((when - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return t("games.played", { when: format.format(Math.round(seconds / size), unit) });
  }
  return t("games.played-now");
}
