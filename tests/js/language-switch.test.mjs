// A switch of language in place (i18n/language.js, switchLanguage): the views hear of it
// (messages.js, onLanguageChange), and the names no one typed follow it (game/seats.js): the
// default ones, in whatever language a game was kept, and the lesson's.
import { english, readMessages } from "./english.mjs";
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { Catalogue, languageChanged, onLanguageChange, setCatalogue } from "../../web/js/i18n/messages.js";
import { localSeats, shownName } from "../../web/js/game/seats.js";
import { gameTitle, gameStanding } from "../../web/js/games/describe.js";
import { GameStore } from "../../web/js/game/store.js";

const GERMAN = new Catalogue("de", readMessages("de"), english);

function speak(catalogue) {
  setCatalogue(catalogue);
  languageChanged();
}

afterEach(() => speak(english));

test("every view hears of a switch, in the order it asked; one that fails stops no other", () => {
  const heard = [];
  const stops = [
    onLanguageChange((tag) => heard.push(`a ${tag}`)),
    onLanguageChange(() => {
      throw new Error("a broken view");
    }),
    onLanguageChange((tag) => heard.push(`b ${tag}`)),
  ];
  const said = console.error;
  const errors = [];
  console.error = (...args) => errors.push(args.join(" "));
  try {
    speak(GERMAN);
  } finally {
    console.error = said;
  }
  assert.deepEqual(heard, ["a de", "b de"]);
  assert.equal(errors.length, 1);
  stops.forEach((stop) => stop());
  speak(english);
  assert.deepEqual(heard, ["a de", "b de"], "a view that stopped listening hears nothing more");
});

test("a default name, of any language, is shown in the page's; a typed one as it is", () => {
  setCatalogue(GERMAN);
  assert.equal(shownName("Player 1", 0), "Spieler 1");
  assert.equal(shownName("Gracz 2", 1), "Spieler 2");
  assert.equal(shownName("玩家3", 2), "Spieler 3");
  assert.equal(shownName("", 3), "Spieler 4", "a seat left unnamed is the seat's default");
  assert.equal(shownName("Ann", 0), "Ann");
  assert.equal(shownName("Player 2", 0), "Player 2", "another seat's default name is a name someone gave");
});

test("a switch renames the seats no one named, the lesson's included; a named seat is the same object", () => {
  const ann = { name: "Ann", colour: "red", type: "human" };
  const seats = [ann, { name: "Player 2", colour: "blue", type: "computer:strong" }];
  setCatalogue(GERMAN);
  const local = localSeats(seats);
  assert.equal(local[0], ann);
  assert.deepEqual(local[1], { name: "Spieler 2", colour: "blue", type: "computer:strong" });
  const lesson = localSeats([{ name: "You", nameKey: "lesson.you", you: true }]);
  assert.equal(lesson[0].name, readMessages("de")["lesson.you"]);
});

test("the store's seats follow a switch of the page's language", () => {
  const store = new GameStore({ call: async () => null, ready: Promise.resolve() });
  store.seats = [
    { name: "Ann", colour: "red", type: "human" },
    { name: "Player 2", colour: "blue", type: "human" },
  ];
  speak(GERMAN);
  assert.deepEqual(
    store.seats.map((s) => s.name),
    ["Ann", "Spieler 2"],
  );
  speak(english);
  assert.deepEqual(
    store.seats.map((s) => s.name),
    ["Ann", "Player 2"],
  );
});

test("the Games list names a game kept on a Polish visit in the page's language", () => {
  const entry = { seats: [{ name: "Gracz 1" }, { name: "Gracz 2" }], current: 1, phase: "place", steps: 4 };
  setCatalogue(GERMAN);
  assert.equal(gameTitle(entry), "Spieler 1 gegen Spieler 2");
  assert.match(gameStanding(entry), /Spieler 2/);
  assert.equal(gameTitle({ ...entry, name: "Sunday" }), "Sunday");
});
