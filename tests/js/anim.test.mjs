// Pure tests of the board's motion (web/js/board/anim.js): what a change of snapshot animates,
// read from the hexes and the engine's lastMove, and where the moving pieces are over time.
import assert from "node:assert/strict";
import test from "node:test";

import {
  DROP_RISE,
  MOTION_MS,
  TILE_RISE,
  easeInOutCubic,
  easeOutCubic,
  phase,
  planMotion,
  poseAt,
} from "../../web/js/board/anim.js";
import { indexView } from "../../web/js/board/view.js";
import { AI_SPEEDS, motionMs } from "../../web/js/game/computer.js";

const hex = (q, r, stack, building = null) => ({ q, r, level: stack.length, stack, building });
const layer = (terrain, tile) => ({ terrain, tile });
const byKey = (hexes) => indexView({ hexes, tiles: [] }).byKey;
const placement = (...qr) => ({ hexes: qr.map(([q, r]) => ({ q, r })) });
const build = (...qr) => ({ hexes: qr.map(([q, r]) => ({ q, r, count: 1 })) });
const hut = (owner) => ({ kind: "hut", count: 1, owner });

// Tile 0 on the table; tile 1 then covers its volcano (an eruption) and a hut of seat 1 beside it.
const FIRST = [
  hex(0, 0, [layer("volcano", 0)]),
  hex(1, 0, [layer("jungle", 0)], hut(1)),
  hex(0, 1, [layer("lake", 0)]),
];
const SECOND = [
  hex(0, 0, [layer("volcano", 0), layer("volcano", 1)]),
  hex(1, 0, [layer("jungle", 0), layer("clearing", 1)]),
  hex(0, 1, [layer("lake", 0)]),
  hex(1, -1, [layer("rock", 1)]),
];
const ERUPTION = placement([0, 0], [1, 0], [1, -1]);

test("easings start at 0, end at 1 and never leave that range", () => {
  for (const ease of [easeOutCubic, easeInOutCubic]) {
    assert.equal(ease(0), 0);
    assert.equal(ease(1), 1);
    for (let t = 0; t <= 1; t += 0.05) assert.ok(ease(t) >= 0 && ease(t) <= 1);
  }
  assert.ok(easeOutCubic(0.5) > 0.5, "out: fast first");
  assert.ok(Math.abs(easeInOutCubic(0.5) - 0.5) < 1e-12);
  assert.equal(phase(0.2, 0.4, 1), 0);
  assert.ok(Math.abs(phase(0.7, 0.4, 1) - 0.5) < 1e-12);
  assert.equal(phase(1.5, 0.4, 1), 1);
});

test("an eruption: the tile lands on its three hexes, the volcano flares, the hut crumbles", () => {
  const plan = planMotion(byKey(FIRST), byKey(SECOND), { placementMove: ERUPTION, buildMove: null });
  assert.deepEqual([...plan.tile].sort(), ["0,0", "1,-1", "1,0"]);
  assert.equal(plan.flare, "0,0");
  assert.deepEqual([...plan.crumbles], [["1,0", hut(1)]]);
  assert.equal(plan.drops.size, 0);
});

test("a tile laid on the table flares nothing and buries nothing", () => {
  const plan = planMotion(byKey([]), byKey(FIRST), { placementMove: placement([0, 0], [1, 0], [0, 1]) });
  assert.equal(plan.tile.size, 3);
  assert.equal(plan.flare, null);
  assert.equal(plan.crumbles.size, 0);
});

test("a build drops in only the pieces that are new", () => {
  const before = [hex(0, 0, [layer("volcano", 0)]), hex(1, 0, [layer("jungle", 0)], hut(0))];
  const after = [before[0], hex(1, 0, [layer("jungle", 0)], hut(0)), hex(0, 1, [layer("lake", 0)], hut(0))];
  // The turn's tile is already down (its placement was the step before): only the build moves.
  const last = { placementMove: placement([0, 0]), buildMove: build([1, 0], [0, 1]) };
  const plan = planMotion(byKey(before), byKey(after), last);
  assert.equal(plan.tile.size, 0);
  assert.deepEqual([...plan.drops], ["0,1"]);
});

