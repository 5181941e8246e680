// The page's one door to the engine: a promise-based RPC to a module Web Worker running Pyodide.
//
//   const engine = await startEngine(onProgress);
//   await engine.call('ping', {});          // -> 'pong'
//
// Requests and responses cross postMessage as JSON *strings*, exactly what taluva.bridge.handle
// takes and returns, so no JavaScript or Python object model leaks across. Calls made before the
// engine is up wait behind a single ready gate; if booting fails, the gate and every waiting call
// reject with the same BootError.

// Generous on purpose: a first visit on a slow connection downloads ~13 MB. A hang (a request
// that never completes, a worker that never answers) still ends here with a clear message.
export const DEFAULT_BOOT_TIMEOUT_MS = 180_000;

/**
 * The engine answered, but with an error (unknown method, illegal move, bad params ...). Its
 * fields come from the bridge as data: `type` (the Python class), `kind` (a stable word such as
 * illegal-move, corrupt, newer), `rule` (the RULES.md id an illegal move breaks), `reason` (the
 * sentence without the rule id) and `line` (of a record); the page never parses the message.
 */
export class EngineError extends Error {
  constructor(
    type,
    message,
    { kind = null, rule = null, reason = null, line = null, code = null, args = {}, cause = null } = {},
  ) {
    super(message);
    this.name = "EngineError";
    this.type = type;
    this.kind = kind;
    this.rule = rule;
    this.reason = reason; // English, for the console: the page phrases `code` with `args`
    this.line = line;
    this.code = code;
    this.args = args;
    this.cause = cause; // a record's illegal move: {rule, code, args}
  }
}

/** The engine could not start. `kind` says why, `stage` how far boot got. */
export class BootError extends Error {
  constructor(kind, message, { stage = null, detail = "", file = null, status = null, seconds = null } = {}) {
    super(message);
    this.name = "BootError";
    this.kind = kind;
    this.stage = stage;
    this.detail = detail;
    this.file = file; // the site path of the file to blame, if one is
    this.status = status; // its HTTP status, if it is missing
    this.seconds = seconds; // the time limit, for a timeout
  }
}

const WORKER_URL = new URL("./worker.js", import.meta.url);

/**
 * Start the engine worker and return at once: `{ ready, call, terminate, downloadsKept,
 * snapshotKept }`. `ready` resolves with `{ engine, pyodide, python, build }` versions, or rejects
 * with a BootError. `bootOptions` go to the worker as is (`keepDownloads`: see boot-fetch.js);
 * `downloadsKept` resolves once the worker has stored those copies, or has nothing (more) to
 * store; `snapshotKept` once it has kept a new memory snapshot (never, on a visit that restored
 * one or could not keep one).
 */
