// Which game the page opens with: the one in the URL hash, else the autosave, else a new one.
// A link or a save that cannot be read is reported in words and a new game starts: never a
// crash, and the autosave is never overwritten by the game a link opened until it is played on.
//
// Returns {source, at, openSetup}: source link | autosave | new | bad-link | bad-save.

import { localStore, readAutosave, setAside } from "../game/autosave.js";
import { HashError, parseHash } from "./hash.js";
import { linkProblem } from "./load-errors.js";

async function fromLink(store, hash, notices) {
  let link;
  try {
    link = parseHash(hash);
  } catch (error) {
    if (!(error instanceof HashError)) throw error;
    notices.push(`${linkProblem(error)} A new game has started instead.`);
    return { source: "bad-link" };
  }
  if (!link) return null;
  try {
    const view = await store.load({ share: link.code, names: link.names, source: "link" });
    if (view.state.phase === "over") {
      notices.push("This link's game is over: it shows the final position. Share ▸ Replay steps through its moves.");
    }
    return { source: "link", at: link.at };
  } catch (error) {
    notices.push(`${linkProblem(error)} A new game has started instead.`);
    return { source: "bad-link" };
  }
}

async function fromAutosave(store, notices) {
  const backend = localStore();
  const { save, problem, key } = readAutosave(backend);
  if (problem) notices.push(problem);
  if (!save) return { source: problem ? "bad-save" : "new" };
  try {
    const view = await store.load({ share: save.share, seats: save.seats, seed: save.seed, source: "autosave" });
    // A finished game is not resumed: the page offers a new one.
    return view.state.phase === "over" ? { source: "new" } : { source: "autosave" };
  } catch (error) {
    const aside = backend ? setAside(backend, key, null) : "";
    notices.push(
      `The saved game could not be resumed (${linkProblem(error)}), so a new game has started. The save was kept under “${aside}”.`,
    );
    return { source: "bad-save" };
  }
}

/** Open the first game in `store`; `notices` gets what the person must be told. */
export async function openFirstGame(store, { hash = location.hash, notices = [] } = {}) {
  const opened = (await fromLink(store, hash, notices)) ?? (await fromAutosave(store, notices));
  if (opened.source === "link" || opened.source === "autosave") return { at: null, ...opened, openSetup: false };
  await store.newGame({ source: opened.source === "bad-link" ? "bad-link" : "new" });
  // A page opened from a link (good or bad) shows a game at once, not the setup dialog.
  return { at: null, ...opened, openSetup: opened.source === "new" };
}
