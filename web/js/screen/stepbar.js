// The step bar under the board: what the person is to do now and the controls for it (the tile
// and its rotation, the build actions, Confirm), or what a computer is doing, the hint, the end.
//
// render(bar, s) takes a snapshot `s` = {state, seats, colours, choice, computers, hints,
// hasHumans, personToMove, starting} and `do`, the screen's intents; it only reads them.

import { drawTile } from "../board/art.js";
import { KINDS } from "../game/choice.js";
import { AI_SPEEDS } from "../game/computer.js";
import { computerLevel, unnamed } from "../game/seats.js";
import { h, patch, smallCanvas } from "../base/dom.js";
import { expandChooser } from "./expand-chooser.js";
import { pieceIcon } from "./panel-icons.js";
import { levelName, resultSentence } from "../i18n/engine-text.js";
import { t } from "../i18n/messages.js";
import { moveText } from "../i18n/move-text.js";
import { tileTerrains } from "../base/theme.js";
import { kindHelp, kindLabel, terrainName } from "./words.js";
import { ariaKeysFor, titleFor } from "./keymap.js";

const POINTING_HELP = {
  touch: "stepbar.pointing.touch",
  keyboard: "stepbar.pointing.keyboard",
  mouse: "stepbar.pointing.mouse",
};

function button(text, attrs) {
  return h("button", { type: "button", class: "tg-btn", ...attrs }, text);
}

function placeBar(bar, s, act) {
  const { state, choice } = s;
  const [a, b] = tileTerrains(state.tile);
  const clock = choice.clock;
  const preview = smallCanvas(92, 84, (ctx) => drawTile(ctx, 46, 42, 17, state.tile, clock), {
    class: "tg-tile-preview",
    role: "img",
    "aria-label": t("stepbar.tile.label", { a: terrainName(a), b: terrainName(b), clock }),
    dataset: { testid: "tile-preview", clock: String(clock) },
  });
  const rotate = (step, text, label, testid) =>
    h(
      "button",
      {
        type: "button",
        class: "tg-btn tg-btn-icon",
        onclick: () => act.rotate(step),
        title: titleFor("rotate", step),
        aria: { label, keyshortcuts: ariaKeysFor("rotate", step) },
        dataset: { testid },
      },
      text,
    );
  const open = state.openVolcanoes.length;
  patch(
    bar,
    h(
      "div",
      { class: "tg-tile-widget" },
      preview,
      h(
        "div",
        { class: "tg-rotate", role: "group", aria: { label: t("stepbar.rotate") } },
        rotate(-1, "⟲", t("key.rotate-back.title"), "rotate-left"),
        rotate(1, "⟳", t("key.rotate.title"), "rotate-right"),
      ),
    ),
    h(
      "div",
      { class: "tg-step-text" },
      h("p", { class: "tg-step-title" }, t("stepbar.place.title")),
      h(
        "p",
        { class: "tg-step-help" },
        t("stepbar.place.help", {
          a: terrainName(a),
          b: terrainName(b),
          how: t(POINTING_HELP[choice.inputType] ?? POINTING_HELP.mouse),
          open,
        }),
      ),
    ),
    button(t("stepbar.place.button"), {
      class: "tg-btn tg-btn-primary tg-confirm-btn",
      disabled: !choice.confirmable(),
      onclick: () => act.confirm(),
      dataset: { testid: "confirm" },
      title: t("stepbar.place.button.title"),
    }),
  );
}

