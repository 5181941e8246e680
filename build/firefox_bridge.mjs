// Drives Debian's Firefox ESR over WebDriver BiDi (puppeteer-core) for the Python tests in
// e2e/other_browsers (drivers.py): one JSON request a line on stdin, one JSON answer a line on stdout, and the
// page's console errors and uncaught exceptions as `{event: "error"}` lines in between.
//
//   node firefox_bridge.mjs <firefox binary> [dark|light]
//
// Requests: {id, op, ...}; answers: {id, value} or {id, error}. Ops: goto {url}, reload, evaluate {fn,
// args} (a function's source, awaited), click {selector}, screenshot (the viewport, a PNG in base64),
// scheme {scheme} (the system theme switched live, as a visitor's desktop switches it), close.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, scheme = "dark"] = process.argv.slice(2);
const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");

// The system theme the page and its native controls see (prefers-color-scheme and widgets).
const themePrefs = (name) => {
  const dark = name === "dark" ? 1 : 0;
  return { "ui.systemUsesDarkTheme": dark, "layout.css.prefers-color-scheme.content-override": dark ? 0 : 1 };
};
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  defaultViewport: { width: 1280, height: 900 },
  // Lets BiDi run script in the browser's own window (the `scheme` op sets the theme's prefs there).
  args: ["--remote-allow-system-access"],
  extraPrefsFirefox: {
    ...themePrefs(scheme),
    // Quiet on the network: no updates, telemetry or captive-portal probes.
    "app.update.enabled": false,
    "network.captive-portal-service.enabled": false,
    "network.connectivity-service.enabled": false,
    // WebRTC between two pages on one machine (a live table's tests): host candidates over
    // loopback, as addresses rather than mDNS names.
    "media.peerconnection.ice.loopback": true,
    "media.peerconnection.ice.obfuscate_host_addresses": false,
  },
});
const page = await browser.newPage();
page.on("console", (message) => {
  if (message.type() === "error") send({ event: "error", text: `console.error: ${message.text()}` });
});
page.on("pageerror", (error) => send({ event: "error", text: `uncaught: ${error?.message ?? error}` }));

const ops = {
  async goto({ url }) {
    await page.goto(url, { waitUntil: "load", timeout: 120_000 });
  },
  async reload() {
    await page.reload({ waitUntil: "load", timeout: 120_000 });
  },
  evaluate: ({ fn, args = [] }) => page.evaluate(`(${fn})(...${JSON.stringify(args)})`),
  async click({ selector }) {
    await page.click(selector);
  },
  screenshot: () => page.screenshot({ encoding: "base64" }),
  async scheme({ scheme }) {
    // The prefs are live: set in the parent process (BiDi's chrome scope), the open profile
    // and its pages follow, with no new browser and so no second install of the engine.
    const { connection } = browser;
    const tree = await connection.send("browsingContext.getTree", { "moz:scope": "chrome" });
    const sets = Object.entries(themePrefs(scheme)).map(([name, v]) => `Services.prefs.setIntPref("${name}", ${v});`);
    const { result } = await connection.send("script.evaluate", {
      expression: sets.join(" "),
      target: { context: tree.result.contexts[0].context },
      awaitPromise: false,
    });
    if (result.type !== "success") throw new Error(`the theme's prefs were not set: ${JSON.stringify(result)}`);
  },
  async close() {
    await browser.close();
    setImmediate(() => process.exit(0));
  },
};

for await (const line of createInterface({ input: process.stdin })) {
  const { id, op, ...params } = JSON.parse(line);
  try {
    send({ id, value: (await ops[op](params)) ?? null });
  } catch (error) {
    send({ id, error: String(error?.message ?? error) });
  }
}
await browser.close();
