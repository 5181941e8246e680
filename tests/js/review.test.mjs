// Pure tests of the review's graph layout (web/js/review/graph.js), of the board views of a
// reviewed turn (web/js/review/turn-view.js) and of the board's frame (web/js/review/frame.js).
import "./english.mjs";
import assert from "node:assert/strict";
import test from "node:test";

import { drawnLastMove } from "./fixtures/fakes.mjs";

import { LIFT, toCanvas } from "../../web/js/board/camera.js";
import { hexCenter } from "../../web/js/board/geometry.js";
import { frameCamera, shownHexes, wholeBounds } from "../../web/js/review/frame.js";
import {
  GRAPH_SIZE,
  graphLayout,
  graphSize,
  lineYAt,
  plottedBoundaries,
  turnAtX,
  turnForKey,
  turnNumbers,
} from "../../web/js/review/graph.js";
import {
  answerStates,
  lineSteps,
  lineView,
  playedMark,
  playedView,
  preferredMarks,
} from "../../web/js/review/turn-view.js";

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
});

const stateWith = (...hexes) => ({ hexes: hexes.map(([q, r, level]) => ({ q, r, level })), tiles: [] });

/** A reviewed turn: the board before, after the turn played, along the preferred line. */
function answer(played, preferred, same = false) {
  return {
    seat: 1,
    same,
    played,
    preferred,
    state: stateWith([0, 0, 1]),
    playedState: stateWith([0, 0, 1], [5, 0, 1]),
    line: [stateWith([0, 0, 1], [2, -1, 1]), stateWith([0, 0, 1], [2, -1, 1])],
  };
}

test("the turn played is drawn laid, with its landscapes and pieces, the preferred one over it", () => {
  const played = { placement: placement(0, 0), build: hut(-1, 1) };
  const preferred = { placement: placement(2, -1), build: hut(2, 0) };
  const a = answer(played, preferred);
  const view = playedView(a, ["red", "blue"]);
  // The position after the turn played: its tile is a stack of the board, not an outline.
  assert.equal(view.hexes, a.playedState.hexes);
  assert.deepEqual(view.lastMove, playedMark(played));
  assert.deepEqual(view.ghost, preferredMarks(preferred, 1).ghost);
  assert.deepEqual(view.preview, [{ q: 2, r: 0, kind: "hut", count: 1, owner: 1 }]);
  // The same turn: nothing floats over it.
  const same = playedView(answer(played, played, true), []);
  assert.equal(same.ghost, undefined);
  assert.equal(same.preview, undefined);
  // The same tile, another build: the build alone, no ghost hiding the pieces on the tile.
  const other = playedView(answer(played, { placement: placement(0, 0), build: hut(0, 1) }), []);
  assert.equal(other.ghost, null);
  assert.deepEqual(other.targets, [{ q: 0, r: 1, strong: true }]);
});

test("the engine's line: before the turn, its placement, then its build, each step outlined", () => {
  const played = { placement: placement(0, 0), build: hut(-1, 1) };
  const preferred = { placement: placement(2, -1), build: hut(2, 0) };
  const a = answer(played, preferred);
  const steps = lineSteps(a);
  assert.deepEqual(
    steps.map((s) => s.move),
    [null, preferred.placement, preferred.build],
  );
  assert.equal(lineView(a, 0, []).lastMove, null);
  assert.equal(lineView(a, 0, []).hexes, a.state.hexes);
  assert.deepEqual(lineView(a, 1, []).lastMove, { placementMove: preferred.placement, buildMove: null });
  assert.equal(lineView(a, 1, []).hexes, a.line[0].hexes);
  assert.deepEqual(lineView(a, 2, []).lastMove, { placementMove: preferred.placement, buildMove: preferred.build });
  // An elimination: the placement is the whole line.
  const out = { ...a, preferred: { placement: placement(2, -1), build: null }, line: [a.line[0]] };
  assert.equal(lineSteps(out).length, 2);
  assert.deepEqual(answerStates([a]), [a.state, a.playedState, ...a.line]);
});

test("the frame holds every hex shown whole, raised stacks and pieces too, and centres them", () => {
  const a = answer({ placement: placement(0, 0), build: hut(-1, 1) }, { placement: placement(2, -1), build: null });
  const hexes = shownHexes(answerStates([a]));
  assert.deepEqual(
    hexes.map((hx) => [hx.q, hx.r, hx.level]),
    [
      [0, 0, 1],
      [5, 0, 1],
      [2, -1, 1],
    ],
  );
  // The highest level a hex is shown at counts.
  assert.deepEqual(shownHexes([stateWith([0, 0, 1])], [{ q: 0, r: 0, level: 3 }]), [{ q: 0, r: 0, level: 3 }]);
  const size = { w: 400, h: 300 };
  const cam = frameCamera(hexes, size);
  for (const { q, r, level } of hexes) {
    const [x, y] = hexCenter(q, r);
    // The hex's left and right corners, its raised top with a piece on it, its foot: in view.
    for (const point of [
      [x - 0.87, y],
      [x + 0.87, y],
      [x, y - level * LIFT - 1.8],
      [x, y + 1],
    ]) {
      const [sx, sy] = toCanvas(cam, point);
      assert.ok(sx >= 0 && sx <= size.w && sy >= 0 && sy <= size.h, `(${q}, ${r}) is in view`);
    }
  }
  // Centred: as much sea on the left as on the right.
  const b = wholeBounds(hexes);
  const [left] = toCanvas(cam, [b.x0, 0]);
  const [right] = toCanvas(cam, [b.x1, 0]);
  assert.ok(Math.abs(left - (size.w - right)) < 1e-6);
  assert.equal(frameCamera(hexes, { w: 0, h: 0 }), null);
});

test("the turn axis numbers the turns, thinned to stay readable", () => {
  assert.deepEqual(turnNumbers(4, 400), [1, 2, 3, 4]);
  // 16.7 px a turn: every 2nd (the first would crowd the second)
  assert.deepEqual(turnNumbers(24, 400), [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24]);
  const numbers = turnNumbers(24, 300); // 12.5 px a turn: every 5th, and the first
  assert.deepEqual(numbers, [1, 5, 10, 15, 20]);
  assert.deepEqual(turnNumbers(0, 300), []);
  const layout = graphLayout({ start: [0.5, 0.5], reviews, turns: 4, size: graphSize(500) });
  // Each number at the middle of its turn's stretch.
  assert.deepEqual(
    layout.axis.map((a) => a.turn),
    [1, 2, 3, 4],
  );
  assert.equal(layout.axis[0].x, Math.round(((layout.turnX(0) + layout.turnX(1)) / 2) * 10) / 10);
  // Drawn at the size shown: one SVG unit a CSS pixel, so labels keep their CSS size.
  assert.equal(graphSize(500).width, 500);
  assert.equal(graphSize(100).width, 280);
  assert.ok(graphSize(500).height >= 190);
});
