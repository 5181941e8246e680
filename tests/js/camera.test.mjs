// Pure tests of the board's camera math (web/js/board/camera.js): fitting, zooming about a
// point, panning, clamping and hit testing.
import assert from "node:assert/strict";
import test from "node:test";

import {
  LIFT,
  blendCamera,
  islandInView,
  MAX_SCALE,
  MIN_SCALE,
  fitCamera,
  hexAt,
  hexTop,
  islandBounds,
  panCamera,
  toCanvas,
  zoomCamera,
} from "../../web/js/board/camera.js";
import { hexCenter } from "../../web/js/board/geometry.js";
import { indexView } from "../../web/js/board/view.js";

const NO_INSETS = { top: 0, right: 0, bottom: 0, left: 0 };
const close = (a, b, eps = 1e-9) => Math.abs(a - b) < eps * Math.max(1, Math.abs(a), Math.abs(b));
const toWorld = (cam, sx, sy) => [(sx - cam.x) / cam.scale, (sy - cam.y) / cam.scale];
const hex = (q, r, level = 1) => ({ q, r, level, stack: [] });

// An island of 3-hex tiles: a 4 x 3 block, some hexes raised.
const ISLAND = [];
for (let q = -2; q <= 1; q++) for (let r = -1; r <= 1; r++) ISLAND.push(hex(q, r, q === 0 && r === -1 ? 3 : 1));

test("no camera while the canvas has no size", () => {
  assert.equal(fitCamera(ISLAND, { w: 0, h: 600 }, NO_INSETS), null);
  assert.equal(fitCamera([], { w: 800, h: 0 }, NO_INSETS), null);
});

test("an empty board is framed around the origin, zoomed in no further than 0.55 of the limit", () => {
  assert.deepEqual(islandBounds([]), { x0: -3, y0: -3, x1: 3, y1: 3 });
  const cam = fitCamera([], { w: 1000, h: 800 }, NO_INSETS);
  assert.equal(cam.scale, MAX_SCALE * 0.55);
  assert.deepEqual(toCanvas(cam, [0, 0]), [500, 400]);
});

test("a small empty screen gets a smaller margin and a smaller scale", () => {
  const cam = fitCamera([], { w: 390, h: 700 }, NO_INSETS);
  // (-3 - 1.8) .. (3 + 1.8) across 390 px.
  assert.ok(close(cam.scale, 390 / 9.6));
  assert.deepEqual(
    toCanvas(cam, [0, 0]).map((v) => Math.round(v * 1e9) / 1e9),
    [195, 350],
  );
});

test("islandBounds counts raised tops", () => {
  const b = islandBounds([hex(0, 0, 3), hex(1, 0, 1)]);
  assert.deepEqual(b, { x0: 0, y0: -3 * LIFT, x1: hexCenter(1, 0)[0], y1: 0 });
});

test("a board is framed whole, centred in the part the insets leave free", () => {
  const size = { w: 900, h: 600 };
  const insets = { top: 6, right: 52, bottom: 6, left: 6 };
  const cam = fitCamera(ISLAND, size, insets);
  const b = islandBounds(ISLAND);
  const [cx, cy] = toCanvas(cam, [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2]);
  assert.ok(close(cx, insets.left + (size.w - insets.left - insets.right) / 2));
  assert.ok(close(cy, insets.top + (size.h - insets.top - insets.bottom) / 2));
  for (const hx of ISLAND) {
    const [x, y] = toCanvas(cam, hexTop(hx.q, hx.r, hx.level));
    assert.ok(x - cam.scale >= insets.left && x + cam.scale <= size.w - insets.right, `${hx.q},${hx.r} across`);
    assert.ok(y - cam.scale >= insets.top && y + cam.scale <= size.h - insets.bottom, `${hx.q},${hx.r} down`);
  }
});

test("a huge board is fitted at the smallest scale, never smaller", () => {
  const wide = [hex(-200, 0), hex(200, 0)];
  assert.equal(fitCamera(wide, { w: 800, h: 600 }, NO_INSETS).scale, MIN_SCALE);
});

test("zooming about a point keeps that point fixed", () => {
  const cam = { scale: 40, x: 120, y: -35 };
  for (const factor of [1.25, 0.8, 2, 0.5]) {
    for (const [sx, sy] of [
      [0, 0],
      [300, 200],
      [-50, 640],
    ]) {
      const next = zoomCamera(cam, factor, sx, sy);
      assert.ok(close(next.scale, cam.scale * factor));
      const [a, b] = toWorld(cam, sx, sy);
      const [c, d] = toWorld(next, sx, sy);
      assert.ok(close(a, c) && close(b, d), `factor ${factor} about ${sx},${sy}`);
    }
  }
  assert.deepEqual(cam, { scale: 40, x: 120, y: -35 }, "the camera passed in is left alone");
});

