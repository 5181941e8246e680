// The Review dialog: the engine's strongest level goes over every turn of a game (the engine
// worker's bridge: reviewGame, then reviewTurn once per turn), and the dialog shows the
// standings graph, the costliest turns, and for the chosen turn the board after the turn played
// with the turn the engine prefers over it; "show the line" steps through the preferred turn on
// the board (the position before, the placement, the build). The board keeps one frame that
// holds every turn answered (frame.js), so it does not jump from turn to turn.
//
// The turns are asked one at a time, so the worker is never busy for longer than one turn (the
// page's own calls slip in between), the progress bar counts the answers, and Cancel simply asks
// no further. Nothing here judges a move: the standings, losses and marks are the engine's.
//
// The element carries data-testid="review", data-state (loading | running | done | stopped |
// empty | failed), data-done, data-total, data-selected, data-marked and data-line (the line's
// step shown, "" for the turn played) for tests.

import { Board } from "../board/board.js";
import { moveText } from "../i18n/move-text.js";
import { t } from "../i18n/messages.js";
import { translatePage } from "../i18n/page-text.js";
import { fill, h, statusLine } from "../base/dom.js";
import { inNextFrame } from "../base/after-paint.js";
import { engineErrorText } from "../i18n/engine-text.js";
import { frameCamera, shownHexes } from "./frame.js";
import { drawGraph, graphLayout, graphSize, turnAtX, turnForKey } from "./graph.js";
import { answerStates, lineSteps, lineView, playedView } from "./turn-view.js";

const SVG = "http://www.w3.org/2000/svg";

const percent = (share) => t("review.percent", { share });
const ANNOUNCE_EVERY = 5; // turns between two progress announcements (about 5 s)

/** A reviewed turn in words: "tile …, then hut on …"; `seats` ({name}) name the owners it speaks of. */
export function planText(plan, seats = null) {
  const placement = moveText(plan.placement, { seats });
  if (!plan.build) return t("review.plan-eliminated", { placement });
  return t("review.plan", { placement, build: moveText(plan.build, { seats }) });
}

/**
 * `engine`: {call}; `seats()`: the seats shown ({name}); `colours()`: their colour objects
 * (base/theme.js); `root`: where the dialog goes (the screen's dialogs slot).
 */
