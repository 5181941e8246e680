// A read-only replay of the engine's current game, turn by turn: a board of its own that animates
// each turn, the seats with what they built, the turn in words (who, where the tile went, what
// was built) and the controls: first, previous, play/pause, a slider of turns, next, last; ←/→,
// Home/End and Space. Used by the full page (the Replay dialog) and by the embed's player. Each
// position comes from the engine (bridge stateAt(step): the state after that many decisions);
// the turns' ends come from the log (replay-steps.js); nothing is computed here.
//
// The element carries data-testid="replay", data-step and data-total (decisions, as links'
// `at=` count them), data-turn and data-turns, data-playing and data-busy for tests.

import { MOTION_MS } from "../board/anim.js";
import { Board } from "../board/board.js";
import { t } from "../i18n/messages.js";
import { moveText } from "../i18n/move-text.js";
import { h, statusLine } from "../base/dom.js";
import { nextStop, playedTurns, previousStop, replayPace, shownTurn, turnOf, turnStops } from "./replay-steps.js";
import { seatRows } from "../pictures/seat-rows.js";

const withKeys = (title, keys) => t("key.title-with-keys", { title, keys });

/** A turn of the log in words: "Ana: new settlement on the rock … · a temple on …". */
export function turnWords(shown, names) {
  if (!shown) return t("replay.start");
  const { entry, placementOnly } = shown;
  const seats = names.map((name) => ({ name }));
  const name = names[entry.seat] || t("seat.default-name", { n: entry.seat + 1 });
  const parts = [entry.placementMove ? moveText(entry.placementMove, { seats, covered: entry.covered }) : null];
  if (!placementOnly && entry.buildMove) parts.push(moveText(entry.buildMove, { seats }));
  return t("replay.move", { name, move: parts.filter(Boolean).join(" · ") });
}

function controlButton(content, testid, onclick) {
  return h("button", { type: "button", class: "replay-btn", dataset: { testid }, onclick }, content);
}

function entitle(button, title) {
  button.title = title;
  button.setAttribute("aria-label", title);
}

/**
 * `engine`: {call}; `colours(state)`: seat colour objects (theme.js); `names()`: the seats'
 * names; `speed()`: the page's computer speed (an AI_SPEEDS id), the autoplay's pace;
 * `keyTarget`: where the keys are heard (default: the replay's element); `extra`: elements to
 * add after the controls. `onStep(step)` runs after each shown step.
 */
