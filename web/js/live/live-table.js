// A live table's pure rules (live.js; tests/js/live-table.test.mjs): who a message goes to, when
// a friend joins, which invitation an answer is for, and the words for a refused message. The
// engine checks every message and every link; nothing here reads one.

/**
 * The seats a message goes on to: every connected friend but the one it came from (`from`,
 * null for this device's own). A friend's device has one friend, the inviter; the inviter's has
 * one per other seat, and relays what each sends to the rest.
 */
export function relayTargets(friends, from = null) {
  return friends.filter((f) => f.open && f.seat !== from).map((f) => f.seat);
}

/**
 * Does this device join the game now, with a link `info` (the engine's bylinkRead) while it has
 * no seat of it yet? Only when the link asks for the seat its invitation named: at 3-4 players
 * the seats join one after another, and a link for an earlier seat waits.
 */
export function joinsNow(info, seat) {
  return info?.stage === "joining" && !info.confirming && info.joined === seat;
}

/**
 * The invitation an answer is for: the seat the answer names if it is one still waiting for its
 * answer, else the one waiting (`waiting`: seats in order) when there is only one, else the
 * seat given (a field of the panel's row), else null.
 */
export function answerSeat(game, waiting, given = null) {
  if (given !== null && waiting.includes(given)) return given;
  if (Number.isInteger(game?.seat) && waiting.includes(game.seat)) return game.seat;
  return waiting.length === 1 ? waiting[0] : null;
}

/**
 * The seat a hello or a bye received is about, when it is not the sender's own: at 3-4 players
 * the inviter tells each friend who else came (a hello with their seat) and who left (a bye
 * with it). null for the sender itself (its own seat, `from`, or none).
 */
export function presenceSeat(message, from) {
  const seat = message?.seat;
  return Number.isInteger(seat) && seat !== from ? seat : null;
}

/** The friends here but `seat`, whom the inviter names to the friend of `seat` as they arrive. */
export function othersFor(friends, seat) {
  return friends.filter((f) => f.open && f.state === "here" && f.seat !== seat);
}

/** The friends this device is connected to itself (not those the inviter says are here). */
export function direct(friends) {
  return friends.filter((f) => !f.relayed);
}

/** Everyone's name but this device's, for "Bo and Cy are here". */
export function othersHere(friends) {
  return friends.filter((f) => f.state === "here").map((f) => f.name);
}

// A message's refusal, by the engine's error (web/API.md: live-message {problem}, live-version,
// live-step {problem}; a step's or link's by-link error) or the channel's (too-long), in words.
const PROBLEMS = {
  "too-long": "live.problem.too-long",
  "live-version": "live.problem.version",
  game: "live.problem.other-game",
};

/**
 * How to say a refused message: {key, problem}: `key` the sentence ("sent a move that breaks the
 * rules" for an illegal move), `problem` the key of what was wrong, or null for a by-link error
 * (bylink-problem.js phrases it).
 */
export function refusalKind(error) {
  const code = String(error?.code ?? "");
  if (code.startsWith("bylink-"))
    return { key: code === "bylink-move" ? "live.refused.move" : "live.refused", problem: null };
  const problem = PROBLEMS[error?.args?.problem] ?? PROBLEMS[code] ?? "live.problem.damaged";
  return { key: "live.refused", problem };
}

/** A live link's refusal (signal.js LiveLinkError codes) in the page's words. */
export function linkProblemKey(error) {
  if (error?.code === "kind") return "live.link.kind";
  if (error?.code === "version") return "live.link.version";
  return "live.link.damaged";
}
