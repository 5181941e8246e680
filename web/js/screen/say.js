// What the screen says aloud (the live region) and flashes when the game changes: a move's
// facts, whose turn it is, a new game's players, what a computer is doing.

import { describeChange } from "../game/announce.js";
import { computerLevel } from "../game/seats.js";
import { levelName } from "../i18n/engine-text.js";
import { list, t } from "../i18n/messages.js";
import { moveText } from "../i18n/move-text.js";

/** A store change: its notes flashed, the turn (or a new game's players) announced. */
export function announceChange(notices, change, seats) {
  const { notes, turn } = describeChange(change, seats);
  if (notes.length) notices.flash(notes.join(" "));
  if (change.cause === "new") notices.announce(t("screen.new-game", { names: list(seats.map((s) => s.name)), turn }));
  else if (turn) notices.announce(turn);
}

/** The computers changed: who thinks, the move one shows, or that they are paused. */
export function announceComputers(notices, computers, store) {
  const seats = store.seats;
  if (computers.thinking !== null) {
    const seat = seats[computers.thinking];
    notices.announce(t("screen.thinking", { name: seat.name, level: levelName(computerLevel(seat.type)) }));
  } else if (computers.showing) {
    const seat = seats[store.state.current];
    notices.announce(t("screen.computer-move", { name: seat.name, move: moveText(computers.showing, { seats }) }));
  } else if (computers.paused) {
    notices.announce(t("screen.paused"));
  }
}
