// A yes/no question in a modal dialog (a placement that would eliminate the player).

import { t } from "../../i18n/messages.js";
import { h } from "../../base/dom.js";

export function createConfirmDialog() {
  const text = h("p", {});
  const el = h(
    "dialog",
    { class: "tg-dialog tg-confirm", aria: { labelledby: "tg-confirm-title" }, dataset: { testid: "confirm-dialog" } },
    h("h2", { id: "tg-confirm-title" }, t("confirm.title")),
    text,
    h(
      "form",
      { method: "dialog", class: "tg-dialog-buttons" },
      h("button", { value: "cancel", class: "tg-btn", dataset: { testid: "confirm-cancel" } }, t("stepbar.cancel")),
      h("button", { value: "ok", class: "tg-btn tg-btn-danger", dataset: { testid: "confirm-ok" } }, t("confirm.ok")),
    ),
  );
  return {
    el,
    /** Resolves true when the person confirms. */
    ask: (message) =>
      new Promise((resolve) => {
        text.textContent = message;
        el.returnValue = "";
        // A "close" of an earlier question may still be queued: only a close that left the
        // dialog shut answers this one.
        const onClose = () => {
          if (el.open) return;
          el.removeEventListener("close", onClose);
          resolve(el.returnValue === "ok");
        };
        el.addEventListener("close", onClose);
        el.showModal();
        el.querySelector("[value=cancel]").focus();
      }),
  };
}
