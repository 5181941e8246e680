// base/sheets.js: the waiting stylesheets are all turned on, and the promise waits for those
// not yet loaded (a failed one too: the screen starts all the same).
import assert from "node:assert/strict";
import test from "node:test";

import { turnOnSheets } from "../../web/js/base/sheets.js";

function fakeLink(loaded) {
  const listeners = {};
  return {
    media: "print",
    sheet: loaded ? {} : null,
    addEventListener: (type, fn) => (listeners[type] = fn),
    fire: (type) => listeners[type]?.(),
  };
}

test("every sheet is turned on; loaded ones need no wait", async () => {
  const links = [fakeLink(true), fakeLink(true)];
  await turnOnSheets(links);
  assert.deepEqual(
    links.map((l) => l.media),
    ["all", "all"],
  );
});

test("the promise waits for a sheet still loading, and for a failed one to give up", async () => {
  const loading = fakeLink(false);
  const failing = fakeLink(false);
  let done = false;
  const turned = turnOnSheets([fakeLink(true), loading, failing]).then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve));
  assert.equal(done, false);
  loading.fire("load");
  await new Promise((resolve) => setTimeout(resolve));
  assert.equal(done, false);
  failing.fire("error");
  await turned;
  assert.equal(loading.media, "all");
});
