// Runs before the first paint (a classic script in <head>, not deferred): when a game will be
// drawn before the engine is up (a kept game resumed, or a link that carries its board's picture,
// b=), the boot screen takes the look it will have beside that game, a strip along the bottom,
// from the first frame, instead of a centred screen that jumps into the strip once the game is
// drawn (boot-page.js, showPreview). The signs are the note of the game played last that
// games/library.js keeps, and the hash's g= and b= fields; ES5, like browser-check.js, and
// nothing but one attribute.
(function () {
  "use strict";
  var root = document.documentElement;
  if (/(^#|&)g=[^&]/.test(location.hash) && /&b=[A-Za-z0-9_-]/.test(location.hash)) {
    root.setAttribute("data-resume", "link");
    return;
  }
  try {
    if (window.localStorage.getItem("taluva.games.latest")) root.setAttribute("data-resume", "1");
  } catch (_error) {
    // storage refused: the centred boot screen, as on a first visit
  }
})();
