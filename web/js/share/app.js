// Links, autosave, records, replay and embed codes for the full game page (index.html).
//
// boot.js calls startSharing(engine) once the engine is up, mounts the game screen with the
// options it returns, then calls attach(game). Nothing here knows a rule: every game comes from
// and goes to the engine (loadShareCode, loadRecord, record, stateAt).

import { formatHash, parseHash, replaceHash } from "./hash.js";
import { gameStorage } from "./autosave.js";
import { showNotice } from "./notice.js";
import { screenEngine } from "./screen-engine.js";
import { chooseStart, seatsFor } from "./start.js";
import { mountShareTools } from "./tools.js";

/** Seat names worth putting in a link: none when every seat has its default name. */
export function linkNames(seats) {
  const names = seats.map((s) => s.name);
  return names.every((n, i) => n === `Player ${i + 1}`) ? [] : names;
}

export async function startSharing(engine) {
  const body = document.body;
  let start;
  try {
    start = await chooseStart(engine);
  } catch (error) {
    // Never let sharing keep the game from starting.
    console.warn("Taluva: could not read the link or the saved game:", error);
    start = { initial: null, fromLink: false, at: null, source: "new", notices: [] };
  }
  body.dataset.share = start.source;
  for (const text of start.notices) showNotice(text);

  const live = { share: start.initial?.share ?? "", seats: start.initial?.seats ?? [], at: null };
  const updateHash = () => {
    if (!live.share) return;
    replaceHash(formatHash({ code: live.share, at: live.at, names: linkNames(live.seats) }));
  };
  const proxy = screenEngine(engine);
  const storage = gameStorage({
    initial: start.initial,
    fromLink: start.fromLink,
    onChange: ({ share, seats }) => {
      live.share = share;
      live.seats = seats;
      body.dataset.shareCode = share;
      updateHash();
    },
  });

  // Opening another link in the address bar of an open page: take it up like a fresh visit.
  window.addEventListener("hashchange", () => {
    let parsed = null;
    try {
      parsed = parseHash(location.hash);
    } catch {
      /* handled like any bad link, by the reload */
    }
    const sameGame = parsed?.code === live.share &&
      formatHash({ code: "", names: parsed.names }) === formatHash({ code: "", names: linkNames(live.seats) });
    if (sameGame) {
      if (parsed.at !== live.at && tools) tools.openReplay(parsed.at);
      return;
    }
    location.reload();
  });

  let tools = null;
  return {
    mountOptions: {
      engine: proxy,
      storage,
      // A page opened from a link (good or bad) shows a game at once, not the setup dialog.
      openSetupFirst: start.source === "new",
    },
    attach(game) {
      const { screen } = game;
      tools = mountShareTools({
        screen,
        engine,
        proxy,
        live,
        setAt(at) {
          live.at = at;
          updateHash();
        },
      });
      window.taluva.share = tools.api;
      game.ready.then(async () => {
        body.dataset.shareReady = "1";
        // The screen does not resume a finished game; a link to one shows it anyway.
        const wanted = start.initial;
        if (wanted && screen.view?.share !== wanted.share && start.fromLink) {
          try {
            storage.hold(wanted.share);
            await proxy.loadInto(screen, () => engine.call("loadShareCode", { code: wanted.share }), seatsFor(wanted.seats.length, { seats: wanted.seats }));
          } catch {
            /* the notice already said what happened */
          }
        }
        if (start.at !== null && start.source === "link") tools.openReplay(start.at);
      });
    },
  };
}
