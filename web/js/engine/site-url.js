// The site the engine worker boots from: every file it loads comes from this origin, named by its
// path relative to the site root (as boot-config.js lists them).

const SITE = new URL("../../", import.meta.url);

/** The site root's absolute URL. */
export const siteRoot = SITE.href;

/** The absolute URL of a site path. */
export const siteUrl = (path) => new URL(path, SITE).href;

/** The site path of an absolute URL of this site. */
export const sitePath = (url) => url.slice(SITE.href.length);
