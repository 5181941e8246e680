// A link as a QR code, for two devices in one room: encoded by uqr (pinned in build/package.json,
// shipped as js/vendor/uqr.js), loaded on first use; drawn here into a canvas or as an SVG path.

const QUIET = 4; // the light margin a reader needs, in modules
const SVG = "http://www.w3.org/2000/svg";

/**
 * The QR code of `text` (pure but for loading the encoder): `{size, dark(x, y), version}`, the
 * matrix without its margin. `encode` is uqr's, passed in by tests; else imported on first use.
 */
export async function qrMatrix(text, { encode = null, ecc = "M" } = {}) {
  const run = encode ?? (await import("../vendor/uqr.js")).encode;
  const { data, size, version } = run(String(text), { ecc, border: 0 });
  return { size, version, dark: (x, y) => Boolean(data[y]?.[x]) };
}

/** The dark modules as one SVG path (a unit square each, offset by the margin). */
export function qrPath({ size, dark }) {
  const parts = [];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (dark(x, y)) parts.push(`M${x + QUIET} ${y + QUIET}h1v1h-1z`);
  }
  return parts.join("");
}

/**
 * Draw `text` as a QR code: into a <canvas> (sized to it, whole pixels a module), or as an <svg>
 * appended to any other element (replacing an <svg> it drew before; scales with CSS). Dark on
 * white whatever the theme, as readers expect. Resolves with the matrix (qrMatrix).
 */
export async function drawQr(canvasOrSvgParent, text, options = {}) {
  const matrix = await qrMatrix(text, options);
  const side = matrix.size + 2 * QUIET;
  const target = canvasOrSvgParent;
  if (typeof target.getContext === "function") {
    const scale = Math.max(2, Math.floor((options.pixels ?? 4 * side) / side));
    target.width = target.height = side * scale;
    const g = target.getContext("2d");
    g.fillStyle = "#fff";
    g.fillRect(0, 0, target.width, target.height);
    g.fillStyle = "#000";
    for (let y = 0; y < matrix.size; y++) {
      for (let x = 0; x < matrix.size; x++)
        if (matrix.dark(x, y)) g.fillRect((x + QUIET) * scale, (y + QUIET) * scale, scale, scale);
    }
    return matrix;
  }
  const doc = target.ownerDocument;
  const svg = doc.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${side} ${side}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  svg.classList.add("live-qr");
  const back = doc.createElementNS(SVG, "rect");
  back.setAttribute("width", side);
  back.setAttribute("height", side);
  back.setAttribute("fill", "#fff");
  const path = doc.createElementNS(SVG, "path");
  path.setAttribute("d", qrPath(matrix));
  path.setAttribute("fill", "#000");
  svg.append(back, path);
  target.querySelector(":scope > svg.live-qr")?.remove();
  target.append(svg);
  return matrix;
}
