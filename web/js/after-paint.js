// Work that follows a change of the game but need not hold up its answer on screen: the URL
// hash's history.replaceState (~5 ms) and the kept game's IndexedDB write (~3.5 ms) ran inside
// the store's change event, before the board's frame. Each now runs once after the next frame
// is drawn, however many changes came before it, and at once when the page is hidden or left
// (pagehide, visibilitychange), so that a closed tab keeps its last move.

const pending = new Set();
let listening = false;

/** Run every pending piece of work now (before the page navigates away on its own, say). */
export function flushLater() {
  for (const flush of [...pending]) flush();
}

function listen() {
  if (listening || !globalThis.document) return; // (Node's unit tests: no page to leave)
  listening = true;
  addEventListener("pagehide", flushLater);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushLater();
  });
}

/**
 * `run` after the next frame: `schedule()` asks for it (once however often asked), `flush()` runs
 * it now if asked for, `cancel()` drops the request.
 */
export function afterPaint(run) {
  let asked = false;
  const cancel = () => {
    asked = false;
    pending.delete(flush);
  };
  function flush() {
    if (!asked) return;
    cancel();
    run();
  }
  return {
    schedule() {
      if (asked) return;
      asked = true;
      pending.add(flush);
      listen();
      // requestAnimationFrame runs just before the frame is drawn; the task after it, after.
      // A hidden page draws no frames.
      const task = () => setTimeout(flush, 0);
      const frames = globalThis.document?.visibilityState === "visible" && globalThis.requestAnimationFrame;
      if (frames) requestAnimationFrame(task);
      else task();
    },
    flush,
    cancel,
  };
}
