// The game screen's skeleton: header with its action buttons, the board with its zoom buttons,
// the step bar, the side panels, the live regions; and slots where other modules put their
// parts (the Share button, dialogs). Buttons name a keymap action: their titles and shortcuts
// come from the keymap, their clicks go to the same `run(action, arg)` as the keys. Every word is
// marked with its message (i18n/page-text.js), so that a switch of language re-says it.

import { said } from "../i18n/page-text.js";
import { h, fill } from "../base/dom.js";
import { ICONS } from "../base/icons.js";
import { inNextFrame } from "../base/after-paint.js";
import { ariaKeysFor, titleFor } from "./keymap.js";
import { createNotices } from "./notify.js";
import { renderLegend } from "./legend-panel.js";
import { createThemeMenu } from "./theme-menu.js";

/**
 * A header button: an icon and a label (hidden on phones, so the name is also aria-label).
 * `label` and `title` are message keys; `action` a keymap action, whose title it shows instead.
 */
export function headerButton({ label, icon, title, action, testid, onclick }) {
  const button = h(
    "button",
    {
      type: "button",
      class: "tg-btn",
      onclick,
      "aria-keyshortcuts": action ? ariaKeysFor(action) : null,
      dataset: action ? { testid, keymap: action } : { testid },
    },
    icon ? h("span", { class: "tg-ico", aria: { hidden: "true" } }, icon) : null,
    said(h("span", { class: "tg-btn-label" }), { text: label }),
  );
  return said(button, { label, title });
}

/**
 * Say the titles that come from the keymap again ("Undo (Ctrl+Z)": a message made of messages,
 * which the marks of page-text.js cannot hold), after a switch of language.
 */
export function sayKeyTitles(root) {
  for (const el of root.querySelectorAll("[data-keymap]")) el.title = titleFor(el.dataset.keymap);
}

// The buttons other modules bring (Games, Share) hold their place from the header's first
// frame: a disabled button with the same label and icon stands in its slot until the module puts
// the working one there (`GameScreen.placeButton`), so no header button ever moves.
function reservedSlot(name, { label, icon }) {
  const button = headerButton({ label, icon, testid: name });
  button.disabled = true;
  return h("span", { class: "tg-slot", dataset: { slot: name } }, button);
}

function actionButton(run, action, label) {
  const button = headerButton({ label, icon: ICONS[action](), action, testid: action, onclick: () => run(action) });
  button.title = titleFor(action);
  return button;
}

function zoomButtons(run) {
  // `step`: zooms by a step (hidden where the board is too short for all three).
  const button = (action, text, label, testid, step = false) =>
    said(
      h(
        "button",
        {
          type: "button",
          class: step ? "tg-btn tg-btn-icon tg-zoom-step" : "tg-btn tg-btn-icon",
          title: titleFor(action),
          dataset: { testid, keymap: action },
          onclick: () => run(action),
        },
        text,
      ),
      { label },
    );
  return said(
    h(
      "div",
      { class: "tg-zoom", role: "group" },
      button("zoom-in", "+", "key.zoom-in.title", "zoom-in", true),
      button("zoom-out", "−", "key.zoom-out.title", "zoom-out", true),
      button("fit", "⤢", "key.fit.title", "fit"),
    ),
    { label: "layout.zoom" },
  );
}

// The panels beside the board. On a phone the same cards are laid out by CSS alone: the Players
// card as a strip above the board, the others in a sheet over it that the tabs below open.
function sidePanels(parts) {
  const legend = h("div", { class: "tg-legend" });
  // Folded at the start: its nine drawn icons wait until it is first opened (the first render's
  // canvas work is on the main thread while the page starts).
  // A click on its summary draws it before it opens; "toggle" (a task later) when opened otherwise.
  const fillLegend = () => legend.firstChild || renderLegend(legend);
  const legendFold = h(
    "details",
    {},
    h("summary", { onclick: fillLegend }, said(h("h2"), { text: "layout.legend" })),
    legend,
  );
  legendFold.addEventListener("toggle", fillLegend);
  const card = (id, title, body) =>
    h("section", { class: `tg-card tg-card-${id}`, dataset: { card: id } }, said(h("h2"), { text: title }), body);
  return said(
    h(
      "aside",
      { class: "tg-side" },
      card("players", "layout.players", parts.players),
      card("tiles", "layout.tiles", parts.tiles),
      card("log", "layout.moves", parts.log),
      h("section", { class: "tg-card tg-card-legend", dataset: { card: "legend" } }, legendFold),
    ),
    { label: "layout.side" },
  );
}

