// The page's words: one catalogue per language (web/i18n/<tag>.json, ICU MessageFormat strings
// under flat keys), formatted with the vendored intl-messageformat (plural, select and
// selectordinal through Intl.PluralRules; numbers through Intl.NumberFormat). Every text the
// page shows goes through t(key, values); no sentence is glued together from parts.
//
// The formatter class is handed in (useFormatter) because the vendored file exists only in the
// built site; the unit tests pass the npm package's copy.

let Formatter = null;
let current = null;

/** Hand in IntlMessageFormat (js/vendor/intl-messageformat.js in the site). */
export function useFormatter(formatterClass) {
  Formatter = formatterClass;
  keepResolvedLocales(formatterClass);
}

// Every IntlMessageFormat resolves its locale afresh in its constructor, through its static
// resolveLocale (Intl's supportedLocalesOf, ~0.4 ms a message: ~45 ms of a first visit's main
// thread); the page has one language at a time, so each answer is kept. And it is the page's
// own tag, not asked of the browser: its first supportedLocalesOf loads ICU's list of locales,
// ~40 ms of the first message on a phone-speed CPU, and every language the page speaks is one
// every browser it runs in has.
function keepResolvedLocales(formatterClass) {
  const resolve = formatterClass.resolveLocale;
  if (typeof resolve !== "function" || resolve.kept) return;
  const kept = new Map();
  const own = (locales) => {
    const tag = Array.isArray(locales) ? locales[0] : locales;
    return typeof Intl.Locale === "function" && tag ? new Intl.Locale(tag) : resolve(locales);
  };
  const resolveOnce = (locales) => {
    const key = String(locales);
    if (!kept.has(key)) kept.set(key, own(locales));
    return kept.get(key);
  };
  resolveOnce.kept = true;
  formatterClass.resolveLocale = resolveOnce;
}

export class MessageError extends Error {
  constructor(message) {
    super(message);
    this.name = "MessageError";
  }
}

/** One language's messages, formatted on demand and kept compiled; `fallback` fills gaps. */
export class Catalogue {
  #compiled = new Map();

  constructor(tag, messages, fallback = null) {
    this.tag = tag;
    this.messages = messages;
    this.fallback = fallback;
  }

  has(key) {
    return Object.hasOwn(this.messages, key);
  }

  format(key, values = {}) {
    if (!this.has(key)) {
      if (this.fallback) return this.fallback.format(key, values);
      throw new MessageError(`no message "${key}" in the ${this.tag} catalogue`);
    }
    let compiled = this.#compiled.get(key);
    if (!compiled) {
      compiled = compile(this.messages[key], this.tag);
      this.#compiled.set(key, compiled);
    }
    return compiled.format(values);
  }
}

// Without braces, tags or a doubled apostrophe a message is its own text in MessageFormat (a
// lone apostrophe before a letter stays as it is). Most of the page's messages are such, and
// each IntlMessageFormat resolves its locale afresh (Intl's supportedLocalesOf): ~45 ms of a
// first visit's main thread went there.
const PLAIN = /^[^{}<]*$/;

function compile(message, tag) {
  if (PLAIN.test(message) && !message.includes("''")) return { format: () => message };
  if (!Formatter) throw new MessageError("useFormatter() was not called");
  return new Formatter(message, tag);
}

/** Make `catalogue` the page's language. */
export function setCatalogue(catalogue) {
  current = catalogue;
}

// What re-says its words when the language changes in place (language.js, switchLanguage): each
// view that made its words once, when it was built, or that shows words now (the step bar, the
// log, an open dialog).
const listeners = new Set();

/** Call `fn(tag)` after each switch of the page's language; returns what stops it. */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Tell the views that the page now speaks `catalogue`'s language (after setCatalogue). */
export function languageChanged() {
  for (const fn of [...listeners]) {
    try {
      fn(current.tag);
    } catch (error) {
      // One view that cannot re-say its words must not keep the others in the old language.
      console.error("Taluva: a view could not switch its language:", error);
    }
  }
}

export function currentLanguage() {
  return current?.tag ?? null;
}

/** `items` (strings) as one list in the page's language: "a, b and c", "a, b i c", "a、b和c". */
export function list(items, type = "conjunction") {
  return new Intl.ListFormat(current?.tag ?? "en", { style: "long", type }).format(items);
}

/** Whether the page's catalogue has `key` (for keys made from the engine's codes). */
export function hasMessage(key) {
  return Boolean(current?.has(key) || current?.fallback?.has(key));
}

/**
 * Like t(), for a message with markup tags (`<b>{name}</b> is thinking`): each tag's value is a
 * function of its contents that returns a DOM node; the result is a list of strings and nodes.
 */
export function rich(key, values) {
  const parts = t(key, values);
  return Array.isArray(parts) ? parts : [parts];
}

/** The text of `key` in the page's language, with `values` put in. */
export function t(key, values) {
  if (!current) throw new MessageError(`t("${key}") before a language was set`);
  return current.format(key, values);
}
