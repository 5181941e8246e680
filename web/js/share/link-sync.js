// The URL hash follows the game on screen: after every change of the store (once its frame is
// drawn) it holds the game's share code, its seats (names, who plays them), the engine's picture
// of the position and the replay step while the replay is open. A link typed into the address
// bar of an open page is opened by the same code as a fresh visit's (onLink).

import { afterPaint } from "../base/after-paint.js";
import { linkKinds, linkNames } from "../game/seats.js";
import { formatByLinkHash } from "./bylink-hash.js";
import { formatHash, parseHash, replaceHash } from "./hash.js";
import { colourIndices } from "../pictures/picture.js";

/**
 * The hash of the store's game (at a replay step, or the live game for null); `preview` adds
 * the engine's summary, which only an embed shows (the address bar stays short without it);
 * `picture` the engine's picture of the position (shared links only: pictures/picture.js).
 */
export function hashOf(store, at = null, { preview = false, picture = null } = {}) {
  const view = store.view;
  if (view.bylink) return formatByLinkHash(view.bylink.link, linkNames(store.seats));
  const summary = preview ? (view.summary ?? null) : null;
  const kinds = linkKinds(store.seats);
  return formatHash({ code: view.share, at, names: linkNames(store.seats), kinds, summary, picture });
}

export function syncLink(store, { onStep = () => {}, onLink = () => location.reload() } = {}) {
  let at = null;
  // The engine's picture of the position shown (b=), so that the address bar's link, too, draws
  // its board before the engine is up wherever it is opened; asked after each change, and the
  // hash written once it is in (a page left before that writes the hash without it).
  let drawn = { version: -1, at: null, picture: null };
  const picture = (step = at) => (drawn.version === store.version && drawn.at === step ? drawn.picture : null);
  // The address bar follows after the frame is drawn (base/after-paint.js): replaceState is slow.
  const write = afterPaint(() => replaceHash(hashOf(store, at, { picture: picture() })));
  async function draw() {
    const version = store.version;
    const step = at;
    let text = null;
    try {
      text = await store.call("picture", { colours: colourIndices(store.seats.map((s) => s.colour)), step });
    } catch {
      /* the link only loses its early drawing */
    }
    if (version !== store.version || step !== at) return; // a later change asks again
    drawn = { version, at: step, picture: text };
    write.schedule();
  }
  const update = () => {
    if (!store.view) return;
    if (store.source === "lesson") {
      // A lesson's position is no game to link to: the address bar drops the last game's link.
      write.cancel();
      replaceHash("");
      return;
    }
    document.body.dataset.shareCode = store.view.share;
    if (store.view.bylink)
      write.schedule(); // a by-link link draws nothing early
    else draw();
  };
  store.subscribe(update);

  // A link typed or pasted into the address bar of this page: the game it names opens the way a
  // fresh load opens it (onLink, app.js), unless it is the game on screen (a replay step).
  window.addEventListener("hashchange", () => {
    let parsed = null;
    try {
      parsed = parseHash(location.hash);
    } catch {
      /* a bad link: onLink says why */
    }
    if (!store.view?.bylink && parsed && sameGame(parsed)) {
      if (parsed.at !== at) onStep(parsed.at);
      return;
    }
    if (store.view?.bylink && location.hash === hashOf(store)) return;
    write.cancel(); // the link typed in wins
    onLink(location.hash);
  });
  // The link names the game on screen, its seats named and played as they are.
  const seatsPart = (names, kinds) => formatHash({ code: "", names, kinds });
  const sameGame = (parsed) =>
    parsed.code === store.view?.share &&
    seatsPart(parsed.names, parsed.kinds) === seatsPart(linkNames(store.seats), linkKinds(store.seats));

  return {
    /** Write the game on screen's link again (a link typed in that could not be opened). */
    rewrite: update,
    /** The engine's picture of the live game, once it is in for the game on screen, else null. */
    picture: () => picture(null),
    /** The replay shows step `step` (null: the live game again). */
    setAt(step) {
      at = step;
      update();
      write.flush();
    },
  };
}
