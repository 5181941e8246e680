// The lesson's kept progress and its reading time (web/js/lesson/progress.js).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  answerOffer,
  clearProgress,
  lessonOnLoad,
  offerAnswered,
  readingMinutes,
  readProgress,
  saveProgress,
} from "../../web/js/lesson/progress.js";
import { STEP_TEXTS } from "../../web/js/lesson/texts.js";
import { memoryStorage } from "./fixtures/fakes.mjs";

test("progress is kept, read back, left inactive and cleared", () => {
  const storage = memoryStorage();
  assert.equal(readProgress(storage), null);
  saveProgress(storage, 4);
  assert.deepEqual(readProgress(storage, 15), { step: 4, active: true });
  saveProgress(storage, 4, false);
  assert.deepEqual(readProgress(storage, 15), { step: 4, active: false });
  clearProgress(storage);
  assert.equal(readProgress(storage, 15), null);
});

test("the page loads the lesson at start only to resume it or to offer it on a first visit", () => {
  const storage = memoryStorage();
  assert.equal(lessonOnLoad(storage, true), "offer");
  assert.equal(lessonOnLoad(storage, false), null); // a kept game or a link: no offer over it
  answerOffer(storage, "dismissed");
  assert.equal(lessonOnLoad(storage, true), null);
  saveProgress(storage, 2);
  assert.equal(lessonOnLoad(storage, false), "resume");
  saveProgress(storage, 2, false); // left: "Learn to play" goes on from there, the load does not
  assert.equal(lessonOnLoad(storage, false), null);
  assert.equal(lessonOnLoad(memoryStorage(), true), "offer");
  const begun = memoryStorage();
  saveProgress(begun, 0, false); // begun and left before the offer was answered: no offer
  assert.equal(lessonOnLoad(begun, true), null);
  assert.equal(lessonOnLoad(null, true), "offer"); // no storage at all: a first visit each time
});

test("progress that does not fit the lesson is ignored", () => {
  const storage = memoryStorage();
  storage.setItem("taluva.lesson", "{not json");
  assert.equal(readProgress(storage), null);
  saveProgress(storage, 20);
  assert.equal(readProgress(storage, 15), null, "a step past the end");
  storage.setItem("taluva.lesson", JSON.stringify({ step: -1, active: true }));
  assert.equal(readProgress(storage), null);
});

test("blocked storage neither throws nor keeps anything", () => {
  const blocked = {
    getItem: () => {
      throw new Error("blocked");
    },
    setItem: () => {
      throw new Error("blocked");
    },
    removeItem: () => {
      throw new Error("blocked");
    },
  };
  saveProgress(blocked, 2);
  assert.equal(readProgress(blocked), null);
  assert.equal(offerAnswered(blocked), false);
  answerOffer(blocked, "dismissed");
});

test("the first visit's offer is answered once", () => {
  const storage = memoryStorage();
  assert.equal(offerAnswered(storage), false);
  answerOffer(storage, "dismissed");
  assert.equal(offerAnswered(storage), true);
});

test("reading time: words at 200 a minute plus the moves", () => {
  const { words, minutes } = readingMinutes(["one two three", "four"], 6, { wpm: 200, moveSeconds: 10 });
  assert.equal(words, 4);
  assert.ok(Math.abs(minutes - (4 / 200 + 1)) < 1e-9);
});

test("the lesson's English takes about five minutes to read and play", () => {
  const english = JSON.parse(readFileSync(new URL("../../web/i18n/en/lesson.json", import.meta.url), "utf8"));
  const texts = Object.values(STEP_TEXTS).flatMap((keys) => keys.map((key) => english[key]));
  assert.ok(texts.every(Boolean), "every step's words are in English");
  const { words, minutes } = readingMinutes(texts, Object.keys(STEP_TEXTS).length);
  console.log(`lesson: ${words} words, ${minutes.toFixed(1)} minutes with a move every step`);
  assert.ok(minutes < 7, `${minutes} minutes`);
});
