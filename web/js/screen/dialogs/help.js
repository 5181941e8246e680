// How to play: the rules at a glance and the keys (from the keymap, the one list of them).

import { h } from "../dom.js";
import { helpRows } from "../keymap.js";

const RULES = [
  [
    "Place the drawn tile. ",
    "Either on the table next to the island (R-TILE-2), or as an eruption: its volcano on a volcano, pointing another way, on three hexes of one level, not on a temple, tower or whole settlement (R-TILE-3). Open volcanoes are ringed in orange.",
  ],
  [
    "Build. ",
    "Found a settlement (one hut, level 1), expand one into a landscape (huts equal to each hex's level), build a temple next to a settlement of 3+ hexes, or a tower on level 3+ (R-BUILD). No legal build: eliminated (R-ELIM-1).",
  ],
  [
    "Win. ",
    "Place all pieces of two kinds at once (R-END-1); otherwise after the last tile, most temples, then towers, then huts (R-END-2).",
  ],
];

export function createHelpDialog() {
  const el = h(
    "dialog",
    { class: "tg-dialog tg-help", aria: { labelledby: "tg-help-title" } },
    h("h2", { id: "tg-help-title" }, "How to play"),
    h(
      "ol",
      { class: "tg-help-rules" },
      RULES.map(([lead, text]) => h("li", {}, h("strong", {}, lead), text)),
    ),
    h("h3", {}, "Keys"),
    h(
      "dl",
      { class: "tg-keys" },
      helpRows().map(([k, v]) => [h("dt", {}, h("kbd", {}, k)), h("dd", {}, v)]),
    ),
    h(
      "form",
      { method: "dialog", class: "tg-dialog-buttons" },
      h("button", { class: "tg-btn tg-btn-primary" }, "Close"),
    ),
  );
  return {
    el,
    open() {
      if (!el.open) el.showModal();
      // Start at the top: focusing the Close button (at the bottom) must not scroll the text away.
      el.querySelector("button")?.focus({ preventScroll: true });
      el.scrollTop = 0;
    },
  };
}
