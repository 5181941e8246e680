// The ICE servers a live table uses: live.json next to index.html (docs/hosting.md,
// "Live tables"). A missing or broken file means no STUN server (a warning in the console),
// never a failure: two devices on one network still find each other.

const URL_SCHEMES = /^(stun|stuns|turn|turns):[^\s]{1,250}$/;
const MAX_SERVERS = 8;

/** One entry of live.json as an RTCIceServer, or null when it is not one. */
function readServer(entry) {
  const urls = typeof entry?.urls === "string" ? [entry.urls] : entry?.urls;
  const good = Array.isArray(urls) && urls.length && urls.every((u) => typeof u === "string" && URL_SCHEMES.test(u));
  if (!good) return null;
  const server = { urls: typeof entry.urls === "string" ? entry.urls : [...urls] };
  // A hoster's own TURN relay carries its credentials; none is ever configured by default.
  for (const key of ["username", "credential"]) if (typeof entry[key] === "string") server[key] = entry[key];
  return server;
}

/** The usable entries of live.json's `iceServers` (pure): all or none, with the reason for none. */
export function readIceConfig(config) {
  const list = config?.iceServers;
  if (!Array.isArray(list)) return { servers: [], problem: "it has no iceServers list" };
  const servers = list.slice(0, MAX_SERVERS).map(readServer);
  const bad = servers.indexOf(null);
  if (bad >= 0) return { servers: [], problem: `entry ${bad + 1} is not an ICE server` };
  return { servers, problem: null };
}

/**
 * `[{urls, ...}]` from live.json (next to the page: `new URL("live.json", document.baseURI)`),
 * or [] when there is none or it does not read, with a console warning. Never rejects.
 */
export async function iceServers({ url = new URL("live.json", document.baseURI), fetch = globalThis.fetch } = {}) {
  try {
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { servers, problem } = readIceConfig(await response.json());
    if (problem) console.warn(`live.json: ${problem}; live tables use no STUN server`);
    return servers;
  } catch (error) {
    console.warn(`live.json could not be read (${error?.message ?? error}); live tables use no STUN server`);
    return [];
  }
}
