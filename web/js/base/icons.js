// The header's icons. Most are plain text symbols every system font has; the hint's bulb is
// drawn as SVG, because the emoji it used to be shows as an empty box where no emoji font is.

const SVG = "http://www.w3.org/2000/svg";

function svg(paths, viewBox = "0 0 24 24") {
  const el = document.createElementNS(SVG, "svg");
  el.setAttribute("viewBox", viewBox);
  el.setAttribute("aria-hidden", "true");
  el.setAttribute("focusable", "false");
  el.classList.add("tg-svg-icon");
  for (const d of paths) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    el.append(path);
  }
  return el;
}

const BULB = [
  // the glass: a circle narrowing to the base
  "M12 2.5a6.5 6.5 0 0 0-3.9 11.7c.6.5 1 1.2 1 2V17h5.8v-.8c0-.8.4-1.5 1-2A6.5 6.5 0 0 0 12 2.5z",
  // the screw base
  "M9.3 18.5h5.4v1.3H9.3zM10.2 20.8h3.6a1.8 1.8 0 0 1-3.6 0z",
];

// A globe: the outline, the equator and a meridian's two halves.
const GLOBE = [
  "M12 2.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 0 0 0-19zm0 1.6a7.9 7.9 0 1 1 0 15.8 7.9 7.9 0 0 1 0-15.8z",
  "M3.5 11.2h17v1.6h-17z",
  "M12 2.6c-2.4 2.3-3.7 5.9-3.7 9.4s1.3 7.1 3.7 9.4l1.1-1.1C11 18.2 9.9 15.1 9.9 12s1.1-6.2 3.2-8.3z",
  "M12 2.6c2.4 2.3 3.7 5.9 3.7 9.4s-1.3 7.1-3.7 9.4l-1.1-1.1c2.1-2.1 3.2-5.2 3.2-8.3s-1.1-6.2-3.2-8.3z",
];

// The theme: a ring, its right half filled (light and dark side by side).
const THEME = [
  "M12 2.5a9.5 9.5 0 1 0 0 19 9.5 9.5 0 0 0 0-19zm0 1.6a7.9 7.9 0 1 1 0 15.8 7.9 7.9 0 0 1 0-15.8z",
  "M12 5.2a6.8 6.8 0 0 1 0 13.6z",
];

// Replay: a circling arrow around a play triangle.
const REPLAY = [
  "M12 3.5a8.5 8.5 0 1 1-8.2 10.7l1.6-.4A6.9 6.9 0 1 0 6.6 7.6L9 10H3V4l2.4 2.4A8.5 8.5 0 0 1 12 3.5z",
  "M10 8.6v6.8l5.4-3.4z",
];

// A computer: a screen on its stand (a computer seat's mark, beside its word).
const COMPUTER = [
  "M3.5 4.5h17a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-17a1 1 0 0 1-1-1v-10a1 1 0 0 1 1-1zm.8 1.8v8.4h15.4V6.3z",
  "M9 18h6l.8 2.2H8.2z",
];

/** A computer seat's mark (drawn in the text's colour, 1em). */
export const computerIcon = () => svg(COMPUTER);

export const ICONS = {
  language: () => svg(GLOBE),
  theme: () => svg(THEME),
  "new-game": () => "✚",
  hint: () => svg(BULB),
  undo: () => "↶",
  redo: () => "↷",
  help: () => "?",
  "show-replay": () => svg(REPLAY),
  share: () => "⇪",
  games: () => "☰",
};