function kindButton(s, act, kind, i) {
  const { choice } = s;
  const n = choice.builds[kind].length;
  const on = choice.kind === kind;
  const piece = kind === "found" || kind === "expand" ? "hut" : kind;
  return h(
    "button",
    {
      type: "button",
      role: "radio",
      class: `tg-btn tg-kind${on ? " is-on" : ""}`,
      aria: { checked: String(on), keyshortcuts: String(i + 1), describedby: on ? `tg-kind-help-${kind}` : null },
      disabled: n === 0,
      title: t("stepbar.kind.title", { help: kindHelp(kind), possible: n > 0 ? "yes" : "no", key: i + 1 }),
      onclick: () => act.chooseKind(kind),
      dataset: { testid: `kind-${kind}`, count: String(n) },
    },
    pieceIcon(piece, s.colours[s.state.current], 22),
    h("span", { class: "tg-kind-label" }, kindLabel(kind)),
    h("span", { class: "tg-kind-n", aria: { label: t("stepbar.kind.choices", { n }) } }, String(n)),
  );
}

// The chosen build in words on its button; a small phone's bar, of one short height, shows the
// button's short name instead (the board and the expansion's line say which build it is).
function buildLabel(move, s) {
  return [
    h("span", { class: "tg-confirm-long" }, t("stepbar.build.move", { move: moveText(move, { seats: s.seats }) })),
    h("span", { class: "tg-confirm-short" }, t("stepbar.build.title")),
  ];
}

function buildBar(bar, s, act) {
  const { choice } = s;
  const kinds = h(
    "div",
    { class: "tg-kinds", role: "radiogroup", aria: { label: t("stepbar.kinds") } },
    KINDS.map((kind, i) => kindButton(s, act, kind, i)),
  );
  const help = choice.kind
    ? kindHelp(choice.kind)
    : t(choice.inputType === "touch" ? "stepbar.build.help.touch" : "stepbar.build.help");
  const detail =
    choice.kind === "expand"
      ? expandChooser(choice, act)
      : h("p", { class: "tg-step-help", id: choice.kind ? `tg-kind-help-${choice.kind}` : null }, help);
  const move = choice.confirmable();
  bar.dataset.kind = choice.kind ?? "";
  patch(
    bar,
    h(
      "div",
      { class: "tg-build-main" },
      h("div", { class: "tg-build-head" }, h("p", { class: "tg-step-title" }, t("stepbar.build.title")), kinds),
      h("div", { class: "tg-build-detail" }, detail),
    ),
    h(
      "div",
      { class: "tg-build-actions" },
      choice.kind ? button(t("stepbar.cancel"), { onclick: () => act.cancel(), dataset: { testid: "cancel" } }) : null,
      button(move ? buildLabel(move, s) : t("stepbar.build.title"), {
        class: "tg-btn tg-btn-primary tg-confirm-btn",
        disabled: !move,
        onclick: () => act.confirm(),
        dataset: { testid: "confirm" },
        title: t("stepbar.build.button.title"),
      }),
    ),
  );
}

function overBar(bar, s, act) {
  patch(
    bar,
    h(
      "div",
      { class: "tg-step-text" },
      h("p", { class: "tg-step-title" }, t("stepbar.over")),
      h("p", { class: "tg-step-help" }, resultSentence(s.state.result)),
    ),
    button(t("stepbar.show-result"), { onclick: () => act.showEnd(), dataset: { testid: "show-result" } }),
    button(t("layout.new-game"), { class: "tg-btn tg-btn-primary", onclick: () => act.openSetup() }),
  );
}

// What the computer to move is doing, as one sentence with its name and level.
function computerDoing(s, seat) {
  const { computers, state } = s;
  const who = { name: seat.name, level: levelName(computerLevel(seat.type)) };
  if (computers.paused) return t("stepbar.computer.paused", who);
  if (computers.thinking !== null) return t("stepbar.computer.thinking", who);
  const shown = computers.showing;
  if (shown) return t("stepbar.computer.shows", { ...who, move: moveText(shown, { seats: s.seats }) });
  return t("stepbar.computer.moves", { ...who, phase: state.phase });
}

