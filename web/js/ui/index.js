// The game UI's entry point: mount the game screen on an element, talking to an engine client
// (`{call(method, params)}` -> Promise of the bridge's result; see web/js/engine-client.js).

import { GameScreen } from "./controller.js";
import { pageApi } from "./api.js";

export function mountGame(root, { engine, storage, openSetupFirst = true } = {}) {
  const screen = new GameScreen(root, { engine, storage, openSetupFirst });
  return { screen, ready: screen.ready, api: pageApi(screen) };
}
