// The two links of a live table (issue 43): an invite (a WebRTC offer and the game the inviter
// proposes) and an answer (the friend's WebRTC answer and what the friend says back). Each carries
// only what a data channel needs of its SDP (sdp.js), made into a whole SDP again on the other
// side. Pure but for CompressionStream. Nothing read from a link is run or shown as markup.
//
// A link's text: a version character ("1"), a flag ("z" deflated, "p" plain where the browser
// has no CompressionStream), then URL-safe base64 (no padding) of the UTF-8 JSON array
//   [kind ("i" | "a"), ufrag, pwd, hash, fingerprint (base64url), setup, mid, sctpPort,
//    maxMessageSize, candidates ("h<address> <port>" | "s<address> <port>"), game]

import { SdpError, checkTrimmed, rebuildSdp, trimSdp } from "./sdp.js";

export const LINK_VERSION = "1";
/** The largest link text this page reads (an invite with a 1 KB game is under 2,000). */
export const MAX_TEXT = 4000;
/** The largest game object (its JSON's characters) a link carries. */
export const MAX_GAME = 1024;
const MAX_JSON = 4096; // a link's payload inflated: more is no link of ours (nor a deflate bomb)
const SETUPS = ["actpass", "active", "passive"];

/**
 * A link text that does not read, or a link that cannot be made. `code` is the page's key for
 * its words: version (a newer or unknown link), encoding (not base64), compression (does not
 * inflate), format (parts missing or wrong), too-long, kind (an answer given as an invite or the
 * reverse); when packing: game (not JSON or over MAX_GAME), sdp (no usable offer or answer).
 */
export class LiveLinkError extends Error {
  constructor(code, reason) {
    super(`${code}: ${reason}`);
    this.name = "LiveLinkError";
    this.code = code;
  }
}

/** The invite's text for an offer's SDP and the game: `await packInvite({sdp, game})`. */
export const packInvite = ({ sdp, game }) => pack("i", sdp, game);
/** An invite text read: `{sdp, game}` (a whole offer SDP). Throws LiveLinkError, nothing else. */
export const readInvite = (text) => read("i", text);
/** The answer's text for an answer's SDP and a game object (the friend's seat, name…). */
export const packAnswer = ({ sdp, game }) => pack("a", sdp, game);
/** An answer text read: `{sdp, game}` (a whole answer SDP). Throws LiveLinkError, nothing else. */
export const readAnswer = (text) => read("a", text);

async function pack(kind, sdp, game = null) {
  let gameJson;
  try {
    gameJson = JSON.stringify(game ?? null);
  } catch {
    gameJson = undefined;
  }
  if (gameJson === undefined) throw new LiveLinkError("game", "the game is not a JSON value");
  if (gameJson.length > MAX_GAME) throw new LiveLinkError("game", `the game's JSON is over ${MAX_GAME} characters`);
  let t;
  try {
    t = trimSdp(sdp);
  } catch (error) {
    if (error instanceof SdpError) throw new LiveLinkError("sdp", error.message);
    throw error;
  }
  const candidates = t.candidates.map((c) => `${c.type === "host" ? "h" : "s"}${c.address} ${c.port}`);
  const fields = [kind, t.ufrag, t.pwd, t.hash, toBase64(hexBytes(t.fingerprint)), t.setup, t.mid];
  const json = JSON.stringify([...fields, t.sctpPort, t.maxMessageSize, candidates, JSON.parse(gameJson)]);
  const bytes = new TextEncoder().encode(json);
  const deflated = await deflate(bytes);
  return `${LINK_VERSION}${deflated ? "z" : "p"}${toBase64(deflated ?? bytes)}`;
}

async function read(kind, text) {
  const parts = await unpack(text);
  if (!Array.isArray(parts) || parts.length !== 11) throw new LiveLinkError("format", "the link has parts missing");
  if (parts[0] !== kind) {
    const what = kind === "i" ? "an answer, not an invite" : "an invite, not an answer";
    throw new LiveLinkError(parts[0] === "i" || parts[0] === "a" ? "kind" : "format", `the link is ${what}`);
  }
  const trimmed = readTrimmed(parts);
  const problem = checkTrimmed(trimmed);
  if (problem) throw new LiveLinkError("format", `the link ${problem}`);
  if (kind === "i" && trimmed.setup !== "actpass") throw new LiveLinkError("format", "the invite's DTLS role is wrong");
  const game = parts[10];
  if (JSON.stringify(game).length > MAX_GAME) throw new LiveLinkError("format", "the link's game is too large");
  return { sdp: rebuildSdp(trimmed), game };
}

