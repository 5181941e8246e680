// The last move's marks (web/js/board/render-marks.js) from the engine's lastMove, in the shapes
// kept games hold: a game kept by an earlier build is drawn before the engine is up (the kept
// state's lastMove), so every shape must draw or be left out, never throw.
import "./english.mjs";
import assert from "node:assert/strict";
import test from "node:test";

import { hexTop } from "../../web/js/board/camera.js";
import { drawnLastMove as marksOf } from "./fixtures/fakes.mjs";
import { found, logEntry, tableTile } from "./fixtures/told-moves.mjs";

const entry = logEntry(tableTile, found);
// What builds before this one sent beside the facts, and before the facts.
const pairs = (move) => move.hexes.map(({ q, r }) => [q, r]);
const repeated = {
  placement: tableTile.notation,
  placementHexes: pairs(tableTile),
  build: found.notation,
  buildHexes: pairs(found),
};

test("the last tile is outlined and its build ringed, from the moves' facts", () => {
  const calls = marksOf(entry);
  assert.equal(calls.moveTo.length, 12, "three touching hexes have twelve outer edges");
  const [x, y] = hexTop(-1, 0, 0);
  assert.deepEqual(
    calls.arc.map(([ax, ay]) => [ax, ay]),
    [[x, y + 0.05]],
  );
});

test("a lastMove kept by the build before (facts beside hex lists) draws the same marks", () => {
  assert.deepEqual(marksOf({ ...entry, ...repeated }), marksOf(entry));
});

test("a placement not yet built on has no ring; no lastMove or one without facts has no marks", () => {
  assert.equal(marksOf({ ...entry, buildMove: null }).arc.length, 0);
  assert.equal(marksOf({ ...entry, buildMove: null }).moveTo.length, 12);
  const older = { seat: 0, tile: "JR", covered: [], ...repeated }; // kept before the facts
  for (const last of [null, older]) assert.deepEqual(marksOf(last), { moveTo: [], arc: [] });
});
