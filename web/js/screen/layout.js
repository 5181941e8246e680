// The game screen's skeleton: header with its action buttons, the board with its zoom buttons,
// the step bar, the side panels, the live regions; and slots where other modules put their
// parts (the Share button, dialogs). Buttons name a keymap action: their titles and shortcuts
// come from the keymap, their clicks go to the same `run(action, arg)` as the keys.

import { t } from "../i18n/messages.js";
import { h, fill } from "./dom.js";
import { ICONS } from "./icons.js";
import { ariaKeysFor, titleFor } from "./keymap.js";
import { createNotices } from "./notify.js";
import { renderLegend } from "./panels.js";

/** A header button: an icon and a label (hidden on phones, so the name is also aria-label). */
export function headerButton({ label, icon, title, keys, testid, onclick }) {
  return h(
    "button",
    {
      type: "button",
      class: "tg-btn",
      onclick,
      title,
      "aria-label": label,
      "aria-keyshortcuts": keys,
      dataset: { testid },
    },
    icon ? h("span", { class: "tg-ico", aria: { hidden: "true" } }, icon) : null,
    h("span", { class: "tg-btn-label" }, label),
  );
}

function actionButton(run, action, label) {
  return headerButton({
    label,
    icon: ICONS[action](),
    title: titleFor(action),
    keys: ariaKeysFor(action),
    testid: action,
    onclick: () => run(action),
  });
}

function zoomButtons(run) {
  const button = (action, text, label, testid) =>
    h(
      "button",
      {
        type: "button",
        class: "tg-btn tg-btn-icon",
        title: titleFor(action),
        aria: { label },
        dataset: { testid },
        onclick: () => run(action),
      },
      text,
    );
  return h(
    "div",
    { class: "tg-zoom", role: "group", aria: { label: t("layout.zoom") } },
    button("zoom-in", "+", t("key.zoom-in.title"), "zoom-in"),
    button("zoom-out", "−", t("key.zoom-out.title"), "zoom-out"),
    button("fit", "⤢", t("key.fit.title"), "fit"),
  );
}

function sidePanels(parts) {
  const legend = h("div", { class: "tg-legend" });
  renderLegend(legend);
  const card = (title, body, cls = "tg-card") => h("section", { class: cls }, h("h2", {}, title), body);
  return h(
    "aside",
    { class: "tg-side", aria: { label: t("layout.side") } },
    card(t("layout.players"), parts.players),
    card(t("layout.tiles"), parts.tiles),
    card(t("layout.moves"), parts.log, "tg-card tg-card-log"),
    h("section", { class: "tg-card" }, h("details", {}, h("summary", {}, h("h2", {}, t("layout.legend"))), legend)),
  );
}

/** Build the screen in `root`; returns its parts. `run(action, arg)` performs a keymap action. */
export function buildLayout(root, run) {
  const parts = {
    turnBanner: h("div", { class: "tg-turn", dataset: { testid: "turn" } }),
    buttons: {
      newGame: actionButton(run, "new-game", t("layout.new-game")),
      hint: actionButton(run, "hint", t("layout.hint")),
      undo: actionButton(run, "undo", t("layout.undo")),
      redo: actionButton(run, "redo", t("layout.redo")),
      help: actionButton(run, "help", t("layout.help")),
    },
    gamesSlot: h("span", { class: "tg-slot", dataset: { slot: "games" } }),
    shareSlot: h("span", { class: "tg-slot", dataset: { slot: "share" } }),
    languageSlot: h("span", { class: "tg-slot", dataset: { slot: "language" } }),
    canvas: h("canvas", {
      class: "tg-board",
      tabindex: "0",
      role: "application",
      "aria-roledescription": t("layout.board.role"),
      aria: {
        label: t("layout.board.label"),
        describedby: "tg-turn-live",
      },
      dataset: { testid: "board" },
    }),
    tip: h("div", { class: "tg-tip", role: "tooltip", hidden: true, dataset: { testid: "tip" } }),
    stepBar: h("section", {
      class: "tg-stepbar",
      aria: { label: t("layout.stepbar") },
      dataset: { testid: "stepbar" },
    }),
    players: h("ol", { class: "tg-players", dataset: { testid: "players" } }),
    tiles: h("div", { class: "tg-tiles" }),
    log: h("ol", { class: "tg-log", dataset: { testid: "log" } }),
    menu: h("div", { class: "tg-menu", role: "menu", hidden: true }),
    dialogSlot: h("div", { class: "tg-slot", dataset: { slot: "dialogs" } }),
  };
  parts.notices = createNotices(root);
  const { buttons: b } = parts;
  const header = h(
    "header",
    { class: "tg-top" },
    h("div", { class: "tg-brand" }, h("span", { class: "tg-logo", aria: { hidden: "true" } }), "Taluva"),
    parts.turnBanner,
    h(
      "nav",
      { class: "tg-actions", aria: { label: t("layout.actions") } },
      b.newGame,
      b.hint,
      b.undo,
      b.redo,
      parts.gamesSlot,
      parts.shareSlot,
      b.help,
      parts.languageSlot,
    ),
  );
  const wrap = h("div", { class: "tg-board-wrap" }, parts.canvas, zoomButtons(run), parts.notices.flashEl, parts.tip);
  const stage = h("div", { class: "tg-stage" }, wrap, parts.stepBar);
  fill(
    root,
    h(
      "div",
      { class: "tg-app" },
      header,
      h("div", { class: "tg-main" }, stage, sidePanels(parts)),
      parts.notices.live,
      parts.notices.alert,
      parts.menu,
    ),
    parts.dialogSlot,
  );
  root.classList.add("tg-root");
  return parts;
}