test("zoom is clamped to the scale limits, still about the point", () => {
  const cam = { scale: 40, x: 10, y: 20 };
  const near = zoomCamera(cam, 100, 250, 150);
  assert.equal(near.scale, MAX_SCALE);
  const far = zoomCamera(cam, 0.001, 250, 150);
  assert.equal(far.scale, MIN_SCALE);
  for (const next of [near, far]) {
    const [a, b] = toWorld(cam, 250, 150);
    const [c, d] = toWorld(next, 250, 150);
    assert.ok(close(a, c) && close(b, d));
  }
  assert.deepEqual(zoomCamera(near, 1.5, 0, 0), near, "at the limit, zooming further changes nothing");
});

test("panning moves the camera by the drag", () => {
  assert.deepEqual(panCamera({ scale: 30, x: 5, y: 6 }, -12, 7.5), { scale: 30, x: -7, y: 13.5 });
});

test("hexAt finds the hex under a point; raised stacks in front win", () => {
  const cam = { scale: 50, x: 400, y: 300 };
  const { order } = indexView({ hexes: ISLAND, tiles: [] });
  for (const hx of ISLAND) {
    const [sx, sy] = toCanvas(cam, hexTop(hx.q, hx.r, hx.level));
    assert.deepEqual(hexAt(order, cam, sx, sy), { q: hx.q, r: hx.r });
  }
  // The top of a level-3 stack at (0, 0) covers part of the level-1 hex (0, -1) behind it.
  const [sx, sy] = toCanvas(cam, [-0.3, -1.3]);
  const flat = indexView({ hexes: [hex(0, -1), hex(1, -1), hex(0, 0)], tiles: [] }).order;
  assert.deepEqual(hexAt(flat, cam, sx, sy), { q: 0, r: -1 });
  const tall = indexView({ hexes: [hex(0, -1), hex(1, -1), hex(0, 0, 3)], tiles: [] }).order;
  assert.deepEqual(hexAt(tall, cam, sx, sy), { q: 0, r: 0 });
  // Off the island, the table hex under the point.
  const [tx, ty] = toCanvas(cam, hexCenter(-6, 4));
  assert.deepEqual(hexAt(order, cam, tx, ty), { q: -6, r: 4 });
  assert.deepEqual(hexAt([], cam, tx, ty), { q: -6, r: 4 });
});

test("a fitted camera keeps the island in view; a tile beyond its strip does not", () => {
  const size = { w: 900, h: 600 };
  const insets = { top: 6, right: 52, bottom: 6, left: 6 };
  const cam = fitCamera(ISLAND, size, insets);
  assert.ok(islandInView(ISLAND, cam, size, insets));
  // One more hex on the same row keeps the frame; one six hexes out does not.
  assert.ok(islandInView([...ISLAND, hex(2, 0)], cam, size, insets));
  assert.ok(!islandInView([...ISLAND, hex(7, 0)], cam, size, insets));
  // The person's zoom that puts the island partly outside the canvas.
  assert.ok(!islandInView(ISLAND, zoomCamera(cam, 3, 450, 300), size, insets));
});

test("blendCamera glides from one camera to another: the ends exact, the scale geometric", () => {
  const a = { scale: 20, x: 100, y: 50 };
  const b = { scale: 80, x: -300, y: 200 };
  assert.deepEqual(blendCamera(a, b, 0, 400, 300), a);
  assert.deepEqual(blendCamera(a, b, 1, 400, 300), b);
  const mid = blendCamera(a, b, 0.5, 400, 300);
  assert.ok(close(mid.scale, 40));
  // The world point under the centre moves in a straight line from a's to b's.
  const [ax, ay] = toWorld(a, 400, 300);
  const [bx, by] = toWorld(b, 400, 300);
  const [mx, my] = toWorld(mid, 400, 300);
  assert.ok(close(mx, (ax + bx) / 2) && close(my, (ay + by) / 2));
  // Without a zoom it is a plain pan.
  const c = blendCamera(a, { ...a, x: 200 }, 0.25, 400, 300);
  assert.ok(close(c.x, 125) && close(c.y, 50) && c.scale === 20);
});
