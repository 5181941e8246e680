// The URL hash of a by-link game (bylink/bylink.js; docs/formats.md, "By-link links"):
//
//   #f=<link>[&p=<name>,<name>...]
//
//   f   the engine's by-link link (engine/taluva/play/bylink/): its format digit and URL-safe
//       base64. The engine checks it whole; this page only passes it on.
//   p   the people's names, as in hash.js. A signed link (format 3) carries each joined seat's
//       name as that seat signed it, which wins (game/store.js); these name the seats still to
//       join, and older links' seats.

import { cleanName } from "../game/seats.js";
import { MAX_SEATS } from "./hash.js";

const LINK_CHARS = /^[A-Za-z0-9_-]{1,1600}$/; // the engine's MAX_LENGTH

/** The by-link game a hash names: {link, names}, or null when it names none. */
export function parseByLinkHash(hash) {
  const fields = new Map();
  for (const part of String(hash ?? "")
    .replace(/^#/, "")
    .split("&")) {
    const eq = part.indexOf("=");
    if (eq > 0 && !fields.has(part.slice(0, eq))) fields.set(part.slice(0, eq), part.slice(eq + 1));
  }
  const link = fields.get("f");
  if (!link || !LINK_CHARS.test(link)) return null;
  const names = (fields.get("p") ?? "")
    .split(",")
    .slice(0, MAX_SEATS)
    .map((n) => cleanName(decodeName(n)));
  return { link, names: names.some((n) => n) ? names : [] };
}

/** The hash of a by-link game's link and its people's names. */
export function formatByLinkHash(link, names = []) {
  const clean = names.slice(0, MAX_SEATS).map(cleanName);
  return `#f=${link}${clean.some((n) => n) ? `&p=${clean.map(encodeURIComponent).join(",")}` : ""}`;
}

function decodeName(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return ""; // a broken %-escape loses the name only
  }
}
