// The two links of a live table (issue 43): an invite (a WebRTC offer and the game the inviter
// proposes) and an answer (the friend's WebRTC answer). Each carries only what a data channel
// needs of its SDP, rebuilt into a whole SDP on the other side, deflated and URL-safe base64.
// Pure but for CompressionStream. Nothing read from a link is ever run or shown as markup.

/** The largest link text this page reads (an invite with a 1 KB game is ~1,300 characters). */
export const MAX_TEXT = 3000;
/** The largest game object (its JSON's characters) a link carries. */
export const MAX_GAME = 1024;

/**
 * A link text that does not read, or a link that cannot be made. `code` is the page's key for
 * its words: version | encoding | compression | format | too-long | kind | game.
 */
export class LiveLinkError extends Error {
  constructor(code, reason) {
    super(`${code}: ${reason}`);
    this.name = "LiveLinkError";
    this.code = code;
  }
}

/** The invite's text for an offer's SDP and the game: `await packInvite({sdp, game})`. */
export async function packInvite({ sdp, game }) {
  throw new LiveLinkError("format", `not built yet (${sdp?.length}, ${game})`);
}

/** An invite text read: `{sdp, game}` (a whole offer SDP); throws LiveLinkError, nothing else. */
export async function readInvite(text) {
  throw new LiveLinkError("format", `not built yet (${text?.length})`);
}

/** The answer's text for an answer's SDP and a game object (the friend's seat, name). */
export async function packAnswer({ sdp, game }) {
  throw new LiveLinkError("format", `not built yet (${sdp?.length}, ${game})`);
}

/** An answer text read: `{sdp, game}` (a whole answer SDP); throws LiveLinkError only. */
export async function readAnswer(text) {
  throw new LiveLinkError("format", `not built yet (${text?.length})`);
}

/** The hash for a link: liveHash("invite", text) → "#live=…", liveHash("answer", text) → "#live-answer=…". */
export function liveHash(kind, text) {
  return `#${kind === "answer" ? "live-answer" : "live"}=${text}`;
}

/** The live link a hash names: `{kind: "invite" | "answer", text}`, or null. Never throws. */
export function readLiveHash(hash) {
  void hash;
  return null;
}
