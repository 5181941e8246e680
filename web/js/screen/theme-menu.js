// The header's theme menu: System (the default: the system's light or dark), Light or Dark. The
// choice is kept on this device and applied at once; start-look.js applies it before the first
// paint of every later visit, and holds the one place where a choice becomes the page's theme.

import { h } from "../base/dom.js";
import { ICONS } from "../base/icons.js";
import { onLanguageChange, t } from "../i18n/messages.js";
import { said } from "../i18n/page-text.js";

const STORED = "taluva.theme";
// Each choice and its name's key.
const NAMES = { system: "theme.system", light: "theme.light", dark: "theme.dark" };
export const THEMES = Object.keys(NAMES);

/** The theme the person chose on this device: "system", "light" or "dark". */
export function storedTheme() {
  try {
    const chosen = window.localStorage.getItem(STORED);
    return THEMES.includes(chosen) ? chosen : "system";
  } catch {
    return "system"; // storage blocked: the system's theme
  }
}

/** Keep `choice` on this device and show the page in it now. */
export function chooseTheme(choice) {
  try {
    window.localStorage.setItem(STORED, choice);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  window.dispatchEvent(new CustomEvent("taluva:theme", { detail: choice }));
}

/**
 * The menu: the theme's icon (and its name in the More menu) with a native select laid over it,
 * as the language menu has (its own list on every device, by keyboard too).
 */
export function createThemeMenu({ onChoose = chooseTheme } = {}) {
  const current = storedTheme();
  // Marked words (page-text.js): they follow a switch of language like the page's own.
  const option = (theme) => said(h("option", { value: theme, selected: theme === current }), { text: NAMES[theme] });
  const select = said(h("select", { dataset: { testid: "theme" } }, THEMES.map(option)), { label: "theme.menu" });
  const say = () => (select.title = `${t("theme.menu")}: ${select.selectedOptions[0]?.textContent ?? ""}`);
  select.addEventListener("change", () => {
    onChoose(select.value);
    say();
  });
  say();
  onLanguageChange(say);
  return h(
    "span",
    { class: "tg-btn tg-lang tg-theme" },
    ICONS.theme(),
    said(h("span", { class: "tg-btn-label" }), { text: "theme.menu" }),
    select,
  );
}
