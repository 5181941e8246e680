// The header's language menu: the build's languages, each by its own name. A choice is kept
// with the person's preferences and the page reopens in it (every text on screen, the dialogs'
// included, is then in one language; the game in progress is kept and resumes).

import { flushLater } from "../after-paint.js";
import { h } from "../base/dom.js";
import { ICONS } from "../base/icons.js";
import { storeLanguage } from "./language.js";
import { currentLanguage, t } from "./messages.js";

/** The hash without its `lang=` field: a link's language would outvote the person's choice. */
export function withoutLanguage(hash) {
  const fields = String(hash ?? "")
    .replace(/^#/, "")
    .split("&")
    .filter((field) => field && !field.startsWith("lang="));
  return fields.length ? `#${fields.join("&")}` : "";
}

function reopenIn(tag) {
  storeLanguage(tag);
  flushLater(); // the hash of the last move, and its kept game, before the page reopens
  history.replaceState(history.state, "", `${location.pathname}${location.search}${withoutLanguage(location.hash)}`);
  location.reload();
}

/**
 * The menu: a globe and the language's short tag, with a native select laid over them (its own
 * list on every device, by keyboard too), so it takes little room in a phone's header.
 * `languages`: [{tag, name}]; `onChoose(tag)` by default reopens the page in it.
 */
export function createLanguageMenu({ languages, onChoose = reopenIn }) {
  const label = t("language.menu");
  const current = currentLanguage();
  const option = ({ tag, name }) => h("option", { value: tag, lang: tag, selected: tag === current }, name);
  // Only the page's own language at first: each other name in its own script (繁體中文 above all)
  // sends the first layout through the system's font fallback, a long task on a slow phone. The
  // others join when the page is idle after its start, or before the list can open: on the first
  // pointer press, focus or key.
  const select = h(
    "select",
    {
      title: label,
      aria: { label },
      dataset: { testid: "language" },
      onchange: () => onChoose(select.value),
    },
    languages.filter(({ tag }) => tag === current).map(option),
  );
  const fillIn = () => {
    if (select.options.length === languages.length) return;
    select.replaceChildren(...languages.map(option));
  };
  for (const type of ["pointerdown", "focus", "keydown", "mousedown", "touchstart"])
    select.addEventListener(type, fillIn, { passive: true });
  if ("requestIdleCallback" in window) requestIdleCallback(fillIn, { timeout: 5000 });
  else setTimeout(fillIn, 2000);
  return h(
    "span",
    { class: "tg-btn tg-lang" },
    ICONS.language(),
    h("span", { class: "tg-lang-tag", aria: { hidden: "true" } }, current.split("-")[0].toUpperCase()),
    select,
  );
}
