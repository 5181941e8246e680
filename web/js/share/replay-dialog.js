// The Replay dialog of the full page: the game on screen step by step (its own board, read-only),
// with the URL hash following the step shown.

import { t } from "../i18n/messages.js";
import { colourById } from "../base/theme.js";
import { h } from "../base/dom.js";
import { createReplay } from "./replay.js";

export function createReplayDialog({ store, screen, onStep, onReview }) {
  const root = screen.root;
  const replay = createReplay({
    engine: store,
    colours: () => store.seats.map((s) => colourById(s.colour)),
    onStep: (step) => {
      if (!dialog.open) return; // a late answer after the dialog closed
      root.dataset.replayStep = String(step);
      onStep(step);
    },
    extra: [
      h(
        "div",
        { class: "share-row" },
        h(
          "button",
          { type: "button", class: "tg-btn", dataset: { testid: "replay-close" }, onclick: () => close() },
          t("replay.back"),
        ),
        h(
          "button",
          {
            type: "button",
            class: "tg-btn",
            dataset: { testid: "replay-review" },
            onclick: () => onReview(replay.step),
          },
          t("review.open"),
        ),
      ),
    ],
  });
  const dialog = h(
    "dialog",
    { class: "tg-dialog replay-dialog", aria: { labelledby: "replay-title" }, dataset: { testid: "replay-dialog" } },
    h("h2", { id: "replay-title" }, t("share.replay")),
    replay.el,
  );

  // Closed by the button or by Escape: the link points at the live game again.
  function close() {
    if (dialog.open) dialog.close();
    delete root.dataset.replayStep;
    onStep(null);
  }
  dialog.addEventListener("close", close);
  screen.slot("dialogs").append(dialog);

  return {
    /** Open at step `at` (null: the last). */
    async open(at = null) {
      const steps = store.view?.steps ?? 0;
      if (!dialog.open) dialog.showModal();
      await replay.open(steps, at === null || at === undefined ? steps : Math.min(at, steps));
      replay.el.querySelector("[data-testid=replay-back]")?.focus();
    },
  };
}
