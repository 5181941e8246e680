// The URL hash of a shared game: its layout, parsed and written here and nowhere else.
//
// Layout 1 (docs/formats.md, "The URL hash"):
//
//   #g=<code>[&at=<step>][&p=<name>,<name>...]
//
//   g   the engine's share code (engine/taluva/formats/sharecode.py): options, tiles drawn, every move.
//       It is versioned and checksummed itself; this page only passes it to the engine.
//   at  optional: open the replay at this step (decisions made: placements and builds).
//   p   optional: seat names, each percent-encoded, comma-separated; at most 4 names of at most
//       MAX_NAME characters (game/seats.js). Names are only ever shown as text (textContent), never as markup.
//   s   optional: the game's summary as the engine gave it (view.summary), for the embed's
//       preview, which shows it without decoding the share code:
//       <players>.<tiles>.<found>.<flags>.<steps>.<tiles drawn>.<over>, flags "r" (O-RANK),
//       "t" (O-TEAMS) or "-", over 1 or 0; e.g. s=2.12.any.-.13.7.0
//   b   optional: a picture of the position (engine/taluva/formats/picture.py, read by pictures/picture.js,
//       versioned inside), which the embed and the page draw before the engine is up; for the
//       game at step `at` when that is given, else at its end. URL-safe base64 like the code.
//   k   optional: who plays each seat, versioned inside: "1." then one item a seat, "p" (a
//       person) or a computer level's id (intermediate, strong, ...), dot-separated, e.g.
//       k=1.p.intermediate. Left out when every seat is a person. A version this page does not
//       read, or an item that is no level id, loses the kinds only: every seat a person, as in
//       links made before the field.
//   lang optional: the language to show the page in (a BCP 47 tag: de, zh-TW); it changes
//       nothing of the game. Read by hashLanguage, also without a game (#lang=de).
//   v   reserved: a later layout adds v=2 or more; this page then says the link is newer.
//
// Keys this page does not know are ignored, so a later layout can add keys without breaking
// links for this page. Nothing in the hash is ever executed or inserted as HTML.

import { cleanName } from "../game/seats.js";

export const HASH_LAYOUT = 1;
export const MAX_SEATS = 4;
const MAX_HASH = 2000; // a real game's hash is ~200 characters
const CODE_CHARS = /^[A-Za-z0-9_-]*$/;

/**
 * A newer or malformed hash layout (the share code's own errors come from the engine). `kind`
 * is one of the engine's words for a code it refuses: newer | corrupt | too-long.
 */
export class HashError extends Error {
  constructor(kind, reason) {
    super(`${kind}: ${reason}`);
    this.name = "HashError";
    this.kind = kind;
    this.reason = reason;
  }
}

function decodePart(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null; // a broken %-escape
  }
}

/**
 * Parse a location hash ("#g=..."). Returns null when it carries no game at all (no "g" key),
 * else `{code, at, names, kinds, summary, picture}`; throws HashError for a hash that claims a game but cannot be read
 * before the engine is even asked (a newer layout, a broken escape, absurd length).
 * `code` is passed to the engine unchecked otherwise: the engine's decoder is the judge.
 */
