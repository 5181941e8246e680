// The embed's drawing of the link's picture (share/picture.js), before any engine: the island by
// the page's own board renderer, and the seats with their colours, what they built and whose
// turn it is. Shown at once on load; the engine waits behind the "Load the game" click.

import { Board } from "../board/board.js";
import { t } from "../i18n/messages.js";
import { pictureColours, pictureState, readPicture } from "../share/picture.js";
import { seatRows } from "../share/seat-rows.js";
import { h } from "../screen/dom.js";
import { colourById } from "../screen/theme.js";

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
  const seats = seatRows(state, colours, names);
  root.replaceChildren(canvas, h("ol", { class: "embed-seats", dataset: { testid: "embed-seats" } }, seats));
  root.hidden = false;
  // The first frame's moment, for the browser tests and the README's figure.
  canvas.addEventListener("board-drawn", () => performance.mark("taluva:picture-drawn"), { once: true });
  const board = new Board(canvas, {});
  board.set({ hexes: state.hexes, tiles: state.tiles, colours });
  board.fit(true);
  return true;
}
