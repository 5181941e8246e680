// The action menu: where one hex offers builds of several kinds, a small menu beside the
// pointer lets the person pick one.

import { h, fill } from "../base/dom.js";
import { actionLabel } from "./tooltip.js";

export function createMenu(el, { onChoose }) {
  const close = () => {
    el.hidden = true;
  };
  document.addEventListener("pointerdown", (e) => {
    if (!el.hidden && !el.contains(e.target)) close();
  });
  return {
    get open() {
      return !el.hidden;
    },
    close,
    /** Show `moves` at viewport point (x, y). */
    show(moves, x, y) {
      fill(
        el,
        moves.map((m) =>
          h(
            "button",
            {
              type: "button",
              role: "menuitem",
              class: "tg-btn tg-btn-small",
              dataset: { testid: `menu-${m.kind}`, notation: m.notation },
              onclick: () => (close(), onChoose(m)),
            },
            actionLabel(m),
          ),
        ),
      );
      el.hidden = false;
      el.style.setProperty("left", `${Math.min(window.innerWidth - el.offsetWidth - 8, x + 8)}px`);
      el.style.setProperty("top", `${Math.min(window.innerHeight - el.offsetHeight - 8, y + 8)}px`);
      el.querySelector("button")?.focus();
    },
  };
}
