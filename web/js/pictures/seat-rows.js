// The seats of a drawn position as a list: colour, name, what each built, and whose turn it is.
// Shared by the embed's picture (before the engine) and the replay (each step's state).

import { t } from "../i18n/messages.js";
import { h } from "../base/dom.js";

const STATUS_TEXT = { eliminated: "panels.eliminated", finished: "panels.finished" };

/** The rows of `state`'s seats ({players, phase, current}); `names[i]` or "Player i+1". */
export function seatRows(state, colours, names) {
  return state.players.map((p, i) => seatRow(p, i, { state, colours, names }));
}

function seatRow(p, i, { state, colours, names }) {
  const name = names[i] || t("seat.default-name", { n: i + 1 });
  const toPlay = state.phase !== "over" && state.current === i;
  const status = STATUS_TEXT[p.status];
  return h(
    "li",
    { class: `embed-seat${toPlay ? " is-current" : ""}`, dataset: { seat: String(i), testid: "embed-seat" } },
    h("span", { class: "embed-swatch", style: { background: colours[i].fill, "border-color": colours[i].edge } }),
    h("span", { class: "embed-seat-name" }, name),
    h("span", { class: "embed-seat-built" }, t("words.built", p.built)),
    status ? h("span", { class: "embed-seat-note" }, t(status)) : null,
    toPlay ? h("span", { class: "embed-seat-note" }, t("pictures.to-play")) : null,
  );
}
