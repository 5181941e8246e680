// The URL hash follows the game on screen: after every change of the store (once its frame is
// drawn) it holds the game's share code, its seat names and the replay step while the replay is
// open. A link typed into the address bar of an open page is taken up like a fresh visit.

import { afterPaint } from "../after-paint.js";
import { linkNames } from "../game/seats.js";
import { formatByLinkHash } from "./bylink-hash.js";
import { formatHash, parseHash, replaceHash } from "./hash.js";

/**
 * The hash of the store's game (at a replay step, or the live game for null); `preview` adds
 * the engine's summary, which only an embed shows (the address bar stays short without it);
 * `picture` the engine's picture of the position (shared links only: share/picture.js).
 */
export function hashOf(store, at = null, { preview = false, picture = null } = {}) {
  const view = store.view;
  if (view.bylink) return formatByLinkHash(view.bylink.link, linkNames(store.seats));
  const summary = preview ? (view.summary ?? null) : null;
  return formatHash({ code: view.share, at, names: linkNames(store.seats), summary, picture });
}

export function syncLink(store, { onStep = () => {} } = {}) {
  let at = null;
  // The address bar follows after the frame is drawn (after-paint.js): replaceState is slow.
  const write = afterPaint(() => replaceHash(hashOf(store, at)));
  const update = () => {
    if (!store.view) return;
    if (store.source === "lesson") {
      // A lesson's position is no game to link to: the address bar drops the last game's link.
      write.cancel();
      replaceHash("");
      return;
    }
    document.body.dataset.shareCode = store.view.share;
    write.schedule();
  };
  store.subscribe(update);

  window.addEventListener("hashchange", () => {
    let parsed = null;
    try {
      parsed = parseHash(location.hash);
    } catch {
      /* handled like any bad link, by the reload */
    }
    const names = (list) => formatHash({ code: "", names: list });
    const sameGame = parsed?.code === store.view?.share && names(parsed.names) === names(linkNames(store.seats));
    if (!sameGame) {
      write.cancel(); // the link typed in wins
      location.reload();
      return;
    }
    if (parsed.at !== at) onStep(parsed.at);
  });

  return {
    /** The replay shows step `step` (null: the live game again). */
    setAt(step) {
      at = step;
      update();
      write.flush();
    },
  };
}
