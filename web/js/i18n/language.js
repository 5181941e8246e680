// The page's language at start: chosen (choose.js) from the link, the person's stored choice and
// the browser's languages; its catalogue fetched (with English beneath it, so that a message
// missing from a catalogue still shows in words), and <html lang> set to match.

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
 * Choose, load and set the page's language; resolves with its tag. `languages` is the build's
 * list ([{tag, name}]); `link` the hash's `lang`, if any; `base` the site's root URL.
 */
export async function startLanguage({ languages, link = null, base }) {
  const available = languages.map((l) => l.tag);
  const tag = chooseLanguage({ link, chosen: storedLanguage(), browser: navigator.languages ?? [], available });
  const english = await fetchCatalogue(FALLBACK, base, null);
  const catalogue = tag === FALLBACK ? english : await fetchCatalogue(tag, base, english);
  setCatalogue(catalogue);
  document.documentElement.lang = tag;
  return tag;
}
