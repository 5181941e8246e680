// Messages of the game screen: the error line (the engine's refusals and what went wrong), the
// flash over the board (eruptions, players leaving) and the live region screen readers speak.
// Text only (set as text nodes); an error a rule explains gets the small "rule" button after it.

import { h, fill } from "../base/dom.js";
import { ruleLink } from "../i18n/rule-link.js";

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
  const show = (el, text, ms, attr, rule = null) => {
    fill(el, text, rule ? [" ", ruleLink(rule)] : null);
    root.dataset[`${attr}Rule`] = rule ?? "";
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
    /** An error line; `rule` ("R-TILE-2"), when a rule explains it, adds the button to Help. */
    error(text, rule = null) {
      show(alert, text, ERROR_MS, "error", rule);
    },
    flash(text) {
      show(flashEl, text, FLASH_MS, "flash");
    },
    /** Take the error line and the flash away (their words are past: a switch of language). */
    clear() {
      for (const [el, attr] of [
        [alert, "error"],
        [flashEl, "flash"],
      ]) {
        clearTimeout(timers[attr]);
        el.hidden = true;
      }
    },
  };
}
