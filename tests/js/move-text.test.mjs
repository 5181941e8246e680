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

const seats = [{ name: "Ana" }, { name: "Chen" }];
const COORDINATES = /-?\d+,-?\d+/;
const hexes = (...qr) => qr.map(([q, r, terrain]) => ({ q, r, terrain }));

const eruption = {
  type: "place",
  notation: "2,-1/4",
  volcano: [2, -1],
  clock: 4,
  level: 2,
  hexes: hexes([2, -1, "volcano"], [2, 0, "jungle"], [1, 0, "sand"]),
  where: { near: { owner: 1, huts: 3, hexes: 4, temple: true } },
};
const covered = [
  { q: 2, r: 0, owner: 1, count: 1 },
  { q: 1, r: 0, owner: 1, count: 1 },
];
const tableTile = { ...eruption, level: 1, where: { beside: "lake" } };
const expand = {
  type: "build",
  notation: "huts 1,0 1,1x2",
  kind: "expand",
  piece: "hut",
  terrain: "jungle",
  settlement: [0, 0],
  hexes: [
    { q: 1, r: 0, count: 1 },
    { q: 1, r: 1, count: 2 },
  ],
  where: { terrain: "jungle", level: 1, near: { owner: 0, huts: 3, hexes: 3 } },
};
const found = {
  type: "build",
  notation: "hut -1,0",
  kind: "found",
  piece: "hut",
  hexes: [{ q: -1, r: 0, count: 1 }],
  where: { terrain: "rock", level: 1, near: { owner: 1, huts: 2, hexes: 2 } },
};
const tower = {
  type: "build",
  notation: "tower 3,-2",
  kind: "tower",
  piece: "tower",
  hexes: [{ q: 3, r: -2, count: 1 }],
  where: { terrain: "sand", level: 3, near: { owner: 0, huts: 5, hexes: 4 } },
};
const temple = { ...tower, kind: "temple", piece: "temple", where: { ...tower.where, level: 1 } };
const MOVES = [eruption, tableTile, expand, found, tower, temple];

test("a move says where by what is there: the volcano by Chen's temple, burying 2 of Chen's huts", () => {
  setCatalogue(english);
  assert.equal(
    moveText(eruption, { seats, covered }),
    "tile covering the volcano by Chen's temple, on level 2, burying 2 huts of Chen",
  );
  assert.equal(moveText(tableTile, { seats }), "tile beside the lake");
  assert.equal(
    moveText({ ...tableTile, where: { near: { owner: 0, huts: 3, hexes: 2 } } }, { seats }),
    "tile by Ana's settlement of 3 huts",
  );
  assert.equal(moveText(expand, { seats }), "expansion of the settlement of 3 huts into the jungle: 3 huts");
  assert.equal(moveText(found, { seats }), "new settlement on the rock by Chen's settlement of 2 huts");
  assert.equal(moveText(tower, { seats }), "tower on the sand (level 3) by the settlement of 5 huts");
  assert.equal(moveText(temple, { seats }), "temple on the sand by the settlement of 4 hexes");
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
  const bare = (m) => ({ ...m, where: undefined });
  assert.equal(moveText(bare(eruption)), "tile covering a volcano, on level 2");
  assert.equal(moveText(bare(tableTile)), "tile on the table");
  assert.equal(moveText(bare(expand)), "expansion into the jungle: 3 huts");
  assert.equal(moveText(bare(found)), "hut");
  assert.equal(moveText(bare(tower)), "tower");
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
    for (const move of MOVES) {
      for (const m of [move, { ...move, where: undefined }]) {
        const text = moveText(m, { seats, covered: m.type === "place" ? covered : null });
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
    { placementMove: tableTile, buildMove: found },
    { placementMove: eruption, buildMove: { ...expand, hexes: [{ q: 2, r: 0, count: 1 }] } },
    { placementMove: null, buildMove: null },
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
