// How to play: the rules at a glance and the keys (from the keymap, the one list of them).

import { t } from "../../i18n/messages.js";
import { h } from "../../base/dom.js";
import { helpRows } from "../keymap.js";

const RULES = [
  ["help.place", "help.place.text"],
  ["help.build", "help.build.text"],
  ["help.win", "help.win.text"],
];

export function createHelpDialog() {
  const el = h(
    "dialog",
    { class: "tg-dialog tg-help", aria: { labelledby: "tg-help-title" } },
    h("h2", { id: "tg-help-title" }, t("help.title")),
    h(
      "ol",
      { class: "tg-help-rules" },
      RULES.map(([lead, text]) => h("li", {}, h("strong", {}, t(lead)), " ", t(text))),
    ),
    h("h3", {}, t("help.keys")),
    h(
      "dl",
      { class: "tg-keys" },
      helpRows().map(([k, v]) => [h("dt", {}, h("kbd", {}, k)), h("dd", {}, v)]),
    ),
    h(
      "form",
      { method: "dialog", class: "tg-dialog-buttons" },
      h("button", { class: "tg-btn tg-btn-primary" }, t("help.close")),
    ),
  );
  return {
    el,
    open() {
      if (!el.open) el.showModal();
      // Start at the top: focusing the Close button (at the bottom) must not scroll the text away.
      el.querySelector("button")?.focus({ preventScroll: true });
      el.querySelector(".tg-dialog-body")?.scrollTo(0, 0);
    },
  };
}
