// The page expands the view's compact legal moves into the engine's move JSON.
import { test } from "node:test";
import assert from "node:assert/strict";
import { expandPlacements, legalMoves } from "../../web/js/game/legal.js";
import { found } from "./moves.mjs";

const hut = { owner: 1, kind: "hut", count: 2, settlement: "-1,1" };
const state = {
  phase: "place",
  tile: "JC",
  hexes: [
    { q: 0, r: 0, level: 1, stack: [{ terrain: "volcano", tile: 0 }] },
    { q: -1, r: 1, level: 1, stack: [{ terrain: "sand", tile: 0 }], building: hut },
  ],
};

test("a spot's orientation bits give its placements in the engine's order, clock by clock", () => {
  const moves = expandPlacements(state, [[2, -1, 0b100001]]);
  assert.deepEqual(
    moves.map((m) => [m.notation, m.orientation, m.clock, m.level]),
    [
      ["2,-1/4", 0, 4, 1],
      ["2,-1/2", 5, 2, 1],
    ],
  );
  assert.deepEqual(moves[0].hexes, [
    { q: 2, r: -1, terrain: "volcano" },
    { q: 2, r: 0, terrain: "jungle" },
    { q: 3, r: -1, terrain: "clearing" },
  ]);
  assert.equal("covers" in moves[0] || "eliminates" in moves[0], false);
});

test("an eruption's level, buried huts (R-TILE-3d) and R-ELIM-1 mark come from the state and bits", () => {
  const [at6, at8] = expandPlacements(state, [[0, 0, 0b110, 0b100]]);
  assert.equal(at6.level, 2);
  assert.deepEqual(at6.covers, [{ q: -1, r: 1, owner: 1, count: 2 }]);
  assert.equal(at6.eliminates, undefined);
  assert.equal(at8.clock, 8);
  assert.equal(at8.eliminates, true);
});

test("a view's legal moves are worked out once, and builds pass through whole", () => {
  const view = { state, moves: { place: [[2, -1, 1]] } };
  assert.equal(legalMoves(view), legalMoves(view));
  assert.deepEqual(legalMoves({ state: { ...state, phase: "build" }, moves: { build: [found(2, 2)] } }), [found(2, 2)]);
  assert.deepEqual(legalMoves({ state, moves: {} }), []);
  assert.deepEqual(legalMoves(null), []);
});
