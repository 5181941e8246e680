// Runs before the first paint (a classic script in <head>, not deferred), so that the page's
// first frame already has the look it keeps; ES5, like browser-check.js, and nothing but
// attributes.
//
// The theme: <html data-theme> is "light" or "dark", as the person chose in the menu
// (screen/theme-menu.js keeps "system", "light" or "dark" on this device) or, by default, as the
// system's prefers-color-scheme says; css/palette.css holds both palettes. "System" follows a
// change of the system's theme at once, and a choice in the menu is told here by a
// "taluva:theme" event, so that the theme is applied in one place.
//
// The boot screen: when a game will be drawn before the engine is up (a kept game resumed, or a
// link that carries its board's picture, b=), the boot screen takes the look it will have beside
// that game, a strip along the bottom, from the first frame, instead of a centred screen that
// jumps into the strip once the game is drawn (boot-page.js, showPreview). The signs are the note
// of the game played last that games/library.js keeps, and the hash's g= and b= fields.
(function () {
  "use strict";
  var root = document.documentElement;

  function stored(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (_error) {
      return null; // storage refused: the system's theme, the centred boot screen
    }
  }

  var system = window.matchMedia ? window.matchMedia("(prefers-color-scheme: light)") : null;
  var chosen = stored("taluva.theme");
  function applyTheme() {
    var light = chosen === "light" || (chosen !== "dark" && Boolean(system && system.matches));
    var theme = light ? "light" : "dark";
    root.setAttribute("data-theme", theme);
    // The browser's own parts (scroll bars, a page not yet styled) in the same theme.
    var meta = document.querySelector('meta[name="color-scheme"]');
    if (meta) meta.setAttribute("content", theme);
  }
  applyTheme();
  if (system && system.addEventListener) system.addEventListener("change", applyTheme);
  else if (system && system.addListener) system.addListener(applyTheme); // Safari before 14
  window.addEventListener("taluva:theme", function (event) {
    chosen = event.detail;
    applyTheme();
  });

  if (/(^#|&)g=[^&]/.test(location.hash) && /&b=[A-Za-z0-9_-]/.test(location.hash)) {
    root.setAttribute("data-resume", "link");
  } else if (stored("taluva.games.latest")) {
    root.setAttribute("data-resume", "1");
  }
})();
