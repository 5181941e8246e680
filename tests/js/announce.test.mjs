import { test } from "node:test";
import assert from "node:assert/strict";
import "./english.mjs";
import { describeChange, turnText } from "../../web/js/game/announce.js";

const seats = [{ name: "Ann" }, { name: "Bo" }];
const players = (a, b) => [{ status: a }, { status: b }];
const state = (phase, current, extra = {}) => ({
  phase,
  current,
  turn: 3,
  players: players("playing", "playing"),
  lastMove: null,
  ...extra,
});

test("the turn in words", () => {
  assert.equal(turnText(state("place", 1), seats), "Bo: place the tile (step 1 of 2).");
  assert.equal(turnText(state("over", 0, { result: { text: "Ann wins" } }), seats), "Game over: Ann wins.");
});

test("an eruption's buried huts come from the engine's lastMove.covered", () => {
  const covered = [
    { q: 0, r: 0, owner: 1, count: 2 },
    { q: 1, r: 0, owner: 1, count: 1 },
  ];
  const prev = { steps: 4, state: state("place", 0) };
  const view = { steps: 5, state: state("build", 0, { lastMove: { covered } }) };
  const { notes, turn } = describeChange({ view, prev, cause: "play" }, seats);
  assert.deepEqual(notes, ["Eruption: 3 huts of Bo destroyed."]);
  assert.match(turn, /Ann: build/);
});

test("an undo onto an eruption does not announce it again; eliminations are announced", () => {
  const covered = [{ q: 0, r: 0, owner: 1, count: 2 }];
  const prev = { steps: 6, state: state("place", 1) };
  const view = { steps: 5, state: state("build", 0, { lastMove: { covered } }) };
  assert.deepEqual(describeChange({ view, prev, cause: "undo" }, seats).notes, []);
  const gone = { steps: 7, state: state("place", 0, { players: players("playing", "eliminated") }) };
  assert.deepEqual(
    describeChange({ view: gone, prev: { steps: 6, state: state("place", 1) }, cause: "play" }, seats).notes,
    ["Bo has no legal build and is eliminated."],
  );
});

test('the person\'s own huts are said as theirs: no "3 huts of You"', () => {
  const you = [
    { name: "You", type: "human", you: true },
    { name: "Rival", type: "human" },
  ];
  const covered = [{ q: 0, r: 0, owner: 0, count: 2 }];
  const prev = { steps: 4, state: state("place", 1) };
  const view = { steps: 5, state: state("build", 1, { lastMove: { covered } }) };
  assert.deepEqual(describeChange({ view, prev, cause: "play" }, you).notes, ["Eruption: 2 of your huts destroyed."]);
});
