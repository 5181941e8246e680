// The end of the game: why it ended, who won, and every seat at the place the engine gave it.

import { decidingCount } from "../../game/outcome.js";
import { resultSentence } from "../../i18n/engine-text.js";
import { list, t } from "../../i18n/messages.js";
import { h, fill } from "../../base/dom.js";
import { createPictureExport } from "../../pictures/picture-export.js";
import { builtText, ordinal, teamName } from "../words.js";

function rankRow(state, seat, seats, colours) {
  const r = state.result;
  const p = state.players[seat];
  const c = colours[seat];
  const team = p.team !== null && p.team !== undefined ? ` (${teamName(p.team)})` : "";
  const status = { eliminated: t("end.eliminated"), finished: t("end.finished") }[p.status] ?? "";
  return h(
    "li",
    {
      class: r.winners.includes(seat) ? "is-winner" : "",
      dataset: { seat: String(seat), place: String(r.places[seat]) },
    },
    h("span", { class: "tg-place" }, ordinal(r.places[seat])),
    h("span", { class: "tg-seat-dot", style: { "--seat": c.fill, "--seat-edge": c.edge }, aria: { hidden: "true" } }),
    h("span", { class: "tg-player-name" }, seats[seat].name, team),
    h("span", { class: "tg-end-score" }, builtText(p.built), status),
  );
}

/**
 * Under the ranking, the board's PNG and the game's GIF (pictures/picture-export.js, of `store`'s
 * game in the seats' `colours()`), refreshed each time the dialog shows.
 */
export function createEndDialog({ onNewGame, onReview, store, colours }) {
  const pictures = createPictureExport({ store, colours });
  const body = h("div", { class: "tg-end-body" });
  const el = h(
    "dialog",
    { class: "tg-dialog tg-end", aria: { labelledby: "tg-end-title" }, dataset: { testid: "end" } },
    h("h2", { id: "tg-end-title" }, t("stepbar.over")),
    body,
    pictures.el,
    h(
      "div",
      { class: "tg-dialog-buttons" },
      h(
        "button",
        { type: "button", class: "tg-btn", onclick: () => el.close(), dataset: { testid: "end-board" } },
        t("end.board"),
      ),
      h(
        "button",
        { type: "button", class: "tg-btn", onclick: () => (el.close(), onReview()), dataset: { testid: "end-review" } },
        t("review.open"),
      ),
      h(
        "button",
        {
          type: "button",
          class: "tg-btn tg-btn-primary",
          onclick: () => (el.close(), onNewGame()),
          dataset: { testid: "end-new" },
        },
        t("layout.new-game"),
      ),
    ),
  );
  return {
    el,
    close: () => el.open && el.close(),
    show(state, seats, colours) {
      pictures.refresh();
      const r = state.result;
      const order = state.players.map((p) => p.seat).sort((a, b) => r.places[a] - r.places[b] || a - b);
      const winners = r.winners.map((w) => seats[w].name);
      // One line: who won and why ("Ana wins: the last tile was placed — most temples built").
      const headline = t("end.headline", {
        count: winners.length,
        names: list(winners),
        reason: r.reason.replaceAll("-", "_"), // an ICU selector cannot hold "-"
        decider: decidingCount(state) || "none",
        why: resultSentence(r),
      });
      fill(
        body,
        h("p", { class: "tg-end-winners", dataset: { testid: "end-winners", reason: r.reason } }, headline),
        h(
          "ol",
          { class: "tg-ranking", dataset: { testid: "ranking" } },
          order.map((seat) => rankRow(state, seat, seats, colours)),
        ),
      );
      if (!el.open) el.showModal();
    },
  };
}
