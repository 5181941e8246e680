// The page's language at start: chosen (choose.js) from the link, the person's stored choice and
// the browser's languages. English is built into the page (js/i18n/english.js, written by the
// build from web/i18n/en/), so every text can be said at once and whatever else fails; another
// language's catalogue is fetched from this site (milliseconds) and put in front of English,
// which still fills any gap. <html lang> follows. The language menu switches the page in place
// (switchLanguage): the same game, engine and dialogs, every view saying its words again.

import { chooseLanguage, FALLBACK } from "./choose.js";
import { Catalogue, languageChanged, setCatalogue } from "./messages.js";
import { translatePage } from "./page-text.js";

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

// The page's catalogues as loaded (English from the start), each kept with its compiled
// messages: a switch back is instant. `site`: the root URL they are fetched from.
const loaded = new Map();
let site = null;

async function fetchCatalogue(tag, base, fallback) {
  const response = await fetch(new URL(`i18n/${tag}.json`, base));
  if (!response.ok) throw new Error(`the ${tag} catalogue is missing (HTTP ${response.status})`);
  const { messages } = await response.json();
  return new Catalogue(tag, messages, fallback);
}

async function catalogueOf(tag) {
  if (!loaded.has(tag)) loaded.set(tag, await fetchCatalogue(tag, site, loaded.get(FALLBACK)));
  return loaded.get(tag);
}

/** The way `tag`'s script is written: "rtl" or "ltr" (Intl.Locale's text info where known). */
export function textDirection(tag) {
  try {
    const locale = new Intl.Locale(tag);
    const info = typeof locale.getTextInfo === "function" ? locale.getTextInfo() : locale.textInfo;
    return info?.direction === "rtl" ? "rtl" : "ltr";
  } catch {
    return "ltr";
  }
}

function speak(catalogue) {
  const tag = catalogue.tag;
  setCatalogue(catalogue);
  document.documentElement.lang = tag;
  document.documentElement.dir = textDirection(tag);
  // The web app manifest in the same language (its description; build_site.py writes one each).
  const manifest = document.querySelector('link[rel="manifest"]');
  manifest?.setAttribute("href", tag === FALLBACK ? "manifest.webmanifest" : `manifest-${tag}.webmanifest`);
}

/**
 * Set English now, then choose and load the page's language; resolves with its tag. `languages`
 * is the build's list ([{tag, name}]); `link` the hash's `lang`, if any; `base` the site's root
 * URL; `english` the built-in messages; `remembered` false where the page must not read storage
 * (the embed, in other sites' frames).
 */
export async function startLanguage({ languages, link = null, base, english, remembered = true }) {
  site = base;
  const fallback = new Catalogue(FALLBACK, english);
  loaded.set(FALLBACK, fallback);
  speak(fallback);
  const available = languages.map((l) => l.tag);
  const chosen = remembered ? storedLanguage() : null;
  const tag = chooseLanguage({ link, chosen, browser: navigator.languages ?? [], available });
  if (tag === FALLBACK) return tag;
  try {
    speak(await catalogueOf(tag));
    return tag;
  } catch (error) {
    console.warn(`Taluva: the ${tag} texts could not be loaded; showing English.`, error);
    return FALLBACK;
  }
}

/**
 * Speak `tag` from now on, in place: its catalogue is loaded (from this site, milliseconds; kept
 * for a switch back), made the page's, <html lang> and dir follow, the HTML's own texts and every
 * view re-say their words (onLanguageChange). The choice is kept for the next visit. Resolves with
 * the tag spoken; a catalogue that cannot be loaded leaves the page as it was and rejects.
 */
export async function switchLanguage(tag) {
  if (!site) throw new Error("switchLanguage() before startLanguage()");
  const catalogue = await catalogueOf(tag);
  storeLanguage(tag);
  speak(catalogue);
  translatePage();
  languageChanged();
  return tag;
}