export function parseHash(hash) {
  const text = String(hash ?? "").replace(/^#/, "");
  if (!text) return null;
  if (text.length > MAX_HASH) throw new HashError("too-long", "the link is far longer than any game");
  const fields = readFields(text);
  if (!fields.has("g")) return null;
  checkLayout(fields);
  const code = decodePart(fields.get("g"));
  if (code === null) throw new HashError("corrupt", "the link has a broken %-escape");
  // A share code is URL-safe base64 (the layout's promise); what it encodes is the engine's.
  if (!CODE_CHARS.test(code)) throw new HashError("corrupt", "the link's game code has characters no game code has");
  const raw = fields.get("at");
  const at = /^\d{1,4}$/.test(raw ?? "") ? Number(raw) : null; // a bad step only loses the step
  const names = (fields.get("p")?.split(",") ?? []).slice(0, MAX_SEATS).map((n) => cleanName(decodePart(n) ?? ""));
  const summary = fields.has("s") ? parseSummary(fields.get("s")) : null;
  return { code, at, names, summary, picture: pictureField(fields.get("b")), kinds: parseKinds(fields.get("k")) };
}

/** The version of the k= field this page writes and reads. */
export const KINDS_VERSION = 1;
const PERSON = "p";
const LEVEL_ID = /^[a-z]{1,16}$/;

/**
 * The k= field read: one seat type a seat ("human" or "computer:<level>", game/seats.js), or
 * null when there is none or it cannot be read (a later version, a broken item): the seats are
 * then people, as in a link made before the field.
 */
export function parseKinds(text) {
  if (!text || text.length > 100) return null;
  const [version, ...items] = text.split(".");
  if (version !== String(KINDS_VERSION) || !items.length || items.length > MAX_SEATS) return null;
  if (!items.every((item) => item === PERSON || LEVEL_ID.test(item))) return null;
  return items.map((item) => (item === PERSON ? "human" : `computer:${item}`));
}

/** The k= field for seat types ("human", "computer:<level>"), or null when all are people. */
export function formatKinds(kinds) {
  const items = (kinds ?? []).slice(0, MAX_SEATS).map((type) => {
    const level = typeof type === "string" && type.startsWith("computer:") ? type.slice(9) : null;
    return level && LEVEL_ID.test(level) ? level : PERSON;
  });
  return items.some((item) => item !== PERSON) ? [KINDS_VERSION, ...items].join(".") : null;
}

/** The b= field as it stands, or null: a bad picture only loses the early drawing. */
function pictureField(text) {
  return text && CODE_CHARS.test(text) ? text : null; // pictures/picture.js reads it whole
}

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/;

/** The language a hash names (`lang=`), or null; never throws (a bad tag is just ignored). */
export function hashLanguage(hash) {
  const text = String(hash ?? "").replace(/^#/, "");
  if (!text || text.length > MAX_HASH) return null;
  const tag = readFields(text).get("lang");
  return tag && LANGUAGE_TAG.test(tag) ? tag : null;
}

/** The hash's key=value fields; the first of a repeated key counts. */
function readFields(text) {
  const fields = new Map();
  for (const part of text.split("&")) {
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    if (!fields.has(key)) fields.set(key, eq < 0 ? "" : part.slice(eq + 1));
  }
  return fields;
}

function checkLayout(fields) {
  const version = fields.has("v") ? Number(fields.get("v")) : HASH_LAYOUT;
  if (!(version >= 1)) throw new HashError("corrupt", "the link's layout number is not readable");
  if (version > HASH_LAYOUT) {
    throw new HashError("newer", `this link was made by a newer version of the game (layout ${version})`);
  }
}

/**
 * The hash for a game: "#g=<code>" plus the optional step, seat names, seats' kinds (types:
 * "human" | "computer:<level>"), summary and picture.
 */
export function formatHash({ code, at = null, names = [], kinds = null, summary = null, picture = null }) {
  // A share code only has URL-safe characters; escape anything else anyway.
  const fields = [["g", CODE_CHARS.test(code) ? code : encodeURIComponent(code)]];
  if (Number.isInteger(at) && at >= 0) fields.push(["at", at]);
  fields.push(["p", namesField(names)], ["k", formatKinds(kinds)]);
  if (summary) fields.push(["s", formatSummary(summary)]);
  if (picture && CODE_CHARS.test(picture)) fields.push(["b", picture]);
  return `#${fields
    .filter(([, value]) => value !== null)
    .map(([key, value]) => `${key}=${value}`)
    .join("&")}`;
}

/** The p= field: the seats' names, or null when none has one. */
function namesField(names) {
  const clean = names.slice(0, MAX_SEATS).map(cleanName);
  return clean.some((n) => n) ? clean.map(encodeURIComponent).join(",") : null;
}

const TILES = ["12", "18", "24", "all"];
const FOUND = ["isolated", "any"];
const COUNT = /^\d{1,3}$/;

/** The summary field: the engine's view.summary in a few URL-safe characters. */
export function formatSummary(s) {
  const flags = `${s.rank ? "r" : ""}${s.teams ? "t" : ""}` || "-";
  return [s.players, s.tiles, s.found, flags, s.steps, s.tilesDrawn, s.over ? 1 : 0].join(".");
}

/** The summary field read back, or null when it is not one (the preview then shows less). */
export function parseSummary(text) {
  const parts = String(text).split(".");
  if (parts.length !== 7) return null;
  const [players, tiles, found, flags, steps, tilesDrawn, over] = parts;
  const ok =
    /^[234]$/.test(players) &&
    TILES.includes(tiles) &&
    FOUND.includes(found) &&
    /^(-|r|t|rt)$/.test(flags) &&
    COUNT.test(steps) &&
    COUNT.test(tilesDrawn) &&
    /^[01]$/.test(over);
  if (!ok) return null;
  return {
    players: Number(players),
    tiles,
    found,
    rank: flags.includes("r"),
    teams: flags.includes("t"),
    steps: Number(steps),
    tilesDrawn: Number(tilesDrawn),
    over: over === "1",
  };
}

/** Replace the hash without a new history entry (one entry per page, not one per move). */
export function replaceHash(hash) {
  if (location.hash === hash) return;
  try {
    history.replaceState(history.state, "", `${location.pathname}${location.search}${hash}`);
  } catch {
    /* a sandboxed or odd document may refuse: the link just does not follow */
  }
}
