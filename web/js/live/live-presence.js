// Who is at a live table (live.js): a friend's hello says they are here, a bye or a closed
// channel that they left. At 3-4 players each friend is connected to the inviter alone, so the
// inviter tells each friend who arrives who else is here, and the others that they came or left
// (a hello or a bye with their seat, checked by the engine like every message): each friend's
// panel says who is at the table, not only the inviter's.

import { cleanName } from "../game/seats.js";
import { t } from "../i18n/messages.js";
import { othersFor, presenceSeat, relayTargets } from "./live-table.js";

/**
 * `table()` the table (live.js), `friends()` its friends, `post(seats, type, body)` sends a
 * message, `say(text)` tells the status area, `nameOf(friend)` names one, `refused(friend,
 * error)` says a message was refused, `render()` draws the panel again.
 */
export function createPresence({ table, friends, post, say, nameOf, refused, render }) {
  /** A hello or a bye: the sender's own, or (from the inviter) another friend's coming or going. */
  function presence(friend, message) {
    const on = table();
    if (message.gameId !== undefined && message.gameId !== on.gameId)
      return refused(friend, { args: { problem: "game" } });
    const about = on.hub ? null : presenceSeat(message, friend.seat);
    if (about !== null) return relayed(about, message);
    if (message.type === "bye") return dropped(friend);
    friend.name = cleanName(message.name ?? "") || friend.name;
    friend.state = "here";
    say(t("live.here", { name: nameOf(friend) }));
    if (on.hub) welcome(friend);
    render();
  }

  // The inviter: to the friend who arrives, a hello for each friend here; to those, theirs.
  function welcome(friend) {
    const hello = (f) => ({ name: f.name ?? "", gameId: table().gameId, seat: f.seat });
    for (const other of othersFor(friends(), friend.seat)) post([friend.seat], "hello", hello(other));
    post(relayTargets(friends(), friend.seat), "hello", hello(friend));
  }

  /** Another friend at the table, as the inviter says: here, or left. */
  function relayed(seat, message) {
    const on = table();
    if (seat === on.seat) return;
    const other = on.friends.get(seat) ?? { seat, name: null, relayed: true };
    if (!other.relayed) return;
    on.friends.set(seat, other);
    other.name = cleanName(message.name ?? "") || other.name;
    other.state = message.type === "hello" ? "here" : "left";
    say(t(other.state === "here" ? "live.here" : "live.left", { name: nameOf(other) }));
    render();
  }

  /** `friend`'s channel closed, or they said bye: said, and the game goes on by link. */
  function dropped(friend) {
    const on = table();
    if (!friend.open && friend.state === "left") return;
    Object.assign(friend, { open: false, state: "left", channel: null });
    say(t("live.left", { name: nameOf(friend) }));
    // The inviter tells the others; a friend cut from the inviter knows no one else's presence.
    if (on.hub) post(relayTargets(friends(), friend.seat), "bye", { seat: friend.seat });
    else for (const other of friends()) if (other.relayed) on.friends.delete(other.seat);
    on.note = t("live.dropped", { name: nameOf(friend) });
    render();
  }

  return { presence, dropped };
}
