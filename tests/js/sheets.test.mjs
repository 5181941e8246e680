// base/sheets.js: the waiting stylesheets are all turned on through their own media lists (the
// link's attribute is left alone: WebKit fetches a sheet again when it changes), and the promise
// waits for those not yet loaded (a failed one too: the screen starts all the same), never for
// one that failed before it was asked.
import assert from "node:assert/strict";
import test from "node:test";

import { turnOnSheets } from "../../web/js/base/sheets.js";

const printSheet = () => ({ media: { mediaText: "print" } });

function fakeTarget() {
  const listeners = {};
  return {
    addEventListener: (type, fn) => (listeners[type] = fn),
    fire: (type) => listeners[type]?.(),
  };
}

function fakeLink(loaded) {
  const link = { ...fakeTarget(), media: "print", sheet: loaded ? printSheet() : null };
  const fire = link.fire;
  link.fire = (type) => {
    if (type === "load") link.sheet = printSheet();
    fire(type);
  };
  return link;
}

const fakeDocument = (readyState = "interactive") => ({ readyState, defaultView: fakeTarget() });
const settled = () => new Promise((resolve) => setTimeout(resolve));

test("every loaded sheet is turned on at once, its link's attribute untouched", async () => {
  const links = [fakeLink(true), fakeLink(true)];
  const turned = turnOnSheets(links, fakeDocument());
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
  const turned = turnOnSheets([fakeLink(true), loading, failing], fakeDocument()).then(() => (done = true));
  await settled();
  assert.equal(done, false);
  loading.fire("load");
  assert.equal(loading.sheet.media.mediaText, "all"); // on as it arrives
  await settled();
  assert.equal(done, false);
  failing.fire("error");
  await turned;
  assert.equal(failing.sheet, null);
});

test("a sheet that failed before it was asked for holds nothing up", async () => {
  // The document loaded already: nothing to wait for.
  await turnOnSheets([fakeLink(false)], fakeDocument("complete"));
  // Still loading when asked: the document's load says the sheet's fetch is over.
  const doc = fakeDocument();
  let done = false;
  const turned = turnOnSheets([fakeLink(false)], doc).then(() => (done = true));
  await settled();
  assert.equal(done, false);
  doc.defaultView.fire("load");
  await turned;
});
