// The header's language menu: the build's languages, each by its own name. A choice is kept
// with the person's preferences and the page reopens in it (every text on screen, the dialogs'
// included, is then in one language; the game in progress is kept and resumes).

import { h } from "../screen/dom.js";
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
  history.replaceState(history.state, "", `${location.pathname}${location.search}${withoutLanguage(location.hash)}`);
  location.reload();
}

/** The menu, a native select (`languages`: [{tag, name}]); `onChoose(tag)` by default reopens. */
export function createLanguageMenu({ languages, onChoose = reopenIn }) {
  const label = t("language.menu");
  const select = h(
    "select",
    {
      class: "tg-lang",
      title: label,
      aria: { label },
      dataset: { testid: "language" },
      onchange: () => onChoose(select.value),
    },
    languages.map(({ tag, name }) => h("option", { value: tag, lang: tag, selected: tag === currentLanguage() }, name)),
  );
  return select;
}
