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

export const ICONS = {
  "new-game": () => "✚",
  hint: () => svg(BULB),
  undo: () => "↶",
  redo: () => "↷",
  help: () => "?",
  share: () => "⇪",
};
