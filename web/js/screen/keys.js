// The keys: the global shortcuts (looked up in the keymap) and, while the board has focus, the
// arrow keys that move its cursor and Enter or Space that act on the hex under it.

import { keyAction } from "./keymap.js";

const TYPING = /^(INPUT|SELECT|TEXTAREA)$/;

// A game on screen that keys may act on: not while it is held out of reach (screen.hold).
const playable = (screen) => Boolean(screen.store.view) && !screen.held;

function globalKey(screen, e) {
  if (e.defaultPrevented || !playable(screen)) return;
  if (document.querySelector("dialog[open]")) return;
  const t = e.target;
  if (t && (t.isContentEditable || TYPING.test(t.tagName))) return;
  const hit = keyAction(e);
  if (!hit || hit.action === "help-only") return;
  if (hit.action === "confirm" && t?.tagName === "BUTTON") return; // the button's own Enter
  e.preventDefault();
  screen.act.run(hit.action, hit.arg);
}

// Up and down alternate between the two diagonals, so the cursor stays in its column.
function arrowStep(screen, key) {
  if (key === "ArrowRight") return [1, 0];
  if (key === "ArrowLeft") return [-1, 0];
  screen.zig = !screen.zig;
  if (key === "ArrowUp") return screen.zig ? [0, -1] : [1, -1];
  return screen.zig ? [0, 1] : [-1, 1];
}

function boardKey(screen, e) {
  if (!screen.store.view) return;
  if (e.key.startsWith("Arrow")) {
    e.preventDefault();
    screen.act.moveCursor(...arrowStep(screen, e.key));
    return;
  }
  const { choice } = screen;
  if ((e.key === "Enter" || e.key === " ") && choice.cursor && choice.inputType === "keyboard") {
    e.preventDefault();
    e.stopPropagation();
    screen.act.activate(choice.cursor, { pointerType: "keyboard" });
  }
}

export function listenKeys(screen) {
  const canvas = screen.parts.canvas;
  document.addEventListener("keydown", (e) => globalKey(screen, e));
  canvas.addEventListener("keydown", (e) => boardKey(screen, e));
  canvas.addEventListener("focus", () => {
    // Focus by keyboard (not by a click or tap) shows the board cursor.
    if (canvas.matches(":focus-visible")) screen.act.keyboardCursor();
  });
}
