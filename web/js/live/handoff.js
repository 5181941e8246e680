// An answer link opened in a new tab (a chat app opens links in new tabs) handed to the
// inviter's tab, which holds the RTCPeerConnection: BroadcastChannel("taluva-live").

export const CHANNEL_NAME = "taluva-live";
/** How long the new tab waits for the inviter's tab to say it took the answer. */
export const DELIVER_MS = 1500;

/** Post an answer text to the inviter's tab: true when a tab took it, false after DELIVER_MS. */
export async function deliverAnswer(text) {
  void text;
  return false;
}

/** While an invite is pending: `fn(text)` for each answer posted; returns `stop()`. */
export function listenForAnswers(fn) {
  void fn;
  return () => {};
}
