// The panels' small drawings: a piece in a seat's colour, a terrain, a tile. Icons are canvases
// (no data: URLs, which a strict img-src would block), each drawn once at device resolution and
// copied into every new canvas that shows it.

import { drawHexTop, drawPiece, drawTile, hexPath } from "../board/art.js";
import { h, smallCanvas } from "../base/dom.js";
import { tileTerrains } from "../base/theme.js";
import { t } from "../i18n/messages.js";
import { terrainName } from "./words.js";

const iconCache = new Map();

function icon(k, w, hgt, draw, attrs) {
  if (!iconCache.has(k)) iconCache.set(k, smallCanvas(w, hgt, draw));
  const src = iconCache.get(k);
  const c = h("canvas", {
    ...attrs,
    role: attrs.alt ? "img" : null,
    "aria-label": attrs.alt || null,
    "aria-hidden": attrs.alt ? null : "true",
    alt: null,
  });
  c.width = src.width;
  c.height = src.height;
  c.style.setProperty("width", `${w}px`);
  c.style.setProperty("height", `${hgt}px`);
  c.getContext("2d").drawImage(src, 0, 0);
  return c;
}

/** A small drawing of a piece in a player's colour. */
export function pieceIcon(kind, colour, size = 22) {
  return icon(
    `${kind}:${colour.id}:${size}`,
    size,
    size,
    (ctx) => {
      const u = kind === "temple" ? size / 4.3 : kind === "tower" ? size / 4.2 : size / 2.9;
      drawPiece(ctx, kind, size / 2, size * (kind === "hut" ? 0.82 : 0.9), u, colour);
    },
    { class: "tg-piece-icon" },
  );
}

export function terrainIcon(terrain, size = 26) {
  return icon(
    `terrain:${terrain}:${size}`,
    size,
    size,
    (ctx) => {
      const R = size / 2;
      drawHexTop(ctx, R, R, R * 0.98, terrain, 1, 3, 5, terrain === "volcano" ? 6 : 0);
      hexPath(ctx, R, R, R * 0.98);
      ctx.lineWidth = 1;
      ctx.strokeStyle = "rgba(0,0,0,0.5)";
      ctx.stroke();
    },
    { class: "tg-terrain-icon" },
  );
}

export function tileIcon(code, size = 34, clock = 6) {
  const [a, b] = tileTerrains(code);
  return icon(
    `tile:${code}:${size}:${clock}`,
    size,
    size,
    (ctx) => drawTile(ctx, size / 2, size / 2, size / 4.4, code, clock),
    { class: "tg-tile-icon", alt: t("panels.tile-icon", { a: terrainName(a), b: terrainName(b) }) },
  );
}
