import { readMessages } from "./english.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  DEFAULT_NAMES,
  FIRST_VISIT_SEATS,
  completeSeats,
  computerLabel,
  computerLevel,
  hashText,
  isDefaultName,
  linkKinds,
  linkNames,
  kindsToSeats,
  seatSeed,
} from "../../web/js/game/seats.js";

test("missing seats take the defaults", () => {
  const seats = completeSeats([], 3);
  assert.deepEqual(
    seats.map((s) => [s.name, s.colour, s.type]),
    [
      ["Player 1", "red", "human"],
      ["Player 2", "blue", "human"],
      ["Player 3", "white", "human"],
    ],
  );
});

test("a seat given without a colour takes the next free one, not red again", () => {
  const seats = completeSeats([{ name: "A" }, { name: "B" }, { name: "C", colour: "red" }], 3);
  assert.deepEqual(
    seats.map((s) => s.colour),
    ["blue", "white", "red"],
  );
  assert.equal(new Set(seats.map((s) => s.colour)).size, 3);
});

test("two seats asking for one colour: the second gets a free one", () => {
  const seats = completeSeats([{ colour: "black" }, { colour: "black" }], 2);
  assert.equal(seats[0].colour, "black");
  assert.notEqual(seats[1].colour, "black");
});

test("names from a link override, computer levels parse, defaults are left out of links", () => {
  const seats = completeSeats([{ type: "computer:strong" }], 2, ["", "Bo"]);
  assert.equal(seats[1].name, "Bo");
  assert.equal(computerLevel(seats[0].type), "strong");
  assert.equal(computerLevel("human"), null);
  assert.deepEqual(linkNames(completeSeats([], 2)), []);
  // A default name is left empty, for the reader's own language's.
  assert.deepEqual(linkNames(seats), ["", "Bo"]);
});

test("a link keeps who plays each seat; a level this engine lacks is played by its strongest", () => {
  const seats = completeSeats([{ type: "human" }, { type: "computer:strong" }], 2);
  assert.deepEqual(linkKinds(seats), ["human", "computer:strong"]);
  const levels = ["random", "beginner", "intermediate", "strong", "master"];
  assert.deepEqual(kindsToSeats(["human", "computer:strong", "computer:grandmaster"], levels), [
    { type: "human" },
    { type: "computer:strong" },
    { type: "computer:master" },
  ]);
  assert.equal(kindsToSeats(null, levels), null);
});

test("seeds are stable numbers", () => {
  assert.equal(seatSeed(5, 1), seatSeed(5, 1));
  assert.notEqual(seatSeed(5, 0), seatSeed(5, 1));
  assert.equal(hashText("1ABC"), hashText("1ABC"));
  assert.ok(hashText("1ABC") >= 0 && hashText("1ABC") < 2 ** 31);
});

test("a first visit seats the person against the intermediate computer, who moves second", () => {
  const table = completeSeats(FIRST_VISIT_SEATS, 2);
  assert.deepEqual(
    table.map((s) => [s.type, s.colour]),
    [
      ["human", "red"],
      ["computer:intermediate", "blue"],
    ],
  );
  assert.equal(computerLevel(table[1].type), "intermediate");
});

test("a computer seat has one name everywhere: its kind and level, as the menu names the level", () => {
  assert.equal(computerLabel("computer:strong"), "Computer (strong)");
  assert.equal(computerLabel("computer:master"), "Computer (master)");
  assert.equal(computerLabel("human"), null);
  assert.equal(computerLabel(undefined), null);
});

test("a seat named by no one follows the page's language: every catalogue's default name", () => {
  const tags = ["en", "de", "fr", "pl", "ru", "zh-Hant"];
  assert.deepEqual([...DEFAULT_NAMES].sort(), tags.map((tag) => readMessages(tag)["seat.default-name"]).sort());
  // A game kept on a Polish visit, opened on an English page: its unnamed seats speak English.
  const seats = completeSeats([{ name: "Gracz 1" }, { name: "Игрок 2" }, { name: "Ann" }], 3);
  assert.deepEqual(
    seats.map((s) => s.name),
    ["Player 1", "Player 2", "Ann"],
  );
  assert.ok(isDefaultName("玩家2", 1));
  assert.ok(!isDefaultName("Spieler 2", 0), "another seat's number is a name someone gave");
  assert.deepEqual(linkNames([{ name: "Gracz 1" }, { name: "Ann" }]), ["", "Ann"]);
});
