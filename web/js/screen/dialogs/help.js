// How to play: each rule in a sentence with its rule id after it and a small board beside it,
// drawn by the page's board renderer from a position the engine makes (the lesson's step with
// its move played: bridge `lessonPictures`); then the keys (from the keymap, the one list of
// them) and the touch controls.

import { Board } from "../../board/board.js";
import { t } from "../../i18n/messages.js";
import { pictureColours, pictureState, readPicture } from "../../pictures/picture.js";
import { h } from "../../base/dom.js";
import { helpRows } from "../keymap.js";
import { colourById } from "../../base/theme.js";
import { HELP_RULES, helpRuleIndex } from "../help-rules.js";

const TOUCH = ["help.touch.aim", "help.touch.rotate", "help.touch.build", "help.touch.zoom", "help.touch.names"];

function drawPicture(canvas, text) {
  const picture = readPicture(text);
  const state = pictureState(picture);
  const board = new Board(canvas, {});
  board.set({ hexes: state.hexes, tiles: state.tiles, colours: pictureColours(picture).map(colourById) });
  board.fit(true);
}

export function createHelpDialog() {
  const canvases = new Map(); // lesson step -> its canvas
  const items = HELP_RULES.map((rule) => {
    if (rule.section) return h("li", { class: "tg-help-section" }, h("h3", {}, t(rule.section)));
    const canvas = h("canvas", {
      class: "tg-help-pic",
      role: "img",
      aria: { label: t(rule.text) },
      dataset: { testid: "help-picture", step: rule.picture },
    });
    canvases.set(rule.picture, canvas);
    return h(
      "li",
      { class: "tg-help-rule", dataset: { rules: rule.ids.join(" ") } },
      canvas,
      h("p", {}, t(rule.text), " ", h("span", { class: "tg-help-id" }, `(${rule.rules})`)),
    );
  });
  const el = h(
    "dialog",
    { class: "tg-dialog tg-help", aria: { labelledby: "tg-help-title" } },
    h("h2", { id: "tg-help-title" }, t("help.title")),
    h("ol", { class: "tg-help-rules" }, items),
    h("h3", {}, t("help.keys")),
    h(
      "dl",
      { class: "tg-keys" },
      helpRows().map(([k, v]) => [h("dt", {}, h("kbd", {}, k)), h("dd", {}, v)]),
    ),
    h("h3", {}, t("help.touch")),
    h(
      "ul",
      { class: "tg-help-touch" },
      TOUCH.map((key) => h("li", {}, t(key))),
    ),
    h(
      "form",
      { method: "dialog", class: "tg-dialog-buttons" },
      h("button", { class: "tg-btn tg-btn-primary" }, t("help.close")),
    ),
  );
  let pictures = null; // (steps) => the engine's pictures of them
  let drawn = null;

  // Asked once, on the first opening: the engine may still be starting when the page is.
  function drawPictures() {
    if (drawn || !pictures) return;
    drawn = pictures([...canvases.keys()]).then(
      (texts) => {
        for (const [step, canvas] of canvases) if (texts[step]) drawPicture(canvas, texts[step]);
        el.dataset.pictures = "drawn";
      },
      (error) => {
        drawn = null; // tried again on the next opening
        console.warn("Taluva: Help's pictures could not be made:", error);
      },
    );
  }

  return {
    el,
    /** How to get the pictures: `fn(steps)` resolves with {step: picture text}. */
    setPictures(fn) {
      pictures = fn;
    },
    /** Open Help at its top, or at the rule `rule` states ("R-TILE-2"), marked. */
    open({ rule = null } = {}) {
      if (!el.open) el.showModal();
      drawPictures();
      // Focusing the Close button (at the bottom) must not scroll the text away.
      el.querySelector("form button")?.focus({ preventScroll: true });
      for (const item of items) item.classList?.remove("tg-help-target");
      const target = rule ? items[helpRuleIndex(rule)] : null;
      el.dataset.target = target ? rule : "";
      if (!target) {
        el.querySelector(".tg-dialog-body")?.scrollTo(0, 0);
        return;
      }
      target.classList.add("tg-help-target");
      target.scrollIntoView({ block: "start" });
    },
  };
}
