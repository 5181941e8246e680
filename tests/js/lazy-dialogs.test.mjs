// dialogs/lazy.js: a dialog is built once, on first use, put in its slot, and what other modules
// add to it waits for it to be built.
import assert from "node:assert/strict";
import test from "node:test";

import { LazyDialogs } from "../../web/js/screen/dialogs/lazy.js";

function fixture() {
  const slot = {
    children: [],
    append(el) {
      this.children.push(el);
    },
  };
  const builds = [];
  const dialogs = new LazyDialogs(slot, {
    setup: () => (builds.push("setup"), { el: "setup-el" }),
    help: () => (builds.push("help"), { el: "help-el" }),
  });
  return { slot, builds, dialogs };
}

test("a dialog is built on first use only, once, into its slot", () => {
  const { slot, builds, dialogs } = fixture();
  assert.deepEqual(builds, []);
  assert.equal(dialogs.built("setup"), null); // asking whether it is built builds nothing
  const first = dialogs.get("setup");
  assert.equal(dialogs.get("setup"), first);
  assert.deepEqual(builds, ["setup"]);
  assert.deepEqual(slot.children, ["setup-el"]);
  assert.throws(() => dialogs.get("nope"), /no dialog "nope"/);
});

test("what waits for a dialog runs when it is built, or at once if it is", () => {
  const { dialogs } = fixture();
  const seen = [];
  dialogs.when("help", (d) => seen.push(`early ${d.el}`));
  assert.deepEqual(seen, []);
  dialogs.get("help");
  dialogs.when("help", (d) => seen.push(`late ${d.el}`));
  assert.deepEqual(seen, ["early help-el", "late help-el"]);
});

test("the idle build makes only the dialogs asked for that are not built yet", async () => {
  const { builds, dialogs } = fixture();
  dialogs.get("help");
  dialogs.buildWhenIdle(["help", "setup"]);
  await new Promise((resolve) => setTimeout(resolve, 200)); // Node has no requestIdleCallback
  assert.deepEqual(builds, ["help", "setup"]);
});

test("after a switch of language the closed dialogs are built again on next use; an open one stays", () => {
  const removed = [];
  const el = (name, open) => ({ name, open, remove: () => removed.push(name) });
  const slot = { append() {} };
  let builds = 0;
  const dialogs = new LazyDialogs(slot, {
    setup: () => (builds++, { el: el("setup", false) }),
    help: () => (builds++, { el: el("help", true) }),
  });
  const hooked = [];
  dialogs.when("setup", () => hooked.push("setup"));
  const setup = dialogs.get("setup");
  const help = dialogs.get("help");
  dialogs.forgetClosed();
  assert.deepEqual(removed, ["setup"]);
  assert.equal(dialogs.built("setup"), null);
  assert.equal(dialogs.built("help"), help);
  assert.notEqual(dialogs.get("setup"), setup);
  assert.equal(builds, 3);
  assert.deepEqual(hooked, ["setup", "setup"], "what other modules add is added to the new one");
});
