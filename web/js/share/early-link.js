// A link's board in the page's first moments: the picture the link carries (b=) drawn by the
// embed's own drawing (pictures/picture-view.js: the picture reader and the board's renderer), the
// moment this small module runs, long before the engine and before the game screen's ~80
// modules; the seats (names, what they built, whose turn) once the page's language is in. The
// game screen takes its place when it shows the link's game (boot-page.js).

import { drawPicture, describePicture } from "../pictures/picture-view.js";
import { parseHash } from "./hash.js";

/**
 * Draw the link's picture of `hash` into `root`: {describe(), remove()}, or null when the hash
 * has no picture this page can read (the page then waits for the engine, as before pictures).
 */
export function drawEarlyLink(root, hash = location.hash) {
  let link = null;
  try {
    link = parseHash(hash);
  } catch {
    return null; // a broken link: the engine's word on it comes with the game screen
  }
  const shown = link?.picture ? drawPicture(root, link.picture) : null;
  if (!shown) return null;
  performance.mark("taluva:link-picture");
  return {
    /** The seats, in the page's language (once it is in). */
    describe: () => describePicture(root, shown, link.names),
    remove() {
      root.hidden = true;
      root.replaceChildren();
    },
  };
}
