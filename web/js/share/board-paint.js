// The board drawn whole into any 2D context, by the page's own renderer (render.js drawBoard):
// no marks, ghost or motion, just the island and its buildings. It touches no DOM, so the GIF
// worker (gif-worker.js) draws its frames with it on an OffscreenCanvas, and the PNG, the
// Games list's thumbnails and the GIF frames all look like the board on the game screen.

import { fitCamera } from "../board/camera.js";
import { drawBoard } from "../board/render.js";
import { completeView, indexView } from "../board/view.js";

const NO_INSETS = { top: 0, right: 0, bottom: 0, left: 0 };

/**
 * Paint `state`'s island (state.hexes, state.tiles) in `colours` (seat colour objects) over the
 * whole of `ctx`'s canvas, `size` {w, h} CSS px at `dpr` device pixels each; the island is
 * framed in what `insets` leave free (a title strip goes over the rest). `frame`: the hexes to
 * frame (a GIF keeps its last position's frame for every step); default, the island itself.
 */
export function paintBoard(ctx, size, state, colours, { dpr = 1, insets = NO_INSETS, frame = state.hexes } = {}) {
  const scene = { w: size.w, h: size.h, dpr };
  const view = completeView({ hexes: state.hexes, tiles: state.tiles, colours });
  const cam = fitCamera(frame, scene, { ...NO_INSETS, ...insets }) ?? { scale: 44, x: 0, y: 0 };
  drawBoard(ctx, { view, ...indexView(view), cam, size: scene, motion: null });
  return cam;
}
