// The embed page (embed.html#g=<code>[&at=<step>][&p=<names>][&s=<summary>][&b=<picture>]): the
// position the link carries, drawn as this module runs, since a board needs no text; then the
// preview's words (preview.js: the page's language, the summary, the seats, "Load the game"),
// loaded once the board's first frame is drawn, so that neither their code nor their formatting
// holds the picture up. The engine waits for the reader's click.

import { parseHash } from "../share/hash.js";
import { drawPicture } from "../pictures/picture-view.js";

function drawEarly() {
  try {
    const link = parseHash(location.hash);
    const shown = link?.picture ? drawPicture(document.getElementById("embed-picture"), link.picture) : null;
    if (shown) document.getElementById("embed-preview").classList.add("has-picture");
    return shown;
  } catch {
    return null; // a broken link: the preview says why, in words
  }
}

const early = drawEarly();
(early?.ready ?? Promise.resolve()).then(() => import("./preview.js")).then(({ startPreview }) => startPreview(early));
