// Which language the page speaks: the link's (`&lang=de`), else the one the person chose in the
// language menu, else the first of the browser's languages the page has, else English. Pure: the
// caller passes what it knows (the hash, the stored choice, navigator.languages).

export const FALLBACK = "en";

/**
 * The tag of `available` that serves `wanted` (a BCP 47 tag such as "de-AT" or "zh-TW"), or
 * null: the same tag, else the same language. Every Chinese tag gets the page's one Chinese
 * (Traditional, the rulebook's), rather than English.
 */
export function matchLanguage(wanted, available) {
  if (typeof wanted !== "string" || !wanted) return null;
  const lower = wanted.toLowerCase();
  const exact = available.find((tag) => tag.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split("-")[0];
  return available.find((tag) => tag.toLowerCase().split("-")[0] === base) ?? null;
}

/** The language to show, from the link's, the chosen and the browser's (in that order). */
export function chooseLanguage({ link = null, chosen = null, browser = [], available }) {
  for (const wanted of [link, chosen, ...browser]) {
    const tag = matchLanguage(wanted, available);
    if (tag) return tag;
  }
  return available.includes(FALLBACK) ? FALLBACK : available[0];
}
