// The GIF's steps and frames (web/js/pictures/gif.js): which steps a chosen range holds, and what
// each frame shows of the engine's state.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { frameOf, gifRange, makeGif } from "../../web/js/pictures/gif.js";

describe("a GIF's range of steps", () => {
  test("is kept within the game and put in order", () => {
    assert.deepEqual(gifRange(3, 10, 48), { first: 3, last: 10 });
    assert.deepEqual(gifRange(10, 3, 48), { first: 3, last: 10 });
    assert.deepEqual(gifRange(-4, 99, 48), { first: 0, last: 48 });
    assert.deepEqual(gifRange(2.7, 5.2, 48), { first: 2, last: 5 });
  });

  test("an empty field means the game's start or end", () => {
    assert.deepEqual(gifRange(NaN, NaN, 20), { first: 0, last: 20 });
    assert.deepEqual(gifRange(7, 7, 20), { first: 7, last: 7 });
  });
});

const state = {
  phase: "build",
  current: 1,
  hexes: [{ q: 0, r: 0, level: 1, stack: [{ terrain: "volcano", tile: 0 }] }],
  tiles: [{ id: 0, code: "JS", volcano: [0, 0], clock: 4, level: 1 }],
  players: [
    { seat: 0, built: { huts: 3, temples: 0, towers: 1 } },
    { seat: 1, built: { huts: 2, temples: 1, towers: 0 } },
  ],
};

describe("a frame", () => {
  test("has the island, each seat's name and buildings, and who is to play", () => {
    const frame = frameOf(state, 5, 48, ["Ana", "Bo"]);
    assert.equal(frame.hexes, state.hexes);
    assert.equal(frame.tiles, state.tiles);
    assert.deepEqual(frame.seats, [
      { name: "Ana", built: { huts: 3, temples: 0, towers: 1 }, current: false },
      { name: "Bo", built: { huts: 2, temples: 1, towers: 0 }, current: true },
    ]);
    assert.deepEqual([frame.step, frame.total], [5, 48]);
  });

  test("of a finished game marks nobody to play", () => {
    const frame = frameOf({ ...state, phase: "over" }, 48, 48, ["Ana", "Bo"]);
    assert.deepEqual(
      frame.seats.map((s) => s.current),
      [false, false],
    );
  });
});

test("the frames' states come from the engine, one per step of the range, in order", async () => {
  const asked = [];
  const read = [];
  const engine = {
    async call(method, params) {
      asked.push([method, params.step]);
      return { ...state, hexes: [] };
    },
  };
  const onProgress = (phase, done, count) => read.push([phase, done, count]);
  // Under Node there is no canvas nor worker to draw with: it stops once the states are read.
  await assert.rejects(makeGif({ engine, first: 4, last: 6, total: 9, names: [], colours: [], onProgress }));
  assert.deepEqual(asked, [
    ["stateAt", 4],
    ["stateAt", 5],
    ["stateAt", 6],
  ]);
  assert.deepEqual(read, [
    ["read", 1, 3],
    ["read", 2, 3],
    ["read", 3, 3],
  ]);
});
