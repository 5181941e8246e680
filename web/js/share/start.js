// Which game the page opens with: the one in the URL hash, else the autosave, else a new one.
// A link wins over the autosave (which is kept until the link's game is played on); a link or a
// save that cannot be read is reported in words and a new game starts: never a crash.

import { DEFAULT_SEATS } from "../screen/theme.js";
import { explainCodeError, HashError, parseHash, peekCode } from "./hash.js";
import { localStore, readAutosave, setAside } from "./autosave.js";

/** Seats for a game of `players`: the given ones first, then names from the hash, then defaults. */
export function seatsFor(players, { seats = [], names = [] } = {}) {
  return Array.from({ length: players }, (_, i) => {
    const seat = { ...DEFAULT_SEATS[i], ...(seats[i] ?? {}) };
    if (names[i]) seat.name = names[i];
    return seat;
  });
}

/**
 * Returns {initial: {share, seats} | null, fromLink, at, source, notices: [text]}.
 * `source`: "link" | "autosave" | "new" | "bad-link". The engine is left holding `initial`'s
 * game (or its own), which the game screen then loads again.
 */
export async function chooseStart(engine, hash = location.hash) {
  const notices = [];
  let parsed = null;
  try {
    parsed = parseHash(hash);
  } catch (error) {
    if (!(error instanceof HashError)) throw error;
    notices.push(`${explainCodeError(error.message)} A new game has started instead.`);
  }
  if (parsed) {
    try {
      const view = await engine.call("loadShareCode", { code: parsed.code });
      const players = view.state.players.length;
      const initial = { share: view.share, seats: seatsFor(players, { names: parsed.names }) };
      if (view.state.phase === "over") {
        notices.push("This link's game is over: it shows the final position. Share ▸ Replay steps through its moves.");
      }
      return { initial, fromLink: true, at: parsed.at, source: "link", notices };
    } catch (error) {
      notices.push(`${explainCodeError(error.message)} A new game has started instead.`);
    }
  }
  if (notices.length) return { initial: null, fromLink: true, at: null, source: "bad-link", notices };

  const store = localStore();
  const { save, problem, key } = readAutosave(store);
  if (problem) notices.push(problem);
  if (save) {
    try {
      const view = await engine.call("loadShareCode", { code: save.share });
      const players = view.state.players.length;
      return {
        initial: { share: view.share, seats: seatsFor(players, { seats: save.seats }) },
        fromLink: false,
        at: null,
        source: "autosave",
        notices,
      };
    } catch (error) {
      const aside = store ? setAside(store, key, null) : "";
      notices.push(
        `The saved game could not be resumed (${explainCodeError(error.message)}), so a new ` +
          `game has started. The save was kept under “${aside}”.`,
      );
      return { initial: null, fromLink: false, at: null, source: "bad-save", notices };
    }
  }
  return { initial: null, fromLink: false, at: null, source: problem ? "bad-save" : "new", notices };
}

export { peekCode };
