// The Moves card: a turn a row, its whole turn in words in a bubble when pointed at or focused.

import { t } from "../i18n/messages.js";
import { turnShort } from "../i18n/move-short.js";
import { moveText } from "../i18n/move-text.js";
import { fill, h } from "../base/dom.js";
import { logDetail } from "./log-detail.js";
import { tileIcon } from "./panel-icons.js";
import { rowSteps, runSteps, shownEmpty } from "./panel-rows.js";

// What a log's rows do when pointed at or opened, and their bubble of words, by log element.
const logActions = new WeakMap();
const logDetails = new WeakMap();

// One set of listeners a log, for every row it will ever hold: pointing at a row (or focusing
// it) calls `point(i)` with its turn's index (null when it leaves) and shows the turn in full
// words beside it, a click or Enter `open(i)`.
function listenLog(el) {
  const detail = logDetail(el);
  logDetails.set(el, detail);
  const rowOf = (e) => e.target.closest?.("li[data-turn]");
  const index = (row) => Number(row.dataset.turn) - 1;
  const point = (row) => logActions.get(el)?.point?.(row ? index(row) : null);
  el.addEventListener("pointerover", (e) => {
    const row = rowOf(e);
    point(row);
    if (row !== detail.row) detail.show(row, e.pointerType === "touch" ? "touch" : "mouse");
  });
  el.addEventListener("pointerleave", () => {
    point(null);
    detail.hide();
  });
  el.addEventListener("focusin", (e) => {
    const row = rowOf(e);
    point(row);
    // A row focused by a click is pointed at already; one reached by the keyboard shows its words.
    if (row?.matches(":focus-visible")) detail.show(row, "keyboard");
  });
  el.addEventListener("focusout", () => {
    point(null);
    detail.hide();
  });
  const open = (row) => row && logActions.get(el)?.open?.(index(row));
  el.addEventListener("click", (e) => open(rowOf(e)));
  el.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const row = rowOf(e);
    if (!row) return;
    e.preventDefault();
    open(row);
  });
}

/**
 * The move log: one row a turn, from the state's log (every turn with its seat), each move in
 * words. `actions` ({point(i), open(i)}) make the rows live: pointing at a row shows its turn on
 * the board, opening it shows the replay there. The last placement's turn is marked (the
 * computer's last turn stays marked until the next player places a tile).
 */
export function renderLog(el, state, seats, colours, actions = null) {
  runSteps(logSteps(el, state, seats, colours, actions));
}

// A log's rows made in one step at most (a game opened from a long link has 48 turns or more).
const LOG_ROWS_A_STEP = 12;

/** renderLog as steps to run in order, LOG_ROWS_A_STEP rows each. */
export function logSteps(el, state, seats, colours, actions = null) {
  if (!logActions.has(el)) listenLog(el);
  logActions.set(el, actions);
  const live = Boolean(actions);
  const last = state.lastMove ? state.log.findLastIndex((e) => e.placementMove) : -1;
  // The turn being played: its build is still to come (a finished turn without one had its
  // player eliminated).
  const playing = state.phase === "build" ? state.log.length - 1 : -1;
  const keys = state.log.map((turn, i) =>
    JSON.stringify([turn, seats.map((s) => s.name), colours[turn.seat], i === last, live, i === playing]),
  );
  // One column of names for every row, as wide as the longest (CSS caps it).
  el.style.setProperty("--log-name", `${Math.max(4, ...seats.map((s) => s.name.length))}ch`);
  if (!keys.length) {
    shownEmpty(el);
    return [() => fill(el, h("li", { class: "tg-log-empty" }, t("panels.no-moves")))];
  }
  const rows = rowSteps(el, keys, LOG_ROWS_A_STEP, (i) =>
    logRow(state.log[i], i, seats, colours, { last: i === last, live, playing: i === playing }),
  );
  const after = () => {
    if (!rows.changed()) return;
    logDetails.get(el)?.hide(); // its row may be gone or say something else now
    // Scrolled in the frame: reading the height here would force a layout before the board draws.
    requestAnimationFrame(() => (el.scrollTop = el.scrollHeight));
  };
  return [...rows, after];
}

// A turn of the log, on one line: its number, who (colour and name), the tile drawn (its
// picture) and the turn in a few words ("3 huts · jungle"). The whole turn in words, from the
// moves' facts (where they went: the landscape, the settlement beside it and its owner, the
// huts an eruption buried; never coordinates, which the board does not show), is what a screen
// reader reads, and what the row shows beside it when pointed at or focused (log-detail.js).
function logRow(turn, i, seats, colours, { last, live, playing }) {
  const colour = colours[turn.seat];
  const placed = turn.placementMove ? moveText(turn.placementMove, { seats, covered: turn.covered }) : "…";
  return h(
    "li",
    {
      class: last ? "tg-log-last" : null,
      tabindex: live ? "0" : null,
      dataset: last ? { turn: String(i + 1), last: "1" } : { turn: String(i + 1) },
    },
    h("span", { class: "tg-log-n" }, t("panels.log.n", { n: i + 1 })),
    h("span", {
      class: "tg-seat-dot",
      style: { "--seat": colour.fill, "--seat-edge": colour.edge },
    }),
    h("span", { class: "tg-log-who" }, seats[turn.seat].name),
    turn.tile ? h("span", { class: "tg-log-tile", title: t("panels.log.tile") }, tileIcon(turn.tile, 20)) : null,
    h("span", { class: "tg-log-short", aria: { hidden: "true" } }, turnShort(turn, { playing })),
    h(
      "span",
      { class: "tg-log-text tg-sr" },
      h("span", { class: "tg-log-place" }, placed),
      turn.buildMove ? [" · ", h("span", { class: "tg-log-build" }, moveText(turn.buildMove, { seats }))] : null,
    ),
  );
}
