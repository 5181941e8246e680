// base/tasks.js: steps run one a task, in order, stop when told, and a cancelled run ends quietly.
import assert from "node:assert/strict";
import test from "node:test";

import { inTasks } from "../../web/js/base/tasks.js";

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

test("each step runs in a task of its own, in order, then done", async () => {
  const seen = [];
  inTasks([() => seen.push("a"), () => seen.push("b")], { done: () => seen.push("done") });
  assert.deepEqual(seen, []); // nothing in the caller's task
  await nextTask();
  assert.deepEqual(seen, ["a"]);
  await nextTask();
  assert.deepEqual(seen, ["a", "b"]);
  await nextTask();
  assert.deepEqual(seen, ["a", "b", "done"]);
});

test("until() stops the steps left, and done is still called; cancel() stops everything", async () => {
  const seen = [];
  let stop = false;
  inTasks([() => seen.push("a"), () => seen.push("b")], { until: () => stop, done: () => seen.push("done") });
  await nextTask();
  stop = true;
  await nextTask();
  assert.deepEqual(seen, ["a", "done"]);
  const quiet = [];
  const run = inTasks([() => quiet.push("x")], { done: () => quiet.push("done") });
  run.cancel();
  await nextTask();
  await nextTask();
  assert.deepEqual(quiet, []);
});
