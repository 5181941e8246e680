// The static texts of an HTML page (index.html, embed.html) and of the views built once (the
// game screen's header, its cards, the dialogs' titles and buttons) in the page's language:
// elements name their messages by data attributes, and translatePage() says them, when the
// language is known and again after each switch (language.js). Until then (a few milliseconds,
// from this site's own files) the HTML's English shows.
//
//   data-i18n="key"             the element's text
//   data-i18n-label="key"       its aria-label
//   data-i18n-title="key"       its title
//   data-i18n-placeholder="key" its placeholder
//   data-i18n-roledescription="key" its aria-roledescription
//   data-i18n-content="key"     its content attribute (<meta name="description">)
//   data-i18n-values="{…}"      the values the messages put in (JSON), if any

import { t } from "./messages.js";

// Each marking attribute (its dataset name) and what it fills.
const FILLS = {
  i18n: (el, text) => (el.textContent = text),
  i18nLabel: (el, text) => el.setAttribute("aria-label", text),
  i18nTitle: (el, text) => el.setAttribute("title", text),
  i18nPlaceholder: (el, text) => el.setAttribute("placeholder", text),
  i18nRoledescription: (el, text) => el.setAttribute("aria-roledescription", text),
  i18nContent: (el, text) => el.setAttribute("content", text),
};
const SELECTOR = Object.keys(FILLS)
  .map((name) => `[data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}]`)
  .join(",");

function translateElement(el) {
  const values = el.dataset.i18nValues ? JSON.parse(el.dataset.i18nValues) : undefined;
  for (const [name, fill] of Object.entries(FILLS)) {
    const key = el.dataset[name];
    if (key) fill(el, t(key, values));
  }
}

/** Say the marked texts of `root` (an element, itself included, or the document). */
export function translatePage(root = document) {
  if (root.matches?.(SELECTOR)) translateElement(root);
  for (const el of root.querySelectorAll(SELECTOR)) translateElement(el);
}

/**
 * The attributes (for h()) that mark an element's messages, and `el` said so at once:
 * `said(h("h2"), {text: "games.title"})`, `said(button, {label: "layout.zoom", title: "…"}, values)`.
 * Such words follow a switch of language with no code of the view's own. Returns `el`.
 */
export function said(el, { text, label, title, placeholder } = {}, values = undefined) {
  const marks = { i18n: text, i18nLabel: label, i18nTitle: title, i18nPlaceholder: placeholder };
  for (const [name, key] of Object.entries(marks)) if (key) el.dataset[name] = key;
  if (values !== undefined) el.dataset.i18nValues = JSON.stringify(values);
  translateElement(el);
  return el;
}
