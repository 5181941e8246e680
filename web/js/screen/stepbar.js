// The step bar under the board: what the person is to do now and the controls for it (the tile
// and its rotation, the build actions, Confirm), or what a computer is doing, the hint, the end.
//
// render(bar, s) takes a snapshot `s` = {state, seats, colours, choice, computers, hints,
// hasHumans, personToMove, starting} and `do`, the screen's intents; it only reads them.

import { drawTile } from "../board/art.js";
import { KINDS } from "../game/choice.js";
import { AI_SPEEDS } from "../game/computer.js";
import { computerLevel } from "../game/seats.js";
import { h, fill, smallCanvas } from "./dom.js";
import { expandChooser } from "./expand-chooser.js";
import { pieceIcon } from "./panels.js";
import { KIND_HELP, KIND_LABELS, TERRAINS, tileTerrains } from "./theme.js";
import { ariaKeysFor, titleFor } from "./keymap.js";

const POINTING_HELP = {
  touch: "Tap to aim the volcano, tap again to place.",
  keyboard: "Arrows move the volcano, Enter places, R rotates.",
  mouse: "Point with the volcano, click to place. R rotates.",
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
    "aria-label": `Drawn tile: volcano, ${TERRAINS[a].name} and ${TERRAINS[b].name}; landscapes at ${clock} o'clock`,
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
  fill(
    bar,
    h(
      "div",
      { class: "tg-tile-widget" },
      preview,
      h(
        "div",
        { class: "tg-rotate", role: "group", aria: { label: "Rotate the tile" } },
        rotate(-1, "⟲", "Rotate anticlockwise", "rotate-left"),
        rotate(1, "⟳", "Rotate clockwise", "rotate-right"),
      ),
    ),
    h(
      "div",
      { class: "tg-step-text" },
      h("p", { class: "tg-step-title" }, "Place the tile"),
      h(
        "p",
        { class: "tg-step-help" },
        `${TERRAINS[a].name} + ${TERRAINS[b].name}. `,
        POINTING_HELP[choice.inputType] ?? POINTING_HELP.mouse,
        open ? ` ${open} volcano${open > 1 ? "es" : ""} open to an eruption (orange rings).` : "",
      ),
    ),
    button("Place tile", {
      class: "tg-btn tg-btn-primary tg-confirm-btn",
      disabled: !choice.confirmable(),
      onclick: () => act.confirm(),
      dataset: { testid: "confirm" },
      title: "Place the tile where the ghost is (Enter)",
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
      title: `${KIND_HELP[kind]}${n === 0 ? " — not possible now" : ""} (${i + 1})`,
      onclick: () => act.chooseKind(kind),
      dataset: { testid: `kind-${kind}`, count: String(n) },
    },
    pieceIcon(piece, s.colours[s.state.current], 22),
    h("span", { class: "tg-kind-label" }, KIND_LABELS[kind]),
    h("span", { class: "tg-kind-n", aria: { label: `${n} choices` } }, String(n)),
  );
}

function buildBar(bar, s, act) {
  const { choice } = s;
  const kinds = h(
    "div",
    { class: "tg-kinds", role: "radiogroup", aria: { label: "Build action" } },
    KINDS.map((kind, i) => kindButton(s, act, kind, i)),
  );
  const help = choice.kind ? KIND_HELP[choice.kind] : "Choose an action, or click a highlighted hex.";
  const detail =
    choice.kind === "expand"
      ? expandChooser(choice, act)
      : h("p", { class: "tg-step-help", id: choice.kind ? `tg-kind-help-${choice.kind}` : null }, help);
  const move = choice.confirmable();
  fill(
    bar,
    h(
      "div",
      { class: "tg-build-main" },
      h("div", { class: "tg-build-head" }, h("p", { class: "tg-step-title" }, "Build"), kinds),
      h("div", { class: "tg-build-detail" }, detail),
    ),
    h(
      "div",
      { class: "tg-build-actions" },
      choice.kind ? button("Cancel", { onclick: () => act.cancel(), dataset: { testid: "cancel" } }) : null,
      button(move ? `Build: ${move.notation}` : "Build", {
        class: "tg-btn tg-btn-primary tg-confirm-btn",
        disabled: !move,
        onclick: () => act.confirm(),
        dataset: { testid: "confirm" },
        title: "Build it (Enter)",
      }),
    ),
  );
}

function overBar(bar, s, act) {
  fill(
    bar,
    h(
      "div",
      { class: "tg-step-text" },
      h("p", { class: "tg-step-title" }, "Game over"),
      h("p", { class: "tg-step-help" }, s.state.result.text),
    ),
    button("Show the result", { onclick: () => act.showEnd(), dataset: { testid: "show-result" } }),
    button("New game", { class: "tg-btn tg-btn-primary", onclick: () => act.openSetup() }),
  );
}

function computerDoing(s) {
  const { computers, state } = s;
  if (computers.paused) return "paused";
  if (computers.thinking !== null) return "is thinking…";
  const shown = computers.showing;
  if (shown) return `${shown.type === "place" ? "places the tile" : "builds"}: ${shown.notation}`;
  return state.phase === "place" ? "places the tile" : "builds";
}

function computerBar(bar, s, act) {
  const { computers, state } = s;
  bar.dataset.mode = "computer";
  const seat = s.seats[state.current];
  const speed = h(
    "select",
    {
      class: "tg-select",
      aria: { label: "Computer speed" },
      dataset: { testid: "ai-speed" },
      onchange: (e) => act.setAiSpeed(e.target.value),
    },
    AI_SPEEDS.map((x) => h("option", { value: x.id, selected: x.id === computers.speed }, x.label)),
  );
  fill(
    bar,
    h(
      "div",
      { class: "tg-step-text" },
      h(
        "p",
        { class: "tg-step-title" },
        computers.thinking !== null ? h("span", { class: "tg-spinner", aria: { hidden: "true" } }) : null,
        `${seat.name} (computer, ${computerLevel(seat.type)}) ${computerDoing(s)}`,
      ),
      h(
        "p",
        { class: "tg-step-help" },
        s.hasHumans ? "Undo takes back your last move." : "Computer against computer: pick a speed, pause to look.",
      ),
    ),
    h("label", { class: "tg-ai-speed" }, h("span", {}, "Speed "), speed),
    button(computers.paused ? "Resume" : "Pause", {
      onclick: () => act.setAiPaused(!computers.paused),
      aria: { pressed: String(computers.paused) },
      dataset: { testid: "ai-pause" },
    }),
  );
}

function hintBar(bar, s, act) {
  const m = s.hints.move;
  fill(
    bar,
    h(
      "div",
      { class: "tg-step-text", dataset: { testid: "hint-bar" } },
      h("p", { class: "tg-step-title" }, `Hint: ${m.type === "place" ? "place the tile at" : "build"} ${m.notation}`),
      h(
        "p",
        { class: "tg-step-help" },
        "The strongest computer level would play this (shown on the board). Enter accepts, Esc or any other move ignores it.",
      ),
    ),
    button("Ignore", { onclick: () => act.cancel(), dataset: { testid: "hint-ignore" } }),
    button("Accept", {
      class: "tg-btn tg-btn-primary",
      onclick: () => act.acceptHint(),
      dataset: { testid: "hint-accept" },
    }),
  );
}

// A kept game drawn while the engine starts (GameScreen.preview): nothing can be done yet.
function startingBar(bar) {
  fill(
    bar,
    h(
      "div",
      { class: "tg-step-text" },
      h("p", { class: "tg-step-title" }, "Starting the engine…"),
      h("p", { class: "tg-step-help" }, "Your game goes on from here as soon as it is up."),
    ),
  );
}

export function renderStepBar(bar, s, act) {
  const phase = s.state.phase;
  bar.dataset.mode = s.starting ? "starting" : phase;
  if (s.starting) startingBar(bar);
  else if (phase !== "over" && s.computers.toMove) computerBar(bar, s, act);
  else if (s.hints.move) hintBar(bar, s, act);
  else if (phase === "place") placeBar(bar, s, act);
  else if (phase === "build") buildBar(bar, s, act);
  else overBar(bar, s, act);
}
