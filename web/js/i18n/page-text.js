// The static texts of an HTML page (index.html, embed.html) in the page's language: elements
// name their message by data attributes, filled once the language is known. Until then (a few
// milliseconds, from this site's own files) the HTML's English shows.
//
//   data-i18n="key"         the element's text
//   data-i18n-label="key"   its aria-label
//   data-i18n-content="key" its content attribute (<meta name="description">)

import { t } from "./messages.js";

export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-content]")) el.setAttribute("content", t(el.dataset.i18nContent));
}
