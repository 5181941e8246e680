// A link's game as the page can draw it before the engine is up: the picture the link carries
// (b=, pictures/picture.js) with its seat names, in the shape GameScreen.preview() takes. Null when
// the hash has no game, no picture, or one this page cannot read (the engine then draws it).

import { computerLevel, defaultSeats } from "../game/seats.js";
import { parseHash } from "./hash.js";
import { pictureColours, pictureState, readPicture } from "../pictures/picture.js";

export function linkPictureToShow(hash = location.hash) {
  try {
    const link = parseHash(hash);
    if (!link?.picture) return null;
    const picture = readPicture(link.picture);
    // In the picture's colours (the sender's), which the link's seats keep once the engine opens
    // it (start.js), so that nothing changes colour then.
    const colours = pictureColours(picture);
    const seats = defaultSeats()
      .slice(0, picture.players.length)
      .map((seat, i) => ({
        ...seat,
        colour: colours[i],
        name: link.names[i] || seat.name,
        type: kindOf(link.kinds?.[i]),
      }));
    return { state: pictureState(picture), seats, steps: picture.steps };
  } catch {
    return null; // a bad link or picture: nothing early, the engine says what is wrong
  }
}

// Who plays a seat as the link says (a computer's badge shows at once); the engine's levels are
// not known yet, so a level is kept as named (the load then maps an unknown one).
const kindOf = (type) => (computerLevel(type) ? type : "human");
