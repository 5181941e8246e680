// The Players card: each seat's row with its colour, name, badges, stock and what it built.

import { levelName } from "../i18n/engine-text.js";
import { t } from "../i18n/messages.js";
import { h } from "../base/dom.js";
import { computerIcon } from "../base/icons.js";
import { pieceIcon } from "./panel-icons.js";
import { rowSteps, runSteps } from "./panel-rows.js";
import { builtText, ordinal, teamName } from "./words.js";

const STATUS_TEXT = { eliminated: "panels.eliminated", finished: "panels.finished" };

function stockItem(kind, n, colour) {
  const left = t("panels.stock.left", { kind, count: n });
  return h(
    "span",
    { class: "tg-stock", title: left, dataset: { kind } },
    pieceIcon(kind === "huts" ? "hut" : kind.slice(0, -1), colour, 20),
    h("span", { class: "tg-stock-n", aria: { label: left } }, String(n)),
  );
}

// A by-link game waits in the draw step for the next mover's device (bylink/bylink.js).
const TURN_BADGE = { place: "panels.placing", build: "panels.building", draw: "fair.next" };

/** The badges beside a player's name: team, computer level, whose turn, status, place. */
function badges(p, state, { thinking, level }) {
  const badge = (cls, text, attrs = {}) => h("span", { class: `tg-badge ${cls}`, ...attrs }, text);
  const current = state.phase !== "over" && state.current === p.seat;
  const place = state.result?.places[p.seat];
  let turn = null;
  if (thinking === p.seat) {
    turn = h(
      "span",
      { class: "tg-badge tg-badge-turn tg-badge-thinking", dataset: { testid: "seat-thinking" } },
      h("span", { class: "tg-spinner", aria: { hidden: "true" } }),
      t("panels.thinking"),
    );
  } else if (current) turn = badge("tg-badge-turn", t(TURN_BADGE[state.phase] ?? "panels.building"));
  const name = level && levelName(level);
  return [
    p.team === null || p.team === undefined ? null : h("span", { class: "tg-team" }, teamName(p.team)),
    // A computer seat: its mark and its word in every layout (the phone's strip shows the short
    // word, or the mark alone where a seat is too narrow for it: the title has it all).
    level
      ? h(
          "span",
          {
            class: "tg-badge tg-badge-ai",
            title: t("panels.cpu.title", { level: name }),
            dataset: { testid: "seat-computer" },
          },
          computerIcon(),
          h("span", { class: "tg-badge-ai-long" }, t("seat.computer", { level: name })),
          h("span", { class: "tg-badge-ai-short" }, t("seat.computer.short")),
        )
      : null,
    turn,
    STATUS_TEXT[p.status] ? badge("", t(STATUS_TEXT[p.status])) : null,
    place ? badge("tg-badge-place", ordinal(place)) : null,
  ];
}

function playerRow(p, state, seat, colour, info) {
  const current = state.phase !== "over" && state.current === p.seat;
  const { stock, built } = p;
  return h(
    "li",
    {
      class: `tg-player${current ? " is-current" : ""}${p.status !== "playing" ? ` is-${p.status}` : ""}`,
      dataset: { seat: String(p.seat), status: p.status },
      style: { "--seat": colour.fill, "--seat-edge": colour.edge },
      aria: current ? { current: "true" } : {},
      title: t("panels.built", { built: builtText(built) }), // where the "built" line has no room
    },
    h(
      "div",
      { class: "tg-player-head" },
      h("span", { class: "tg-seat-dot", aria: { hidden: "true" } }),
      h("span", { class: "tg-player-name", title: seat.name, dataset: { seatName: "" } }, seat.name),
      badges(p, state, info),
    ),
    h(
      "div",
      {
        class: "tg-player-stock",
        aria: { label: t("panels.stock", stock) },
      },
      stockItem("temples", stock.temples, colour),
      stockItem("towers", stock.towers, colour),
      stockItem("huts", stock.huts, colour),
    ),
    h("div", { class: "tg-player-built" }, t("panels.built", { built: builtText(built) })),
  );
}

export function renderPlayers(el, state, seats, colours, info = {}) {
  runSteps(playersSteps(el, state, seats, colours, info));
}

/** renderPlayers as steps to run in order, a row each (a new game's rows, one a task). */
export function playersSteps(el, state, seats, colours, { thinking = null, levels = [] } = {}) {
  const { phase, current, result } = state;
  const keys = state.players.map((p) => {
    const turn = phase !== "over" && current === p.seat ? phase : phase === "over";
    const seat = [seats[p.seat], colours[p.seat], levels[p.seat], thinking === p.seat];
    return JSON.stringify([p, turn, result?.places[p.seat], seat]);
  });
  return rowSteps(el, keys, 1, (i) => {
    const p = state.players[i];
    return playerRow(p, state, seats[p.seat], colours[p.seat], { thinking, level: levels[p.seat] });
  });
}
