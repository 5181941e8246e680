// The engine's reasons and errors in the page's language. The engine gives each a code and its
// facts (`code`, `args`: hexes, levels, pieces, terrains, counts); the catalogues phrase them
// (keys reason.<code>, error.<kind>, result.<code>). Its English `text` is for the CLI and the
// Python API, and serves here only for a code this page's catalogues do not know (an engine
// newer than the page would be a bug, but words beat a blank).

import { t, hasMessage } from "./messages.js";

/** A move's reason ({rule, code, args, text}) as a sentence, without its rule id. */
export function reasonSentence(why) {
  const key = `reason.${why?.code}`;
  return why?.code && hasMessage(key) ? t(key, why.args ?? {}) : (why?.text ?? "");
}

// An error's sentence: by its code (a move's reason, or the error's own), else by its kind, else
// the engine's own English.
function errorSentence(error) {
  const keys = [`reason.${error?.code}`, `error.${error?.code}`, `error.${error?.kind}`];
  const key = keys.find((k) => !k.endsWith(".undefined") && !k.endsWith(".null") && hasMessage(k));
  if (!key) return error?.reason || error?.message || String(error);
  // A record stopped by an illegal move: the move's reason in this language, not the English.
  const reason = error.cause ? reasonSentence(error.cause) : undefined;
  return t(key, reason ? { ...error.args, reason } : (error.args ?? {}));
}

/**
 * An engine error as a person reads it: its sentence, without the rule id it cites (`error.rule`:
 * the screen's error line offers it as a button to Help, never in the words).
 */
export function engineErrorText(error) {
  return errorSentence(error);
}

/** How a game ended (the state's `result`), as a sentence. */
export function resultSentence(result) {
  const key = `result.${result?.reason}`;
  return result?.reason && hasMessage(key) ? t(key, result.args ?? {}) : (result?.text ?? "");
}

/** A computer level's name (the engine's registry id: "strong"). */
export function levelName(id) {
  return hasMessage(`level.${id}`) ? t(`level.${id}`) : id;
}

/** What a computer level plays like ({id, description} from the engine's registry). */
export function levelDescription(level) {
  const key = `level.${level.id}.description`;
  return hasMessage(key) ? t(key) : level.description;
}
