// Work that follows a change of the game but need not hold up its answer on screen: the URL
// hash's history.replaceState (~5 ms) and the kept game's IndexedDB write (~3.5 ms, ~25 ms
// together on a 4x slower CPU). Each runs once after the next frame is drawn, however many
// changes came before it, and, while the board animates a move (it holds `holdLaterWork()`),
// only once the animation has ended: in its first frames that work made frames miss their
// vsync. At once when the page is hidden or left (pagehide, visibilitychange), so that a closed
// tab keeps its last move. Also here, at the end: inNextFrame, for a resize observer's work.

const pending = new Set();
let listening = false;

// Holds taken by running animations, and the work waiting for the last to be released (each
// with its MAX_HOLD_MS timer, cleared when it runs: a stale timer would run the next move's work
// in the middle of that move's animation).
let holds = 0;
const afterHolds = new Map();
// However long an animation claims to run, work waits no longer than this after its frame.
const MAX_HOLD_MS = 1500;

/** Run every pending piece of work now (before the page navigates away on its own, say). */
export function flushLater() {
  for (const flush of [...pending]) flush();
}

/**
 * Later work waits until the returned `release()` is called (once; more calls do nothing). The
 * board takes one for each move it animates.
 */
export function holdLaterWork() {
  holds++;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    holds--;
    if (holds) return;
    const waiting = [...afterHolds.keys()];
    waiting.forEach(stopWaiting);
    // A task after the animation's last frame, not inside it.
    if (waiting.length) setTimeout(() => waiting.forEach((flush) => flush()), 0);
  };
}

function listen() {
  if (listening || !globalThis.document) return; // (Node's unit tests: no page to leave)
  listening = true;
  addEventListener("pagehide", flushLater);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushLater();
  });
}

// After the frame: now, or once no animation holds later work (at most MAX_HOLD_MS on).
function whenCalm(flush) {
  if (!holds) return flush();
  stopWaiting(flush);
  afterHolds.set(
    flush,
    setTimeout(() => {
      afterHolds.delete(flush);
      flush();
    }, MAX_HOLD_MS),
  );
}

function stopWaiting(flush) {
  clearTimeout(afterHolds.get(flush));
  afterHolds.delete(flush);
}

/**
 * `run` after the next frame (and after a running animation): `schedule()` asks for it (once
 * however often asked), `flush()` runs it now if asked for, `cancel()` drops the request.
 */
export function afterPaint(run) {
  let asked = false;
  const cancel = () => {
    asked = false;
    pending.delete(flush);
    stopWaiting(flush);
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
      const task = () => setTimeout(() => whenCalm(flush), 0);
      const frames = globalThis.document?.visibilityState === "visible" && globalThis.requestAnimationFrame;
      if (frames) requestAnimationFrame(task);
      else task();
    },
    flush,
    cancel,
  };
}

// Work put off to the next animation frame, once however often it is asked for before then: what
// a ResizeObserver's callback does that changes the size of an element observed (its own or
// another observer's). Done inside the callback, that new size comes in the same frame's delivery,
// where the browser may skip it and report "ResizeObserver loop completed with undelivered
// notifications"; in the next frame it is an ordinary new size, observed as any other.
/** A function that runs `fn` in the next animation frame: once, however often it is called first. */
export function inNextFrame(fn) {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      fn();
    });
  };
}
