// The lesson's card above the board: which step, what to do, and once the move passed what it
// showed; Next, Skip and Leave. Words only: what passes is the engine's (lesson.js asks it).

import { onLanguageChange, t } from "../i18n/messages.js";
import { said } from "../i18n/page-text.js";
import { h, fill } from "../base/dom.js";
import { stepKeys } from "./texts.js";
import { ruleLink } from "../i18n/rule-link.js";

export function createLessonCard({ onNext, onSkip, onLeave }) {
  const count = h("span", { class: "tg-lesson-count", dataset: { testid: "lesson-count" } });
  const title = h("strong", { class: "tg-lesson-title" });
  const text = h("p", { class: "tg-lesson-text", dataset: { testid: "lesson-text" } });
  const done = h("p", { class: "tg-lesson-done", role: "status", dataset: { testid: "lesson-done" } });
  const next = h("button", { type: "button", class: "tg-btn tg-btn-primary", dataset: { testid: "lesson-next" } });
  next.addEventListener("click", () => onNext());
  const skip = h("button", { type: "button", class: "tg-btn", dataset: { testid: "lesson-skip" } }, t("lesson.skip"));
  skip.addEventListener("click", () => onSkip());
  const leave = said(h("button", { type: "button", class: "tg-btn", dataset: { testid: "lesson-leave" } }), {
    text: "lesson.leave",
  });
  leave.addEventListener("click", () => onLeave());
  const el = said(
    h(
      "section",
      { class: "tg-lesson", hidden: true, dataset: { testid: "lesson" } },
      h("div", { class: "tg-lesson-head" }, count, " ", title),
      text,
      done,
      h("div", { class: "tg-lesson-buttons" }, next, skip, leave),
    ),
    { label: "lesson.label" },
  );
  // The step shown, to say it again after a switch of language.
  let shown = null;
  onLanguageChange(() => {
    if (!shown || el.hidden) return;
    const { step, index, total, passed } = shown;
    card.show(step, index, total);
    if (passed) sayPassed(step);
  });
  const sayPassed = (step) => {
    el.dataset.passed = "1";
    done.textContent = t(stepKeys(step.id).done);
    done.hidden = false;
    next.hidden = false;
    skip.hidden = true;
  };

  const card = {
    el,
    /** Show step `step` (the engine's {id, rules}), number `index` of `total`. */
    show(step, index, total) {
      shown = { step, index, total, passed: false };
      const keys = stepKeys(step.id);
      el.hidden = false;
      el.dataset.step = step.id;
      el.dataset.passed = "0";
      count.textContent = t("lesson.count", { n: index + 1, total });
      title.textContent = t(keys.title);
      // The sentence first, then the rule it teaches: a button to it in Help.
      fill(text, t(keys.text), step.rules?.length ? [" ", ruleLink(step.rules[0])] : null);
      done.hidden = true;
      done.textContent = "";
      next.hidden = true;
      next.textContent = index + 1 === total ? t("lesson.finish") : t("lesson.next");
      skip.hidden = false;
      skip.textContent = index + 1 === total ? t("lesson.skip-last") : t("lesson.skip");
    },
    /** The move passed: say what it showed and offer the next step. */
    passed(step) {
      if (shown) shown.passed = true;
      sayPassed(step);
      next.focus({ preventScroll: true });
    },
    hide() {
      el.hidden = true;
      delete el.dataset.step;
    },
  };
  return card;
}
