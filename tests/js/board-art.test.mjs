// Pieces stay legible when zoomed out (web/js/board/art-pieces.js): drawBuilding never draws a
// piece under the least height asked for, and huts too small to stand side by side become one.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { drawBuilding } from "../../web/js/board/art.js";
import { legibleSizes, MIN_PIECE_PX } from "../../web/js/board/render-stack.js";
import { recordingContext } from "./fixtures/fakes.mjs";

// A 2D context that records where pieces are drawn: each path's lowest and highest y.
function pathsContext() {
  const paths = [];
  let current = null;
  const point = (x, y) => current?.push([x, y]);
  const methods = {
    beginPath: () => paths.push((current = [])),
    moveTo: point,
    lineTo: point,
    getTransform: () => ({ a: 1, b: 0 }),
    measureText: () => ({ width: 1 }),
  };
  const { ctx } = recordingContext({ methods });
  return { ctx, paths };
}

const RED = { fill: "#d8342c", edge: "#5a0f0b", text: "#fff" };

describe("a building's pieces", () => {
  test("are drawn to scale when that is large enough", () => {
    const { ctx } = pathsContext();
    assert.ok(Math.abs(drawBuilding(ctx, 0, 0, 1, { kind: "tower", count: 1 }, RED) - 0.756) < 1e-9);
    assert.ok(Math.abs(drawBuilding(ctx, 0, 0, 1, { kind: "hut", count: 3 }, RED) - 0.38) < 1e-9);
  });

  for (const building of [
    { kind: "hut", count: 1 },
    { kind: "hut", count: 3 },
    { kind: "temple", count: 1 },
    { kind: "tower", count: 1 },
  ]) {
    test(`${building.kind} x${building.count} grows to the least height`, () => {
      const least = legibleSizes(9).piece; // the smallest zoom: 9 px a hex radius
      const { ctx, paths } = pathsContext();
      const height = drawBuilding(ctx, 0, 0, 1, building, RED, { minHeight: least, count: false });
      assert.ok(height >= least - 1e-9, `${height} < ${least}`);
      // The outline drawn is as tall as said (the piece's polygon: its first path with corners).
      const outline = paths.find((p) => p.length >= 5);
      const ys = outline.map(([, y]) => y);
      assert.ok(Math.max(...ys) - Math.min(...ys) >= least - 1e-9);
    });
  }

  test("huts too small side by side are drawn as one", () => {
    const least = legibleSizes(9).piece;
    const { ctx, paths } = pathsContext();
    drawBuilding(ctx, 0, 0, 1, { kind: "hut", count: 3 }, RED, { minHeight: least, count: false });
    const huts = paths.filter((p) => p.length === 5); // the hut's outline has five corners
    assert.equal(huts.length, 1);
  });

  test("the least height is 12 CSS px at any scale", () => {
    assert.equal(MIN_PIECE_PX, 12);
    assert.equal(legibleSizes(24).piece * 24, 12);
  });
});
