// The live table's way in (live.js loads on first use, a chunk of its own): the New game dialog's
// "Play live with a friend", a `#live=` or `#live-answer=` link, and a by-link game on screen
// (its panel offers "Play live"). Nothing here touches a connection.

/** Does `hash` name a live link (`#live=…` or `#live-answer=…`)? signal.js reads it whole. */
export const isLiveHash = (hash) => /^#?live(-answer)?=/.test(String(hash ?? ""));

export { canConnectLive } from "./webrtc.js";

/**
 * The live table, made on first use by `feature(load)` (app.js): {start(config), openHash(hash), table()}.
 * `say(text)` tells the status area; the panel goes under the step bar, before the by-link one.
 */
export function liveOnFirstUse({ store, games, byLink, screen, feature, storage }) {
  const made = feature(async () => {
    const { createLive } = await import("./live.js");
    const live = createLive({
      store,
      games,
      byLink,
      storage,
      say: (text) => {
        screen.notices.flash(text);
        screen.notices.announce(text);
      },
      mount: (panel) => screen.parts.stepBar.after(panel),
      hold: (on) => screen.hold(on),
    });
    return live;
  });
  store.subscribe(({ view }) => {
    if (view?.bylink && !made.loaded()) made().catch(() => {});
  });
  return {
    start: async (config) => (await made()).start(config),
    openHash: async (hash) => (await made()).openHash(hash),
    /** The table itself (for the page API's tests: e2e/test_live.py). */
    table: () => made(),
  };
}
