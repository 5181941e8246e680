// Every keyboard shortcut of the game screen, in one table: it drives the key handler, the help
// dialog's list and the buttons' titles and aria-keyshortcuts, so a key is written once.
//
// A binding matches KeyboardEvent fields: `key` (compared as written when `exact`, else without
// case), `ctrl` (Ctrl or Cmd) and `shift` (true, false, or absent: either). Bindings without
// `ctrl` never match while Ctrl, Cmd or Alt is held.

export const KEYMAP = [
  {
    action: "rotate",
    arg: 1,
    bindings: [{ key: "r", shift: false }],
    aria: "R",
    keys: "R",
    title: "Rotate clockwise",
    help: ["R / Shift+R", "rotate the tile clockwise / back (also Shift+wheel)"],
  },
  {
    action: "rotate",
    arg: -1,
    bindings: [{ key: "r", shift: true }],
    aria: "Shift+R",
    keys: "Shift+R",
    title: "Rotate anticlockwise",
  },
  {
    action: "help-only",
    help: ["Click / tap", "place the tile; on touch, tap to aim and tap again (or Place) to confirm"],
  },
  {
    action: "kind",
    bindings: ["1", "2", "3", "4"].map((key) => ({ key, exact: true })),
    help: ["1 2 3 4", "build: found, expand, temple, tower"],
  },
  {
    action: "confirm",
    bindings: [{ key: "Enter", exact: true }],
    keys: "Enter",
    help: ["Enter", "confirm the chosen move"],
  },
  { action: "cancel", bindings: [{ key: "Escape", exact: true }], keys: "Esc", help: ["Esc", "cancel the choice"] },
  { action: "help-only", help: ["Arrows", "move the board cursor (when the board has focus)"] },
  {
    action: "hint",
    bindings: [{ key: "h" }],
    aria: "H",
    keys: "H",
    title: "Suggest a move",
    help: ["H", "hint: the strongest computer's move, drawn on the board (Enter accepts, Esc ignores)"],
  },
  {
    action: "undo",
    bindings: [
      { key: "z", ctrl: true, shift: false },
      { key: "u", exact: true },
    ],
    aria: "Control+Z U",
    keys: "Ctrl+Z or U",
    title: "Undo the last step",
    help: ["Ctrl+Z / U", "undo a step (with computers: back to your last move)"],
  },
  {
    action: "redo",
    bindings: [
      { key: "y", ctrl: true },
      { key: "z", ctrl: true, shift: true },
      { key: "U", exact: true },
    ],
    aria: "Control+Y Shift+U",
    keys: "Ctrl+Y or Shift+U",
    title: "Redo",
    help: ["Ctrl+Y / Shift+U", "redo"],
  },
  {
    action: "fit",
    bindings: [{ key: "f" }],
    keys: "F",
    title: "Fit the board",
    help: ["F, +, −", "fit the board, zoom in, zoom out (also wheel and pinch; drag to pan)"],
  },
  {
    action: "zoom-in",
    bindings: [
      { key: "+", exact: true },
      { key: "=", exact: true },
    ],
    keys: "+",
    title: "Zoom in",
  },
  {
    action: "zoom-out",
    bindings: [
      { key: "-", exact: true },
      { key: "_", exact: true },
    ],
    keys: "−",
    title: "Zoom out",
  },
  {
    action: "new-game",
    bindings: [{ key: "n" }],
    aria: "N",
    keys: "N",
    title: "Start a new game",
    help: ["N", "new game"],
  },
  {
    action: "help",
    bindings: [{ key: "?", exact: true }],
    aria: "Shift+?",
    keys: "?",
    title: "Rules at a glance and keyboard shortcuts",
  },
];

function matches(binding, e) {
  const ctrl = Boolean(e.ctrlKey || e.metaKey);
  if (Boolean(binding.ctrl) !== ctrl || (!binding.ctrl && e.altKey)) return false;
  if (binding.shift !== undefined && binding.shift !== Boolean(e.shiftKey)) return false;
  return binding.exact ? e.key === binding.key : String(e.key).toLowerCase() === binding.key;
}

/** The entry a key event asks for, with its argument: {action, arg} or null. */
export function keyAction(e) {
  for (const entry of KEYMAP) {
    const binding = entry.bindings?.find((b) => matches(b, e));
    if (!binding) continue;
    const arg = entry.action === "kind" ? Number(e.key) - 1 : entry.arg;
    return { action: entry.action, arg };
  }
  return null;
}

function entryFor(action, arg) {
  return KEYMAP.find((e) => e.action === action && (arg === undefined || e.arg === arg));
}

/** A button's title: what it does and its keys, e.g. "Undo the last step (Ctrl+Z or U)". */
export function titleFor(action, arg) {
  const entry = entryFor(action, arg);
  return entry.keys ? `${entry.title} (${entry.keys})` : entry.title;
}

/** A button's aria-keyshortcuts value, or null. */
export function ariaKeysFor(action, arg) {
  return entryFor(action, arg)?.aria ?? null;
}

/** The rows of the help dialog's key list: [keys, what they do]. */
export function helpRows() {
  return KEYMAP.filter((e) => e.help).map((e) => e.help);
}
