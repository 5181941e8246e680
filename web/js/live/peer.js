// A live table's connection: one RTCPeerConnection and its data channel, opened by two links
// (signal.js). Non-trickle: ICE gathering is waited for (at most GATHER_MS) before a link is
// made, so each side sends one link. Messages are JSON texts of at most MAX_MESSAGE characters;
// this module frames them only (the engine validates what is received).

import { LiveLinkError, packAnswer, packInvite, readAnswer, readInvite } from "./signal.js";

/** A message's largest size, in characters of its JSON. */
export const MAX_MESSAGE = 16384;
/** How long ICE gathering may take before a link is made with the candidates found so far. */
export const GATHER_MS = 3000;
/** How long the inviter's connection may take to open once the answer is applied. */
export const OPEN_MS = 10000;
/** How long the friend's side waits for the inviter to open the answer link. */
export const WAIT_MS = 15 * 60 * 1000;
/** How long a disconnected connection may last before the channel counts as closed. */
export const DROP_MS = 5000;

/** No direct path was found in time: the page says so and offers by-link turns. */
export class LiveTimeoutError extends Error {
  constructor(reason = "the connection did not open in time") {
    super(reason);
    this.name = "LiveTimeoutError";
  }
}

/** A message the channel refuses to send. `code`: too-long | not-json | closed. */
export class LiveSendError extends Error {
  constructor(code, reason) {
    super(`${code}: ${reason}`);
    this.name = "LiveSendError";
    this.code = code;
  }
}

/**
 * @typedef {object} Channel
 * @property {(message: any) => void} send as JSON; throws LiveSendError (over MAX_MESSAGE, not JSON, closed)
 * @property {(fn: (text: string) => void) => void} onMessage each message's raw text (those received
 *   before the first listener are kept for it)
 * @property {(fn: (reason: string) => void) => void} onClose once: "local" (close() here),
 *   "closed" (the other side closed), "error", or "lost" (failed, or disconnected over DROP_MS)
 * @property {(fn: (size: number) => void) => void} onRefused a received message over MAX_MESSAGE
 *   or not text, dropped unread; `size` its length
 * @property {() => void} close
 * @property {boolean} open true from opening until closed
 * @property {any} game what the other side's link carried (signal.js)
 * @property {RTCDataChannel} dataChannel the underlying channel, for tests and diagnostics
 */

/** Resolves when ICE gathering is complete, or after GATHER_MS with what was found. */
function gathered(pc, ms = GATHER_MS) {
  return new Promise((resolve) => {
    const check = () => pc.iceGatheringState === "complete" && finish();
    const finish = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const timer = setTimeout(finish, ms);
    pc.addEventListener("icegatheringstatechange", check);
    check();
  });
}

/** The Channel of an open (or opening) RTCDataChannel. */
function makeChannel(pc, dc, game) {
  const listeners = { message: [], close: [], refused: [] };
  const early = [];
  let state = dc.readyState === "open" ? "open" : "opening";
  let dropTimer = null;
  const finish = (reason) => {
    if (state === "closed") return;
    state = "closed";
    clearTimeout(dropTimer);
    dc.close();
    pc.close();
    for (const fn of listeners.close) fn(reason);
  };
  dc.binaryType = "arraybuffer";
  dc.addEventListener("open", () => state === "opening" && (state = "open"));
  dc.addEventListener("message", ({ data }) => {
    if (state === "closed") return;
    if (typeof data !== "string" || data.length > MAX_MESSAGE) {
      for (const fn of listeners.refused) fn(typeof data === "string" ? data.length : (data?.byteLength ?? 0));
      return;
    }
    if (listeners.message.length) for (const fn of listeners.message) fn(data);
    else early.push(data);
  });
  dc.addEventListener("close", () => finish("closed"));
  dc.addEventListener("error", () => finish("error"));
  pc.addEventListener("connectionstatechange", () => {
    const now = pc.connectionState;
    if (now === "failed" || now === "closed") finish("lost");
    else if (now === "disconnected") dropTimer ??= setTimeout(() => finish("lost"), DROP_MS);
    else if (now === "connected") dropTimer = clearTimeout(dropTimer) ?? null;
  });
  return {
    game,
    dataChannel: dc,
    get open() {
      return state === "open";
    },
    send(message) {
      if (state !== "open") throw new LiveSendError("closed", "the live channel is not open");
      let text;
      try {
        text = JSON.stringify(message);
      } catch {
        text = undefined;
      }
      if (typeof text !== "string") throw new LiveSendError("not-json", "a message is a JSON value");
      if (text.length > MAX_MESSAGE)
        throw new LiveSendError("too-long", `a message is at most ${MAX_MESSAGE} characters`);
      dc.send(text);
    },
    onMessage(fn) {
      listeners.message.push(fn);
      for (const text of early.splice(0)) fn(text);
    },
    onClose: (fn) => listeners.close.push(fn),
    onRefused: (fn) => listeners.refused.push(fn),
    close: () => finish("local"),
  };
}

