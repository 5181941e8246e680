// The game page, put together: one store for the game, and everything that follows it (the
// screen, computer turns, hints, the autosave, the URL hash, the Share and Replay dialogs).
// boot.js calls startApp once the engine is up.

import { keepAutosaved } from "./game/autosave.js";
import { ComputerTurns } from "./game/computer.js";
import { Hints } from "./game/hints.js";
import { GameStore } from "./game/store.js";
import { gameApi } from "./page-api.js";
import { GameScreen } from "./screen/screen.js";
import { syncLink } from "./share/link-sync.js";
import { showNotice } from "./share/notice.js";
import { createReplayDialog } from "./share/replay-dialog.js";
import { createShareDialog } from "./share/share-dialog.js";
import { openFirstGame } from "./share/start.js";

/** The engine's computer levels, weakest first ({id, description}). */
async function computerLevels(engine) {
  try {
    return await engine.call("computerLevels");
  } catch {
    // An engine without the registry call: its level names alone.
    return (await engine.call("aiLevels")).map((id) => ({ id, description: "" }));
  }
}

async function openGame(store) {
  const notices = [];
  try {
    return { ...(await openFirstGame(store, { notices })), notices };
  } catch (error) {
    // Never let a link or a save keep the game from starting.
    console.warn("Taluva: could not open the link or the saved game:", error);
    await store.newGame();
    return { source: "new", at: null, openSetup: false, notices };
  }
}

/** Mount the game on `root`; resolves with the page API's game members once a game is shown. */
export async function startApp(root, engine) {
  const store = new GameStore(engine);
  const computers = new ComputerTurns(store);
  const hints = new Hints(store);
  const screen = new GameScreen(root, { store, computers, hints, levels: await computerLevels(engine) });
  keepAutosaved(store);
  const replay = createReplayDialog({ store, screen, onStep: (step) => link.setAt(step) });
  const link = syncLink(store, { onStep: (step) => replay.open(step) });
  const share = createShareDialog({ store, screen, onReplay: (step) => replay.open(step) });

  const start = await openGame(store);
  document.body.dataset.share = start.source;
  for (const text of start.notices) showNotice(text);
  if (start.openSetup) screen.openSetup();
  root.dataset.ready = "1";
  document.body.dataset.shareReady = "1";
  if (start.source === "link" && start.at !== null) replay.open(start.at);
  return gameApi({ store, computers, screen, share, replay });
}
