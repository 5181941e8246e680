// The small "rule" button after a sentence that a rule explains (a refused move, the lesson's
// step): the sentence stays in the words of the game, and the rule's id is only this button's
// title. A click sends `tg-rule` up the page; the screen opens Help at that rule.

import { t } from "./messages.js";
import { h } from "../base/dom.js";

export const RULE_EVENT = "tg-rule";

/** The button for rule `rule` ("R-TILE-2"); null without one. */
export function ruleLink(rule) {
  if (!rule) return null;
  return h(
    "button",
    {
      type: "button",
      class: "tg-rule-link",
      title: `${t("rule.open")} · ${rule}`,
      dataset: { testid: "rule-link", rule },
      onclick: (e) => e.currentTarget.dispatchEvent(new CustomEvent(RULE_EVENT, { bubbles: true, detail: { rule } })),
    },
    t("rule.link"),
  );
}
