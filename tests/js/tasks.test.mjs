// base/tasks.js: steps run one a task, in order (and the steps a step returns, next), stop when
// told, and a cancelled run ends quietly; yieldToMain resolves in a later task.
import assert from "node:assert/strict";
import test from "node:test";

import { inTasks, yieldToMain } from "../../web/js/base/tasks.js";

test("yieldToMain resolves after the caller's task, not inside it", async () => {
  const seen = [];
  const later = yieldToMain().then(() => seen.push("yielded"));
  await Promise.resolve(); // microtasks of this task
  seen.push("same task");
  await later;
  assert.deepEqual(seen, ["same task", "yielded"]);
});

test("each step runs in a task of its own, in order, then done", async () => {
  const seen = [];
  inTasks([() => seen.push("a"), () => seen.push("b")], { done: () => seen.push("done") });
  assert.deepEqual(seen, []); // nothing in the caller's task
  await yieldToMain();
  assert.deepEqual(seen, ["a"]);
  await yieldToMain();
  assert.deepEqual(seen, ["a", "b"]);
  await yieldToMain();
  assert.deepEqual(seen, ["a", "b", "done"]);
});

test("the steps a step returns run next, each in a task of its own", async () => {
  const seen = [];
  const rows = () => [() => seen.push("row 1"), () => seen.push("row 2")];
  inTasks([() => (seen.push("head"), rows()), () => seen.push("tail")], { done: () => seen.push("done") });
  await yieldToMain();
  assert.deepEqual(seen, ["head"]);
  await yieldToMain();
  assert.deepEqual(seen, ["head", "row 1"]);
  for (let i = 0; i < 3; i++) await yieldToMain();
  assert.deepEqual(seen, ["head", "row 1", "row 2", "tail", "done"]);
});

test("until() stops the steps left, and done is still called; cancel() stops everything", async () => {
  const seen = [];
  let stop = false;
  inTasks([() => seen.push("a"), () => seen.push("b")], { until: () => stop, done: () => seen.push("done") });
  await yieldToMain();
  stop = true;
  await yieldToMain();
  assert.deepEqual(seen, ["a", "done"]);
  const quiet = [];
  const run = inTasks([() => quiet.push("x")], { done: () => quiet.push("done") });
  run.cancel();
  await yieldToMain();
  await yieldToMain();
  assert.deepEqual(quiet, []);
});
