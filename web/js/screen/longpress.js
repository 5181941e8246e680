// Touch screens have no hover: a long press on anything with a title (a header icon, a seat's
// shortened name, a level's description) shows that title in a bubble beside it, and the press
// does not also act as a tap.

import { h } from "../base/dom.js";

const PRESS_MS = 500;
const SHOWN_MS = 2500;
const SLOP_PX = 10; // a finger that moves this far is scrolling, not pressing

export function longPressTitles(root) {
  const bubble = h("div", { class: "tg-press-tip", role: "tooltip", hidden: true, dataset: { testid: "press-tip" } });
  let timer = 0;
  let hideTimer = 0;
  let start = null;
  let held = null; // the element under a finger that may become a long press
  let pressed = null; // the element whose title shows: its click (the finger lifted) is swallowed

  const cancel = () => {
    clearTimeout(timer);
    timer = 0;
    held = null;
  };
  const hide = () => {
    bubble.hidden = true;
  };

  function show(el) {
    pressed = el;
    bubble.textContent = el.title;
    // In the open dialog if the element is in one: a modal dialog covers everything outside it.
    (el.closest("dialog[open]") ?? root).append(bubble);
    bubble.hidden = false;
    const r = el.getBoundingClientRect();
    const b = bubble.getBoundingClientRect();
    const left = Math.max(4, Math.min(innerWidth - b.width - 4, r.left + r.width / 2 - b.width / 2));
    const below = r.bottom + 6 + b.height < innerHeight;
    bubble.style.setProperty("left", `${left}px`);
    bubble.style.setProperty("top", `${below ? r.bottom + 6 : Math.max(4, r.top - b.height - 6)}px`);
    clearTimeout(hideTimer);
    hideTimer = setTimeout(hide, SHOWN_MS);
  }

  root.addEventListener("pointerdown", (e) => {
    pressed = null;
    hide();
    if (e.pointerType !== "touch") return;
    const el = e.target.closest?.("[title]");
    if (!el?.title) return;
    cancel();
    start = { x: e.clientX, y: e.clientY };
    held = el;
    timer = setTimeout(() => show(el), PRESS_MS);
  });
  root.addEventListener("pointermove", (e) => {
    if (timer && start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > SLOP_PX) cancel();
  });
  for (const type of ["pointerup", "pointercancel"]) root.addEventListener(type, cancel);
  // The system's own long press (a menu, or selecting the text) would cover the bubble: where it
  // comes before the timer, it shows the title at once.
  root.addEventListener("contextmenu", (e) => {
    if (held && !pressed) {
      const el = held;
      cancel();
      show(el);
    }
    if (pressed) e.preventDefault();
  });
  root.addEventListener(
    "click",
    (e) => {
      if (pressed && pressed.contains(e.target)) {
        e.preventDefault();
        e.stopPropagation();
      }
      pressed = null;
    },
    true,
  );
}
