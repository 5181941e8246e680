// base/sheets.js: the waiting stylesheets are all turned on through their own media lists (the
// link's attribute is left alone: WebKit fetches a sheet again when it changes), and the promise
// waits for those not yet loaded (a failed one too: the screen starts all the same).
import assert from "node:assert/strict";
import test from "node:test";

import { turnOnSheets } from "../../web/js/base/sheets.js";

const printSheet = () => ({ media: { mediaText: "print" } });

function fakeLink(loaded) {
  const listeners = {};
  const link = {
    media: "print",
    sheet: loaded ? printSheet() : null,
    addEventListener: (type, fn) => (listeners[type] = fn),
    fire(type) {
      if (type === "load") link.sheet = printSheet();
      listeners[type]?.();
    },
  };
  return link;
}

test("every loaded sheet is turned on at once, its link's attribute untouched", async () => {
  const links = [fakeLink(true), fakeLink(true)];
  const turned = turnOnSheets(links);
  assert.deepEqual(
    links.map((l) => l.sheet.media.mediaText),
    ["all", "all"],
  );
  await turned;
  assert.deepEqual(
    links.map((l) => l.media),
    ["print", "print"],
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
  assert.equal(loading.sheet.media.mediaText, "all"); // on as it arrives
  await new Promise((resolve) => setTimeout(resolve));
  assert.equal(done, false);
  failing.fire("error");
  await turned;
  assert.equal(failing.sheet, null);
});
