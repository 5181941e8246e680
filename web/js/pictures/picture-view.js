// A link's picture (pictures/picture.js) drawn before any engine: the island by the page's own board
// renderer, first and before any text, then the seats with their colours, what they built and
// whose turn it is. The embed's preview (the engine waits behind its "Load the game" click) and
// the game page's first moments with a link (share/early-link.js) both draw it so.

import { Board } from "../board/board.js";
import { t } from "../i18n/messages.js";
import { pictureColours, pictureState, readPicture } from "./picture.js";
import { seatRows } from "./seat-rows.js";
import { h } from "../base/dom.js";
import { colourById } from "../base/theme.js";

// How long the texts wait for the board's first frame at most (a frame hidden from view may
// not be drawn until it shows).
const TEXTS_WAIT_MS = 150;

/**
 * Draw `text` (a link's b= field) into `root` at once, before any text of the page is ready;
 * null when it cannot be read (nothing drawn). `ready` resolves once the board's first frame
 * is drawn (or TEXTS_WAIT_MS have passed): the texts (describePicture) come after it, so that
 * formatting them does not hold the picture up.
 */
export function drawPicture(root, text) {
  let picture;
  try {
    picture = readPicture(text);
  } catch {
    return null; // an old or broken picture: nothing drawn (the embed shows the summary alone)
  }
  const state = pictureState(picture);
  const colours = pictureColours(picture).map(colourById);
  const canvas = h("canvas", { class: "embed-board", dataset: { testid: "embed-board" }, role: "img" });
  root.replaceChildren(canvas);
  root.hidden = false;
  const ready = new Promise((resolve) => {
    // The first frame's moment, for the browser tests and the docs' figure.
    const drawn = () => {
      performance.mark("taluva:picture-drawn");
      resolve();
    };
    canvas.addEventListener("board-drawn", drawn, { once: true });
    setTimeout(resolve, TEXTS_WAIT_MS);
  });
  // A picture: the wheel and a finger scroll the page around it (a blog, say).
  const board = new Board(canvas, {}, { still: true });
  board.set({ hexes: state.hexes, tiles: state.tiles, colours });
  board.fit(true);
  board.drawNow(); // in the frame's first paint, not one frame after it
  return { picture, state, colours, canvas, ready };
}

/** The drawn picture's words, in the page's language: the board's label and the seats. */
export function describePicture(root, { picture, state, colours, canvas }, names) {
  canvas.setAttribute("aria-label", t("pictures.board", { steps: picture.steps }));
  const seats = seatRows(state, colours, names);
  root.append(h("ol", { class: "embed-seats", dataset: { testid: "embed-seats" } }, seats));
}
