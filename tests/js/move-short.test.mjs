// The move log's one-line rows: a turn in a few words ("3 huts · jungle"), in every language,
// never a coordinate; the whole sentence stays move-text.js's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { english, readMessages } from "./english.mjs";
import { Catalogue, setCatalogue } from "../../web/js/i18n/messages.js";
import { buildShort, turnShort } from "../../web/js/i18n/move-short.js";
import { builtOn as build, logEntry, placedBeside } from "./fixtures/told-moves.mjs";

const place = (level) => placedBeside("lake", level);
const turn = (placementMove, buildMove = null) => logEntry(placementMove, buildMove);

test("a build in a few words: the piece (huts counted for an expansion) and its landscape", () => {
  setCatalogue(english);
  assert.equal(buildShort(build("found", "clearing")), "hut · clearing");
  assert.equal(buildShort(build("expand", "jungle", [1, 2])), "3 huts · jungle");
  assert.equal(buildShort(build("expand", "lake", [1])), "1 hut · lake");
  assert.equal(buildShort(build("temple", "sand")), "temple · sand");
  assert.equal(buildShort(build("tower", "rock")), "tower · rock");
  // A kept game from before the move facts: an expansion keeps its own terrain, the rest none.
  assert.equal(buildShort({ ...build("expand", null, [2]), where: undefined, terrain: "jungle" }), "2 huts · jungle");
  assert.equal(buildShort({ ...build("tower", null), where: undefined }), "tower");
});

test("a turn: an eruption says so, a build still to come is …, a turn without a build its tile", () => {
  setCatalogue(english);
  assert.equal(turnShort(turn(place(1), build("found", "rock"))), "hut · rock");
  assert.equal(turnShort(turn(place(3), build("expand", "sand", [3, 3]))), "eruption · 6 huts · sand");
  assert.equal(turnShort(turn(place(1)), { playing: true }), "…");
  assert.equal(turnShort(turn(place(2)), { playing: true }), "eruption · …");
  assert.equal(turnShort(turn(place(1))), "tile"); // its player was eliminated
  assert.equal(turnShort(turn(place(2))), "eruption");
  assert.equal(turnShort(turn(null)), "…"); // an old kept game without the moves' facts
});

test("in every language a turn is a few words without coordinates, shorter than its sentence", () => {
  const moves = [
    turn(place(1), build("found", "clearing")),
    turn(place(2), build("expand", "jungle", [2, 2, 1])),
    turn(place(3), build("tower", "rock")),
    turn(place(1), build("temple", "lake")),
  ];
  for (const tag of ["de", "fr", "pl", "ru", "zh-Hant"]) {
    setCatalogue(new Catalogue(tag, readMessages(tag), english));
    for (const m of moves) {
      const text = turnShort(m);
      assert.ok(text.length <= 32, `${tag}: "${text}" is long for one line`);
      assert.doesNotMatch(text, /-?\d+,-?\d+/);
      assert.doesNotMatch(text, /[{}]/);
    }
  }
  setCatalogue(new Catalogue("ru", readMessages("ru"), english));
  assert.equal(turnShort(moves[1]), "извержение · 5 хижин · джунгли");
  setCatalogue(new Catalogue("pl", readMessages("pl"), english));
  assert.equal(buildShort(build("expand", "rock", [2])), "2 Chatki · skały");
  setCatalogue(english);
});
