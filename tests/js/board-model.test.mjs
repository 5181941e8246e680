// What the board draws: marks from the engine's legal moves and the person's choice.
import "./english.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { boardModel } from "../../web/js/board/model.js";
import { completeView, sameView } from "../../web/js/board/view.js";
import { MoveChoice } from "../../web/js/game/choice.js";
import { found, movesOf } from "./moves.mjs";

const base = { hexes: [], tiles: [], lastMove: null, openVolcanoes: [[0, 0]], current: 0, tile: "JC" };

function choiceFor(phase, legal) {
  const c = new MoveChoice();
  c.reset({ state: { ...base, phase }, moves: movesOf(legal) });
  return c;
}

test("at the place step the person sees the legal volcano spots and the ghost", () => {
  const legal = [{ type: "place", notation: "1,0/6", volcano: [1, 0], clock: 6, level: 1 }];
  const choice = choiceFor("place", legal);
  choice.hover = { q: 1, r: 0 };
  const { view, ghost, mode } = boardModel({
    state: { ...base, phase: "place" },
    choice,
    colours: [],
    personToMove: true,
  });
  assert.equal(mode, "place");
  assert.deepEqual(view.dots, [[1, 0]]);
  assert.equal(ghost.legal, true);
  assert.deepEqual(view.open, [[0, 0]]);
});

test("while a computer moves, no ghost and no targets for the person", () => {
  const choice = choiceFor("build", [found(2, 2)]);
  for (const phase of ["place", "build"]) {
    const { view, ghost } = boardModel({ state: { ...base, phase }, choice, colours: [], personToMove: false });
    assert.equal(ghost, null);
    assert.equal(view.targets, undefined);
    assert.equal(view.dots, undefined);
  }
});

test("a shown move (the hint, the computer's choice) is drawn instead of the choice", () => {
  const choice = choiceFor("build", [found(2, 2), found(3, 3)]);
  const shown = found(3, 3);
  const { view, mode } = boardModel({
    state: { ...base, phase: "build" },
    choice,
    colours: [],
    shown,
    personToMove: true,
  });
  assert.equal(mode, "shown");
  assert.deepEqual(view.targets, [{ q: 3, r: 3, strong: true }]);
  assert.equal(view.preview[0].kind, "hut");
});

test("at the build step every target hex is marked once, faintly until an action is chosen", () => {
  const choice = choiceFor("build", [found(2, 2), { ...found(2, 2), kind: "temple", piece: "temple" }]);
  let { view } = boardModel({ state: { ...base, phase: "build" }, choice, colours: [], personToMove: true });
  assert.deepEqual(view.targets, [{ q: 2, r: 2, strong: false }]);
  choice.chooseKind("temple");
  ({ view } = boardModel({ state: { ...base, phase: "build" }, choice, colours: [], personToMove: true }));
  assert.deepEqual(view.targets, [{ q: 2, r: 2, strong: true }]);
});

test("a log row's turn and the coordinates toggle reach the board in any step, and change its view", () => {
  const choice = choiceFor("build", [found(2, 2)]);
  for (const personToMove of [true, false]) {
    const { view } = boardModel({
      state: { ...base, phase: "build" },
      choice,
      colours: [],
      personToMove,
      highlight: [[1, 0]],
      coords: true,
    });
    assert.deepEqual(view.highlight, [[1, 0]]);
    assert.equal(view.coords, true);
  }
  const plain = completeView({ hexes: [] });
  assert.deepEqual(plain.highlight, []);
  assert.equal(plain.coords, false);
  assert.equal(sameView(plain, completeView({ hexes: plain.hexes, highlight: [[1, 0]] })), false);
  assert.equal(sameView(plain, completeView({ hexes: plain.hexes, coords: true })), false);
});
