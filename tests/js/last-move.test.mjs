// The last move's marks (web/js/board/render-marks.js) from the engine's lastMove, in the shapes
// kept games hold: a game kept by an earlier build is drawn before the engine is up (the kept
// state's lastMove), so every shape must draw or be left out, never throw.
import "./english.mjs";
import assert from "node:assert/strict";
import test from "node:test";

import { hexTop } from "../../web/js/board/camera.js";
import { drawMarks } from "../../web/js/board/render-marks.js";
import { completeView } from "../../web/js/board/view.js";

// A canvas context that records the paths drawn: outline edges (moveTo) and circles (arc).
function recorder() {
  const calls = { moveTo: [], arc: [] };
  const ctx = new Proxy(
    {},
    {
      get: (_, name) => (name in calls ? (...args) => calls[name].push(args) : () => {}),
      set: () => true,
    },
  );
  return { ctx, calls };
}

function marksOf(lastMove) {
  const { ctx, calls } = recorder();
  drawMarks(ctx, { view: completeView({ lastMove }), byKey: new Map() });
  return calls;
}

const placementMove = {
  type: "place",
  notation: "0,1/6",
  volcano: [0, 1],
  orientation: 1,
  clock: 6,
  level: 1,
  hexes: [
    { q: 0, r: 1, terrain: "volcano" },
    { q: -1, r: 2, terrain: "jungle" },
    { q: 0, r: 2, terrain: "rock" },
  ],
  eruption: false,
};
const buildMove = {
  type: "build",
  notation: "hut 2,-1",
  kind: "found",
  piece: "hut",
  hexes: [{ q: 2, r: -1, count: 1 }],
};
const entry = { seat: 0, tile: "JR", covered: [], placementMove, buildMove };
// What builds before this one sent beside the facts, and before the facts.
const repeated = {
  placement: "0,1/6",
  placementHexes: [
    [0, 1],
    [-1, 2],
    [0, 2],
  ],
  build: "hut 2,-1",
  buildHexes: [[2, -1]],
};

test("the last tile is outlined and its build ringed, from the moves' facts", () => {
  const calls = marksOf(entry);
  assert.equal(calls.moveTo.length, 12, "three touching hexes have twelve outer edges");
  const [x, y] = hexTop(2, -1, 0);
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
