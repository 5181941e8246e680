// A read-only replay of the engine's current game: a board of its own and step controls.
// Used by the full page (the Replay dialog) and by the embed. Each position comes from the
// engine (bridge stateAt(step): the state after that many decisions); nothing is computed here.
//
// The element carries data-testid="replay", data-step, data-total and data-busy for tests.

import { t } from "../i18n/messages.js";
import { Board } from "../board/board.js";
import { h } from "../base/dom.js";

/**
 * `engine`: {call}; `colours()`: seat colour objects (theme.js) for the current game;
 * `extra`: elements to add after the controls (a "Back to the game" button, a link).
 * `onStep(step)` runs after each shown step.
 */
export function createReplay({ engine, colours, extra = [], onStep = () => {}, compact = false }) {
  const canvas = h("canvas", {
    class: "replay-board",
    dataset: { testid: "replay-board" },
    aria: { label: t("replay.board") },
    role: "img",
  });
  const label = h("span", {
    class: "replay-label",
    role: "status",
    "aria-live": "polite",
    dataset: { testid: "replay-label" },
  });
  const range = h("input", {
    type: "range",
    min: "0",
    max: "0",
    value: "0",
    class: "replay-range",
    aria: { label: t("replay.step") },
    dataset: { testid: "replay-range" },
  });
  const button = (text, title, testid, onclick) =>
    h(
      "button",
      { type: "button", class: "replay-btn", title, "aria-label": title, dataset: { testid }, onclick },
      text,
    );
  const controls = h(
    "div",
    { class: "replay-controls", role: "group", aria: { label: t("replay.steps") } },
    button("«", t("replay.first"), "replay-first", () => go(0)),
    button("◀", t("replay.back-step"), "replay-back", () => go(step - 1)),
    range,
    button("▶", t("replay.forward"), "replay-forward", () => go(step + 1)),
    button("»", t("replay.last"), "replay-last", () => go(total)),
    label,
  );
  const el = h(
    "div",
    {
      class: `replay${compact ? " replay-compact" : ""}`,
      dataset: { testid: "replay", step: "0", total: "0", busy: "0" },
    },
    h("div", { class: "replay-board-wrap" }, canvas),
    controls,
    ...extra,
  );
  const board = new Board(canvas, {});
  let step = 0;
  let total = 0;
  let asked = 0;
  let state = null;

  range.addEventListener("input", () => go(Number(range.value)));
  el.addEventListener("keydown", (e) => {
    if (e.target === range) return; // the slider has its own arrow keys
    if (e.key === "ArrowLeft") go(step - 1);
    else if (e.key === "ArrowRight") go(step + 1);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(total);
    else return;
    e.preventDefault();
  });

  async function go(target) {
    const wanted = Math.max(0, Math.min(total, Number.isFinite(target) ? Math.trunc(target) : total));
    const ticket = ++asked;
    el.dataset.busy = "1";
    try {
      const s = await engine.call("stateAt", { step: wanted });
      if (ticket !== asked) return;
      step = wanted;
      state = s;
      board.set({ hexes: s.hexes, tiles: s.tiles, colours: colours(s), lastMove: s.lastMove });
      range.value = String(step);
      label.textContent = t("replay.label", { step, total });
      el.dataset.step = String(step);
      onStep(step);
    } finally {
      if (ticket === asked) el.dataset.busy = "0";
    }
  }

  return {
    el,
    board,
    get step() {
      return step;
    },
    get state() {
      return state;
    },
    /** Show the game's `steps` decisions, at `at` (default: the last). */
    async open(steps, at = steps) {
      total = steps;
      range.max = String(total);
      el.dataset.total = String(total);
      // One frame for the whole game: the island only grows, so its last position frames all.
      board.hold((await engine.call("stateAt", { step: steps })).hexes);
      await go(at ?? total);
    },
    go,
  };
}
