// base/after-paint.js: later work runs after the change's frame, waits while an animation holds it,
// and runs at once when the page is left; a resize observer's work runs in the next frame, once.
import assert from "node:assert/strict";
import test from "node:test";

import { afterPaint, flushLater, holdLaterWork, inNextFrame } from "../../web/js/base/after-paint.js";
import { nextTask } from "./fixtures/fakes.mjs";

test("work runs once in a task after it is asked for, however often asked", async () => {
  let runs = 0;
  const later = afterPaint(() => runs++);
  later.schedule();
  later.schedule();
  assert.equal(runs, 0);
  await nextTask();
  await nextTask();
  assert.equal(runs, 1);
});

test("work waits while an animation holds it, and runs in a task after the last release", async () => {
  let runs = 0;
  const later = afterPaint(() => runs++);
  const first = holdLaterWork();
  const second = holdLaterWork();
  later.schedule();
  await nextTask();
  await nextTask();
  assert.equal(runs, 0);
  first();
  first(); // a second release of the same hold counts for nothing
  await nextTask();
  assert.equal(runs, 0);
  second();
  assert.equal(runs, 0); // not inside the animation's last frame
  await nextTask();
  assert.equal(runs, 1);
});

test("leaving the page runs held work at once; a cancelled request never runs", async () => {
  let runs = 0;
  const later = afterPaint(() => runs++);
  const release = holdLaterWork();
  later.schedule();
  await nextTask();
  await nextTask();
  flushLater();
  assert.equal(runs, 1);
  const dropped = afterPaint(() => runs++);
  dropped.schedule();
  dropped.cancel();
  release();
  await nextTask();
  await nextTask();
  assert.equal(runs, 1);
});

test("a move's work is not run by the time limit of the move before, inside the new animation", (t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  let runs = 0;
  const later = afterPaint(() => runs++);
  const first = holdLaterWork(); // a move animates
  later.schedule();
  t.mock.timers.tick(1); // its work waits for the animation
  t.mock.timers.tick(1);
  first();
  t.mock.timers.tick(1);
  assert.equal(runs, 1);
  t.mock.timers.tick(600); // the next move, 0.6 s on
  const second = holdLaterWork();
  later.schedule();
  t.mock.timers.tick(1);
  t.mock.timers.tick(1);
  t.mock.timers.tick(1000); // past the first wait's 1.5 s limit, the second animation still runs
  assert.equal(runs, 1);
  second();
  t.mock.timers.tick(1);
  assert.equal(runs, 2);
});

// inNextFrame: work asked for in a resize observer's callback runs in the next frame, once.
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
