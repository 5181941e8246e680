// What the engine worker tells the page while it boots: the stage it is in, for the progress bar
// and for a failure to name, and when it reached each point, for the boot benchmark.

// Where each stage starts and ends on the page's progress bar, roughly by the time it takes;
// loading Pyodide itself is most of the wait.
const STAGES = {
  restore: [0.05, 0.95], // the snapshot route, all in one
  runtime: [0.05, 0.6],
  installer: [0.6, 0.72],
  engine: [0.72, 0.9],
  import: [0.9, 0.98],
  ready: [1, 1],
};

// When the boot reached each point, in ms since the epoch (so the page can set them beside its
// own marks): sent with "ready" for the boot benchmark to say where the time goes.
export const timings = {};

/** Notes the moment the boot reached `point`. */
export const reached = (point) => (timings[point] = Math.round(performance.timeOrigin + performance.now()));

/** Notes when `promise` resolves as `point`; a failure is only heard by whoever awaits it. */
export const noteWhen = (promise, point) =>
  promise.then(
    () => reached(point),
    () => {},
  );

let stageNow = "runtime";

/** The stage the boot is in. */
export const currentStage = () => stageNow;

/** Enters `stage` and tells the page, with an English `message` for the console. */
export function progress(stage, message) {
  stageNow = stage;
  const [fraction, next] = STAGES[stage];
  postMessage({ type: "progress", stage, fraction, next, message });
}
