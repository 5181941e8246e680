// A replay steps by turn, as a player counts them: the turns' ends from the log, in the engine's steps
// (placements and builds), the turn a step is in, and the autoplay's pace at the computer speed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { english } from "./english.mjs";
import {
  nextStop,
  playedTurns,
  previousStop,
  replayPace,
  shownTurn,
  turnOf,
  turnStops,
} from "../../web/js/replay/replay-steps.js";
import { turnWords } from "../../web/js/replay/replay.js";
import { builtOn, logEntry, placedBeside } from "./fixtures/told-moves.mjs";

const turn = (seat, { place = true, built = true } = {}) =>
  logEntry(place ? placedBeside("lake") : null, built ? builtOn("found", "jungle") : null, { seat });

// Ana, Bo, then Ana eliminated (a placement and no build), Bo, and Ana's turn half played.
const log = [turn(0), turn(1), turn(0, { built: false }), turn(1), turn(0, { built: false })];

test("the turn about to be played, with no move yet, is no turn of the replay", () => {
  const upcoming = turn(1, { place: false, built: false });
  assert.deepEqual(playedTurns([...log, upcoming]), log);
});

test("the turns end where the log's placements and builds add up", () => {
  assert.deepEqual(turnStops(log), [0, 2, 4, 5, 7, 8]);
  assert.deepEqual(turnStops([]), [0]);
});

test("a step belongs to the last turn it completes", () => {
  const stops = turnStops(log);
  assert.equal(turnOf(stops, 0), 0);
  assert.equal(turnOf(stops, 1), 0);
  assert.equal(turnOf(stops, 2), 1);
  assert.equal(turnOf(stops, 5), 3);
  assert.equal(turnOf(stops, 6), 3);
  assert.equal(turnOf(stops, 8), 5);
});

test("next and previous go a whole turn, from a step within a turn to its ends", () => {
  const stops = turnStops(log);
  assert.equal(nextStop(stops, 0), 2);
  assert.equal(nextStop(stops, 1), 2);
  assert.equal(nextStop(stops, 4), 5);
  assert.equal(nextStop(stops, 8), 8, "the end stays");
  assert.equal(previousStop(stops, 8), 7);
  assert.equal(previousStop(stops, 6), 5);
  assert.equal(previousStop(stops, 2), 0);
  assert.equal(previousStop(stops, 0), 0, "the start stays");
});

test("a step shows the turn it ends, or within a turn the placement so far", () => {
  const stops = turnStops(log);
  assert.equal(shownTurn(log, stops, 0), null);
  assert.deepEqual(shownTurn(log, stops, 4), { index: 1, entry: log[1], placementOnly: false });
  assert.deepEqual(shownTurn(log, stops, 3), { index: 1, entry: log[1], placementOnly: true });
});

test("a turn in words names its player and both its moves, never a coordinate", () => {
  assert.ok(english);
  const stops = turnStops(log);
  const names = ["Ana", "Bo"];
  const words = turnWords(shownTurn(log, stops, 4), names);
  assert.match(words, /^Bo: /);
  assert.match(words, / · /, "the placement, then the build");
  assert.doesNotMatch(words, /-?\d+,-?\d+/);
  assert.doesNotMatch(turnWords(shownTurn(log, stops, 3), names), / · /, "no build yet");
  assert.match(turnWords(shownTurn(log, stops, 2), []), /^Player 1: /);
  assert.equal(turnWords(null, names), "Before the first tile");
});

test("autoplay goes at the page's computer speed, and never faster than a glance", () => {
  assert.deepEqual(replayPace("normal"), { every: 700 + 320, motion: 320 });
  assert.deepEqual(replayPace("slow"), { every: 1600 + 400, motion: 400 });
  assert.ok(replayPace("fast").every < replayPace("normal").every);
  assert.deepEqual(replayPace("instant"), { every: 250, motion: 0 });
  assert.deepEqual(replayPace("no such speed"), replayPace("normal"));
});
