// Pure tests of the review's graph layout (web/js/review/graph.js) and of the board marks of a
// reviewed turn (web/js/review/turn-view.js).
import "./english.mjs";
import assert from "node:assert/strict";
import test from "node:test";

import { drawMarks } from "../../web/js/board/render-marks.js";
import { completeView } from "../../web/js/board/view.js";

import { GRAPH_SIZE, graphLayout, lineYAt, plottedBoundaries, turnAtX, turnForKey } from "../../web/js/review/graph.js";
import { playedMark, preferredMarks, turnBoardView } from "../../web/js/review/turn-view.js";

const reviews = [
  { number: 1, seat: 0, after: [0.6, 0.4] },
  { number: 2, seat: 1, after: [0.5, 0.5] },
  { number: 3, seat: 0, after: [0.2, 0.8] },
];

test("one line per seat through the round starts and the latest answer", () => {
  const layout = graphLayout({ start: [0.5, 0.5], reviews, turns: 10, marked: [1, 3] });
  assert.equal(layout.lines.length, 2);
  const { left, right, top, bottom, width, height } = GRAPH_SIZE;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const x = (n) => Math.round((left + (plotW * n) / 10) * 10) / 10;
  const y = (share) => Math.round((top + plotH * (1 - share)) * 10) / 10;
  // Boundaries 0 and 2 start rounds (seat 0 to move); 3 is the latest answer. x spreads the
  // turns over the whole review (10 turns) even while the answers come in; a share of 1 is at
  // the top, 0 at the bottom.
  assert.deepEqual(layout.lines[1].points, [
    [x(0), y(0.5)],
    [x(2), y(0.5)],
    [x(3), y(0.8)],
  ]);
  assert.deepEqual(layout.lines[0].points, [
    [x(0), y(0.5)],
    [x(2), y(0.5)],
    [x(3), y(0.2)],
  ]);
  // A marked turn sits on its player's line, at the end of the turn.
  assert.deepEqual(layout.marks, [
    { turn: 1, seat: 0, x: x(1), y: y(0.5) },
    { turn: 3, seat: 0, x: x(3), y: y(0.2) },
  ]);
});

test("rounds follow the seats' order, also once a seat is out", () => {
  const seats = (...list) => list.map((seat, i) => ({ number: i + 1, seat }));
  assert.deepEqual(plottedBoundaries(seats(0, 1, 2, 0, 1, 2)), [0, 3, 6]);
  assert.deepEqual(plottedBoundaries(seats(0, 1, 2, 0, 2, 0, 2)), [0, 3, 5, 7]); // seat 1 out
  assert.deepEqual(plottedBoundaries(seats(0)), [0, 1]);
  assert.deepEqual(plottedBoundaries([]), [0]);
});

test("a point between two of a line's points lies on the segment", () => {
  const points = [
    [0, 10],
    [10, 20],
    [30, 0],
  ];
  assert.equal(lineYAt(points, 5), 15);
  assert.equal(lineYAt(points, 20), 10);
  assert.equal(lineYAt(points, 30), 0);
  assert.equal(lineYAt([[4, 7]], 4), 7);
});

test("marks of turns not answered yet wait; four seats have an even line at 25%", () => {
  const start = [0.25, 0.25, 0.25, 0.25];
  const layout = graphLayout({ start, reviews: [], turns: 40, marked: [7] });
  assert.deepEqual(layout.marks, []);
  assert.equal(layout.lines.length, 4);
  const { top, bottom, height } = GRAPH_SIZE;
  assert.equal(layout.even, Math.round((top + (height - top - bottom) * 0.75) * 10) / 10);
  assert.equal(graphLayout({ start: [], reviews: [], turns: 0 }).even, null);
});

test("partners' equal lines (O-TEAMS) are drawn dashed over each other; others stay solid", () => {
  const teams = [
    { number: 1, seat: 0, after: [0.3, 0.2, 0.3, 0.2] },
    { number: 2, seat: 1, after: [0.35, 0.15, 0.35, 0.15] },
  ];
  const layout = graphLayout({ start: [0.25, 0.25, 0.25, 0.25], reviews: teams, turns: 8 });
  assert.deepEqual(
    layout.lines.map((line) => line.dashed),
    [false, false, true, true],
  );
  const free = graphLayout({ start: [0.5, 0.5], reviews, turns: 10 });
  assert.deepEqual(
    free.lines.map((line) => line.dashed),
    [false, false],
  );
});

