// Runs before the first paint (a classic script in <head>, not deferred): when a kept game will
// be resumed, the boot screen takes the look it will have beside that game, a strip along the
// bottom, from the first frame, instead of a centred screen that jumps into the strip once the
// game is drawn (boot-page.js, showPreview). The sign is the note of the game played last that
// games/library.js keeps; ES5, like browser-check.js, and nothing but one attribute.
(function () {
  "use strict";
  try {
    if (window.localStorage.getItem("taluva.games.latest")) document.documentElement.setAttribute("data-resume", "1");
  } catch (_error) {
    // storage refused: the centred boot screen, as on a first visit
  }
})();
