// The kept games' list order: most recently played first, and never an arbitrary order on a tie.
import { test } from "node:test";
import assert from "node:assert/strict";
import { byRecentPlay, makeEntry } from "../../web/js/games/library.js";

test("entries of one time are listed by id, whatever order they come in", () => {
  const at = (id, playedAt) => ({ id, playedAt });
  for (const given of [
    [at("b", 1000), at("c", 2000), at("a", 1000)],
    [at("a", 1000), at("b", 1000), at("c", 2000)],
  ])
    assert.deepEqual(
      given.sort(byRecentPlay).map((e) => e.id),
      ["c", "a", "b"],
    );
});

test("this page's writes never share a time, so the last written is listed first", () => {
  const seats = [
    { name: "Ann", colour: "white" },
    { name: "Bo", colour: "brown" },
  ];
  const view = { share: "1CODE", steps: 1, state: { hexes: [], tiles: [], current: 0, phase: "tile" } };
  const times = Array.from({ length: 50 }, () => makeEntry({ id: "x", view, seats, seed: 1 }).playedAt);
  assert.ok(times.every((time, i) => i === 0 || time > times[i - 1]));
});
