// Pure tests of the board's view snapshot (web/js/board/view.js): defaults, when two views are
// the same (so the board does not redraw), and the drawing lookups.
import "./english.mjs";
import assert from "node:assert/strict";
import test from "node:test";

import { completeView, emptyView, indexView, levelAt, sameView } from "../../web/js/board/view.js";

test("a partial view is completed with empty parts; undefined counts as left out", () => {
  const hexes = [];
  const v = completeView({ hexes, ghost: undefined, cursor: { q: 1, r: 2 } });
  assert.equal(v.hexes, hexes);
  assert.equal(v.ghost, null);
  assert.deepEqual(v.cursor, { q: 1, r: 2 });
  assert.deepEqual(Object.keys(v).sort(), Object.keys(emptyView()).sort());
});

test("engine snapshots compare by identity, the controller's marks by value", () => {
  const hexes = [{ q: 0, r: 0, level: 1, stack: [] }];
  const a = completeView({ hexes, targets: [{ q: 1, r: 0, strong: true }], cursor: { q: 0, r: 0 } });
  const b = completeView({ hexes, targets: [{ q: 1, r: 0, strong: true }], cursor: { q: 0, r: 0 } });
  assert.ok(sameView(a, b));
  assert.ok(!sameView(a, completeView({ ...b, hexes: [...hexes] })), "a new hexes array is a change");
  assert.ok(!sameView(a, completeView({ ...b, cursor: { q: 1, r: 0 } })));
  assert.ok(sameView(emptyView(), emptyView()));
});

test("indexView: lookups by key, painter's order back to front, volcano clocks by tile", () => {
  const hx = (q, r, level) => ({ q, r, level, stack: [] });
  const hexes = [hx(1, 1, 1), hx(0, 0, 2), hx(-1, 1, 1), hx(0, 1, 3), hx(2, 0, 1)];
  const { byKey, order, clockOfTile } = indexView({ hexes, tiles: [{ id: 4, clock: 10 }] });
  assert.deepEqual(
    order.map((h) => [h.q, h.r]),
    [
      [2, 0],
      [0, 0],
      [-1, 1],
      [1, 1],
      [0, 1],
    ],
  );
  assert.equal(byKey.get("0,1"), hexes[3]);
  assert.equal(levelAt(byKey, 0, 1), 3);
  assert.equal(levelAt(byKey, 5, 5), 0);
  assert.equal(clockOfTile.get(4), 10);
});