export function createEngine({
  onProgress = () => {},
  timeoutMs = DEFAULT_BOOT_TIMEOUT_MS,
  workerUrl = WORKER_URL,
  bootOptions = {},
} = {}) {
  const pending = new Map();
  let nextId = 1;
  let failure = null;
  let stage = "worker";
  let gate;
  const ready = new Promise((resolve, reject) => {
    gate = { resolve, reject };
  });
  // The caller may never await `ready` (it may only use call()); don't let a boot failure
  // surface as an "unhandled rejection" on top of the message the page shows.
  ready.catch(() => {});
  let downloadsDone;
  const downloadsKept = new Promise((resolve) => {
    downloadsDone = resolve;
  });

  let snapshotDone;
  const snapshotKept = new Promise((resolve) => {
    snapshotDone = resolve;
  });

  let worker = null;
  const fail = (error) => {
    if (failure) return;
    failure = error;
    clearTimeout(timer);
    downloadsDone();
    worker?.terminate();
    gate.reject(error);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };

  const timer = setTimeout(() => {
    const seconds = Math.round(timeoutMs / 1000);
    fail(new BootError("timeout", `The engine did not start within ${seconds} s.`, { stage, seconds }));
  }, timeoutMs);

  try {
    performance.mark("taluva:worker-created"); // for the boot benchmark: how long the page took to get here
    worker = new Worker(workerUrl, { type: "module", name: "taluva-engine" });
  } catch (error) {
    fail(
      new BootError("worker-failed", "This browser could not start the engine worker.", {
        stage,
        detail: String(error),
      }),
    );
    return { ready, call: () => ready, terminate() {}, downloadsKept, snapshotKept };
  }
  worker.postMessage({ type: "boot", ...bootOptions });

  worker.addEventListener("message", ({ data }) => {
    switch (data?.type) {
      case "progress":
        stage = data.stage;
        onProgress(data);
        break;
      case "ready":
        clearTimeout(timer);
        gate.resolve(data.info);
        break;
      case "boot-error":
        fail(
          new BootError(data.kind, data.message, {
            stage: data.stage,
            detail: data.detail,
            file: data.file,
            status: data.status,
          }),
        );
        break;
      case "downloads-kept":
        downloadsDone();
        break;
      case "snapshot-kept":
        snapshotDone({ bytes: data.bytes, memory: data.memory });
        break;
      case "response":
        settle(data.id, data.response);
        break;
      case "csp-violation":
        // The worker's own violations are not visible to the page otherwise.
        console.error(`Content-Security-Policy violation in the engine worker: ${data.summary}`);
        break;
    }
  });

  // A module worker that cannot be fetched or parsed (missing worker.js, a browser without
  // module workers) only fires a bare `error` event.
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    const detail = event.message || "the worker script failed to load";
    const error =
      failure ??
      new BootError("worker-failed", "The engine worker could not be loaded. Your browser may be too old for Taluva.", {
        stage,
        detail,
      });
    fail(error);
  });
  worker.addEventListener("messageerror", () => {
    fail(
      new BootError("worker-failed", "The engine worker sent a message the page cannot read.", {
        stage,
      }),
    );
  });

  function settle(id, responseJson) {
    const request = pending.get(id);
    if (!request) return;
    pending.delete(id);
    let response;
    try {
      response = JSON.parse(responseJson);
    } catch (error) {
      request.reject(new EngineError("BadResponse", `unreadable engine response: ${error}`));
      return;
    }
    if (response.ok) request.resolve(response.result);
    else {
      const { type, message, ...fields } = response.error ?? {};
      request.reject(new EngineError(type, message, fields));
    }
  }

  async function call(method, params = {}) {
    await ready;
    if (failure) throw failure;
    const id = nextId++;
    const request = JSON.stringify({ id, method, params });
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ type: "call", id, request });
    });
  }

  function terminate() {
    fail(new BootError("terminated", "The engine was stopped.", { stage }));
  }

  return { ready, call, terminate, downloadsKept, snapshotKept };
}

/**
 * Restore the kept snapshot once in a worker of its own, then end it (see rehearsal.js):
 * resolves `{ ok, problem }`, never rejects. `ok` false says why not (no snapshot, one this
 * browser does not restore, which the worker then drops, or no answer within `timeoutMs`).
 */
export function rehearseRestore({ workerUrl = WORKER_URL, timeoutMs = 60_000, Worker = globalThis.Worker } = {}) {
  return new Promise((resolve) => {
    let worker = null;
    const end = (result) => {
      clearTimeout(timer);
      worker?.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => end({ ok: false, problem: `no answer within ${timeoutMs} ms` }), timeoutMs);
    try {
      worker = new Worker(workerUrl, { type: "module", name: "taluva-engine-rehearsal" });
    } catch (error) {
      end({ ok: false, problem: String(error) });
      return;
    }
    worker.addEventListener("message", ({ data }) => {
      if (data?.type === "rehearsed") end({ ok: Boolean(data.ok), problem: data.problem ?? null });
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      end({ ok: false, problem: event.message || "the worker failed to load" });
    });
    worker.postMessage({ type: "boot", rehearsal: true });
  });
}

/**
 * Start the engine and resolve once it answers. `onProgress` gets `{ stage, fraction, next,
 * message }`: the stage begins at `fraction` (0..1) of the boot, and ends at `next`.
 */
export async function startEngine(onProgress, options = {}) {
  const engine = createEngine({ ...options, onProgress });
  await engine.ready;
  return engine;
}
