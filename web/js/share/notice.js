// A dismissable notice at the top of the page (a link that could not be opened, an unreadable
// save). Text only: messages may quote a link, so they are set with textContent, never as HTML.

import { t } from "../i18n/messages.js";

export function showNotice(text, { kind = "warning", testid = "share-notice" } = {}) {
  const box = document.createElement("div");
  box.className = `share-notice share-notice-${kind}`;
  box.setAttribute("role", kind === "warning" ? "alert" : "status");
  box.dataset.testid = testid;
  const message = document.createElement("p");
  message.textContent = text;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "share-notice-close";
  close.textContent = t("notice.dismiss");
  close.addEventListener("click", () => box.remove());
  box.append(message, close);
  document.body.append(box);
  return box;
}