// The phone's tabs: each opens its card in the sheet over the board; the open one closes it.
function sheetTabs(root) {
  const tabs = [
    ["tiles", "layout.tiles"],
    ["log", "layout.moves"],
    ["legend", "layout.legend"],
  ].map(([id, label]) =>
    said(
      h("button", {
        type: "button",
        class: "tg-btn tg-tab",
        aria: { pressed: "false" },
        dataset: { testid: `tab-${id}`, sheet: id },
        onclick: () => showSheet(root, root.dataset.sheet === id ? null : id),
      }),
      { text: label },
    ),
  );
  return said(h("nav", { class: "tg-tabs" }, tabs), { label: "layout.side" });
}

function showSheet(root, id) {
  if (id) root.dataset.sheet = id;
  else delete root.dataset.sheet;
  for (const tab of root.querySelectorAll(".tg-tab"))
    tab.setAttribute("aria-pressed", String(tab.dataset.sheet === id));
  // The legend is a fold beside the board; in the sheet it is what the tab asked for.
  if (id === "legend") root.querySelector(".tg-card-legend details").open = true;
  // The log followed its last turn while hidden (no height): the sheet opens on the last turns.
  const log = root.querySelector(".tg-log");
  if (id === "log" && log) log.scrollTop = log.scrollHeight;
}

// The header's fit, widest first: labels and the name, labels alone, icons alone, then the less
// used actions (Games, Share, Help, language) behind a "More" button, with the name and without,
// and last (a 320 px phone) Replay behind it too. Measured, not guessed by width, since labels
// run ~30% longer in German or Russian than in English.
const FITS = ["full", "labels", "icons", "menu-named", "menu", "menu-replay"];

function fitHeader(top, replay) {
  const nav = top.querySelector(".tg-actions");
  const toggle = nav.querySelector(".tg-more-toggle");
  const panel = nav.querySelector(".tg-more");
  // Replay stands before "More" in the header, or heads the menu at the narrowest fit.
  const placeReplay = (folded) => {
    if (folded && replay.parentElement !== panel) panel.prepend(replay);
    else if (!folded && replay.parentElement !== nav) nav.insertBefore(replay, toggle);
  };
  // The header's and the actions' widths as the last fit left them: a resize that only reports
  // the fit's own result (the observer's echo) needs no second fit, each a forced layout. Null
  // until the header is fitted while laid out.
  let fitted = null;
  const widths = () => `${top.clientWidth} ${nav.offsetWidth}`;
  const fit = () => {
    if (!top.clientWidth) return void (fitted = null); // not laid out (hidden): fitted when shown
    for (const level of FITS) {
      top.dataset.fit = level;
      placeReplay(level === "menu-replay");
      if (top.scrollWidth <= top.clientWidth + 1) break;
    }
    fitted = widths();
  };
  // The window's width, and the actions' (other modules add the Games, Share and language
  // buttons after the header is built).
  // In the next frame, not inside the observer's callback: the fit resizes what it observes.
  const later = inNextFrame(fit);
  // Shown at last (boot-page.js): fitted at once if it was not while it waited (laid out out of
  // sight, boot.css), so that its first frame is its final layout.
  top.addEventListener("tg-shown", () => {
    if (fitted === null) fit();
  });
  // (Observers run after layout: reading the widths there forces none.)
  const watch = new ResizeObserver(() => widths() !== fitted && later());
  watch.observe(top);
  watch.observe(top.querySelector(".tg-actions"));
  // (Fonts that come late change the actions' widths, which the observer sees: no need to ask
  // document.fonts, whose asking forces a style update.)
}

function moreMenu(parts) {
  const panel = h(
    "div",
    { class: "tg-more", id: "tg-more", dataset: { testid: "more-menu" } },
    parts.gamesSlot,
    parts.shareSlot,
    parts.buttons.help,
    parts.languageSlot,
    createThemeMenu(),
  );
  const toggle = said(
    h(
      "button",
      {
        type: "button",
        class: "tg-btn tg-more-toggle",
        aria: { expanded: "false", controls: "tg-more" },
        dataset: { testid: "more" },
        onclick: () => setOpen(!panel.classList.contains("is-open")),
      },
      h("span", { class: "tg-ico", aria: { hidden: "true" } }, "⋯"),
    ),
    { label: "layout.more", title: "layout.more" },
  );
  const setOpen = (open) => {
    panel.classList.toggle("is-open", open);
    toggle.setAttribute("aria-expanded", String(open));
  };
  // A choice in the menu, or a tap anywhere else, folds it again.
  document.addEventListener("click", (e) => {
    if (panel.classList.contains("is-open") && !toggle.contains(e.target) && !e.target.closest("select"))
      setOpen(false);
  });
  return [toggle, panel];
}

