// The game screen's stylesheets, fetched with the page but not holding its first paint: index.html
// links them with media="print" (no screen matches it, so the browser draws the boot screen
// without waiting for them) and data-later; the page turns them on before it builds the game
// screen, by which time they have long arrived.

/** Turn on the stylesheets `links` (media="all"); resolves once each has loaded (or failed). */
export function turnOnSheets(links) {
  return Promise.all(
    [...links].map((link) => {
      link.media = "all";
      if (link.sheet) return null; // in already
      return new Promise((resolve) => {
        link.addEventListener("load", resolve, { once: true });
        link.addEventListener("error", resolve, { once: true }); // the screen still starts, unstyled
      });
    }),
  );
}

/** The page's stylesheets that wait (index.html's data-later), turned on. */
export const screenSheets = () => turnOnSheets(document.querySelectorAll("link[rel=stylesheet][data-later]"));
