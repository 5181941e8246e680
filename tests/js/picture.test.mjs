// The link's picture (web/js/pictures/picture.js) read by the page as the engine reads it: the
// fixture holds the engine's own pictures and its reading of them (tests/test_picture.py keeps
// it in step), so the two readers cannot drift apart.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import {
  colourIndices,
  pictureColours,
  PictureError,
  pictureState,
  readPicture,
} from "../../web/js/pictures/picture.js";

const FIXTURE = JSON.parse(readFileSync(new URL("./picture-fixture.json", import.meta.url), "utf8"));

describe("the engine's pictures", () => {
  for (const { text, picture } of FIXTURE) {
    test(`${picture.options.players} players, turn ${picture.turn}`, () => {
      assert.deepEqual(readPicture(text), picture);
    });
  }

  test("their colours are palette ids and back", () => {
    const ids = pictureColours(readPicture(FIXTURE[2].text));
    assert.deepEqual(ids, ["purple", "black", "blue", "red"]);
    assert.deepEqual(colourIndices(ids), [5, 3, 1, 0]);
  });

  test("as a state the board draws: every hex, no log or result", () => {
    const state = pictureState(readPicture(FIXTURE[0].text));
    assert.equal(state.hexes.length, FIXTURE[0].picture.hexes.length);
    assert.deepEqual([state.log, state.lastMove, state.result], [[], null, null]);
    assert.ok(state.players.every((p) => !("colour" in p)));
  });
});

describe("bad pictures are refused cleanly", () => {
  const good = FIXTURE[0].text;
  for (const text of ["", good.slice(0, 12), "!!!!", `_${good.slice(1)}`, "A".repeat(3000), null]) {
    test(JSON.stringify(text)?.slice(0, 30) ?? "null", () => {
      assert.throws(() => readPicture(text), PictureError);
    });
  }
});
