// A link's game as the page can draw it before the engine is up: the picture the link carries
// (b=, share/picture.js) with its seat names, in the shape GameScreen.preview() takes. Null when
// the hash has no game, no picture, or one this page cannot read (the engine then draws it).

import { computerLevel, defaultSeats } from "../game/seats.js";
import { parseHash } from "./hash.js";
import { pictureState, readPicture } from "./picture.js";

export function linkPictureToShow(hash = location.hash) {
  try {
    const link = parseHash(hash);
    if (!link?.picture) return null;
    const picture = readPicture(link.picture);
    // In the colours the page gives a link's seats once the engine opens it (start.js keeps the
    // page's own seats), so that nothing changes colour then; the embed shows the picture's.
    const seats = defaultSeats()
      .slice(0, picture.players.length)
      .map((seat, i) => ({ ...seat, name: link.names[i] || seat.name, type: kindOf(link.kinds?.[i]) }));
    return { state: pictureState(picture), seats, steps: picture.steps };
  } catch {
    return null; // a bad link or picture: nothing early, the engine says what is wrong
  }
}

// Who plays a seat as the link says (a computer's badge shows at once); the engine's levels are
// not known yet, so a level is kept as named (the load then maps an unknown one).
const kindOf = (type) => (computerLevel(type) ? type : "human");
