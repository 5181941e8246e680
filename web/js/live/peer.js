// A live table's connection: one RTCPeerConnection and its data channel, opened by two links
// (signal.js). Non-trickle: ICE gathering is waited for (at most GATHER_MS) before a link is made.

/** A message's largest size, in characters of its JSON. */
export const MAX_MESSAGE = 16384;
/** How long ICE gathering may take before a link is made with the candidates found so far. */
export const GATHER_MS = 3000;
/** How long the connection may take to open once the answer is applied. */
export const OPEN_MS = 10000;
/** How long a disconnected or failed connection may last before the channel counts as closed. */
export const DROP_MS = 5000;

/** No direct path was found in time: the page says so and offers by-link turns. */
export class LiveTimeoutError extends Error {
  constructor(reason = "the connection did not open in time") {
    super(reason);
    this.name = "LiveTimeoutError";
  }
}

/** A message the channel refuses to send (too long, not JSON) or a channel that is closed. */
export class LiveSendError extends Error {
  constructor(code, reason) {
    super(`${code}: ${reason}`);
    this.name = "LiveSendError";
    this.code = code; // too-long | not-json | closed
  }
}

/**
 * @typedef {object} Channel
 * @property {(message: object) => void} send JSON; throws LiveSendError
 * @property {(fn: (text: string) => void) => void} onMessage raw text, for the engine to read
 * @property {(fn: (reason: string) => void) => void} onClose once: closed | error | lost
 * @property {(fn: (size: number) => void) => void} onRefused a received message over MAX_MESSAGE, dropped
 * @property {() => void} close
 * @property {boolean} open
 */

/**
 * The inviter's side: `{text, accept(answerText): Promise<Channel>, close()}` (a promise of it).
 * `game` is the JSON object the invite carries (signal.js).
 */
export async function invite({ iceServers = [], label = "taluva", game = {} } = {}) {
  void iceServers, label, game;
  throw new Error("not built yet");
}

/** The friend's side: `{text, game, channel: Promise<Channel>, close()}` (a promise of it). */
export async function answer(inviteText, { iceServers = [], game = {} } = {}) {
  void inviteText, iceServers, game;
  throw new Error("not built yet");
}