export function createReviewDialog({ engine, seats, colours, root }) {
  const status = statusLine("review-status", "review-status");
  const progress = h("progress", {
    class: "review-progress",
    max: "1",
    value: "0",
    dataset: { i18nLabel: "review.progress-label" },
  });
  const cancel = h("button", {
    type: "button",
    class: "tg-btn",
    dataset: { testid: "review-cancel", i18n: "review.cancel" },
    onclick: () => stop(),
  });
  const count = h("span", { class: "review-count", aria: { hidden: "true" }, dataset: { testid: "review-count" } });
  const progressRow = h("div", { class: "review-progress-row" }, progress, count, cancel);
  const graph = document.createElementNS(SVG, "svg");
  graph.classList.add("review-graph");
  graph.setAttribute("role", "img");
  graph.setAttribute("aria-hidden", "true");
  graph.dataset.testid = "review-graph";
  // The graph is a slider over the turns: arrow keys, Home and End, or a click.
  const graphBox = h(
    "div",
    {
      class: "review-graph-box",
      tabindex: "0",
      role: "slider",
      aria: { valuemin: "1", valuemax: "1", valuenow: "1" },
      dataset: { testid: "review-graph-box", i18nLabel: "review.graph" },
    },
    graph,
  );
  const legend = h(
    "ul",
    { class: "review-legend" },
    h("li", {}, h("span", { class: "tg-mark tg-mark-last" }), h("span", { dataset: { i18n: "review.legend-played" } })),
    h(
      "li",
      {},
      h("span", { class: "tg-mark review-mark-preferred" }),
      h("span", { dataset: { i18n: "review.legend-preferred" } }),
    ),
  );
  const marksList = h("div", { class: "review-marked", dataset: { testid: "review-marked" } });
  const canvas = h("canvas", {
    class: "replay-board",
    role: "img",
    aria: { label: t("review.board") },
    dataset: { testid: "review-board" },
  });
  const details = h("div", { class: "review-turn", dataset: { testid: "review-turn" } });
  // The engine's line: a button to step into it, then ◀ ▶ through its steps and a way back.
  const lineCaption = h("p", {
    class: "review-line-caption",
    aria: { live: "polite" },
    dataset: { testid: "review-line-caption" },
  });
  const lineButton = (text, label, testid, onclick) =>
    h(
      "button",
      { type: "button", class: "replay-btn", dataset: { testid, i18nTitle: label, i18nLabel: label }, onclick },
      text,
    );
  const linePrevious = lineButton("◀", "review.line-previous", "review-line-previous", () => showLine(line - 1));
  const lineNext = lineButton("▶", "review.line-next", "review-line-next", () => showLine(line + 1));
  const lineShow = h(
    "button",
    { type: "button", class: "tg-btn tg-btn-small", dataset: { testid: "review-line" }, onclick: () => toggleLine() },
    t("review.line-show"),
  );
  // In the line the legend gives way to the step's caption (the dashed outline is the step's).
  const lineRow = h("div", { class: "review-line-row" }, lineShow, linePrevious, lineNext, lineCaption, legend);
  const stepButton = (text, label, testid, delta) =>
    h(
      "button",
      {
        type: "button",
        class: "replay-btn",
        dataset: { testid, i18nTitle: label, i18nLabel: label },
        onclick: () => choose(selected + delta),
      },
      text,
    );
  const el = h(
    "div",
    {
      class: "review",
      dataset: { testid: "review", state: "loading", done: "0", total: "0", selected: "0", marked: "", line: "" },
    },
    h(
      "div",
      { class: "review-side" },
      progressRow,
      status,
      graphBox,
      marksList,
      h(
        "div",
        { class: "review-turn-row" },
        stepButton("◀", "review.previous", "review-previous", -1),
        details,
        stepButton("▶", "review.next", "review-next", 1),
      ),
    ),
    h("div", { class: "review-view" }, h("div", { class: "replay-board-wrap review-board-wrap" }, canvas), lineRow),
  );
  const dialog = h(
    "dialog",
    {
      class: "tg-dialog replay-dialog review-dialog",
      aria: { labelledby: "review-title" },
      dataset: { testid: "review-dialog" },
    },
    h("h2", { id: "review-title", dataset: { i18n: "review.title" } }),
    el,
    h(
      "div",
      { class: "tg-dialog-buttons" },
      h("button", {
        type: "button",
        class: "tg-btn",
        dataset: { testid: "review-close", i18n: "review.close" },
        onclick: () => dialog.close(),
      }),
    ),
  );
  // Its words are marked with their messages (i18n/page-text.js): said now, and again by a switch
  // of language; what a review shows is said as it opens.
  translatePage(dialog);
  root.append(dialog);
  // The dialog frames the board itself (frame.js), until the user zooms or pans it.
  let userCamera = false;
  const board = new Board(canvas, { onCamera: () => (userCamera = true) });
  board.follow = false;
  // The graph is drawn again in the next frame, not inside the observer's callback: its new
  // viewBox changes the height of the box observed (and the words and marks under it move).
  const drawAgain = inNextFrame(() => layout && drawAll());
  const resized = new ResizeObserver(() => {
    frameBoard(); // the camera only: no size changes
    drawAgain();
  });

  let run = 0; // bumped by every open and close: answers of an older run are dropped
  let stopped = false;
  let start = [];
  let total = 0;
  let reviews = [];
  let marked = [];
  let selected = 0;
  let layout = null;
  let line = -1; // the step of the engine's line shown; -1: the turn played
  let framed = []; // the hexes the board's frame holds (every turn answered)

  resized.observe(canvas);
  resized.observe(graphBox);
  dialog.addEventListener("close", () => {
    run++;
  });
  graphBox.addEventListener("keydown", (e) => {
    const n = turnForKey(e.key, selected, reviews.length);
    if (n === null) return;
    e.preventDefault();
    choose(n);
  });
  graph.addEventListener("click", (e) => {
    if (!layout) return;
    const box = graph.getBoundingClientRect();
    const x = ((e.clientX - box.left) / box.width) * layout.size.width;
    choose(turnAtX(layout, x, reviews.length));
    graphBox.focus();
  });

  function setState(state, text) {
    el.dataset.state = state;
    status.textContent = text;
    const working = state === "loading" || state === "running";
    cancel.hidden = !working;
    progressRow.hidden = !working && state !== "stopped";
  }

  const drawOptions = () => ({ colours: colours(), selected, percent, turnTitle: t("review.axis-turn") });

  function drawAll() {
    layout = graphLayout({ start, reviews, turns: total, marked, size: graphSize(graphBox.clientWidth) });
    drawGraph(graph, layout, drawOptions());
    el.dataset.done = String(reviews.length);
    el.dataset.marked = marked.join(",");
    progress.max = Math.max(1, total);
    progress.value = reviews.length;
    count.textContent = t("review.count", { done: reviews.length, total });
    graphBox.setAttribute("aria-valuemax", String(Math.max(1, reviews.length)));
    const names = seats();
    const byNumber = new Map(reviews.map((r) => [r.number, r]));
    fill(
      marksList,
      marked.length ? h("span", {}, t("review.marked")) : null,
      marked.map((n) => {
        const r = byNumber.get(n);
        return h(
          "button",
          {
            type: "button",
            class: "tg-btn tg-btn-small",
            dataset: { testid: "review-mark", turn: String(n) },
            onclick: () => choose(n),
          },
          t("review.marked-turn", { turn: n, name: names[r.seat]?.name ?? "", loss: r.loss }),
        );
      }),
    );
  }

  function choose(n) {
    if (n < 1 || n > reviews.length) return;
    selected = n;
    const r = reviews[n - 1];
    const names = seats();
    el.dataset.selected = String(n);
    graphBox.setAttribute("aria-valuenow", String(n));
    const summary = t("review.turn", { turn: n, name: names[r.seat]?.name ?? "" });
    graphBox.setAttribute("aria-valuetext", summary);
    fill(
      details,
      h("strong", {}, summary),
      h("span", { dataset: { testid: "review-played" } }, t("review.played", { plan: planText(r.played, seats()) })),
      h(
        "span",
        { dataset: { testid: "review-preferred", notation: r.preferred.notation } },
        r.same ? t("review.same") : t("review.preferred", { plan: planText(r.preferred, seats()), loss: r.loss }),
      ),
      h(
        "span",
        { class: "review-standings" },
        t("review.standings", {
          list: r.after
            .map((share, seat) => t("review.standing", { name: names[seat]?.name ?? "", share }))
            .join(" · "),
        }),
      ),
    );
    showLine(-1);
    drawGraph(graph, layout, drawOptions());
  }

  /** Show step `step` of the chosen turn's line (lineSteps), or the turn played for -1. */
  function showLine(step) {
    const r = reviews[selected - 1];
    lineRow.hidden = !r;
    if (!r) {
      line = -1;
      el.dataset.line = "";
      return;
    }
    const steps = lineSteps(r);
    line = Math.max(-1, Math.min(steps.length - 1, step));
    el.dataset.line = line < 0 ? "" : String(line);
    const inLine = line >= 0;
    linePrevious.hidden = lineNext.hidden = !inLine;
    linePrevious.disabled = line <= 0;
    lineNext.disabled = line >= steps.length - 1;
    lineShow.textContent = t(inLine ? "review.line-hide" : "review.line-show");
    lineShow.setAttribute("aria-pressed", String(inLine));
    let label = t("review.board-played");
    if (inLine) {
      const move = steps[line].move;
      label = move
        ? t("review.line-step", { step: line, steps: steps.length - 1, move: moveText(move, { seats: seats() }) })
        : t("review.board");
    }
    lineCaption.textContent = inLine ? label : "";
    lineCaption.hidden = !inLine;
    legend.hidden = inLine;
    canvas.setAttribute("aria-label", label);
    board.set(inLine ? lineView(r, line, colours()) : playedView(r, colours()));
    frameBoard();
  }

  function toggleLine() {
    showLine(line < 0 ? 0 : -1);
  }

  /** One frame for every turn answered: it grows with the island, and never cuts a tile. */
  function frameBoard() {
    if (userCamera) return;
    const rect = canvas.getBoundingClientRect();
    const cam = frameCamera(framed, { w: rect.width, h: rect.height });
    if (!cam) return;
    Object.assign(board.cam, cam);
    board.invalidate();
  }

  function stop() {
    if (el.dataset.state !== "running" && el.dataset.state !== "loading") return;
    stopped = true;
    setState("stopped", t("review.stopped", { done: reviews.length, total }));
  }

  async function review(code, steps, mine) {
    const plan = await engine.call("reviewGame", { code, steps });
    if (mine !== run || stopped) return;
    start = plan.start;
    total = plan.turns;
    el.dataset.total = String(total);
    drawAll();
    if (!total) {
      setState("empty", t("review.empty"));
      return;
    }
    for (let n = 1; n <= total; n++) {
      // The live status speaks every few turns; the bar and its count follow every answer.
      if ((n - 1) % ANNOUNCE_EVERY === 0) setState("running", t("review.progress", { done: n - 1, total }));
      const answer = await engine.call("reviewTurn", { code, steps, number: n });
      if (mine !== run || stopped) return; // cancelled while this turn was on its way
      const reviewed = { ...answer.review, state: answer.state, playedState: answer.playedState, line: answer.line };
      reviews.push(reviewed);
      framed = shownHexes([...answerStates([reviewed]), { hexes: framed }]);
      marked = answer.marked;
      drawAll();
      if (!selected) choose(1);
      else frameBoard();
    }
    setState("done", t("review.done", { total }));
  }

  return {
    el: dialog,
    get reviews() {
      return reviews;
    },
    /** Review the game of share code `code`, as it was after `steps` decisions (null: all). */
    async open({ code, steps = null }) {
      const mine = ++run;
      stopped = false;
      reviews = [];
      marked = [];
      selected = 0;
      start = [];
      total = 0;
      framed = [];
      userCamera = false;
      el.dataset.selected = "0";
      fill(details);
      board.set({});
      showLine(-1);
      if (!dialog.open) dialog.showModal();
      setState("loading", t("review.loading"));
      drawAll();
      cancel.focus();
      try {
        await review(code, steps, mine);
      } catch (error) {
        if (mine === run) setState("failed", t("review.failed", { reason: engineErrorText(error) }));
      }
    },
  };
}
