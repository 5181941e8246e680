// base/frames.js: work asked for in an observer's callback runs in the next frame, once.
import assert from "node:assert/strict";
import test from "node:test";

import { inNextFrame } from "../../web/js/base/frames.js";

test("the work runs in the next frame, once however often it was asked for, and again after", () => {
  const frames = [];
  globalThis.requestAnimationFrame = (callback) => frames.push(callback);
  try {
    let runs = 0;
    const later = inNextFrame(() => runs++);
    later();
    later();
    assert.equal(runs, 0); // not in the callback that asked
    assert.equal(frames.length, 1);
    frames.shift()();
    assert.equal(runs, 1);
    later();
    frames.shift()();
    assert.equal(runs, 2);
  } finally {
    delete globalThis.requestAnimationFrame;
  }
});
