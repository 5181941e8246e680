// The header's language menu: the build's languages, each by its own name. A choice is kept
// with the person's preferences and the page speaks it at once, in place (language.js,
// switchLanguage): the same game on the same engine, every text on screen re-said, the dialogs'
// included, an open one with what was typed in it.

import { h } from "../base/dom.js";
import { ICONS } from "../base/icons.js";
import { switchLanguage } from "./language.js";
import { currentLanguage, onLanguageChange } from "./messages.js";
import { said } from "./page-text.js";

/** The hash without its `lang=` field: a link's language would outvote the person's choice. */
export function withoutLanguage(hash) {
  const fields = String(hash ?? "")
    .replace(/^#/, "")
    .split("&")
    .filter((field) => field && !field.startsWith("lang="));
  return fields.length ? `#${fields.join("&")}` : "";
}

// The address bar drops a link's language: it would outvote the choice on the next load.
async function speakIn(tag) {
  await switchLanguage(tag);
  history.replaceState(history.state, "", `${location.pathname}${location.search}${withoutLanguage(location.hash)}`);
}

const shortTag = (tag) => tag.split("-")[0].toUpperCase();

/**
 * The menu: a globe and the language's short tag, with a native select laid over them (its own
 * list on every device, by keyboard too), so it takes little room in a phone's header.
 * `languages`: [{tag, name}]; `onChoose(tag)` (a promise) by default switches the page to it.
 */
export function createLanguageMenu({ languages, onChoose = speakIn }) {
  const current = currentLanguage();
  const option = ({ tag, name }) => h("option", { value: tag, lang: tag, selected: tag === currentLanguage() }, name);
  const choose = async () => {
    try {
      await onChoose(select.value);
    } catch (error) {
      // Its catalogue could not be loaded: the page goes on in the language it speaks.
      console.warn(`Taluva: could not switch to ${select.value}:`, error);
      select.value = currentLanguage();
    }
  };
  // Only the page's own language at first: each other name in its own script (繁體中文 above all)
  // sends the first layout through the system's font fallback, a long task on a slow phone. The
  // others join when the page is idle after its start, or before the list can open: on the first
  // pointer press, focus or key.
  const select = said(
    h(
      "select",
      { dataset: { testid: "language" }, onchange: choose },
      languages.filter(({ tag }) => tag === current).map(option),
    ),
    { label: "language.menu", title: "language.menu" },
  );
  const fillIn = () => {
    if (select.options.length === languages.length) return;
    select.replaceChildren(...languages.map(option));
  };
  for (const type of ["pointerdown", "focus", "keydown", "mousedown", "touchstart"])
    select.addEventListener(type, fillIn, { passive: true });
  if ("requestIdleCallback" in window) requestIdleCallback(fillIn, { timeout: 5000 });
  else setTimeout(fillIn, 2000);
  const badge = h("span", { class: "tg-lang-tag", aria: { hidden: "true" } }, shortTag(current));
  onLanguageChange((tag) => {
    badge.textContent = shortTag(tag);
    if (select.value !== tag) select.value = tag;
  });
  return h("span", { class: "tg-btn tg-lang" }, ICONS.language(), badge, select);
}
