// What a change means in words, for the screen's notices and for screen readers: whose turn it
// is, huts an eruption buried (the engine's lastMove.covered), players who left the game (their
// status in the state). Pure: state in, sentences out.

import { resultSentence } from "../i18n/engine-text.js";
import { t } from "../i18n/messages.js";
import { hutsByOwner } from "../i18n/move-text.js";

export { hutsByOwner };

export function turnText(state, seats) {
  if (state.phase === "over") return t("announce.over", { result: resultSentence(state.result) });
  const name = seats[state.current]?.name ?? t("seat.default-name", { n: state.current + 1 });
  return t(state.phase === "place" ? "announce.place" : "announce.build", { name });
}

function buried(lastMove, seats) {
  const huts = hutsByOwner(lastMove?.covered, seats);
  return huts ? [t("announce.eruption", { huts })] : [];
}

function departures(before, after, seats) {
  const notes = [];
  after.players.forEach((p, i) => {
    if (before.players[i]?.status !== "playing") return;
    if (p.status === "eliminated") notes.push(t("announce.eliminated", { name: seats[i].name }));
    if (p.status === "finished") notes.push(t("announce.finished", { name: seats[i].name }));
  });
  return notes;
}

/**
 * The notes (eruptions, departures) and the sentence for screen readers after a change of the
 * store; `turn` is null when the turn and step did not change.
 */
export function describeChange({ view, prev, cause }, seats) {
  const b = view.state;
  if (!prev) return { notes: [], turn: turnText(b, seats) };
  const a = prev.state;
  const placed = cause === "play" && a.phase === "place" && view.steps === prev.steps + 1;
  const notes = [...(placed ? buried(b.lastMove, seats) : []), ...departures(a, b, seats)];
  const moved = a.turn !== b.turn || a.phase !== b.phase || a.current !== b.current;
  return { notes, turn: moved ? `${notes.join(" ")} ${turnText(b, seats)}`.trim() : null };
}
