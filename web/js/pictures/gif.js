// A range of a game's steps as an animated GIF, made in the page: each step's position comes
// from the engine (bridge stateAt), and the GIF worker (gif-worker.js, a module worker of its
// own) draws and encodes the frames, one per step. Where workers have no OffscreenCanvas the
// page draws the frames itself and the worker only encodes them.

import { GIF_SIZE, paintFrame } from "./gif-frame.js";

/** How long each step shows, and the last one (the GIF then starts again), in ms. */
export const GIF_DELAY = 800;
export const GIF_LAST_DELAY = 3000;

/** The steps a GIF of [first, last] holds, clamped to a game of `total` steps: {first, last}. */
export function gifRange(first, last, total) {
  const clamp = (n, fallback) => Math.max(0, Math.min(total, Number.isFinite(n) ? Math.trunc(n) : fallback));
  const a = clamp(first, 0);
  const b = clamp(last, total);
  return a <= b ? { first: a, last: b } : { first: b, last: a };
}

/** A frame's data from the engine's state at `step` and the seats' names. */
export function frameOf(state, step, total, names) {
  return {
    hexes: state.hexes,
    tiles: state.tiles,
    seats: state.players.map((p, i) => ({
      name: names[i] ?? "",
      built: p.built,
      current: state.phase !== "over" && state.current === i,
    })),
    step,
    total,
  };
}

/**
 * The GIF of steps first..last (one frame each) of the engine's game of `total` steps, as a
 * Blob. `names`: the seats' names; `colours`: their colour objects; `onProgress(phase, done,
 * count)`: phase "read" (the engine's states) then "draw" (frames encoded).
 */
export async function makeGif({ engine, first, last, total, names, colours, onProgress = () => {} }) {
  const count = last - first + 1;
  const frames = [];
  for (let step = first; step <= last; step++) {
    frames.push(frameOf(await engine.call("stateAt", { step }), step, total, names));
    onProgress("read", frames.length, count);
  }
  const hold = frames[frames.length - 1].hexes; // the island only grows: its last frame holds all
  const job = { colours, hold, delay: GIF_DELAY, lastDelay: GIF_LAST_DELAY };
  const gif = await inWorker(
    typeof OffscreenCanvas === "undefined" ? { ...job, ...drawnHere(frames, colours, hold) } : { ...job, frames },
    (done) => onProgress("draw", done, count),
  );
  return new Blob([gif], { type: "image/gif" });
}

// Frames drawn on the page (no OffscreenCanvas): their pixels, handed to the worker.
function drawnHere(frames, colours, hold) {
  const { w, h } = GIF_SIZE;
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  const pixels = frames.map((frame) => {
    paintFrame(ctx, frame, colours, hold);
    return ctx.getImageData(0, 0, w, h).data.buffer;
  });
  return { pixels, width: w, height: h };
}

function inWorker(message, onDrawn) {
  // From the page's folder, not this module's: the built site has this module in a chunk of js/.
  const worker = new Worker(new URL("js/pictures/gif-worker.js", document.baseURI), { type: "module" });
  return new Promise((resolve, reject) => {
    worker.addEventListener("message", ({ data }) => {
      if (data.progress) return onDrawn(data.progress);
      worker.terminate();
      if (data.gif) resolve(data.gif);
      else reject(new Error(data.error || "the GIF could not be made"));
    });
    worker.addEventListener("error", (event) => {
      worker.terminate();
      reject(new Error(event.message || "the GIF worker did not start"));
    });
    worker.postMessage(message, message.pixels ?? []);
  });
}