export function createReplay({
  engine,
  colours,
  names = () => [],
  speed = () => "normal",
  keyTarget = null,
  extra = [],
  onStep = () => {},
  compact = false,
}) {
  const canvas = h("canvas", { class: "replay-board", dataset: { testid: "replay-board" }, role: "img" });
  const seatList = h("ol", { class: "embed-seats replay-seats", dataset: { testid: "replay-seats" } });
  const words = statusLine("replay-move", "replay-move");
  const label = h("span", { class: "replay-label", dataset: { testid: "replay-label" } });
  const range = h("input", {
    type: "range",
    min: "0",
    max: "0",
    value: "0",
    class: "replay-range",
    dataset: { testid: "replay-range" },
  });
  const playButton = controlButton(
    h("span", { class: "replay-play-icon", aria: { hidden: "true" } }),
    "replay-play",
    () => (playing ? pause() : play()),
  );
  const first = controlButton("«", "replay-first", () => manual(0));
  const back = controlButton("‹", "replay-back", () => manual(previousStop(stops, step)));
  const forward = controlButton("›", "replay-forward", () => manual(nextStop(stops, step)));
  const last = controlButton("»", "replay-last", () => manual(total));
  const controls = h(
    "div",
    { class: "replay-controls", role: "group" },
    first,
    back,
    playButton,
    range,
    forward,
    last,
    label,
  );
  // The words of its parts, said again after a switch of language (say()).
  const sayParts = () => {
    canvas.setAttribute("aria-label", t("replay.board"));
    range.setAttribute("aria-label", t("replay.turn-slider"));
    controls.setAttribute("aria-label", t("replay.controls"));
    entitle(first, withKeys(t("replay.first-turn"), t("replay.keys.home")));
    entitle(back, withKeys(t("replay.previous"), "←"));
    entitle(forward, withKeys(t("replay.next"), "→"));
    entitle(last, withKeys(t("replay.last-turn"), t("replay.keys.end")));
  };
  sayParts();
  const el = h(
    "div",
    {
      class: `replay${compact ? " replay-compact" : ""}`,
      dataset: { testid: "replay", step: "0", total: "0", turn: "0", turns: "0", busy: "0", playing: "0" },
    },
    h("div", { class: "replay-board-wrap" }, canvas),
    h("div", { class: "replay-facts" }, seatList, words),
    controls,
    ...extra,
  );
  const board = new Board(canvas, {});
  let step = 0;
  let total = 0;
  let stops = [0];
  let log = [];
  let asked = 0;
  let state = null;
  let playing = false;
  let timer = 0;

  range.addEventListener("input", () => manual(stops[Number(range.value)] ?? total));
  listenKeys(keyTarget ?? el, {
    back: () => manual(previousStop(stops, step)),
    forward: () => manual(nextStop(stops, step)),
    first: () => manual(0),
    last: () => manual(total),
    toggle: () => (playing ? pause() : play()),
  });
  showPlaying();

  function showPlaying() {
    el.dataset.playing = playing ? "1" : "0";
    playButton.classList.toggle("is-playing", playing);
    entitle(playButton, withKeys(t(playing ? "replay.pause" : "replay.play"), t("replay.keys.space")));
    playButton.setAttribute("aria-pressed", String(playing));
  }

  // A step the person asked for ends the autoplay.
  function manual(target) {
    pause();
    return go(target);
  }

  function play() {
    playing = true;
    showPlaying();
    // From the start again when at the end, as a video player does.
    if (step >= total) go(0).then(later);
    else tick();
  }

  function pause() {
    playing = false;
    clearTimeout(timer);
    showPlaying();
  }

  function later() {
    clearTimeout(timer);
    if (playing) timer = setTimeout(tick, replayPace(speed()).every);
  }

  async function tick() {
    if (!playing) return;
    await go(nextStop(stops, step), { motion: replayPace(speed()).motion });
    if (step >= total) pause();
    else later();
  }

  /** Show step `target` (decisions); `motion`: how long a turn forward animates. */
  async function go(target, { motion = MOTION_MS } = {}) {
    const wanted = Math.max(0, Math.min(total, Number.isFinite(target) ? Math.trunc(target) : total));
    const ticket = ++asked;
    el.dataset.busy = "1";
    try {
      const s = await engine.call("stateAt", { step: wanted });
      if (ticket !== asked) return;
      // One turn forward moves on the board; a jump or a step back shows its position at once.
      board.motionMs = wanted > step && nextStop(stops, step) >= wanted ? motion : 0;
      step = wanted;
      state = s;
      show(s);
      onStep(step);
    } finally {
      if (ticket === asked) el.dataset.busy = "0";
    }
  }

  function show(s) {
    const seatNames = names();
    const seatColours = colours(s);
    board.set({ hexes: s.hexes, tiles: s.tiles, colours: seatColours, lastMove: s.lastMove });
    const turn = turnOf(stops, step);
    const turns = stops.length - 1;
    range.value = String(turn);
    range.style.setProperty("--filled", `${turns ? (100 * turn) / turns : 0}%`);
    label.textContent = t("replay.turn", { turn, turns });
    words.textContent = turnWords(shownTurn(log, stops, step), seatNames);
    seatList.replaceChildren(...seatRows(s, seatColours, seatNames));
    Object.assign(el.dataset, { step: String(step), turn: String(turn), turns: String(turns) });
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
    get playing() {
      return playing;
    },
    /** Show the game's `steps` decisions, whose turns `gameLog` holds, at `at` (default: the last). */
    async open(steps, at = steps, gameLog = []) {
      pause();
      total = steps;
      log = playedTurns(gameLog);
      stops = turnStops(log);
      if (stops.at(-1) !== total) stops = [...stops.filter((s) => s < total), total]; // a log cut short
      range.max = String(stops.length - 1);
      el.dataset.total = String(total);
      // One frame for the whole game: the island only grows, so its last position frames all.
      board.hold((await engine.call("stateAt", { step: steps })).hexes);
      board.motionMs = 0;
      step = -1; // nothing shown yet: the first position appears as it is
      await go(at ?? total, { motion: 0 });
    },
    go: (target) => manual(target),
    play,
    pause,
    /** Say every word again, in the page's language now (a switch of language). */
    say() {
      sayParts();
      showPlaying();
      if (state) show(state);
    },
  };
}

// ←/→ a turn, Home/End the first and last, Space play or pause; the slider keeps its own arrows.
function listenKeys(target, act) {
  const keys = { ArrowLeft: act.back, ArrowRight: act.forward, Home: act.first, End: act.last, " ": act.toggle };
  const ownKeys = (e) => e.target?.type === "range" && e.key !== " ";
  const typing = (e) => /^(INPUT|TEXTAREA|SELECT)$/.test(e.target?.tagName ?? "") && e.target.type !== "range";
  target.addEventListener("keydown", (e) => {
    const run = keys[e.key];
    if (!run || e.ctrlKey || e.metaKey || e.altKey || ownKeys(e) || typing(e)) return;
    e.preventDefault();
    run();
  });
  // A focused button would take Space as a click too, on its keyup.
  target.addEventListener("keyup", (e) => {
    if (e.key === " " && e.target?.tagName === "BUTTON") e.preventDefault();
  });
}
