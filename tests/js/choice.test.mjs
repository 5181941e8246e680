// The move a person is putting together, looked up in the engine's legal moves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { MoveChoice, indexLegal } from "../../web/js/game/choice.js";
import { expand, found, movesOf, place, temple } from "./moves.mjs";

function view(phase, legal, hexes = []) {
  return { state: { phase, current: 0, tile: "JC", hexes, openVolcanoes: [] }, moves: movesOf(legal) };
}

test("legal moves are indexed by spot and rotation, and by kind and hex", () => {
  const idx = indexLegal([place(1, 0, 2), place(1, 0, 4), found(2, 2), temple(3, 3)]);
  assert.equal(idx.places.get("1,0/4").clock, 4);
  assert.deepEqual(idx.dotsByClock.get(2), [[1, 0]]);
  assert.equal(idx.buildAt.temple.get("3,3").kind, "temple");
  assert.equal(idx.builds.found.length, 1);
});

test("the ghost is legal exactly where the engine's list has the placement", () => {
  const c = new MoveChoice();
  c.reset(view("place", [place(1, 0, 6, { eliminates: true })]));
  c.hover = { q: 1, r: 0 };
  const g = c.ghost();
  assert.equal(g.legal, true);
  assert.equal(g.warn, true);
  assert.deepEqual(
    g.hexes.map((x) => x.terrain),
    ["volcano", "jungle", "clearing"],
  );
  c.rotate(1);
  assert.equal(c.ghost().legal, false);
  assert.equal(c.confirmable(), null); // a mouse aims; only a touch or keyboard cursor confirms
});

test("a build action toggles; one with no legal move cannot be chosen", () => {
  const c = new MoveChoice();
  c.reset(view("build", [found(2, 2)]));
  assert.equal(c.chooseKind("temple"), false);
  assert.equal(c.chooseKind("found"), true);
  assert.equal(c.kind, "found");
  c.chooseKind("found");
  assert.equal(c.kind, null);
});

test("a click on a hex with several kinds asks which; a touch waits for a second tap", () => {
  const c = new MoveChoice();
  c.reset(view("build", [found(2, 2), temple(2, 2)]));
  assert.equal(c.clickBuild({ q: 2, r: 2 }, false).menu.length, 2);
  c.reset(view("build", [found(2, 2)]));
  assert.deepEqual(c.clickBuild({ q: 2, r: 2 }, true), { shown: true });
  assert.equal(c.confirmable().notation, "hut 2,2");
  assert.equal(c.clickBuild({ q: 2, r: 2 }, true).play.notation, "hut 2,2");
  assert.deepEqual(c.clickBuild({ q: 9, r: 9 }, false), { explain: true });
});

test("expanding: a settlement with one landscape is chosen whole; a target hex cycles", () => {
  const settlement = [{ q: 0, r: 0, level: 1, building: { owner: 0, kind: "hut", count: 1, settlement: "0,0" } }];
  const jungle = expand([0, 0], "jungle", [{ q: 1, r: 0, count: 1 }]);
  const lake = expand([0, 0], "lake", [
    { q: 1, r: 0, count: 1 },
    { q: 0, r: 1, count: 2 },
  ]);
  const c = new MoveChoice();
  c.reset(view("build", [jungle, lake], settlement));
  assert.equal(c.chooseKind("expand"), true);
  assert.equal(c.settlement, "0,0"); // the only settlement that can expand
  assert.deepEqual(c.settlementOf("0,0"), [[0, 0]]);
  c.clickBuild({ q: 1, r: 0 }, false);
  assert.equal(c.expand, jungle);
  c.clickBuild({ q: 1, r: 0 }, false);
  assert.equal(c.expand, lake);
  assert.equal(c.confirmable(), lake);
  c.cancel();
  assert.equal(c.kind, null);
  assert.equal(c.confirmable(), null);
});

test("a new view starts the choice over but keeps the rotation", () => {
  const c = new MoveChoice();
  c.reset(view("build", [found(2, 2)]));
  c.chooseKind("found");
  c.rotate(-1);
  c.reset(view("place", [place(0, 1, 4)]));
  assert.equal(c.kind, null);
  assert.equal(c.clock, 4);
  assert.deepEqual(c.defaultCursor(), { q: 0, r: 1 });
});