test("a step back (undo, replay going back) or a lastMove that did not change the board moves nothing", () => {
  const last = { placementMove: ERUPTION, buildMove: null };
  assert.equal(planMotion(byKey(SECOND), byKey(FIRST), last), null, "undo of the eruption");
  const previous = { placementMove: placement([0, 0], [1, 0], [0, 1]), buildMove: build([1, 0]) };
  assert.equal(planMotion(byKey(SECOND), byKey(FIRST), previous), null, "undo, the turn before's move");
  assert.equal(planMotion(byKey(SECOND), byKey(SECOND), last), null);
  assert.equal(planMotion(byKey(FIRST), byKey(SECOND), null), null, "no last move");
  const unbuilt = { placementMove: null, buildMove: build([1, 0]) };
  assert.equal(planMotion(byKey(FIRST), byKey(FIRST), unbuilt), null, "the hut was there already");
});

test("the tile comes down from above and lands by 3/4 of the time; the volcano flares after it starts", () => {
  const plan = planMotion(byKey(FIRST), byKey(SECOND), { placementMove: ERUPTION });
  const start = poseAt(plan, 0);
  assert.equal(start.tile.rise, TILE_RISE);
  assert.equal(start.tile.alpha, 0);
  assert.equal(start.crumble.height, 1);
  assert.equal(start.flare, 0);
  assert.equal(start.moving, TILE_RISE);
  let last = Infinity;
  for (let t = 0; t <= 0.75; t += 0.05) {
    const { tile } = poseAt(plan, t);
    assert.ok(tile.rise <= last, "the tile never goes back up");
    last = tile.rise;
  }
  const landed = poseAt(plan, 0.75);
  assert.equal(landed.tile.rise, 0);
  assert.equal(landed.tile.alpha, 1);
  assert.equal(landed.crumble.height, 0, "buried before the tile is down");
  assert.ok(poseAt(plan, 0.7).flare > 0.5);
  const end = poseAt(plan, 1);
  assert.ok(end.flare < 1e-9);
  assert.equal(end.moving, 0);
});

test("pieces drop in over the whole time, or after the tile when both move", () => {
  const drops = { tile: new Set(), flare: null, crumbles: new Map(), drops: new Set(["0,1"]) };
  assert.equal(poseAt(drops, 0).drop.rise, DROP_RISE);
  assert.ok(poseAt(drops, 0.5).drop.rise < DROP_RISE / 2);
  assert.equal(poseAt(drops, 1).drop.rise, 0);
  const both = { ...drops, tile: new Set(["0,0"]) };
  assert.equal(poseAt(both, 0.5).drop.rise, DROP_RISE);
  assert.equal(poseAt(both, 1).drop.rise, 0);
});

test("reduced motion only fades: nothing rises, shrinks or flares", () => {
  const plan = planMotion(byKey(FIRST), byKey(SECOND), { placementMove: ERUPTION });
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    const p = poseAt(plan, t, true);
    assert.equal(p.moving, 0);
    assert.equal(p.tile.rise, 0);
    assert.equal(p.drop.rise, 0);
    assert.equal(p.crumble.height, 1);
    assert.equal(p.flare, 0);
    assert.equal(p.tile.alpha, t);
    assert.equal(p.crumble.alpha, 1 - t);
  }
});

test("a computer's move animates at the page's computer speed, anyone else's for MOTION_MS", () => {
  assert.equal(motionMs("person", "fast"), MOTION_MS);
  assert.equal(motionMs("api", "slow"), MOTION_MS);
  assert.equal(motionMs("computer", "normal"), MOTION_MS);
  for (const { id, motion } of AI_SPEEDS) assert.equal(motionMs("computer", id), motion);
  assert.equal(motionMs("computer", "instant"), 0);
  // Within the 250-400 ms a move takes, or none at all.
  for (const { motion } of AI_SPEEDS) assert.ok(motion === 0 || (motion >= 250 && motion <= 400));
});
