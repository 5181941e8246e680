// Work cut into tasks: each step runs in a task of its own, so that no one task holds the page
// (a phone's tap waits for the task it arrives in).

/**
 * Run `steps` (functions) one a task, in order; stop early once `until()` is true; then call
 * `done()`. Returns {cancel()}: a cancelled run takes no further step and does not call done.
 */
export function inTasks(steps, { until = () => false, done = () => {} } = {}) {
  const waiting = [...steps];
  let timer = setTimeout(next);
  function next() {
    const step = waiting.shift();
    if (!step || until()) return done();
    step();
    timer = setTimeout(next);
  }
  return { cancel: () => clearTimeout(timer) };
}
