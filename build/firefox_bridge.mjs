// Drives Debian's Firefox ESR over WebDriver BiDi (puppeteer-core) for the Python tests in
// e2e/other_browsers (drivers.py): one JSON request a line on stdin, one JSON answer a line on stdout, and the
// page's console errors and uncaught exceptions as `{event: "error"}` lines in between.
//
//   node firefox_bridge.mjs <firefox binary> [dark|light]
//
// Requests: {id, op, ...}; answers: {id, value} or {id, error}. Ops: goto {url}, reload, evaluate {fn,
// args} (a function's source, awaited), click {selector}, screenshot (the viewport, a PNG in base64),
// close.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, scheme = "dark"] = process.argv.slice(2);
const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");

const dark = scheme === "dark" ? 1 : 0;
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  defaultViewport: { width: 1280, height: 900 },
  extraPrefsFirefox: {
    // The system theme the page and its native controls see (prefers-color-scheme and widgets).
    "ui.systemUsesDarkTheme": dark,
    "layout.css.prefers-color-scheme.content-override": dark ? 0 : 1,
    // Quiet on the network: no updates, telemetry or captive-portal probes.
    "app.update.enabled": false,
    "network.captive-portal-service.enabled": false,
    "network.connectivity-service.enabled": false,
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
