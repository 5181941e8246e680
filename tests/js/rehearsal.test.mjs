// The snapshot's rehearsal (engine/client.js, rehearseRestore): a worker of its own is booted
// for a restore only, and ended whatever it answers, or when it does not answer in time.
import { test } from "node:test";
import assert from "node:assert/strict";
import { rehearseRestore } from "../../web/js/engine/client.js";

// A Worker as far as rehearseRestore uses it; `behave(worker, message)` plays the worker's part.
function fakeWorker(behave = () => {}) {
  const made = [];
  class Worker extends EventTarget {
    constructor(url, options) {
      super();
      this.url = String(url);
      this.options = options;
      this.sent = [];
      this.terminated = 0;
      made.push(this);
    }
    postMessage(message) {
      this.sent.push(message);
      queueMicrotask(() => behave(this, message));
    }
    answer(data) {
      this.dispatchEvent(Object.assign(new Event("message"), { data }));
    }
    terminate() {
      this.terminated += 1;
    }
  }
  return { Worker, made };
}

test("a worker booted for a rehearsal only is ended once it says the restore worked", async () => {
  const { Worker, made } = fakeWorker((worker) => {
    worker.answer({ type: "progress" }); // anything else is not the answer
    worker.answer({ type: "rehearsed", ok: true });
  });
  const result = await rehearseRestore({ Worker, workerUrl: "https://example.org/js/engine/worker.js" });
  assert.deepEqual(result, { ok: true, problem: null });
  assert.equal(made.length, 1);
  assert.equal(made[0].url, "https://example.org/js/engine/worker.js");
  assert.equal(made[0].options.type, "module");
  assert.deepEqual(made[0].sent, [{ type: "boot", rehearsal: true }]);
  assert.equal(made[0].terminated, 1);
});

test("a failed restore is reported with the worker's reason, and the worker ended", async () => {
  const { Worker, made } = fakeWorker((worker) =>
    worker.answer({ type: "rehearsed", ok: false, problem: "build id mismatch" }),
  );
  assert.deepEqual(await rehearseRestore({ Worker }), { ok: false, problem: "build id mismatch" });
  assert.equal(made[0].terminated, 1);
});

test("a worker that does not answer in time is ended, and so is one that fails to load", async () => {
  const silent = fakeWorker();
  const late = await rehearseRestore({ Worker: silent.Worker, timeoutMs: 20 });
  assert.deepEqual(late, { ok: false, problem: "no answer within 20 ms" });
  assert.equal(silent.made[0].terminated, 1);

  const broken = fakeWorker((worker) => {
    const event = new Event("error", { cancelable: true });
    event.message = "SyntaxError in worker.js";
    worker.dispatchEvent(event);
  });
  const failed = await rehearseRestore({ Worker: broken.Worker });
  assert.deepEqual(failed, { ok: false, problem: "SyntaxError in worker.js" });
  assert.equal(broken.made[0].terminated, 1);
});

test("a browser that cannot start the worker gets an answer, not an exception", async () => {
  class Worker {
    constructor() {
      throw new TypeError("module workers are not supported");
    }
  }
  const result = await rehearseRestore({ Worker });
  assert.equal(result.ok, false);
  assert.match(result.problem, /module workers are not supported/);
});
