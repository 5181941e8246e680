// The Replay dialog of the full page: the game on screen turn by turn (replay.js: its own board,
// read-only), with the URL hash following the step shown. Opened by the header's Replay button,
// a log row (at the end of its turn), a link's `at=` and the Share dialog.

import { onLanguageChange } from "../i18n/messages.js";
import { said } from "../i18n/page-text.js";
import { colourById } from "../base/theme.js";
import { h } from "../base/dom.js";
import { createReplay } from "./replay.js";

export function createReplayDialog({ store, screen, onStep, onReview }) {
  const root = screen.root;
  const button = (key, testid, onclick) =>
    said(h("button", { type: "button", class: "tg-btn", dataset: { testid }, onclick }), { text: key });
  const dialog = h("dialog", {
    class: "tg-dialog replay-dialog",
    aria: { labelledby: "replay-title" },
    dataset: { testid: "replay-dialog" },
  });
  const replay = createReplay({
    engine: store,
    colours: () => store.seats.map((s) => colourById(s.colour)),
    names: () => store.seats.map((s) => s.name),
    speed: () => screen.computers.speed,
    keyTarget: dialog,
    onStep: (step) => {
      if (!dialog.open) return; // a late answer after the dialog closed
      root.dataset.replayStep = String(step);
      onStep(step);
    },
  });
  dialog.append(
    said(h("h2", { id: "replay-title" }), { text: "share.replay" }),
    replay.el,
    // The actions: the dialog's frame keeps this row in view at the foot (dialogs/frame.js).
    h(
      "div",
      { class: "share-row share-end" },
      button("review.open", "replay-review", () => onReview(replay.step)),
      button("replay.back", "replay-close", () => dialog.close()),
    ),
  );

  // However it closes (the button, the ✕, Escape, the backdrop): the autoplay stops and the link
  // points at the live game again. The "close" event comes as a task of its own; by then the
  // dialog may have been opened again (a log row clicked at once), and then it stays.
  dialog.addEventListener("close", () => {
    if (dialog.open) return;
    replay.pause();
    delete root.dataset.replayStep;
    onStep(null);
  });
  screen.slot("dialogs").append(dialog);
  onLanguageChange(() => replay.say());

  return {
    /** Open at step `at` (null: the last). */
    async open(at = null) {
      const view = store.view;
      const steps = view?.steps ?? 0;
      if (!dialog.open) dialog.showModal();
      const shown = at === null || at === undefined ? steps : Math.min(at, steps);
      await replay.open(steps, shown, view?.state.log ?? []);
      replay.el.querySelector("[data-testid=replay-play]")?.focus();
    },
  };
}
