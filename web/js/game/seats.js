// Seats at the table: a name, a colour and who plays it (a person or a computer level). The
// engine knows seats only by number; everything here is the page's own bookkeeping.

import { levelName } from "../i18n/engine-text.js";
import { t } from "../i18n/messages.js";
import { PLAYER_COLOURS } from "../base/theme.js";

const DEFAULT_COLOURS = ["red", "blue", "white", "purple"];

/** The longest seat name kept, in characters (code points): a link carries at most this. */
export const MAX_NAME = 24;

/** Clean a seat name for display: plain text, no control characters, length-limited. */
export function cleanName(name) {
  const text = String(name ?? "")
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return [...text].slice(0, MAX_NAME).join("");
}

// Every language's default seat name, as its catalogue has it (tests/js/seats.test.mjs holds
// them to the catalogues): a seat still so named was named by no one, so it follows the page's
// language ("Gracz 1" of a Polish visit is "Spieler 1" on a German screen).
export const DEFAULT_NAMES = ["Player {n}", "Spieler {n}", "Joueur {n}", "Gracz {n}", "Игрок {n}", "玩家{n}"];

/** Whether `name` is seat `i`'s default name in any of the page's languages. */
export function isDefaultName(name, i) {
  return DEFAULT_NAMES.some((pattern) => pattern.replace("{n}", String(i + 1)) === name);
}

/** Seat `i`'s name as shown: a default name (in whatever language it was made) in the page's. */
export function shownName(name, i) {
  return !name || isDefaultName(name, i) ? t("seat.default-name", { n: i + 1 }) : name;
}

/**
 * `seats` with every name no one typed in the page's language (after a switch of language): the
 * default ones, and those the page gave by a message (`nameKey`: the lesson's "You").
 */
export function localSeats(seats) {
  return seats.map((seat, i) => {
    const name = seat.nameKey ? t(seat.nameKey) : shownName(seat.name, i);
    return name === seat.name ? seat : { ...seat, name };
  });
}

/** The four seats of a new table: "Player 1"… in the page's language, people all. */
export function defaultSeats() {
  return DEFAULT_COLOURS.map((colour, i) => ({ name: t("seat.default-name", { n: i + 1 }), colour, type: "human" }));
}

/** The first game of a first visit: the person against the intermediate computer, who moves second. */
export const FIRST_VISIT_SEATS = Object.freeze([{ type: "human" }, { type: "computer:intermediate" }]);

/** The computer level of a seat type ("computer:strong" -> "strong"), or null for a person. */
export function computerLevel(type) {
  return typeof type === "string" && type.startsWith("computer:") ? type.slice(9) : null;
}

/** A computer seat's one name, the same in the badge, the setup menu and the Games list:
 * "Computer (strong)"; null for a person. */
export function computerLabel(type) {
  const level = computerLevel(type);
  return level ? t("seat.computer", { level: levelName(level) }) : null;
}

/**
 * `count` seats: the given ones first (missing fields filled in), then the defaults. A seat
 * without a colour, or with one another seat already has, takes the next free colour.
 */
export function completeSeats(seats = [], count = 2, names = []) {
  const defaults = defaultSeats();
  const table = Array.from({ length: count }, (_, i) => {
    const given = seats[i] ?? {};
    const seat = { ...defaults[i], ...given, colour: given.colour ?? null };
    if (names[i]) seat.name = names[i];
    seat.name = shownName(seat.name, i); // a default one in this page's language
    return seat;
  });
  const taken = new Set();
  for (const seat of table) {
    if (seat.colour && !taken.has(seat.colour)) taken.add(seat.colour);
    else seat.colour = null;
  }
  for (const seat of table) {
    if (seat.colour) continue;
    seat.colour = PLAYER_COLOURS.find((c) => !taken.has(c.id)).id;
    taken.add(seat.colour);
  }
  return table;
}

/** Whether seat `i` still has its default name ("Player 2"): a friend by link not named yet. */
export function unnamed(seats, i) {
  const name = seats[i]?.name;
  return !name || name === t("seat.default-name", { n: i + 1 }) || isDefaultName(name, i);
}

/**
 * Seat names worth putting in a link: a seat with its default name ("Player 2") is left empty,
 * so that whoever opens the link reads it in their own language; none when every seat has it.
 */
export function linkNames(seats) {
  const defaults = defaultSeats();
  const names = seats.map((s, i) => (s.name === defaults[i]?.name || isDefaultName(s.name, i) ? "" : s.name));
  return names.some((n) => n) ? names : [];
}

/** Who plays each seat, for a link's k= field (share/hash.js): "human" or "computer:<level>". */
export function linkKinds(seats) {
  return seats.map((s) => (computerLevel(s.type) ? s.type : "human"));
}

/**
 * The seat types a link's k= field gave (`kinds`, or null), each computer at a level this
 * engine has (`levels`, its ids weakest first): a level it does not know, from a later build,
 * is played by its strongest. Null when the link names no kinds (every seat a person).
 */
export function kindsToSeats(kinds, levels) {
  if (!kinds) return null;
  return kinds.map((type) => {
    const level = computerLevel(type);
    if (!level) return { type: "human" };
    return { type: `computer:${levels.includes(level) || !levels.length ? level : levels.at(-1)}` };
  });
}

/** The seed of a seat's computer, derived from the game's seed so a seeded game replays. */
export function seatSeed(gameSeed, seat) {
  return ((gameSeed % 1_000_003) * 8 + seat + 1) >>> 0;
}

/** A stable 31-bit number from a text (a seed for a game whose seed is not known). */
export function hashText(text) {
  let x = 2166136261;
  for (let i = 0; i < text.length; i++) x = Math.imul(x ^ text.charCodeAt(i), 16777619);
  return (x >>> 0) % 2 ** 31;
}
