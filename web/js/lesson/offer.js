// The first visit's offer of the lesson, beside the game it starts: apart from the lesson
// (lesson.js), which the page loads only when it is taken (app.js).

import { said } from "../i18n/page-text.js";
import { h } from "../base/dom.js";
import { answerOffer } from "./progress.js";

/** The first visit's offer beside the game it starts: not a wall, a line with two buttons. */
export function createLessonOffer({ onTake, onDismiss }) {
  const take = said(
    h("button", { type: "button", class: "tg-btn tg-btn-primary", dataset: { testid: "lesson-offer-take" } }),
    { text: "lesson.offer.take" },
  );
  const dismiss = said(
    h("button", { type: "button", class: "tg-btn", dataset: { testid: "lesson-offer-dismiss" } }, "✕"),
    { label: "lesson.offer.dismiss" },
  );
  const el = h(
    "aside",
    { class: "tg-lesson-offer", dataset: { testid: "lesson-offer" } },
    said(h("span"), { text: "lesson.offer" }),
    take,
    dismiss,
  );
  take.addEventListener("click", () => {
    el.remove();
    onTake();
  });
  dismiss.addEventListener("click", () => {
    el.remove();
    onDismiss();
  });
  return el;
}

/**
 * Offer the lesson above the board of the first visit's game; `onTake()` starts it. Dismissed,
 * it is not offered again; another game on screen (or the lesson) takes it away.
 */
export function offerLesson({ screen, store, storage, onTake }) {
  let offer = createLessonOffer({ onTake, onDismiss: () => answerOffer(storage, "dismissed") });
  screen.parts.turnBanner.after(offer);
  const off = store.subscribe(({ cause }) => {
    if (cause !== "new" && cause !== "load") return;
    offer?.remove();
    offer = null;
    off();
  });
}
