// Pure tests of the board's hex geometry (web/js/board/geometry.js), which mirrors
// engine/taluva/rules/hexgrid.py: axial (q, r), pointy top, tiles placed by volcano and clock hour.
import assert from "node:assert/strict";
import test from "node:test";

import {
  CLOCKS,
  DIRECTIONS,
  SQRT3,
  clockAngle,
  hexCenter,
  key,
  neighbour,
  placementKey,
  pointToHex,
  rotateClock,
  tileHexes,
} from "../../web/js/board/geometry.js";

// engine/taluva/rules/hexgrid.py tile_hexes(ORIGIN, k) for k = CLOCKS.indexOf(clock):
// (volcano, volcano + DIRECTIONS[k + 1], volcano + DIRECTIONS[k]).
const AT_ORIGIN = {
  4: [
    [0, 0],
    [0, 1],
    [1, 0],
  ],
  6: [
    [0, 0],
    [-1, 1],
    [0, 1],
  ],
  8: [
    [0, 0],
    [-1, 0],
    [-1, 1],
  ],
  10: [
    [0, 0],
    [0, -1],
    [-1, 0],
  ],
  12: [
    [0, 0],
    [1, -1],
    [0, -1],
  ],
  2: [
    [0, 0],
    [1, 0],
    [1, -1],
  ],
};

const close = (a, b, eps = 1e-9) => Math.abs(a - b) < eps;
const range = (lo, hi) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

test("tileHexes puts the landscapes where the engine does, for every clock hour", () => {
  assert.deepEqual(
    [...CLOCKS].sort((a, b) => a - b),
    [2, 4, 6, 8, 10, 12],
  );
  for (const clock of CLOCKS) {
    assert.deepEqual(tileHexes(0, 0, clock), AT_ORIGIN[clock], `clock ${clock}`);
    const moved = AT_ORIGIN[clock].map(([q, r]) => [q + 3, r - 5]);
    assert.deepEqual(tileHexes(3, -5, clock), moved, `clock ${clock} away from the origin`);
  }
});

test("the landscapes lie towards the clock hour seen from the volcano", () => {
  for (const clock of CLOCKS) {
    const [, a, b] = tileHexes(0, 0, clock).map(([q, r]) => hexCenter(q, r));
    const angle = Math.atan2((a[1] + b[1]) / 2, (a[0] + b[0]) / 2);
    const want = clockAngle(clock);
    assert.ok(close(Math.cos(angle), Math.cos(want)) && close(Math.sin(angle), Math.sin(want)), `clock ${clock}`);
  }
});

test("tileHexes rejects an hour that is not a tile orientation", () => {
  for (const bad of [0, 1, 3, 11, 14, "4"]) assert.throws(() => tileHexes(0, 0, bad), /clock hour/);
});

test("rotateClock steps clockwise and back through the six hours", () => {
  assert.equal(rotateClock(2, 1), 4);
  assert.equal(rotateClock(12, 1), 2);
  assert.equal(rotateClock(2, -1), 12);
  assert.equal(rotateClock(4, -1), 2);
  for (const start of CLOCKS) {
    for (const step of [1, -1]) {
      const seen = [start];
      let c = start;
      for (let i = 0; i < 6; i++) seen.push((c = rotateClock(c, step)));
      assert.equal(seen[6], start, `six steps of ${step} from ${start} come back`);
      assert.equal(new Set(seen.slice(0, 6)).size, 6, `and visit every hour on the way`);
      for (const h of seen) assert.ok(CLOCKS.includes(h));
    }
    assert.equal(rotateClock(rotateClock(start, 1), -1), start);
  }
});

test("hexCenter and pointToHex round-trip, including negatives and -0", () => {
  for (const q of range(-7, 7)) {
    for (const r of range(-7, 7)) {
      const [x, y] = hexCenter(q, r);
      assert.deepEqual(pointToHex(x, y), [q, r]);
      // Any point well inside the hex (inner radius sqrt(3)/2) belongs to it.
      for (let k = 0; k < 12; k++) {
        const a = (k / 12) * 2 * Math.PI;
        assert.deepEqual(pointToHex(x + 0.8 * Math.cos(a), y + 0.8 * Math.sin(a)), [q, r], `${q},${r} at ${k}`);
      }
    }
  }
  for (const [x, y] of [
    [-0, -0],
    [-0.1, -0.1],
    [-0, 0.2],
    [0.3, -0],
  ]) {
    const [q, r] = pointToHex(x, y);
    assert.ok(Object.is(q, 0) && Object.is(r, 0), `pointToHex(${x}, ${y}) gives a plain 0, not -0`);
    assert.equal(key(q, r), "0,0");
  }
  assert.deepEqual(pointToHex(...hexCenter(-0, -0)), [0, 0]);
});

test("hexCenter spaces neighbours one hex width apart", () => {
  assert.deepEqual(hexCenter(0, 0), [0, 0]);
  assert.deepEqual(hexCenter(1, 0), [SQRT3, 0]);
  assert.deepEqual(hexCenter(0, 2), [SQRT3, 3]);
  for (const [dq, dr] of DIRECTIONS) {
    const [x, y] = hexCenter(2 + dq, -3 + dr);
    const [x0, y0] = hexCenter(2, -3);
    assert.ok(close(Math.hypot(x - x0, y - y0), SQRT3));
  }
});

test("neighbour follows the directions clockwise from east, any d modulo 6", () => {
  assert.deepEqual(DIRECTIONS, [
    [1, 0],
    [0, 1],
    [-1, 1],
    [-1, 0],
    [0, -1],
    [1, -1],
  ]);
  for (let d = 0; d < 6; d++) {
    const want = [4 + DIRECTIONS[d][0], -2 + DIRECTIONS[d][1]];
    assert.deepEqual(neighbour(4, -2, d), want);
    assert.deepEqual(neighbour(4, -2, d + 6), want);
    assert.deepEqual(neighbour(4, -2, d - 6), want);
  }
  assert.deepEqual(neighbour(0, 0, -1), [1, -1]);
});

test("key and placementKey are the engine's q,r and q,r/clock texts", () => {
  assert.equal(key(2, -1), "2,-1");
  assert.equal(key(-0, 0), "0,0");
  assert.equal(placementKey(2, -1, 10), "2,-1/10");
  assert.equal(placementKey(-3, 0, 2), "-3,0/2");
});
