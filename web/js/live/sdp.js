// The part of an SDP a data channel needs (signal.js sends only that), and the whole SDP made
// again from it that Chromium, Firefox and WebKit accept. Pure.
//
// What is kept: the ICE user fragment and password, the DTLS fingerprint and role (setup), the
// media id, the SCTP port and largest message, and a few candidates: UDP, host or server-
// reflexive (STUN), one of each address, at most MAX_CANDIDATES. Everything else (session ids,
// foundations, priorities, extensions) is the browser's and is made again on the other side.

/** At most this many candidates travel in a link (a device has one or two that matter). */
export const MAX_CANDIDATES = 4;

/** An SDP that does not give what a data channel needs (a page's bug, or a browser's change). */
export class SdpError extends Error {
  constructor(reason) {
    super(reason);
    this.name = "SdpError";
  }
}

const SETUPS = ["actpass", "active", "passive"];
const HASHES = ["sha-1", "sha-224", "sha-256", "sha-384", "sha-512"];
const ICE_CHARS = /^[A-Za-z0-9+/]+$/; // RFC 8839's ice-char
const MID = /^[A-Za-z0-9_.-]{1,32}$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const IPV6 = /^[0-9A-Fa-f:.]{2,45}$/;
const MDNS = /^[0-9a-f-]{1,63}\.local$/i; // a browser's name for a hidden host address

/** True for an address a candidate may carry: IPv4, IPv6, or a browser's mDNS name. */
export function isAddress(text) {
  if (typeof text !== "string") return false;
  const four = IPV4.exec(text);
  if (four) return four.slice(1).every((part) => Number(part) <= 255);
  return (text.includes(":") && IPV6.test(text)) || MDNS.test(text);
}

const isPort = (n) => Number.isInteger(n) && n >= 1 && n <= 65535;

/** The candidates worth sending: [{type: "host" | "srflx", address, port}], best first. */
function pickCandidates(lines) {
  const seen = new Set();
  const found = [];
  for (const line of lines) {
    const parts = line.slice("a=candidate:".length).split(/\s+/);
    const [, component, protocol, , address, portText, typWord, type] = parts;
    const port = Number(portText);
    if (component !== "1" || protocol?.toLowerCase() !== "udp" || typWord !== "typ") continue;
    if (!["host", "srflx"].includes(type) || !isAddress(address) || !isPort(port)) continue;
    const key = `${address} ${port}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ type, address, port });
  }
  // A reachable IPv4 host first, then what a STUN server saw, then hidden and IPv6 hosts.
  const rank = (c) => (c.type === "srflx" ? 1 : IPV4.test(c.address) ? 0 : MDNS.test(c.address) ? 2 : 3);
  return found.sort((a, b) => rank(a) - rank(b)).slice(0, MAX_CANDIDATES);
}

/**
 * What a data channel needs of an SDP (an offer or an answer, its ICE gathering done):
 * `{ufrag, pwd, hash, fingerprint (hex bytes, no colons), setup, mid, sctpPort, maxMessageSize,
 * candidates}`. Throws SdpError when a needed part is missing.
 */
export function trimSdp(sdp) {
  const lines = String(sdp ?? "").split(/\r?\n/);
  const value = (prefix) =>
    lines
      .find((l) => l.startsWith(prefix))
      ?.slice(prefix.length)
      .trim();
  const [hash, print] = (value("a=fingerprint:") ?? "").split(/\s+/);
  const trimmed = {
    ufrag: value("a=ice-ufrag:"),
    pwd: value("a=ice-pwd:"),
    hash: hash?.toLowerCase(),
    fingerprint: print?.replaceAll(":", "").toLowerCase(),
    setup: value("a=setup:"),
    mid: value("a=mid:"),
    sctpPort: Number(value("a=sctp-port:") ?? 5000),
    maxMessageSize: Number(value("a=max-message-size:") ?? 65536),
    candidates: pickCandidates(lines.filter((l) => l.startsWith("a=candidate:"))),
  };
  const problem = checkTrimmed(trimmed);
  if (problem) throw new SdpError(`the SDP ${problem}`);
  return trimmed;
}

const text = (v, min, max, pattern) => typeof v === "string" && v.length >= min && v.length <= max && pattern.test(v);
const goodCandidate = (c) => c && ["host", "srflx"].includes(c.type) && isAddress(c.address) && isPort(c.port);

// Each part of a trimmed SDP: what it must be, and what is said when it is not.
const CHECKS = [
  [(t) => text(t.ufrag, 4, 256, ICE_CHARS), "has no usable ICE user fragment"],
  [(t) => text(t.pwd, 22, 256, ICE_CHARS), "has no usable ICE password"],
  [(t) => HASHES.includes(t.hash), "has no fingerprint of a known hash"],
  [(t) => text(t.fingerprint, 40, 128, /^([0-9a-f]{2})+$/), "has no usable fingerprint"],
  [(t) => SETUPS.includes(t.setup), "has no DTLS role (setup)"],
  [(t) => text(t.mid, 1, 32, MID), "has no usable media id"],
  [(t) => isPort(t.sctpPort), "has no usable SCTP port"],
  [
    (t) => Number.isInteger(t.maxMessageSize) && t.maxMessageSize >= 0 && t.maxMessageSize <= 2 ** 32,
    "has no usable largest message",
  ],
  [(t) => Array.isArray(t.candidates) && t.candidates.length <= MAX_CANDIDATES, "has too many candidates"],
  [(t) => t.candidates.every(goodCandidate), "has a candidate that is not one"],
];

/** Why a trimmed SDP cannot be used, or null (every field checked: it may come from a link). */
export function checkTrimmed(t) {
  if (!t || typeof t !== "object") return "is missing";
  return CHECKS.find(([good]) => !good(t))?.[1] ?? null;
}

/** A number for the o= line, from the ICE fragment (the same link makes the same SDP). */
function sessionId(ufrag) {
  let n = 7;
  for (const char of ufrag) n = (n * 31 + char.charCodeAt(0)) % 2 ** 31;
  return 1000 + n;
}

/** A candidate's line again: priority by RFC 8445 (type preference, order, component 1). */
function candidateLine(c, index) {
  const priority = 2 ** 24 * (c.type === "host" ? 126 : 100) + 2 ** 8 * (65535 - index) + 255;
  const related = c.type === "srflx" ? " raddr 0.0.0.0 rport 0" : "";
  return `a=candidate:${index + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}${related}`;
}

/** The whole SDP again (checked first: throws SdpError for parts that are not usable). */
export function rebuildSdp(t) {
  const problem = checkTrimmed(t);
  if (problem) throw new SdpError(`the link's SDP ${problem}`);
  const print = t.fingerprint.toUpperCase().match(/../g).join(":");
  return [
    "v=0",
    `o=- ${sessionId(t.ufrag)} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    `a=group:BUNDLE ${t.mid}`,
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...t.candidates.map(candidateLine),
    "a=end-of-candidates",
    `a=ice-ufrag:${t.ufrag}`,
    `a=ice-pwd:${t.pwd}`,
    `a=fingerprint:${t.hash} ${print}`,
    `a=setup:${t.setup}`,
    `a=mid:${t.mid}`,
    `a=sctp-port:${t.sctpPort}`,
    `a=max-message-size:${t.maxMessageSize}`,
    "",
  ].join("\r\n");
}
