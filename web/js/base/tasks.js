// Work cut into tasks: each step runs in a task of its own, so that no one task holds the page
// (a phone's tap waits for the task it arrives in, and a frame for the task it falls in).

// Every caller's yield goes through one channel: a message posted to it is a task of its own,
// without the 4 ms that nested timers are clamped to after the fifth.
let channel = null;
const resumes = [];

function messageTask() {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => {
      resumes.shift()?.();
      if (!resumes.length) channel.port1.unref?.(); // (Node: an idle port keeps no process up)
    };
  }
  channel.port1.ref?.();
  return new Promise((resolve) => {
    resumes.push(resolve);
    channel.port2.postMessage(null);
  });
}

/**
 * Resolves in a later task, once the browser has had the chance to draw a frame and to handle
 * input: `scheduler.yield()` where the browser has it (the rest then runs before tasks queued
 * since, at the caller's priority), else a message-channel task.
 */
export function yieldToMain() {
  const scheduler = globalThis.scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return messageTask();
}

/**
 * Run `steps` (functions) one a task, in order; stop early once `until()` is true; then call
 * `done()`. A step may return more steps: they run next, each in a task of its own (a panel's
 * rows, one a task). Returns {cancel()}: a cancelled run takes no further step and does not call
 * done.
 */
export function inTasks(steps, { until = () => false, done = () => {} } = {}) {
  const waiting = [...steps];
  let cancelled = false;
  (async () => {
    for (;;) {
      await yieldToMain();
      if (cancelled) return;
      const step = waiting.shift();
      if (!step || until()) return done();
      const more = step();
      if (Array.isArray(more)) waiting.unshift(...more);
    }
  })();
  return { cancel: () => (cancelled = true) };
}
