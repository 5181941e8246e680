// The GIF worker: a small module worker of its own (not the engine's), so that drawing and
// encoding a whole game never holds up the page. It draws each step's frame with the page's
// board renderer on an OffscreenCanvas (gif-frame.js), or takes frames the page drew where a
// worker has no OffscreenCanvas, and encodes them with gifenc (pinned in build/package.json):
// one palette for the whole GIF, made from its first and last frames, so colours do not shift
// between steps, and each later frame holds only the pixels its step changed.
//
// In:  {frames: [{hexes, tiles, seats, step, total}], colours, hold, delay, lastDelay}
//      or {pixels: [ArrayBuffer of RGBA], width, height, delay, lastDelay}
// Out: {progress: done, total} messages, then {gif: ArrayBuffer} or {error: message}.

import { GIFEncoder, applyPalette, quantize } from "../vendor/gifenc.js";
import { GIF_SIZE, paintFrame } from "./gif-frame.js";

self.addEventListener("message", ({ data }) => {
  try {
    const gif = data.frames ? encode(drawnFrames(data), data) : encode(givenFrames(data), data);
    self.postMessage({ gif }, [gif]);
  } catch (error) {
    self.postMessage({ error: String(error?.message ?? error) });
  }
});

/** Frames this worker draws: {count, width, height, rgba(i)}. */
function drawnFrames({ frames, colours, hold }) {
  const { w, h } = GIF_SIZE;
  const canvas = new OffscreenCanvas(w, h);
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  return {
    count: frames.length,
    width: w,
    height: h,
    rgba(i) {
      paintFrame(ctx, frames[i], colours, hold);
      return ctx.getImageData(0, 0, w, h).data;
    },
  };
}

function givenFrames({ pixels, width, height }) {
  return { count: pixels.length, width, height, rgba: (i) => new Uint8ClampedArray(pixels[i]) };
}

function encode(source, { delay, lastDelay }) {
  const { count, width, height } = source;
  if (!count) throw new Error("no steps to draw");
  const first = source.rgba(0);
  const last = count > 1 ? source.rgba(count - 1) : first;
  const both = new Uint8ClampedArray(first.length + last.length);
  both.set(first);
  both.set(last, first.length);
  // 255 colours and one more index for "as in the frame before": a step changes a few hexes, so
  // each later frame is mostly that index, which LZW packs to almost nothing.
  const palette = quantize(both, 255);
  const colours = palette.slice();
  const same = palette.length;
  palette.push([0, 0, 0]);
  const gif = GIFEncoder();
  let before = null;
  for (let i = 0; i < count; i++) {
    const rgba = i === 0 ? first : i === count - 1 ? last : source.rgba(i);
    const index = applyPalette(rgba, colours);
    const wait = i === count - 1 ? lastDelay : delay;
    if (!before) gif.writeFrame(index, width, height, { palette, delay: wait });
    else {
      const changed = index.slice();
      for (let p = 0; p < changed.length; p++) if (changed[p] === before[p]) changed[p] = same;
      // Kept (dispose 1): the unchanged index is transparent and shows the frame before.
      gif.writeFrame(changed, width, height, { delay: wait, transparent: true, transparentIndex: same, dispose: 1 });
    }
    before = index;
    self.postMessage({ progress: i + 1, total: count });
  }
  gif.finish();
  const bytes = gif.bytes();
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}