// The board: its role's name is the page's own, in the page's language ("Spielbrett").
function boardCanvas() {
  const canvas = h("canvas", {
    class: "tg-board",
    tabindex: "0",
    role: "application",
    aria: { describedby: "tg-turn-live" },
    dataset: { testid: "board", i18nRoledescription: "layout.board.role" },
  });
  return said(canvas, { label: "layout.board.label" });
}

/** Build the screen in `root`; returns its parts. `run(action, arg)` performs a keymap action. */
export function buildLayout(root, run) {
  const parts = {
    turnBanner: h("div", { class: "tg-turn", dataset: { testid: "turn" } }),
    buttons: {
      newGame: actionButton(run, "new-game", "layout.new-game"),
      hint: actionButton(run, "hint", "layout.hint"),
      undo: actionButton(run, "undo", "layout.undo"),
      redo: actionButton(run, "redo", "layout.redo"),
      replay: actionButton(run, "show-replay", "replay.button"),
      help: actionButton(run, "help", "layout.help"),
    },
    gamesSlot: reservedSlot("games", { label: "games.button", icon: ICONS.games() }),
    shareSlot: reservedSlot("share", { label: "share.button", icon: ICONS.share() }),
    languageSlot: h("span", { class: "tg-slot", dataset: { slot: "language" } }),
    canvas: boardCanvas(),
    tip: h("div", { class: "tg-tip", role: "tooltip", hidden: true, dataset: { testid: "tip" } }),
    stepBar: said(h("section", { class: "tg-stepbar", dataset: { testid: "stepbar" } }), { label: "layout.stepbar" }),
    players: h("ol", { class: "tg-players", dataset: { testid: "players" } }),
    tiles: h("div", { class: "tg-tiles" }),
    log: h("ol", { class: "tg-log", dataset: { testid: "log" } }),
    menu: h("div", { class: "tg-menu", role: "menu", hidden: true }),
    dialogSlot: h("div", { class: "tg-slot", dataset: { slot: "dialogs" } }),
  };
  parts.notices = createNotices(root);
  const { buttons: b } = parts;
  b.replay.disabled = true; // until a game with a move in it is shown (screen.js)
  const header = h(
    "header",
    { class: "tg-top" },
    h("div", { class: "tg-brand" }, h("span", { class: "tg-logo", aria: { hidden: "true" } }), h("span", {}, "Taluva")),
    said(h("nav", { class: "tg-actions" }, b.newGame, b.hint, b.undo, b.redo, b.replay, moreMenu(parts)), {
      label: "layout.actions",
    }),
  );
  fitHeader(header, b.replay);
  // The notices live over the board, never over the step bar's buttons under it.
  const { flashEl, alert } = parts.notices;
  const wrap = h("div", { class: "tg-board-wrap" }, parts.canvas, zoomButtons(run), flashEl, alert, parts.tip);
  const stage = h("div", { class: "tg-stage" }, parts.turnBanner, wrap, parts.stepBar);
  fill(
    root,
    h(
      "div",
      { class: "tg-app" },
      header,
      h("div", { class: "tg-main" }, stage, sidePanels(parts), sheetTabs(root)),
      parts.notices.live,
      parts.menu,
    ),
    parts.dialogSlot,
  );
  root.classList.add("tg-root");
  return parts;
}

/**
 * The game on screen held out of reach (`on`), while another is on its way (a friend's invited
 * game, live/): its status line, players, board and step bar take no input and no focus, and
 * look it (game.css `.tg-main[data-held]`); the header, the tabs and the panels under it do not.
 */
export function holdGame(parts, on) {
  const card = parts.players.closest(".tg-card-players") ?? parts.players;
  for (const part of [parts.turnBanner, card, parts.canvas.parentElement, parts.stepBar]) part.inert = on;
  parts.stepBar.closest(".tg-main")?.toggleAttribute("data-held", on);
}

/**
 * Exact places are shown on the board, never in the page's words: a toggle on the Moves card's
 * title line (so that it takes no row from the log: 8 rows in view at 1280x800); `onChange(on)`.
 */
export function coordsToggle(log, onChange) {
  const box = h("input", { type: "checkbox", dataset: { testid: "coords" } });
  box.addEventListener("change", () => onChange(box.checked));
  const toggle = h("label", { class: "tg-coords-toggle" }, box, " ", said(h("span"), { text: "words.coords" }));
  const title = log.previousElementSibling;
  if (title?.tagName !== "H2") return log.before(toggle);
  const head = h("div", { class: "tg-card-head" });
  title.replaceWith(head);
  head.append(title, toggle);
}
