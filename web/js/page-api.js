// window.taluva: the page's scripting surface, for tests, the browser console and pages that
// embed the game. A thin, documented veneer over the store and the engine, never a second copy
// of engine logic. The whole surface is documented in web/API.md.
//
//   await window.taluva.ready;                 // engine versions, once the game screen is up;
//                                              // rejects if boot failed
//   await window.taluva.call('version', {});   // any taluva.bridge method

import { legalMoves } from "./game/legal.js";
import { hashOf } from "./share/link-sync.js";
import { embedSnippet, pageUrl } from "./share/share-dialog.js";

const clone = (x) => (x === undefined ? x : JSON.parse(JSON.stringify(x)));

let screenUp;
const screenReady = new Promise((resolve, reject) => {
  screenUp = { resolve, reject };
});
// Awaited only once the engine is up (api.ready): a screen that fails after a failed boot (its
// reason already on the page) must not also be reported as an unhandled rejection.
screenReady.catch(() => {});

export function installPageApi(engine) {
  const api = window.taluva ?? {};
  // Ready means usable: the engine is up and the game screen shows a game.
  api.ready = engine.ready.then((info) => screenReady.then(() => info));
  // A failed boot is shown on the page; callers that never await `ready` must not also see it
  // reported as an unhandled rejection.
  api.ready.catch(() => {});
  api.call = (method, params = {}) => engine.call(method, params);
  window.taluva = api;
  return api;
}

/** Add the game's members (state(), legalMoves(), play() …) and settle `ready`. */
export function attachGame(members) {
  Object.assign(window.taluva, members);
  screenUp.resolve();
}

/** The page could not show a game: `ready` rejects with `error`. */
export function gameFailed(error) {
  screenUp.reject(error);
}

/** The game members of window.taluva, over the store and what follows it. */
export function gameApi({ store, computers, screen, share, replay, games, list, sync }) {
  // With the engine's picture of the position once it is in (a few ms after each change).
  const link = () => pageUrl(null, hashOf(store, null, { picture: sync?.picture() }));
  return {
    /** The current state JSON (a copy), as the page shows it. */
    state: () => clone(store.state),
    /** The legal moves of the current step (move JSON, a copy). */
    legalMoves: () => clone(legalMoves(store.view)),
    /** Play a move (move JSON or {notation}); resolves to the new state, rejects with the engine's error. */
    play: async (move) => {
      // Without a move the engine would answer a bare TypeError about its own arguments: say
      // what the caller got wrong (often a move taken from an empty legalMoves()).
      if (!move || typeof move !== "object") throw new TypeError("taluva.play needs a move: move JSON or {notation}");
      return clone((await store.play(move, { by: "api" })).state);
    },
    /**
     * Start a new game: {players, tiles, found, rank, teams, seed?, seats?: [{name, colour, type}]};
     * without `seats`, the names and colours on screen, every seat played by a person.
     */
    newGame: async (options = {}) => {
      const {
        seats = store.seats.map(({ name, colour }) => ({ name, colour })),
        seed = null,
        ...engineOptions
      } = options || {};
      return clone((await store.newGame({ options: engineOptions, seats, seed })).state);
    },
    /** Viewport CSS pixels of the centre of the top of hex (q, r) as drawn now. */
    hexToScreen: (q, r) => screen.hexToScreen(q, r),
    /** The tile's rotation: the clock hour (2, 4, ... 12) where its landscapes lie. */
    rotation: () => screen.choice.clock,
    undo: () => screen.act.undo(),
    redo: () => screen.act.redo(),
    /** Computer players: how long the page shows a computer's move (slow, normal, fast, instant). */
    setAiSpeed: (speed) => computers.setSpeed(speed),
    /** Pause (true) or resume (false) the computer players. */
    setAiPaused: (paused) => computers.setPaused(paused),
    /** Every computer decision of this game: [{seat, level, phase, turn, ms, t0, t1}]. */
    aiTimes: () => clone(computers.times),
    /** Ask for a hint (the strongest level's move), drawn on the board; resolves when shown. */
    hint: () => screen.act.showHint(),
    games: {
      /** The kept games, most recently played first (copies of their entries). */
      list: async () => clone((await games.list()).entries),
      /** The id of the game on screen (its entry in the list). */
      current: () => store.gameId,
      /** Resolves once the game on screen has been written to the list. */
      saved: () => games.keeper.save(),
      /** Open the Games dialog. */
      show: () => list.show(),
      /** Every kept game as one backup text, and such a text imported: {added, known, failed}. */
      exportAll: () => games.exportAll(),
      importText: (text) => games.importText(text),
    },
    share: {
      /** The current game's share code. */
      code: () => store.view?.share ?? "",
      /** The link to the current game (index.html#g=...), with its board's picture once drawn. */
      link,
      /** The embed snippet for the current game. */
      embedCode: () =>
        embedSnippet(pageUrl("embed.html", hashOf(store, null, { preview: true, picture: sync?.picture() }))),
      /** Import a record (text): resolves true, or false with the engine's message shown. */
      importRecord: (text) => share.importRecord(text),
      /** Open the replay at a step (null: the last). */
      replay: (at = null) => replay.open(at),
    },
  };
}
