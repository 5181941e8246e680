// Which count decided a game won on points (R-END-2: temples, then towers, then huts): read
// from the engine's result and the players' built pieces, for the end dialog's one line. The
// engine has already ranked the seats; this only names the first count the winner leads on.

const KINDS = ["temples", "towers", "huts"];

/**
 * "temples", "towers" or "huts": the first count on which the one winner of a last-tile game
 * built more than every other player still in; "" when nothing is to say (another ending, a
 * shared win, a team game, or no other player left to compare with).
 */
export function decidingCount(state) {
  const result = state?.result;
  if (result?.reason !== "last-tile" || result.winners.length !== 1) return "";
  const players = state.players ?? [];
  if (players.some((p) => p.team !== null && p.team !== undefined)) return "";
  const winner = players[result.winners[0]];
  const others = players.filter((p) => p.seat !== winner?.seat && p.status !== "eliminated");
  return winner && others.length ? firstLead(winner, others) : "";
}

// The first count, in R-END-2's order, on which `winner` built more than each of `others`.
function firstLead(winner, others) {
  const count = (p, kind) => p.built?.[kind] ?? 0;
  for (const kind of KINDS) {
    const own = count(winner, kind);
    const best = Math.max(...others.map((p) => count(p, kind)));
    if (own !== best) return own > best ? kind : "";
  }
  return "";
}