/**
 * `{channel, promise}`: the promise resolves with the channel once its data channel opens, and
 * rejects with LiveTimeoutError after `ms` or when the channel closes first.
 */
function opened(pc, dc, game, ms) {
  const channel = makeChannel(pc, dc, game);
  const promise = new Promise((resolve, reject) => {
    const fail = (reason) => {
      clearTimeout(timer);
      channel.close();
      reject(new LiveTimeoutError(reason));
    };
    const timer = setTimeout(() => fail(`no direct connection within ${ms / 1000} s`), ms);
    const ready = () => {
      clearTimeout(timer);
      resolve(channel);
    };
    if (channel.open) ready();
    else dc.addEventListener("open", ready, { once: true });
    channel.onClose((reason) => fail(`the connection closed before it opened (${reason})`));
  });
  return { channel, promise };
}

/** A browser's refusal of a link's SDP, as a LiveLinkError the page turns into words. */
async function applyRemote(pc, description) {
  try {
    await pc.setRemoteDescription(description);
  } catch (error) {
    throw new LiveLinkError("sdp", `this browser refused the link's connection data (${error?.message ?? error})`);
  }
}

/**
 * The inviter's side: resolves with `{text, accept(answerText), close()}`. `text` is the invite
 * (with `game`, any JSON of at most 1 KB); `accept` reads an answer (LiveLinkError when it does
 * not read) and resolves with the open Channel (its `game` the answer's), or rejects with
 * LiveTimeoutError after OPEN_MS. An invite takes one answer; `close()` gives it up.
 */
export async function invite({ iceServers = [], label = "taluva", game = null } = {}) {
  const pc = new RTCPeerConnection({ iceServers });
  try {
    const dc = pc.createDataChannel(label, { ordered: true });
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const text = await packInvite({ sdp: pc.localDescription.sdp, game });
    let used = false;
    let made = null;
    return {
      text,
      async accept(answerText) {
        if (used) throw new LiveLinkError("used", "this invite has already been answered");
        const { sdp, game: theirs } = await readAnswer(answerText);
        if (used || pc.signalingState === "closed") throw new LiveLinkError("used", "this invite is closed");
        used = true;
        await applyRemote(pc, { type: "answer", sdp });
        made = opened(pc, dc, theirs, OPEN_MS);
        return made.promise;
      },
      close() {
        used = true;
        made?.channel.close(); // a pending accept rejects
        pc.close();
      },
    };
  } catch (error) {
    pc.close();
    throw error;
  }
}

/**
 * The friend's side: resolves with `{text, game, channel, close()}`: `game` the invite's, `text`
 * the answer to send back (carrying `game` of the options: a JSON value, or a function of the
 * invite's game that gives it), `channel` a promise of the Channel once the inviter has opened
 * the answer (LiveTimeoutError after `waitMs`). Throws LiveLinkError for an invite that does not read.
 */
export async function answer(inviteText, { iceServers = [], game = null, waitMs = WAIT_MS } = {}) {
  const { sdp, game: theirs } = await readInvite(inviteText);
  const pc = new RTCPeerConnection({ iceServers });
  try {
    const incoming = new Promise((resolve) =>
      pc.addEventListener("datachannel", (e) => resolve(e.channel), { once: true }),
    );
    await applyRemote(pc, { type: "offer", sdp });
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    const ours = typeof game === "function" ? game(theirs) : game;
    const text = await packAnswer({ sdp: pc.localDescription.sdp, game: ours });
    let made = null;
    let giveUp;
    const timeout = new Promise((resolve, reject) => {
      const stop = (reason) => {
        clearTimeout(timer);
        reject(new LiveTimeoutError(reason));
      };
      const timer = setTimeout(() => stop("the invite's link was not opened in time"), waitMs);
      giveUp = () => stop("the answer was given up here");
      incoming.then(() => clearTimeout(timer));
      pc.addEventListener("connectionstatechange", () => {
        if (pc.connectionState === "failed") stop("no direct connection was found");
      });
    });
    const channel = Promise.race([incoming.then((dc) => (made = opened(pc, dc, theirs, OPEN_MS)).promise), timeout]);
    channel.catch(() => pc.close());
    const close = () => {
      giveUp();
      made?.channel.close();
      pc.close();
    };
    return { text, game: theirs, channel, close };
  } catch (error) {
    pc.close();
    throw error;
  }
}
