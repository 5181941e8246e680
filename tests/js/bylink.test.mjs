// A by-link game's hash and what a device keeps of it (web/js/share/bylink-hash.js, bylink.js):
// the page only passes links to the engine, so these are the parts it owns. No DOM needed.

import assert from "node:assert/strict";
import { test } from "node:test";

import { formatByLinkHash, parseByLinkHash } from "../../web/js/share/bylink-hash.js";
import { ByLinkKeeper, byLinkProblem } from "../../web/js/share/bylink.js";

const LINK = "1AAIDvbd7bWOoW5C08XQmVN-_";

test("a by-link hash round-trips its link and names, commas and all", () => {
  const hash = formatByLinkHash(LINK, ["Ann", "Bo, Jr.", "Zoë"]);
  assert.equal(hash, `#f=${LINK}&p=Ann,Bo%2C%20Jr.,Zo%C3%AB`);
  assert.deepEqual(parseByLinkHash(hash), { link: LINK, names: ["Ann", "Bo, Jr.", "Zoë"] });
  assert.deepEqual(parseByLinkHash(formatByLinkHash(LINK)), { link: LINK, names: [] });
});

test("a hash without a by-link game, or with characters no link has, names none", () => {
  for (const hash of ["", "#", `#g=${LINK}`, "#f=", "#f=1<script>", `#f=${"A".repeat(1300)}`]) {
    assert.equal(parseByLinkHash(hash), null, hash);
  }
  assert.deepEqual(parseByLinkHash(`#f=${LINK}&p=%E0%A4%A,Bo`).names, ["", "Bo"]); // a broken escape
});

test("the keeper keeps each game's seat, secret and last link, and survives blocked storage", () => {
  const data = new Map();
  const storage = { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => data.set(k, v) };
  const keeper = new ByLinkKeeper(storage);
  keeper.put("g1", { seat: 1, secret: "ab", link: "1A", names: ["Ann", "Bo"] });
  keeper.put("g1", { link: "1B" });
  assert.deepEqual(
    { ...new ByLinkKeeper(storage).get("g1"), updatedAt: 0 },
    { seat: 1, secret: "ab", link: "1B", names: ["Ann", "Bo"], updatedAt: 0 },
  );
  assert.equal(keeper.get("other"), null);
  const blocked = {
    getItem: () => {
      throw new Error("blocked");
    },
    setItem: () => {
      throw new Error("blocked");
    },
  };
  const visit = new ByLinkKeeper(blocked);
  visit.put("g2", { seat: 0, link: "1C" });
  assert.equal(visit.get("g2").link, "1C"); // kept for the visit
});

test("an engine error that is not a by-link one keeps its message", () => {
  assert.equal(byLinkProblem({ code: "corrupt", message: "corrupt: cut short" }), "corrupt: cut short");
});
