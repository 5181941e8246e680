// The link's summary field (s=): what the embed's preview shows, written from the engine's
// view.summary, read back without decoding the share code.
import "./english.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { HashError, formatHash, formatSummary, parseHash, parseSummary } from "../../web/js/share/hash.js";

const summary = {
  players: 3,
  tiles: "all",
  found: "any",
  rank: true,
  teams: false,
  steps: 13,
  tilesDrawn: 7,
  over: false,
};

test("a summary goes into the hash and comes back the same", () => {
  assert.equal(formatSummary(summary), "3.all.any.r.13.7.0");
  const hash = formatHash({ code: "1ABCDEFG", names: ["Ann"], summary });
  assert.deepEqual(parseHash(hash).summary, summary);
  assert.deepEqual(parseSummary(formatSummary({ ...summary, rank: false, teams: true, over: true })), {
    ...summary,
    rank: false,
    teams: true,
    over: true,
  });
});

test("a summary that is not one is dropped, never guessed at", () => {
  for (const bad of [
    "",
    "3.all.any.r.13.7",
    "5.12.any.-.1.1.0",
    "2.13.any.-.1.1.0",
    "2.12.some.-.1.1.0",
    "2.12.any.x.1.1.0",
    "2.12.any.-.-1.1.0",
    "2.12.any.-.1.1.2",
    "2.12.any.-.1234.1.0",
  ]) {
    assert.equal(parseSummary(bad), null, bad);
  }
  assert.equal(parseHash("#g=1ABCDEFG&s=junk").summary, null);
  assert.equal(parseHash("#g=1ABCDEFG").summary, null);
});

test("a code with characters no share code has is refused by the hash layout, with a kind", () => {
  assert.throws(
    () => parseHash("#g=%3Cscript%3E"),
    (e) => e instanceof HashError && e.kind === "corrupt",
  );
  assert.throws(
    () => parseHash("#g=1AB&v=9"),
    (e) => e.kind === "newer",
  );
});
