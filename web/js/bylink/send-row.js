// A link to send, in a field with Send (the phone's share sheet where there is one, a copy
// elsewhere) and Copy beside a share sheet: the by-link panel's (bylink.js) and the live panel's
// (live/live-panel.js), each with test ids of its own.

import { h } from "../base/dom.js";
import { t } from "../i18n/messages.js";

/**
 * The row and its status line: [row, status]. `url` is the link, `text` the share sheet's
 * message (from the friend's side), `name` the friend it goes to (null: unnamed), `label` the
 * field's, `id` the test ids' prefix ("bylink": bylink-link, bylink-send, bylink-copy,
 * bylink-status); `extra` more buttons for the row.
 */
export function sendRow({ url, text, name = null, label = t("fair.link-label"), id = "bylink", extra = [] }) {
  const field = h("input", {
    class: "tg-bylink-link",
    readonly: true,
    value: url,
    dataset: { testid: `${id}-link` },
    aria: { label },
  });
  const status = h("p", { class: "tg-bylink-status", role: "status", dataset: { testid: `${id}-status` } });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      status.textContent = name ? t("bylink.copied", { name }) : t("fair.copied");
    } catch {
      field.focus();
      field.select(); // no clipboard permission: selected for Ctrl+C
      status.textContent = t("bylink.copy-by-hand");
    }
  };
  const canShare = typeof navigator.share === "function";
  const send = async () => {
    if (!canShare) return copy();
    try {
      await navigator.share({ title: "Taluva", text, url });
      status.textContent = "";
    } catch (error) {
      if (error?.name !== "AbortError") await copy(); // refused: the link is copied instead
    }
  };
  const sendButton = button(t("bylink.send"), `${id}-send`, send, "tg-btn tg-btn-primary");
  if (canShare) sendButton.title = t("fair.share");
  const buttons = [
    sendButton,
    // Beside a share sheet, a plain copy too (a message already open elsewhere).
    canShare ? button(t("fair.copy"), `${id}-copy`, copy) : null,
    ...extra,
  ].filter(Boolean);
  return [h("div", { class: "tg-bylink-row" }, field, ...buttons), status];
}

export function button(label, testid, onclick, cls = "tg-btn") {
  return h("button", { type: "button", class: cls, dataset: { testid }, onclick }, label);
}
