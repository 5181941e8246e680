// The board as a PNG for chats and blogs: the position drawn by the page's own renderer
// (render.js drawBoard) into a canvas of its own, framed whole (camera.js fitCamera), with no
// marks, ghost or motion: just the island and its buildings.

import { fitCamera } from "../board/camera.js";
import { drawBoard } from "../board/render.js";
import { completeView, indexView } from "../board/view.js";
import { h } from "../base/dom.js";

export const PNG_SIZE = { w: 1200, h: 900 };

/** A canvas with `state`'s island drawn in `colours` (seat colour objects). */
export function drawBoardPicture(state, colours, size = PNG_SIZE) {
  const canvas = h("canvas", { width: size.w, height: size.h });
  const view = completeView({ hexes: state.hexes, tiles: state.tiles, colours });
  const frame = { ...size, dpr: 1 };
  const cam = fitCamera(view.hexes, frame, { top: 0, right: 0, bottom: 0, left: 0 }) ?? { scale: 44, x: 0, y: 0 };
  drawBoard(canvas.getContext("2d"), { view, ...indexView(view), cam, size: frame, motion: null });
  return canvas;
}

/** Save `state`'s board as `<stem>.png` (a download); resolves once the file is handed over. */
export async function downloadBoardPng(state, colours, stem) {
  const blob = await new Promise((resolve) => drawBoardPicture(state, colours).toBlob(resolve, "image/png"));
  if (!blob) throw new Error("the browser could not make the PNG");
  const a = h("a", { href: URL.createObjectURL(blob), download: `${stem}.png` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
