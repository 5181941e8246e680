// A by-link game's hash and what a device keeps of it (web/js/share/bylink-hash.js, bylink.js):
// the page only passes links to the engine, so these are the parts it owns. No DOM needed.

import "./english.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

import { formatByLinkHash, parseByLinkHash } from "../../web/js/share/bylink-hash.js";
import { friendsTurns } from "../../web/js/bylink/bylink.js";
import { byLinkProblem } from "../../web/js/share/bylink-problem.js";
import { builtOn, logEntry, placedBeside } from "./fixtures/told-moves.mjs";

const LINK = "1AAIDvbd7bWOoW5C08XQmVN-_";

test("a by-link hash round-trips its link and names, commas and all", () => {
  const hash = formatByLinkHash(LINK, ["Ann", "Bo, Jr.", "Zoë"]);
  assert.equal(hash, `#f=${LINK}&p=Ann,Bo%2C%20Jr.,Zo%C3%AB`);
  assert.deepEqual(parseByLinkHash(hash), { link: LINK, names: ["Ann", "Bo, Jr.", "Zoë"] });
  assert.deepEqual(parseByLinkHash(formatByLinkHash(LINK)), { link: LINK, names: [] });
});

test("a hash without a by-link game, or with characters no link has, names none", () => {
  for (const hash of ["", "#", `#g=${LINK}`, "#f=", "#f=1<script>", `#f=${"A".repeat(1700)}`]) {
    assert.equal(parseByLinkHash(hash), null, hash);
  }
  assert.deepEqual(parseByLinkHash(`#f=${LINK}&p=%E0%A4%A,Bo`).names, ["", "Bo"]); // a broken escape
});

test("an engine error that is not a by-link one keeps its message", () => {
  assert.equal(byLinkProblem({ code: "corrupt", message: "corrupt: cut short" }), "corrupt: cut short");
});

test("what the friends did since this device's last turn is said in words, oldest first", () => {
  const seats = [{ name: "Ann" }, { name: "Bo" }, { name: "Cy" }];
  const turn = (seat, beside, build = builtOn("found", "lake")) => logEntry(placedBeside(beside), build, { seat });
  const state = { log: [turn(1, "rock"), turn(0, "sand"), turn(1, "jungle"), turn(2, "clearing", null)] };
  assert.deepEqual(friendsTurns(state, seats, 0), [
    "Bo played: tile beside the jungle and new settlement on the lake.",
    "Cy played: tile beside the clearing.",
  ]);
  assert.deepEqual(friendsTurns(state, seats, 2), []); // this device moved last
  // A device with no seat of the game (it only watches): the last turns, one round at most.
  assert.equal(friendsTurns(state, seats, null).length, 2);
  assert.deepEqual(friendsTurns({ log: [] }, seats, 0), []);
  // This device's turn in play (its tile drawn, placed or not) does not hide them.
  const playing = { phase: "build", log: [...state.log, turn(0, "lake", null)] };
  assert.equal(friendsTurns(playing, seats, 0).length, 2);
  assert.equal(friendsTurns({ ...playing, phase: "place" }, seats, 0).length, 2);
});

test("a refused signed link says who changed what, from this device's side, never blaming it", () => {
  const names = ["Ann", "Bo", "Cy"];
  const tampered = (args) => ({ code: "bylink-tampered", args });
  assert.equal(
    byLinkProblem(tampered({ by: 1, seat: 0, change: "turn", turn: 7 }), names),
    "Bo changed Ann’s move in turn 7 before passing the link on.",
  );
  assert.equal(
    byLinkProblem(tampered({ by: 1, seat: 0, change: "turn", turn: 7 }), names, 0),
    "Bo changed your move in turn 7 before passing the link on.",
  );
  assert.equal(
    byLinkProblem(tampered({ by: 2, seat: 1, change: "place" }), names),
    "Cy put someone else in Bo’s place.",
  );
  // This device's own seat is never the one who changed it: said as changed on the way.
  assert.equal(
    byLinkProblem(tampered({ by: 0, seat: 1, change: "seal" }), names, 0),
    "something Bo signed was changed on the way.",
  );
  assert.equal(
    byLinkProblem({ code: "bylink-altered", args: { seat: 2 } }, names),
    "it is not as Cy sent it: it was changed on the way.",
  );
  // The kept game's names and seat, carried by the error, win over the link's.
  const error = { ...tampered({ by: 1, seat: 2, change: "turn", turn: 3 }), bylinkSeat: 2, bylinkNames: names };
  assert.equal(byLinkProblem(error, ["X", "Y", "Z"]), "Bo changed your move in turn 3 before passing the link on.");
  assert.equal(
    byLinkProblem({ code: "bylink-recommit", args: { seat: 0 } }, names),
    "Ann changed the secret they joined with after seeing the others’ values, which could let them choose their tiles.",
  );
});
