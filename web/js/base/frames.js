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
