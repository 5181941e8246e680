// An answer link opened in a new tab (a chat app opens links in new tabs) handed to the
// inviter's tab, which holds the RTCPeerConnection: BroadcastChannel("taluva-live"), same origin
// only. The new tab posts {type: "answer", id, text}; a tab with an invite pending takes it and
// replies {type: "taken", id}. Texts are only passed on: readAnswer judges them.

export const CHANNEL_NAME = "taluva-live";
/** How long the new tab waits for the inviter's tab to say it took the answer. */
export const DELIVER_MS = 1500;

const hasChannel = () => typeof BroadcastChannel === "function";

/**
 * Post an answer text to the inviter's tab: resolves true when a tab took it, false after
 * `timeoutMs` (no tab holds an invite: this tab then opens the answer itself, or says so).
 */
export function deliverAnswer(text, { timeoutMs = DELIVER_MS } = {}) {
  if (!hasChannel() || typeof text !== "string") return Promise.resolve(false);
  const channel = new BroadcastChannel(CHANNEL_NAME);
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return new Promise((resolve) => {
    const done = (taken) => {
      clearTimeout(timer);
      channel.close();
      resolve(taken);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    channel.onmessage = ({ data }) => {
      if (data?.type === "taken" && data.id === id) done(true);
    };
    channel.postMessage({ type: "answer", id, text });
  });
}

/**
 * While an invite is pending: `fn(text)` for each answer another tab posts (it may be async).
 * The other tab is told the answer was taken unless `fn` returns false or throws. Returns `stop()`.
 */
export function listenForAnswers(fn) {
  if (!hasChannel()) return () => {};
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = async ({ data }) => {
    if (data?.type !== "answer" || typeof data.text !== "string" || typeof data.id !== "string") return;
    let taken = false;
    try {
      taken = (await fn(data.text)) !== false;
    } catch {
      taken = false; // an answer this tab cannot use: the other tab says so itself
    }
    try {
      if (taken) channel.postMessage({ type: "taken", id: data.id });
    } catch {
      /* stopped meanwhile */
    }
  };
  return () => channel.close();
}
