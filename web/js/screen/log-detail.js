// The whole turn in words beside a move log row that is pointed at or focused from the keyboard:
// the row has room for a few words only (log-panel.js). One bubble a log, just under the row (over
// the rows below it, above the row where the window ends); it takes no pointer events, and
// screen readers read the row's own words instead (it is hidden from them).

import { t } from "../i18n/messages.js";
import { h } from "../base/dom.js";

/** The bubble of log `el`: show(row, how) with how "mouse", "touch" or "keyboard"; hide(). */
export function logDetail(el) {
  const bubble = h("div", {
    class: "tg-log-detail",
    hidden: true,
    aria: { hidden: "true" },
    dataset: { testid: "log-detail" },
  });
  let row = null;

  function show(target, how) {
    if (!target) return hide();
    row = target;
    const who = `${target.querySelector(".tg-log-n")?.textContent ?? ""} ${target.querySelector(".tg-log-who")?.textContent ?? ""}`;
    bubble.replaceChildren(
      h("strong", {}, who.trim()),
      h("span", { class: "tg-log-detail-text" }, target.querySelector(".tg-log-text")?.textContent ?? ""),
      target.tabIndex >= 0 ? h("span", { class: "tg-log-detail-hint" }, t("log.open.hint", { how })) : null,
    );
    (el.closest(".tg-root") ?? document.body).append(bubble);
    bubble.hidden = false;
    const r = target.getBoundingClientRect();
    bubble.style.setProperty("left", `${Math.max(4, r.left)}px`);
    bubble.style.setProperty("width", `${Math.min(r.width, innerWidth - 8)}px`);
    const height = bubble.getBoundingClientRect().height;
    const below = r.bottom + 2 + height <= innerHeight;
    bubble.style.setProperty("top", `${below ? r.bottom + 2 : Math.max(4, r.top - height - 2)}px`);
  }

  function hide() {
    row = null;
    bubble.hidden = true;
  }

  // A scrolled log moves its rows from under the bubble.
  el.addEventListener("scroll", hide, { passive: true });
  return {
    show,
    hide,
    get row() {
      return row;
    },
  };
}
