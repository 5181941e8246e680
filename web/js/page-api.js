// window.taluva: the page's scripting surface, used by tests, by the browser console and by the
// UI layer, which extends it (state(), legalMoves(), play() …). Keep each addition small: it is
// a thin, documented veneer over engine.call(), never a second copy of engine logic.
// The whole surface is documented in web/API.md.
//
//   await window.taluva.ready;                 // engine versions, once the game screen is up;
//                                              // rejects if boot failed
//   await window.taluva.call('version', {});   // any taluva.bridge method

let screenUp;
const screenReady = new Promise((resolve, reject) => {
  screenUp = { resolve, reject };
});

export function installPageApi(engine) {
  const api = window.taluva ?? {};
  // Ready means usable: the engine is up and the game screen (attachGame) shows a game.
  api.ready = engine.ready.then((info) => screenReady.then(() => info));
  // A failed boot is shown on the page; callers that never await `ready` must not also see it
  // reported as an unhandled rejection.
  api.ready.catch(() => {});
  api.call = (method, params = {}) => engine.call(method, params);
  window.taluva = api;
  return api;
}

/** Add the game screen's members (state(), legalMoves(), play() …) and settle `ready`. */
export function attachGame(game) {
  Object.assign(window.taluva, game.api);
  game.ready.then(screenUp.resolve, screenUp.reject);
}
