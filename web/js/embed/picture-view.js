// The embed's drawing of the link's picture (share/picture.js), before any engine: the island by
// the page's own board renderer, and the seats with their colours, what they built and whose
// turn it is. Shown at once on load; the engine waits behind the "Load the game" click.

import { Board } from "../board/board.js";
import { t } from "../i18n/messages.js";
import { pictureColours, pictureState, readPicture } from "../share/picture.js";
import { h } from "../base/dom.js";
import { colourById } from "../base/theme.js";

const STATUS_TEXT = { eliminated: "panels.eliminated", finished: "panels.finished" };

/** Draw `text` (a link's b= field) into `root`; false when it cannot be read (nothing drawn). */
export function showPicture(root, text, names) {
  let picture;
  try {
    picture = readPicture(text);
  } catch {
    return false; // an old or broken picture: the preview shows the summary alone
  }
  const state = pictureState(picture);
  const colours = pictureColours(picture).map(colourById);
  const label = t("pictures.board", { steps: picture.steps });
  const canvas = h("canvas", {
    class: "embed-board",
    dataset: { testid: "embed-board" },
    role: "img",
    aria: { label },
  });
  const seats = state.players.map((p, i) => seatRow(p, i, { state, colours, names }));
  root.replaceChildren(canvas, h("ol", { class: "embed-seats", dataset: { testid: "embed-seats" } }, seats));
  root.hidden = false;
  // The first frame's moment, for the browser tests and docs/performance.md.
  canvas.addEventListener("board-drawn", () => performance.mark("taluva:picture-drawn"), { once: true });
  const board = new Board(canvas, {});
  board.set({ hexes: state.hexes, tiles: state.tiles, colours });
  board.fit(true);
  return true;
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
