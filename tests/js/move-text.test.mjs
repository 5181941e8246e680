// Moves in words a player can follow: from the engine's facts (`where`: the
// landscape, the settlement beside it and its owner; an eruption's buried huts), in every
// language, and never a coordinate, which the board does not show.
import { test } from "node:test";
import assert from "node:assert/strict";
import { english, readMessages } from "./english.mjs";
import { Catalogue, setCatalogue } from "../../web/js/i18n/messages.js";
import { moveText } from "../../web/js/i18n/move-text.js";
import { reasonSentence } from "../../web/js/i18n/engine-text.js";
import { stepsThrough, turnHexes } from "../../web/js/game/log-turns.js";
import { covered, eruption, expand, found, logEntry, seats, tableTile, temple, tower } from "./fixtures/told-moves.mjs";

const COORDINATES = /-?\d+,-?\d+/;

// Each move in English, told from its facts and without them (a game kept before the facts).
const CASES = [
  {
    move: eruption,
    covered,
    told: "tile covering the volcano by Chen's temple, on level 2, burying 2 huts of Chen",
    bare: "tile covering a volcano, on level 2",
  },
  { move: tableTile, told: "tile beside the lake", bare: "tile on the table" },
  {
    move: expand,
    told: "expansion of the settlement of 3 huts into the jungle: 3 huts",
    bare: "expansion into the jungle: 3 huts",
  },
  { move: found, told: "new settlement on the rock by Chen's settlement of 2 huts", bare: "hut" },
  { move: tower, told: "tower on the sand (level 3) by the settlement of 5 huts", bare: "tower" },
  { move: temple, told: "temple on the sand by the settlement of 4 hexes", bare: "temple" },
];

test("a move says where by what is there: the volcano by Chen's temple, burying 2 of Chen's huts", () => {
  setCatalogue(english);
  for (const { move, covered, told } of CASES) assert.equal(moveText(move, { seats, covered }), told);
  assert.equal(
    moveText({ ...tableTile, where: { near: { owner: 0, huts: 3, hexes: 2 } } }, { seats }),
    "tile by Ana's settlement of 3 huts",
  );
});

test('the person\'s own seat is "your" (no "by You\'s settlement"); a settlement is never of 0 huts', () => {
  setCatalogue(english);
  const near = { owner: 0, huts: 3, hexes: 2 };
  const place = { ...tableTile, where: { near } };
  const lesson = [
    { name: "You", you: true, type: "human" },
    { name: "Rival", type: "human" },
  ];
  assert.equal(moveText(place, { seats: lesson }), "tile by your settlement of 3 huts");
  const vsComputer = [
    { name: "Ana", type: "human" },
    { name: "Bo", type: "computer:strong" },
  ];
  assert.equal(moveText(place, { seats: vsComputer }), "tile by your settlement of 3 huts");
  assert.equal(
    moveText({ ...tableTile, where: { near: { owner: 1, temple: true } } }, { seats: vsComputer }),
    "tile by Bo's temple",
  );
  // At a table of people, each seat by its name.
  assert.equal(moveText(place, { seats }), "tile by Ana's settlement of 3 huts");
  const noHuts = { ...tower.where, near: { ...tower.where.near, huts: 0 } };
  assert.equal(moveText({ ...tower, where: noHuts }, { seats }), "tower on the sand (level 3)");
  assert.equal(moveText({ ...temple, where: { ...temple.where, near: undefined } }, { seats }), "temple on the sand");
});

test("a live placement's buried huts are its covers; without seats the owners are numbered", () => {
  setCatalogue(english);
  const live = { ...eruption, covers: [{ q: 2, r: 0, owner: 1, count: 2 }] };
  assert.equal(
    moveText(live),
    "tile covering the volcano by Player 2's temple, on level 2, burying 2 huts of Player 2",
  );
});

test("a move without facts (a game kept before them) is told by what it is, still without coordinates", () => {
  setCatalogue(english);
  for (const { move, bare } of CASES) assert.equal(moveText({ ...move, where: undefined }), bare);
  assert.equal(moveText(null), "");
});

test("in every language: every move and every reason with a hex in its facts, without a coordinate", () => {
  const reasons = [
    { code: "build-on-volcano", args: { hex: "2,-1" } },
    { code: "build-occupied", args: { hex: "0,1" } },
    { code: "build-no-hex", args: { hex: "9,9" } },
    { code: "tower-level", args: { hex: "0,1", level: 1 } },
    { code: "found-level", args: { hex: "0,1", level: 2 } },
    { code: "expand-count", args: { hex: "0,1", level: 2 } },
    { code: "tile-first-origin", args: {} },
    { code: "not-a-move", args: { move: "huts 1,0" } },
  ];
  for (const tag of ["en", "de", "fr", "pl", "ru", "zh-Hant"]) {
    setCatalogue(new Catalogue(tag, readMessages(tag), english));
    for (const { move, covered } of CASES) {
      for (const m of [move, { ...move, where: undefined }]) {
        const text = moveText(m, { seats, covered });
        assert.ok(text.length >= 2, `${tag}: ${m.notation}`);
        assert.doesNotMatch(text, COORDINATES, `${tag}: ${text}`);
      }
    }
    for (const why of reasons) assert.doesNotMatch(reasonSentence(why), COORDINATES, `${tag}: ${why.code}`);
  }
  setCatalogue(english);
});

test("a log entry's hexes for the board, and the replay step just after a turn", () => {
  const log = [
    logEntry(tableTile, found),
    logEntry(eruption, { ...expand, hexes: [{ q: 2, r: 0, count: 1 }] }),
    logEntry(null, null),
  ];
  assert.deepEqual(turnHexes(log[0]), [
    [2, -1],
    [2, 0],
    [1, 0],
    [-1, 0],
  ]);
  // A build on the tile just placed is the same hex once.
  assert.deepEqual(turnHexes(log[1]), [
    [2, -1],
    [2, 0],
    [1, 0],
  ]);
  assert.deepEqual(turnHexes(log[2]), []);
  assert.deepEqual(
    [0, 1, 2, 3].map((n) => stepsThrough(log, n)),
    [0, 2, 4, 4],
  );
});
