// The board as a PNG for chats and blogs: the position drawn by the page's own renderer
// (board/board-paint.js) into a canvas of its own, framed whole, with no marks, ghost or motion: just
// the island and its buildings. Saved as a file, or copied to the clipboard as an image.

import { h, saveBlob } from "../base/dom.js";
import { paintBoard } from "../board/board-paint.js";

export const PNG_SIZE = { w: 1200, h: 900 };

/** A canvas with `state`'s island drawn in `colours` (seat colour objects). */
export function drawBoardPicture(state, colours, size = PNG_SIZE) {
  const canvas = h("canvas", { width: size.w, height: size.h });
  paintBoard(canvas.getContext("2d"), size, state, colours);
  return canvas;
}

async function boardPng(state, colours) {
  const blob = await new Promise((resolve) => drawBoardPicture(state, colours).toBlob(resolve, "image/png"));
  if (!blob) throw new Error("the browser could not make the PNG");
  return blob;
}

/** Save `state`'s board as `<stem>.png` (a download); resolves once the file is handed over. */
export async function downloadBoardPng(state, colours, stem) {
  saveBlob(await boardPng(state, colours), `${stem}.png`);
}

/** Why the clipboard took no picture: "unsupported" (no image clipboard) or "refused". */
export class ClipboardRefused extends Error {
  constructor(kind, cause) {
    super(cause ? String(cause.message ?? cause) : kind);
    this.name = "ClipboardRefused";
    this.kind = kind;
  }
}

/**
 * Copy `state`'s board to the clipboard as a PNG image. The item is handed over at once with
 * the picture still being made (a promise), as Safari asks, so the click's permission holds.
 */
export async function copyBoardPng(state, colours) {
  if (typeof ClipboardItem === "undefined" || !navigator.clipboard?.write) throw new ClipboardRefused("unsupported");
  if (ClipboardItem.supports && !ClipboardItem.supports("image/png")) throw new ClipboardRefused("unsupported");
  try {
    await navigator.clipboard.write([new ClipboardItem({ "image/png": boardPng(state, colours) })]);
  } catch (error) {
    throw new ClipboardRefused("refused", error);
  }
}
