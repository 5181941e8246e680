// Every dialog in one frame: its title with a ✕ at the top, its actions at the bottom, always in
// view, and between them a body that scrolls when the window is short. Dialogs are built by
// several modules (share, games, replay, review, the screen's own); each is framed once, when it
// is first opened, from its markup: a leading <h2> is the title, a trailing .tg-dialog-buttons or
// .share-end row the actions. A dialog whose only child is a <form> is framed inside the form.

import { said } from "../../i18n/page-text.js";
import { h } from "../../base/dom.js";

const FOOTERS = ".tg-dialog-buttons, .share-end";

/** Frame `dialog` now (idempotent). `backdrop`: a click beside it closes it. */
export function frameDialog(dialog, { backdrop = true } = {}) {
  if (dialog.dataset.framed) return dialog;
  dialog.dataset.framed = "1";
  const { box, title, parts, foot } = anatomy(dialog);
  const close = said(
    h(
      "button",
      { type: "button", class: "tg-dialog-x", dataset: { testid: "dialog-x" }, onclick: () => dialog.close() },
      "✕",
    ),
    { title: "help.close", label: "help.close" },
  );
  foot?.classList.add("tg-dialog-foot");
  box.classList.add("tg-dialog-frame");
  box.replaceChildren(
    h("div", { class: "tg-dialog-head" }, title, close),
    h("div", { class: "tg-dialog-body" }, parts),
    foot ?? "",
  );
  if (backdrop) closeOnBackdrop(dialog);
  return dialog;
}

// The dialog's own parts: the box that holds them (the dialog, or its only form), the title, the
// actions row and everything between.
function anatomy(dialog) {
  const only = dialog.children.length === 1 ? dialog.firstElementChild : null;
  const box = only?.tagName === "FORM" ? only : dialog;
  const parts = [...box.children];
  const title = parts[0]?.tagName === "H2" ? parts.shift() : null;
  const foot = parts.at(-1)?.matches(FOOTERS) ? parts.pop() : null;
  return { box, title, parts, foot };
}

// A click on the backdrop reaches the dialog element itself, outside its box.
function closeOnBackdrop(dialog) {
  let downOutside = false;
  const outside = (e) => {
    if (e.target !== dialog) return false;
    const r = dialog.getBoundingClientRect();
    return e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom;
  };
  // Both ends of the click outside: a text selection dragged out of the dialog does not close it.
  dialog.addEventListener("pointerdown", (e) => (downOutside = outside(e)));
  dialog.addEventListener("click", (e) => {
    if (downOutside && outside(e)) dialog.close();
    downOutside = false;
  });
}

/**
 * Frame every dialog under `root` as it opens (dialogs made later included). `keep(dialog)`:
 * true for a dialog the backdrop must not close (a question that needs its answer).
 */
export function frameDialogsIn(root, { keep = () => false } = {}) {
  const frameAll = () =>
    root.querySelectorAll("dialog:not([data-framed])").forEach((d) => frameDialog(d, { backdrop: !keep(d) }));
  frameAll();
  new MutationObserver(frameAll).observe(root, { childList: true, subtree: true });
}
