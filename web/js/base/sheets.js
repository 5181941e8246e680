// The game screen's stylesheets, fetched with the page but not holding its first paint: index.html
// links them with media="print" (no screen matches it, so the browser draws the boot screen
// without waiting for them) and data-later; the page turns them on before it builds the game
// screen, by which time they have long arrived.
//
// A sheet is turned on through its own media list (CSSOM), never the link's media attribute:
// WebKit answers a changed attribute by fetching the sheet again and swapping the new one in a
// frame or more later, keeping the old, print-only one meanwhile (with a second load event). The
// screen was then built and laid out unstyled, and the sheets' arrival resized everything at once
// while the resize observers ran ("ResizeObserver loop completed with undelivered notifications").
// A sheet's media list applies at once, in every browser.

/**
 * Turn on the stylesheets of `links` (their media "all"); resolves once each is on, or has
 * failed. A sheet that failed before it was asked for has no sheet and fires nothing more: the
 * document's load (which waits for every stylesheet) then says it is over.
 */
export function turnOnSheets(links, doc = document) {
  return Promise.all(
    [...links].map(
      (link) =>
        new Promise((resolve) => {
          const over = () => resolve(turnOn(link.sheet)); // no sheet: the screen starts unstyled
          if (link.sheet || doc.readyState === "complete") return over();
          link.addEventListener("load", over, { once: true });
          link.addEventListener("error", over, { once: true });
          doc.defaultView.addEventListener("load", over, { once: true });
        }),
    ),
  );
}

function turnOn(sheet) {
  if (sheet) sheet.media.mediaText = "all";
}

/** The page's stylesheets that wait (index.html's data-later), turned on. */
export const screenSheets = () => turnOnSheets(document.querySelectorAll("link[rel=stylesheet][data-later]"));
