// The lesson (issue: learn to play in five minutes), played on the game screen itself: each step
// is a position the engine replays (bridge `lesson`, engine/taluva/play/lesson.py), loaded into the
// store like any record; the board marks where to act (the engine's hexes), and every move the
// learner makes is first put to the engine (`lessonCheck`): one that passes is played and the
// card offers the next step, any other gets its reason in words and the learner tries again.
// The page decides no rule: a spot where the tile cannot go is explained by the screen as in any
// game (the engine's `explain`), a legal move that is not the step's task by `lessonCheck`.
//
// Progress is kept (progress.js) so that a reload resumes the step; every step can be skipped;
// the last one starts a game against the beginner computer. A lesson position is no kept game
// and no link (games/keeper.js and share/link-sync.js pass over store.source "lesson").

import { reasonSentence } from "../i18n/engine-text.js";
import { t } from "../i18n/messages.js";
import { FIRST_VISIT_SEATS } from "../game/seats.js";
import { createLessonCard } from "./card.js";
import { answerOffer, readProgress, saveProgress, clearProgress } from "./progress.js";

export const LESSON_SOURCE = "lesson";
/** The game the lesson ends with: the learner against the beginner computer. */
export const AFTER_LESSON_SEATS = Object.freeze([{ type: "human" }, { type: "computer:beginner" }]);

/** The seats of a step: the learner (always the same colour) at the engine's seat. */
export function lessonSeats(seat, players = 2) {
  return Array.from({ length: players }, (_, i) =>
    i === seat
      ? { name: t("lesson.you"), nameKey: "lesson.you", colour: "red", type: "human", you: true }
      : { name: t("lesson.rival"), nameKey: "lesson.rival", colour: "blue", type: "human" },
  );
}

export function createLesson({ screen, store, storage = globalThis.localStorage }) {
  let steps = null; // the engine's, asked once
  let index = -1; // the step on screen, -1 when the lesson is not
  let passed = false;
  let loading = false;
  const root = screen.root;
  const card = createLessonCard({ onNext: () => next(), onSkip: () => next(), onLeave: () => leave() });
  screen.parts.turnBanner.after(card.el);

  const active = () => index >= 0;
  const step = () => steps[index];

  async function load() {
    steps ??= await store.call("lesson");
    return steps;
  }

  function mark(hexes) {
    screen.marks = hexes;
    screen.renderBoard();
  }

  /** Show step `i` (from the kept progress when not given). */
  async function start(i = null) {
    await load();
    const kept = readProgress(storage, steps.length);
    index = Math.min(Math.max(i ?? kept?.step ?? 0, 0), steps.length - 1);
    passed = false;
    saveProgress(storage, index);
    answerOffer(storage, "taken");
    const s = step();
    loading = true;
    try {
      await store.load({ record: s.record, seats: lessonSeats(s.seat), source: LESSON_SOURCE });
    } finally {
      loading = false;
    }
    screen.closeDialogs?.();
    card.show(s, index, steps.length);
    root.dataset.lesson = s.id;
    root.dataset.lessonPassed = "0";
    mark(s.targets);
  }

  async function next() {
    if (!active()) return;
    if (index + 1 < steps.length) return start(index + 1);
    finish();
  }

  function stop() {
    index = -1;
    card.hide();
    mark(undefined);
    delete root.dataset.lesson;
    delete root.dataset.lessonPassed;
  }

  /** The last step done (or skipped): a game against the beginner computer starts. */
  function finish() {
    clearProgress(storage);
    stop();
    root.dataset.lessonDone = "1";
    return store.newGame({ seats: AFTER_LESSON_SEATS, source: "new" });
  }

  function leave() {
    if (!active()) return;
    saveProgress(storage, index, false);
    stop();
    return store.newGame({ seats: FIRST_VISIT_SEATS, source: "new" });
  }

  /** Asked before any move of the learner is played: whether it may be. */
  async function gate(move) {
    if (!active()) return true;
    const s = step();
    if (passed) {
      screen.notices.error(t("lesson.press-next"));
      return false;
    }
    const answer = await store.call("lessonCheck", { step: s.id, move });
    if (!active() || step() !== s) return false; // the step changed meanwhile
    if (answer.pass) {
      passed = true;
      root.dataset.lessonPassed = "1";
      mark(undefined);
      card.passed(s);
      return true;
    }
    const why = answer.reason;
    const sentence = why.code === "off-task" ? t("lesson.off-task") : reasonSentence(why);
    screen.notices.error(sentence, why.rule);
    return false;
  }
  screen.gate = gate;

  // Another game on screen (a new game, a kept game opened) ends the lesson; it can go on later.
  store.subscribe(() => {
    if (active() && !loading && store.source !== LESSON_SOURCE) {
      saveProgress(storage, index, false);
      stop();
    }
  });

  return {
    start,
    get active() {
      return active();
    },
    /** On load: the lesson in progress resumes (the first visit's offer is offer.js's). */
    async resume() {
      const kept = readProgress(storage);
      if (kept?.active) return start(kept.step);
    },
  };
}
