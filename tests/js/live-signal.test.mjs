// A live table's two links (web/js/live/signal.js, sdp.js): real SDPs from Chromium and Firefox
// (tests/js/fixtures/live-sdp.json) trimmed, packed, read back and made whole again; every
// refusal a typed LiveLinkError. Whether browsers accept the rebuilt SDPs is
// e2e/test_live_transport.py's.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { inflateRawSync } from "node:zlib";

import {
  LiveLinkError,
  MAX_GAME,
  fromBase64,
  liveHash,
  packAnswer,
  packInvite,
  readAnswer,
  readInvite,
  readLiveHash,
  toBase64,
} from "../../web/js/live/signal.js";
import { MAX_CANDIDATES, rebuildSdp, trimSdp } from "../../web/js/live/sdp.js";

const { sdps: SDPS } = JSON.parse(readFileSync(new URL("./fixtures/live-sdp.json", import.meta.url), "utf8"));
const OFFERS = Object.keys(SDPS).filter((name) => name.endsWith("-offer"));
const ANSWERS = Object.keys(SDPS).filter((name) => name.endsWith("-answer"));
const GAME = {
  gameId: "live-4f2a9c",
  seat: 0,
  name: "Ann",
  options: { players: 2, tiles: "all" },
  players: ["Ann", ""],
};

/** The attribute lines a data channel needs, in a stable order, candidates as address and port. */
function essentials(sdp) {
  const lines = sdp.split(/\r?\n/);
  const pick = (prefix) => lines.find((l) => l.startsWith(prefix))?.trim();
  const fingerprint = pick("a=fingerprint:").toLowerCase();
  const candidates = lines
    .filter((l) => l.startsWith("a=candidate:") && / udp /i.test(l) && / typ (host|srflx)/.test(l))
    .map((l) => l.split(" ").slice(4, 6).join(" "));
  const keys = ["a=ice-ufrag:", "a=ice-pwd:", "a=setup:", "a=mid:", "a=sctp-port:", "a=max-message-size:"];
  return { fields: keys.map(pick), fingerprint, candidates: [...new Set(candidates)] };
}

async function refused(promise, code) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof LiveLinkError, `${error?.name}: ${error?.message}`);
    assert.equal(error.code, code, error.message);
    return true;
  });
}

test("every real offer and answer round-trips: the rebuilt SDP has all a data channel needs", async () => {
  for (const name of [...OFFERS, ...ANSWERS]) {
    const offer = name.endsWith("-offer");
    const game = offer ? GAME : { seat: 1, name: "Bo" };
    const text = await (offer ? packInvite : packAnswer)({ sdp: SDPS[name], game });
    assert.match(text, /^1z[A-Za-z0-9_-]+$/, name);
    const back = await (offer ? readInvite : readAnswer)(text);
    assert.deepEqual(back.game, game, name);
    const sent = essentials(SDPS[name]);
    const made = essentials(back.sdp);
    assert.deepEqual(made.fields, sent.fields, name);
    assert.equal(made.fingerprint, sent.fingerprint, name);
    assert.deepEqual(made.candidates, sent.candidates.slice(0, MAX_CANDIDATES).sort(bySrflxLast(SDPS[name])), name);
    assert.match(back.sdp, /^v=0\r\n[^]*m=application 9 UDP\/DTLS\/SCTP webrtc-datachannel\r\n[^]*\r\n$/, name);
  }
});

// The order the trimmer keeps: IPv4 hosts, then what STUN saw, then hidden and IPv6 hosts.
function bySrflxLast(sdp) {
  const srflx = new Set(essentials(sdp.replace(/ typ host/g, " typ other")).candidates);
  const rank = (c) => (srflx.has(c) ? 1 : /^\d+\.\d+\.\d+\.\d+ /.test(c) ? 0 : c.includes(".local") ? 2 : 3);
  return (a, b) => rank(a) - rank(b);
}

test("candidates: UDP host and srflx only, each address once, at most a few", () => {
  const trimmed = trimSdp(SDPS["chromium-stun-offer"]);
  assert.deepEqual(trimmed.candidates, [
    { type: "host", address: "192.0.2.2", port: 33402 },
    { type: "srflx", address: "203.0.113.7", port: 50123 },
    { type: "host", address: "fd00::2", port: 40187 },
  ]);
  const many = SDPS["firefox-loopback-offer"].replace(
    "a=end-of-candidates",
    [...Array(9)]
      .map((_, i) => `a=candidate:${i + 9} 1 UDP 2122187007 10.0.0.${i + 1} 4000${i} typ host`)
      .join("\r\n") + "\r\na=end-of-candidates",
  );
  assert.equal(trimSdp(many).candidates.length, MAX_CANDIDATES);
  assert.match(
    rebuildSdp(trimmed),
    /a=candidate:2 1 udp \d+ 203\.0\.113\.7 50123 typ srflx raddr 0\.0\.0\.0 rport 0\r\n/,
  );
});

