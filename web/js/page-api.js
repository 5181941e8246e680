// window.taluva: the page's scripting surface, used by tests, by the browser console and by the
// UI layer, which extends it (state(), legalMoves(), play() …). Keep each addition small: it is
// a thin, documented veneer over engine.call(), never a second copy of engine logic.
//
//   await window.taluva.ready;                 // engine versions, or rejects if boot failed
//   await window.taluva.call('version', {});   // any taluva.bridge method
export function installPageApi(engine) {
  const api = window.taluva ?? {};
  api.ready = engine.ready;
  api.call = (method, params = {}) => engine.call(method, params);
  window.taluva = api;
  return api;
}
