// The board drawn whole into any 2D context, by the page's own renderer (render.js drawBoard):
// no marks, ghost or motion, just the island and its buildings. It touches no DOM, so the GIF
// worker (gif-worker.js) draws its frames with it on an OffscreenCanvas, and the PNG, the
// Games list's thumbnails and the GIF frames all look like the board on the game screen.

import { fitCamera, islandBounds } from "./camera.js";
import { drawBoard } from "./render.js";
import { completeView, indexView } from "./view.js";

const NO_INSETS = { top: 0, right: 0, bottom: 0, left: 0 };

/**
 * Paint `state`'s island (state.hexes, state.tiles) in `colours` (seat colour objects) over the
 * whole of `ctx`'s canvas, `size` {w, h} CSS px at `dpr` device pixels each; the island is
 * framed in what `insets` leave free (a title strip goes over the rest). `frame`: the hexes to
 * frame (a GIF keeps its last position's frame for every step); default, the island itself.
 * `tight`: frame the island with half a hex around it (a thumbnail), not the game's room for
 * the next tile; `small`: a picture too small for level numbers, its pieces at least 5 px.
 */
export function paintBoard(ctx, size, state, colours, opts = {}) {
  const { dpr = 1, insets = NO_INSETS, frame = state.hexes, tight = false, small = false } = opts;
  const scene = { w: size.w, h: size.h, dpr };
  const view = completeView({ hexes: state.hexes, tiles: state.tiles, colours });
  const room = { ...NO_INSETS, ...insets };
  const cam = (tight ? tightCamera(frame, scene) : fitCamera(frame, scene, room)) ?? { scale: 44, x: 0, y: 0 };
  const legible = small ? { piece: SMALL_PIECE_PX / cam.scale, label: 0 } : undefined;
  drawBoard(ctx, { view, ...indexView(view), cam, size: scene, motion: null, legible, labels: !small });
  return cam;
}

const SMALL_PIECE_PX = 5;

// The island's hexes whole with half a hex around them, as large as `size` holds.
function tightCamera(hexes, { w, h }) {
  if (!hexes.length) return null;
  const b = islandBounds(hexes);
  const [x0, x1, y0, y1] = [b.x0 - 1.4, b.x1 + 1.4, b.y0 - 1.5, b.y1 + 1.5];
  const scale = Math.min(w / (x1 - x0), h / (y1 - y0));
  return { scale, x: w / 2 - ((x0 + x1) / 2) * scale, y: h / 2 - ((y0 + y1) / 2) * scale };
}