/** A link text's JSON payload, parsed (any JSON value: read() checks it). */
async function unpack(text) {
  if (typeof text !== "string") throw new LiveLinkError("format", "the link is not text");
  const clean = text.replace(/\s+/g, ""); // a code pasted across lines
  if (clean.length > MAX_TEXT) throw new LiveLinkError("too-long", "the link is far longer than any live link");
  if (clean.length < 3) throw new LiveLinkError("format", "the link is cut short");
  if (clean[0] !== LINK_VERSION || !"zp".includes(clean[1])) {
    throw new LiveLinkError("version", "the link was made by another version of the game");
  }
  const bytes = fromBase64(clean.slice(2));
  if (!bytes) throw new LiveLinkError("encoding", "the link has characters no live link has");
  const json = clean[1] === "z" ? await inflate(bytes) : bytes.length <= MAX_JSON ? bytes : null;
  if (!json) throw new LiveLinkError("compression", "the link's content does not unpack");
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(json));
  } catch {
    throw new LiveLinkError("format", "the link's content is not readable");
  }
}

/** The SDP's parts from a link's array (checked after, by checkTrimmed). */
function readTrimmed([, ufrag, pwd, hash, print, setup, mid, sctpPort, maxMessageSize, candidates]) {
  const bytes = typeof print === "string" ? fromBase64(print) : null;
  const fingerprint = bytes ? [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("") : null;
  const list = Array.isArray(candidates) ? candidates.map(readCandidate) : null;
  return {
    ufrag,
    pwd,
    hash,
    fingerprint,
    setup: SETUPS.includes(setup) ? setup : null,
    mid,
    sctpPort,
    maxMessageSize,
    candidates: list,
  };
}

function readCandidate(text) {
  const match = typeof text === "string" && /^([hs])(\S{1,64}) (\d{1,5})$/.exec(text);
  return match ? { type: match[1] === "h" ? "host" : "srflx", address: match[2], port: Number(match[3]) } : null;
}

/** deflate-raw bytes, or null where the browser has no CompressionStream. */
async function deflate(bytes) {
  if (typeof CompressionStream !== "function") return null;
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The inflated bytes, or null: broken data, too much of it, or no DecompressionStream. */
async function inflate(bytes) {
  if (typeof DecompressionStream !== "function") return null;
  try {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    const reader = stream.getReader();
    const chunks = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_JSON) {
        reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) out.set(chunk, (at += chunk.length) - chunk.length);
    return out;
  } catch {
    return null;
  }
}

function hexBytes(hex) {
  return Uint8Array.from(hex.match(/../g), (pair) => parseInt(pair, 16));
}

/** URL-safe base64 without padding. */
export function toBase64(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The bytes of URL-safe base64 without padding, or null when it is not that. */
export function fromBase64(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const HASH_KEYS = { invite: "live", answer: "live-answer" };
const TEXT = /^[0-9A-Za-z_-]+$/;

/** The hash for a link: liveHash("invite", text) → "#live=…", liveHash("answer", text) → "#live-answer=…". */
export function liveHash(kind, text) {
  if (!HASH_KEYS[kind]) throw new TypeError(`a live link is an invite or an answer, not ${kind}`);
  return `#${HASH_KEYS[kind]}=${text}`;
}

/**
 * The live link a hash names: `{kind: "invite" | "answer", text}`, or null when it names none
 * (or one that cannot be a link: odd characters, too long). Never throws; readInvite and
 * readAnswer judge the text itself.
 */
export function readLiveHash(hash) {
  const fields = String(hash ?? "")
    .replace(/^#/, "")
    .split("&");
  for (const [kind, key] of Object.entries(HASH_KEYS)) {
    const field = fields.find((part) => part.startsWith(`${key}=`));
    const text = field?.slice(key.length + 1);
    if (text && text.length <= MAX_TEXT && TEXT.test(text)) return { kind, text };
  }
  return null;
}
