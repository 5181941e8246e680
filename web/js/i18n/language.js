// The page's language at start: chosen (choose.js) from the link, the person's stored choice and
// the browser's languages. English is built into the page (js/i18n/english.js, written by the
// build from web/i18n/en/), so every text can be said at once and whatever else fails; another
// language's catalogue is fetched from this site (milliseconds) and put in front of English,
// which still fills any gap. <html lang> follows.

import { chooseLanguage, FALLBACK } from "./choose.js";
import { Catalogue, setCatalogue } from "./messages.js";

const STORED = "taluva.language";

/** The language the person chose in the menu, if the browser keeps it. */
export function storedLanguage() {
  try {
    return window.localStorage.getItem(STORED);
  } catch {
    return null; // storage blocked: the browser's languages decide
  }
}

export function storeLanguage(tag) {
  try {
    window.localStorage.setItem(STORED, tag);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

async function fetchCatalogue(tag, base, fallback) {
  const response = await fetch(new URL(`i18n/${tag}.json`, base));
  if (!response.ok) throw new Error(`the ${tag} catalogue is missing (HTTP ${response.status})`);
  const { messages } = await response.json();
  return new Catalogue(tag, messages, fallback);
}

/**
 * Set English now, then choose and load the page's language; resolves with its tag. `languages`
 * is the build's list ([{tag, name}]); `link` the hash's `lang`, if any; `base` the site's root
 * URL; `english` the built-in messages; `remembered` false where the page must not read storage
 * (the embed, in other sites' frames).
 */
export async function startLanguage({ languages, link = null, base, english, remembered = true }) {
  const fallback = new Catalogue(FALLBACK, english);
  setCatalogue(fallback);
  document.documentElement.lang = FALLBACK;
  const available = languages.map((l) => l.tag);
  const chosen = remembered ? storedLanguage() : null;
  const tag = chooseLanguage({ link, chosen, browser: navigator.languages ?? [], available });
  if (tag === FALLBACK) return tag;
  try {
    setCatalogue(await fetchCatalogue(tag, base, fallback));
    document.documentElement.lang = tag;
    return tag;
  } catch (error) {
    console.warn(`Taluva: the ${tag} texts could not be loaded; showing English.`, error);
    return FALLBACK;
  }
}