function computerBar(bar, s, act) {
  const { computers, state } = s;
  const seat = s.seats[state.current];
  const speed = h(
    "select",
    {
      class: "tg-select",
      aria: { label: t("stepbar.speed.label") },
      dataset: { testid: "ai-speed" },
      onchange: (e) => act.setAiSpeed(e.target.value),
    },
    AI_SPEEDS.map((x) => h("option", { value: x.id, selected: x.id === computers.speed }, t(x.label))),
  );
  patch(
    bar,
    h(
      "div",
      { class: "tg-step-text" },
      h(
        "p",
        { class: "tg-step-title" },
        computers.thinking !== null ? h("span", { class: "tg-spinner", aria: { hidden: "true" } }) : null,
        computerDoing(s, seat),
      ),
      h("p", { class: "tg-step-help" }, t(s.hasHumans ? "stepbar.computer.undo" : "stepbar.computer.only")),
    ),
    h("label", { class: "tg-ai-speed" }, h("span", {}, t("stepbar.speed")), speed),
    button(t(computers.paused ? "stepbar.resume" : "stepbar.pause"), {
      onclick: () => act.setAiPaused(!computers.paused),
      aria: { pressed: String(computers.paused) },
      dataset: { testid: "ai-pause" },
    }),
  );
}

function hintBar(bar, s, act) {
  const m = s.hints.move;
  patch(
    bar,
    h(
      "div",
      { class: "tg-step-text", dataset: { testid: "hint-bar" } },
      h("p", { class: "tg-step-title" }, t("stepbar.hint.title", { move: moveText(m, { seats: s.seats }) })),
      h("p", { class: "tg-step-help" }, t("stepbar.hint.help")),
    ),
    button(t("stepbar.hint.ignore"), { onclick: () => act.cancel(), dataset: { testid: "hint-ignore" } }),
    button(t("stepbar.hint.accept"), {
      class: "tg-btn tg-btn-primary",
      onclick: () => act.acceptHint(),
      dataset: { testid: "hint-accept" },
    }),
  );
}

// A kept game drawn while the engine starts (GameScreen.preview): nothing can be done yet.
function startingBar(bar) {
  patch(
    bar,
    h(
      "div",
      { class: "tg-step-text" },
      h("p", { class: "tg-step-title" }, t("stepbar.starting")),
      h("p", { class: "tg-step-help" }, t("stepbar.starting.help")),
    ),
  );
}

// A by-link game on a device whose person is not to move (bylink/bylink.js): the next tile is
// drawn on the mover's device only.
function waitBar(bar, s) {
  // While friends join, the game waits for the next to join, not for the seat that plays first.
  const joining = s.byLink?.stage === "joining";
  const seat = joining ? s.byLink.toAct : s.state.current;
  const words = { name: s.seats[seat]?.name, named: unnamed(s.seats, seat) ? "no" : "yes" };
  patch(
    bar,
    h(
      "div",
      { class: "tg-step-text" },
      h("p", { class: "tg-step-title" }, t(joining ? "bylink.wait.join" : "fair.wait", words)),
      h("p", { class: "tg-step-help" }, t(joining ? "bylink.wait.join.help" : "fair.wait.help", words)),
    ),
  );
}

export function renderStepBar(bar, s, act) {
  const phase = s.state.phase;
  const computer = !s.starting && phase !== "over" && s.computers.toMove;
  const mode = s.starting ? "starting" : computer ? "computer" : phase;
  // A new step starts at the top of a bar that scrolls (a phone's, of one height).
  if (bar.dataset.mode !== mode) bar.scrollTop = 0;
  bar.dataset.mode = mode;
  delete bar.dataset.kind; // the build's chosen action (buildBar)
  if (s.starting) startingBar(bar);
  else if (computer) computerBar(bar, s, act);
  else if (s.hints.move) hintBar(bar, s, act);
  else if (phase === "place") placeBar(bar, s, act);
  else if (phase === "build") buildBar(bar, s, act);
  else if (phase === "draw") waitBar(bar, s);
  else overBar(bar, s, act);
}
