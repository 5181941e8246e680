// The URL hash of a shared game: its layout, parsed and written here and nowhere else.
//
// Layout 1 (README "Links and embedding"):
//
//   #g=<code>[&at=<step>][&p=<name>,<name>...]
//
//   g   the engine's share code (engine/taluva/sharecode.py): options, tiles drawn, every move.
//       It is versioned and checksummed itself; this page only passes it to the engine.
//   at  optional: open the replay at this step (decisions made: placements and builds).
//   p   optional: seat names, each percent-encoded, comma-separated; at most 4 names of at most
//       MAX_NAME characters. Names are only ever shown as text (textContent), never as markup.
//   v   reserved: a later layout adds v=2 or more; this page then says the link is newer.
//
// Keys this page does not know are ignored, so a later layout can add keys without breaking
// links for this page. Nothing in the hash is ever executed or inserted as HTML.

export const HASH_LAYOUT = 1;
export const MAX_NAME = 24;
export const MAX_SEATS = 4;
const MAX_HASH = 2000; // a real game's hash is ~200 characters
const CODE_CHARS = /^[A-Za-z0-9_-]*$/;

/** A newer or malformed hash layout (the share code's own errors come from the engine). */
export class HashError extends Error {
  constructor(message) {
    super(message);
    this.name = "HashError";
  }
}

function decodePart(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null; // a broken %-escape
  }
}

/** Clean a seat name for display: plain text, no control characters, length-limited. */
export function cleanName(name) {
  const text = String(name ?? "")
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return [...text].slice(0, MAX_NAME).join("");
}

/**
 * Parse a location hash ("#g=..."). Returns null when it carries no game at all (no "g" key),
 * else `{code, at, names}`; throws HashError for a hash that claims a game but cannot be read
 * before the engine is even asked (a newer layout, a broken escape, absurd length).
 * `code` is passed to the engine unchecked otherwise: the engine's decoder is the judge.
 */
export function parseHash(hash) {
  const text = String(hash ?? "").replace(/^#/, "");
  if (!text) return null;
  if (text.length > MAX_HASH) throw new HashError("too long: the link is far longer than any game");
  const fields = new Map();
  for (const part of text.split("&")) {
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    if (!fields.has(key)) fields.set(key, eq < 0 ? "" : part.slice(eq + 1));
  }
  if (!fields.has("g")) return null;
  const version = fields.has("v") ? Number(fields.get("v")) : HASH_LAYOUT;
  if (!(version >= 1)) throw new HashError("corrupt: the link's layout number is not readable");
  if (version > HASH_LAYOUT) {
    throw new HashError(`newer: this link was made by a newer version of the game (layout ${version})`);
  }
  const code = decodePart(fields.get("g"));
  if (code === null) throw new HashError("corrupt: the link has a broken %-escape");
  let at = null;
  if (fields.has("at")) {
    const raw = fields.get("at");
    at = /^\d{1,4}$/.test(raw) ? Number(raw) : null; // a bad step only loses the step
  }
  let names = [];
  if (fields.has("p")) {
    names = fields
      .get("p")
      .split(",")
      .slice(0, MAX_SEATS)
      .map((n) => cleanName(decodePart(n) ?? ""));
  }
  return { code, at, names };
}

/** The hash for a game: "#g=<code>" plus the optional step and seat names. */
export function formatHash({ code, at = null, names = [] }) {
  // A share code only has URL-safe characters; escape anything else anyway.
  let hash = `#g=${CODE_CHARS.test(code) ? code : encodeURIComponent(code)}`;
  if (Number.isInteger(at) && at >= 0) hash += `&at=${at}`;
  const clean = names.slice(0, MAX_SEATS).map(cleanName);
  if (clean.some((n) => n)) hash += `&p=${clean.map(encodeURIComponent).join(",")}`;
  return hash;
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

/**
 * A person's sentence for a code the engine or the hash parser refused. The engine's messages
 * start with a keyword (empty, newer, corrupt, options, too long) and a colon.
 */
export function explainCodeError(message) {
  const text = String(message ?? "");
  const colon = text.indexOf(":");
  const kind = colon > 0 ? text.slice(0, colon).trim() : "";
  const detail = colon > 0 ? text.slice(colon + 1).trim() : text;
  const lead = {
    empty: "The link carries no game.",
    newer: "The link was made by a newer version of Taluva than this one.",
    corrupt: "The link is damaged (cut short or altered), so its game cannot be shown.",
    options: "The link names game options this version does not know.",
    "too long": "The link is far too long to be a game.",
  }[kind] ?? "The link's game cannot be read.";
  return detail && detail !== lead ? `${lead} (${detail})` : lead;
}

/** Cheap facts of a share code read without the engine (for the embed's placeholder). */
export function peekCode(code) {
  const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  if (typeof code !== "string" || code.length < 7 || code[0] !== "1") return null;
  const digit = (c) => ALPHABET.indexOf(c);
  if ([...code.slice(1)].some((c) => digit(c) < 0)) return null;
  const value = digit(code[1]) * 64 + digit(code[2]);
  const players = (value % 3) + 2;
  const tiles = ["12", "18", "24", "all"][Math.floor(value / 3) % 4];
  const found = ["isolated", "any"][Math.floor(value / 12) % 2];
  const rank = Boolean(Math.floor(value / 24) % 2);
  const teams = Boolean(Math.floor(value / 48) % 2);
  let number = 0n;
  for (const c of code.slice(6)) number = number * 64n + BigInt(digit(c));
  // The lowest digit counts the code's choices: per turn a tile drawn, a placement, a build.
  const choices = Number(number % 146n); // radix MAX_STEPS + 1 = 48 * 3 + 2
  const tilesDrawn = Math.ceil(choices / 3);
  return { players, tiles, found, rank, teams, tilesDrawn, steps: choices - tilesDrawn };
}
