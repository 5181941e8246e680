// The game screen's dialogs, each built on first use (LazyDialogs): New game, Help, the end of
// the game and the confirming question.

import { createConfirmDialog } from "./confirm.js";
import { createEndDialog } from "./end.js";
import { frameDialogsIn } from "./frame.js";
import { createHelpDialog } from "./help.js";
import { LazyDialogs } from "./lazy.js";
import { SetupDialog } from "./setup.js";

/**
 * The dialogs in `slot`. `levels()`: the computer levels offered; `onStart(cfg)`: a new game
 * asked for; `onNewGame`, `onReview`: the end dialog's buttons; `store`, `colours()`: what it shows.
 */
export function createGameDialogs(slot, { levels, onStart, onNewGame, onReview, store, colours }) {
  const dialogs = new LazyDialogs(slot, {
    setup: () => new SetupDialog({ levels: levels(), onStart }),
    help: createHelpDialog,
    end: () => createEndDialog({ onNewGame, onReview, store, colours }),
    confirm: createConfirmDialog,
  });
  // A question that needs its answer is not closed by a click beside it; every other dialog is.
  frameDialogsIn(slot, { keep: (d) => d === dialogs.built("confirm")?.el });
  return dialogs;
}
