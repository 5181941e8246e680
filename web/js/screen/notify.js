// Messages of the game screen: the error line (the engine's refusals and what went wrong), the
// flash over the board (eruptions, players leaving) and the live region screen readers speak.
// Text only, always set with textContent.

import { engineErrorText } from "../i18n/engine-text.js";
import { h } from "../base/dom.js";

const ERROR_MS = 6000;
const FLASH_MS = 5000;

export function createNotices(root) {
  const live = h("div", { class: "tg-sr", id: "tg-turn-live", "aria-live": "polite", "aria-atomic": "true" });
  const alert = h("div", {
    class: "tg-error",
    role: "alert",
    "aria-live": "assertive",
    hidden: true,
    dataset: { testid: "error" },
  });
  const flashEl = h("div", { class: "tg-flash", role: "status", hidden: true });
  const timers = {};
  const show = (el, text, ms, attr) => {
    el.textContent = text;
    el.hidden = false;
    root.dataset[attr] = text;
    clearTimeout(timers[attr]);
    timers[attr] = setTimeout(() => {
      el.hidden = true;
    }, ms);
  };
  return {
    live,
    alert,
    flashEl,
    announce(text) {
      live.textContent = text;
    },
    error(text) {
      show(alert, text, ERROR_MS, "error");
    },
    flash(text) {
      show(flashEl, text, FLASH_MS, "flash");
    },
  };
}

/** An engine error as a person reads it: the rule it cites first, when there is one. */
export const errorText = engineErrorText;
