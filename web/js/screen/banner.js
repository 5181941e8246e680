// The status line above the board: whose turn and which step, a computer thinking, the end. In a
// game played by link it speaks from this device's side: "Your turn", "Waiting for Bo to join".

import { resultSentence } from "../i18n/engine-text.js";
import { rich, t } from "../i18n/messages.js";
import { fill, h } from "../base/dom.js";
import { unnamed } from "../game/seats.js";

const b = (chunks) => h("strong", {}, chunks);

const stepOf = (phase) => h("span", { class: "tg-step" }, t("screen.banner.step", { step: phase === "place" ? 1 : 2 }));

/** The status line's words for the screen's snapshot `s`; `thinking`: a computer is thinking. */
export function bannerText(s, thinking) {
  const { state, seats, byLink } = s;
  const name = seats[state.current]?.name;
  if (state.phase === "over")
    return h("span", {}, rich("screen.banner.over", { b, result: resultSentence(state.result) }));
  if (thinking)
    return h(
      "span",
      { dataset: { testid: "thinking" } },
      rich("screen.banner.thinking", { b, name }),
      h("span", { class: "tg-spinner", aria: { hidden: "true" } }),
    );
  if (byLink?.stage === "joining") {
    const named = unnamed(seats, byLink.toAct) ? "no" : "yes";
    return h("span", {}, rich("bylink.banner.joining", { b, named, name: seats[byLink.toAct]?.name }));
  }
  if (state.phase === "draw") return h("span", {}, rich("fair.banner", { b, name })); // by link: not yet drawn
  // This device's own turn in a game by link: "Your turn", not its own name as a stranger's.
  if (byLink && byLink.seat === state.current)
    return h("span", {}, rich("bylink.banner.yours", { b, phase: state.phase }), stepOf(state.phase));
  return h("span", {}, rich("screen.banner.turn", { b, name, phase: state.phase }), stepOf(state.phase));
}

/** Fill the status line `el` for the snapshot `s`: the seat to act's colour dot, then the words. */
export function renderBanner(el, s, thinking) {
  const over = s.state.phase === "over";
  // While friends join a game by link, the line is about the next to join.
  const seat = s.byLink?.stage === "joining" ? s.byLink.toAct : s.state.current;
  const colour = over ? null : s.colours[seat];
  const dot = colour
    ? h("span", {
        class: "tg-seat-dot",
        style: { "--seat": colour.fill, "--seat-edge": colour.edge },
        aria: { hidden: "true" },
      })
    : null;
  fill(el, dot, bannerText(s, thinking));
}