test("the links' lengths (printed): short enough for a chat message and a QR code", async () => {
  const lengths = {};
  for (const name of [...OFFERS, ...ANSWERS]) {
    const offer = name.endsWith("-offer");
    const text = await (offer ? packInvite : packAnswer)({ sdp: SDPS[name], game: offer ? GAME : { seat: 1 } });
    lengths[name] = text.length;
    assert.ok(text.length < 500, `${name}: ${text.length} characters`);
  }
  const plain = globalThis.CompressionStream;
  delete globalThis.CompressionStream;
  try {
    const text = await packInvite({ sdp: SDPS["chromium-loopback-offer"], game: GAME });
    assert.match(text, /^1p/);
    assert.deepEqual((await readInvite(text)).game, GAME);
    lengths["chromium-loopback-offer uncompressed"] = text.length;
  } finally {
    globalThis.CompressionStream = plain;
  }
  console.log(`live link lengths (characters; invites carry a 110-character game): ${JSON.stringify(lengths)}`);
});

test("a game over MAX_GAME, or not JSON, and an SDP without its parts are not packed", async () => {
  const sdp = SDPS["chromium-loopback-offer"];
  await refused(packInvite({ sdp, game: { text: "x".repeat(MAX_GAME) } }), "game");
  await refused(packInvite({ sdp, game: { n: 1n } }), "game");
  await refused(packInvite({ sdp: sdp.replace(/a=ice-pwd:.*\r?\n/, ""), game: GAME }), "sdp");
  await refused(packAnswer({ sdp: "", game: null }), "sdp");
  const big = { text: "é".repeat(500) }; // under the limit in characters: goes
  assert.deepEqual((await readInvite(await packInvite({ sdp, game: big }))).game, big);
});

test("every text that does not read is refused with a code, never anything else", async () => {
  const good = await packInvite({ sdp: SDPS["firefox-loopback-offer"], game: GAME });
  const answerText = await packAnswer({ sdp: SDPS["firefox-loopback-answer"], game: null });
  const deflated = async (json) => {
    const stream = new Blob([json]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    return `1z${toBase64(new Uint8Array(await new Response(stream).arrayBuffer()))}`;
  };
  const plain = (json) => `1p${toBase64(new TextEncoder().encode(json))}`;
  const parts = JSON.parse(new TextDecoder().decode(fromBase64(plainOf(good))));
  const cases = [
    [`2${good.slice(1)}`, "version"],
    [`1x${good.slice(2)}`, "version"],
    [`1z${good.slice(2, 40)}!${good.slice(41)}`, "encoding"],
    [`1z${good.slice(2)}A`.slice(0, 2 + 4 * 10 + 1), "encoding"],
    [`${good.slice(0, 60)}`, "compression"],
    ["1zAAAA", "compression"],
    [await deflated("x".repeat(100000)), "compression"], // a bomb: inflates past the limit
    ["1z", "format"],
    ["", "format"],
    [plain("not json"), "format"],
    [plain("{}"), "format"],
    [plain(JSON.stringify(parts.slice(0, 10))), "format"],
    [plain(JSON.stringify(["x", ...parts.slice(1)])), "format"],
    [plain(JSON.stringify(Object.assign([...parts], { 1: "a" }))), "format"], // ufrag too short
    [plain(JSON.stringify(Object.assign([...parts], { 4: "AAAA" }))), "format"], // fingerprint
    [plain(JSON.stringify(Object.assign([...parts], { 5: "active" }))), "format"], // an invite's role
    [plain(JSON.stringify(Object.assign([...parts], { 7: 70000 }))), "format"],
    [plain(JSON.stringify(Object.assign([...parts], { 9: ["h<script> 9"] }))), "format"],
    [plain(JSON.stringify(Object.assign([...parts], { 9: Array(5).fill("h10.0.0.1 9") }))), "format"],
    [plain(JSON.stringify(Object.assign([...parts], { 10: "x".repeat(MAX_GAME + 1) }))), "format"],
    [`1p${"A".repeat(4000)}`, "too-long"],
    [answerText, "kind"],
  ];
  for (const [text, code] of cases) await refused(readInvite(text), code);
  await refused(readAnswer(good), "kind");
  for (const odd of [null, undefined, 42, {}, ["1z"]]) await refused(readInvite(odd), "format");
  // A pasted code split across lines still reads.
  assert.deepEqual((await readInvite(good.replace(/(.{50})/g, "$1\n "))).game, GAME);
});

/** A deflated text's payload as plain base64 (the test reads the JSON it carries). */
function plainOf(text) {
  const bytes = fromBase64(text.slice(2));
  const inflated = inflateRawSync(bytes);
  return toBase64(inflated);
}

test("the hash: #live=<invite> and #live-answer=<answer>, read back; anything else names none", () => {
  assert.equal(liveHash("invite", "1zAbc_-"), "#live=1zAbc_-");
  assert.equal(liveHash("answer", "1zAbc"), "#live-answer=1zAbc");
  assert.throws(() => liveHash("other", "1z"), TypeError);
  assert.deepEqual(readLiveHash("#live=1zAbc_-"), { kind: "invite", text: "1zAbc_-" });
  assert.deepEqual(readLiveHash("live-answer=1zAbc"), { kind: "answer", text: "1zAbc" });
  assert.deepEqual(readLiveHash("#lang=de&live=1zA"), { kind: "invite", text: "1zA" });
  for (const hash of [
    "",
    "#",
    "#live=",
    "#g=abc",
    "#live=1z<b>",
    `#live=${"A".repeat(4001)}`,
    null,
    "#live-answerx=1z",
  ]) {
    assert.equal(readLiveHash(hash), null, String(hash));
  }
});