test("a click chooses the turn drawn under it, among those answered", () => {
  const layout = graphLayout({ start: [0.5, 0.5], reviews, turns: 10 });
  const [x1, x2] = [layout.turnX(1), layout.turnX(2)];
  assert.equal(turnAtX(layout, (x1 + x2) / 2, 3), 2);
  assert.equal(turnAtX(layout, 0, 3), 1);
  assert.equal(turnAtX(layout, GRAPH_SIZE.width, 3), 3); // beyond the answers: the last one
  assert.equal(turnAtX(layout, x1, 0), 0);
});

test("arrow keys, Home and End step through the answered turns", () => {
  assert.equal(turnForKey("ArrowRight", 1, 3), 2);
  assert.equal(turnForKey("ArrowRight", 3, 3), 3);
  assert.equal(turnForKey("ArrowLeft", 1, 3), 1);
  assert.equal(turnForKey("Home", 3, 3), 1);
  assert.equal(turnForKey("End", 1, 3), 3);
  assert.equal(turnForKey("a", 1, 3), null);
  assert.equal(turnForKey("End", 0, 0), null);
});

const placement = (q, r) => ({
  type: "place",
  volcano: [q, r],
  clock: 6,
  level: 1,
  hexes: [
    { q, r, terrain: "volcano" },
    { q: q - 1, r: r + 1, terrain: "jungle" },
    { q, r: r + 1, terrain: "lake" },
  ],
});
// The paths the board draws for a last-move mark alone: outline edges (moveTo), rings (arc).
function drawnLastMove(lastMove) {
  const calls = { moveTo: [], arc: [] };
  const record = (_, name) => (name in calls ? (...args) => calls[name].push(args) : () => {});
  const ctx = new Proxy({}, { get: record, set: () => true });
  drawMarks(ctx, { view: completeView({ lastMove }), byKey: new Map() });
  return calls;
}

const hut = (q, r) => ({ type: "build", kind: "found", piece: "hut", hexes: [{ q, r, count: 1 }] });

test("the played turn is a last-move outline; the preferred one a hint's tile and pieces", () => {
  const played = { placement: placement(0, 0), build: hut(-1, 1) };
  const preferred = { placement: placement(2, -1), build: hut(2, 0) };
  assert.deepEqual(playedMark(played), { placementMove: played.placement, buildMove: played.build });
  // The board draws it as it draws a last move: the tile's outline and a ring on the build.
  const drawn = drawnLastMove(playedMark(played));
  assert.ok(drawn.moveTo.length >= 3, "the played tile is outlined");
  assert.ok(drawn.arc.length >= 1, "the played build is ringed");
  const marks = preferredMarks(preferred, 1);
  assert.equal(marks.ghost.q, 2);
  assert.equal(marks.ghost.r, -1);
  assert.equal(marks.ghost.clock, 6);
  assert.equal(marks.ghost.legal, true);
  assert.equal(marks.ghost.warn, false);
  assert.deepEqual(marks.targets, [{ q: 2, r: 0, strong: true }]);
  assert.deepEqual(marks.preview, [{ q: 2, r: 0, kind: "hut", count: 1, owner: 1 }]);
  // A placement with no build after it eliminates its player: drawn as a warning.
  const alone = preferredMarks({ placement: placement(2, -1), build: null }, 1);
  assert.equal(alone.ghost.warn, true);
  assert.deepEqual(alone.preview, []);

  const state = { hexes: [], tiles: [] };
  const view = turnBoardView(state, { seat: 1, played, preferred }, ["red", "blue"]);
  assert.equal(view.hexes, state.hexes);
  assert.deepEqual(view.lastMove, playedMark(played));
  assert.deepEqual(view.ghost, marks.ghost);
});
