// The board's input: pointer (mouse, touch, pen), pinch, wheel and resize listeners. Drags pan
// and pinches and the wheel zoom the board's camera; a tap or click activates the hex under it;
// the handlers get the same intents and event shapes whatever the device:
//   onHover(hex | null, {pointerType, clientX, clientY})   the mouse moved onto another hex
//   onPointer(clientX, clientY)                            the mouse moved within the same hex
//   onActivate(hex, {pointerType, clientX, clientY})       a click or tap that did not drag
//   onRotate(+1 | -1)                                      Shift/Alt + wheel, one per notch
//   onPan()                                                a drag ended

export class BoardInput {
  /**
   * `board`: hitTest, zoomBy, panBy, handlers, canvas; `resize`: measure the canvas again.
   * `still`: a picture, not a board to play on (the embed's preview): only resizes are followed,
   * so the wheel and a finger scroll the page around it and a click is the page's.
   */
  constructor(board, resize, { still = false } = {}) {
    this.board = board;
    this.pointers = new Map();
    this.pinch = null;
    this.hover = null;
    this.lastTouch = -Infinity; // when the last touch or pen event came
    this.wheelAcc = 0;
    this.#listen(resize, still);
  }

  #listen(resize, still) {
    const c = this.board.canvas;
    const ro = new ResizeObserver(resize);
    ro.observe(c);
    window.addEventListener("resize", resize);
    if (still) return;
    c.addEventListener("pointerdown", (e) => this.#down(e));
    c.addEventListener("pointermove", (e) => this.#move(e));
    c.addEventListener("pointerup", (e) => this.#up(e));
    c.addEventListener("pointercancel", (e) => this.#cancel(e));
    c.addEventListener("pointerleave", (e) => {
      if (e.pointerType === "mouse" && !this.pointers.size) this.#setHover(null, e);
    });
    c.addEventListener("wheel", (e) => this.#wheel(e), { passive: false });
    c.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  #local(e) {
    const rect = this.board.canvas.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top];
  }

  // Browsers follow a touch with compatibility mouse events; a "mouse" that moves right after a
  // touch is that echo, not a mouse, and must not move the hover.
  #echo(e) {
    if (e.pointerType !== "mouse") {
      this.lastTouch = performance.now();
      return false;
    }
    return performance.now() - this.lastTouch < 800;
  }

  #down(e) {
    if (this.#echo(e)) return;
    const [x, y] = this.#local(e);
    this.board.canvas.setPointerCapture?.(e.pointerId);
    this.pointers.set(e.pointerId, { x, y, x0: x, y0: y, type: e.pointerType, moved: false });
    if (this.pointers.size === 2) this.pinch = this.#pinchInfo();
  }

  #move(e) {
    if (this.#echo(e)) return;
    const [x, y] = this.#local(e);
    const p = this.pointers.get(e.pointerId);
    if (!p) {
      if (e.pointerType === "mouse") this.#setHover(this.board.hitTest(x, y), e);
      return;
    }
    const dx = x - p.x;
    const dy = y - p.y;
    p.x = x;
    p.y = y;
    // A press becomes a drag past a few pixels (more for a finger), and then never taps.
    if (!p.moved && Math.hypot(x - p.x0, y - p.y0) > (p.type === "mouse" ? 5 : 10)) p.moved = true;
    if (this.pointers.size >= 2 && this.pinch) this.#pinchMove();
    else if (p.moved) this.board.panBy(dx, dy);
    if (p.type === "mouse" && !p.moved) this.#setHover(this.board.hitTest(x, y), e);
  }

  // Two fingers: zoom by their spread about their midpoint, and pan with the midpoint.
  #pinchMove() {
    const now = this.#pinchInfo();
    this.board.zoomBy(now.d / this.pinch.d, now.x, now.y);
    this.board.panBy(now.x - this.pinch.x, now.y - this.pinch.y);
    this.pinch = now;
    for (const q of this.pointers.values()) q.moved = true;
  }

  #up(e) {
    const p = this.pointers.get(e.pointerId);
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (!p || p.moved || this.pointers.size) {
      if (p?.moved) this.board.handlers.onPan?.();
      return;
    }
    if (e.button > 0) return;
    this.#tap(p, e);
  }

  #tap(p, e) {
    const [x, y] = this.#local(e);
    const hex = this.board.hitTest(x, y);
    if (p.type === "mouse") this.#setHover(hex, e);
    this.board.handlers.onActivate?.(hex, { pointerType: p.type, clientX: e.clientX, clientY: e.clientY });
  }

  #cancel(e) {
    this.pointers.delete(e.pointerId);
    this.pinch = null;
  }

  #pinchInfo() {
    const [a, b] = [...this.pointers.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.max(10, Math.hypot(a.x - b.x, a.y - b.y)) };
  }

  #wheel(e) {
    e.preventDefault();
    if (e.shiftKey || e.altKey) {
      this.#wheelRotate(e);
      return;
    }
    const [x, y] = this.#local(e);
    this.board.zoomBy(wheelZoom(e), x, y);
    this.#setHover(this.board.hitTest(x, y), e);
  }

  // Rotate the tile: one step per wheel notch (trackpads send many small deltas).
  #wheelRotate(e) {
    this.wheelAcc += wheelDelta(e);
    if (Math.abs(this.wheelAcc) >= 40 || e.deltaMode !== 0) {
      this.board.handlers.onRotate?.(this.wheelAcc > 0 ? 1 : -1);
      this.wheelAcc = 0;
    }
  }

  #setHover(hex, e) {
    if (sameHex(hex, this.hover)) {
      if (hex) this.board.handlers.onPointer?.(e.clientX, e.clientY);
      return;
    }
    this.hover = hex;
    this.board.handlers.onHover?.(hex, {
      pointerType: e.pointerType || "mouse",
      clientX: e.clientX,
      clientY: e.clientY,
    });
  }
}

function sameHex(a, b) {
  return a === b || (!!a && !!b && a.q === b.q && a.r === b.r);
}

function wheelDelta(e) {
  return e.deltaY || e.deltaX;
}

// Line and page deltas count as so many pixels; a trackpad pinch (ctrl + wheel) zooms faster.
function wheelZoom(e) {
  const unit = e.deltaMode === 1 ? 20 : e.deltaMode === 2 ? 300 : 1;
  return Math.exp(-wheelDelta(e) * unit * (e.ctrlKey ? 0.01 : 0.0015));
}
