// Whether this browser can connect directly to another device: entry.js offers it to the page
// (the New game dialog), live.js checks it before an invitation or a table. No connection here.

/**
 * Can this browser connect directly to another device? Not without WebRTC (WebKitGTK as Debian
 * builds it, old browsers): then the New game dialog offers no live option, an invitation says
 * so, and by link is the way to play a friend.
 */
export const canConnectLive = (scope = globalThis) => typeof scope?.RTCPeerConnection === "function";
