// Every keyboard shortcut of the game screen, in one table: it drives the key handler, the help
// dialog's list and the buttons' titles and aria-keyshortcuts, so a key is written once.
//
// A binding matches KeyboardEvent fields: `key` (compared as written when `exact`, else without
// case), `ctrl` (Ctrl or Cmd) and `shift` (true, false, or absent: either). Bindings without
// `ctrl` never match while Ctrl, Cmd or Alt is held.
//
// Texts are catalogue keys (i18n): `title` what a button does, `keys` the keys as the
// person's language writes them (Ctrl is Strg in German), `help` [keys, what they do].

import { t } from "../i18n/messages.js";

export const KEYMAP = [
  {
    action: "rotate",
    arg: 1,
    bindings: [{ key: "r", shift: false }],
    aria: "R",
    keys: "keys.rotate",
    title: "key.rotate.title",
    help: ["keys.rotate.help", "key.rotate.help"],
  },
  {
    action: "rotate",
    arg: -1,
    bindings: [{ key: "r", shift: true }],
    aria: "Shift+R",
    keys: "keys.rotate-back",
    title: "key.rotate-back.title",
  },
  {
    action: "help-only",
    help: ["keys.click", "key.click.help"],
  },
  {
    action: "kind",
    bindings: ["1", "2", "3", "4"].map((key) => ({ key, exact: true })),
    help: ["keys.kinds", "key.kinds.help"],
  },
  {
    action: "confirm",
    bindings: [{ key: "Enter", exact: true }],
    keys: "keys.confirm",
    help: ["keys.confirm", "key.confirm.help"],
  },
  {
    action: "cancel",
    bindings: [{ key: "Escape", exact: true }],
    keys: "keys.cancel",
    help: ["keys.cancel", "key.cancel.help"],
  },
  { action: "help-only", help: ["keys.arrows", "key.arrows.help"] },
  {
    action: "hint",
    bindings: [{ key: "h" }],
    aria: "H",
    keys: "keys.hint",
    title: "key.hint.title",
    help: ["keys.hint", "key.hint.help"],
  },
  {
    action: "undo",
    bindings: [
      { key: "z", ctrl: true, shift: false },
      { key: "u", exact: true },
    ],
    aria: "Control+Z U",
    keys: "keys.undo",
    title: "key.undo.title",
    help: ["keys.undo.help", "key.undo.help"],
  },
  {
    action: "redo",
    bindings: [
      { key: "y", ctrl: true },
      { key: "z", ctrl: true, shift: true },
      { key: "U", exact: true },
    ],
    aria: "Control+Y Shift+U",
    keys: "keys.redo",
    title: "key.redo.title",
    help: ["keys.redo.help", "key.redo.help"],
  },
  {
    action: "fit",
    bindings: [{ key: "f" }],
    keys: "keys.fit",
    title: "key.fit.title",
    help: ["keys.fit.help", "key.fit.help"],
  },
  {
    action: "zoom-in",
    bindings: [
      { key: "+", exact: true },
      { key: "=", exact: true },
    ],
    keys: "keys.zoom-in",
    title: "key.zoom-in.title",
  },
  {
    action: "zoom-out",
    bindings: [
      { key: "-", exact: true },
      { key: "_", exact: true },
    ],
    keys: "keys.zoom-out",
    title: "key.zoom-out.title",
  },
  {
    action: "new-game",
    bindings: [{ key: "n" }],
    aria: "N",
    keys: "keys.new-game",
    title: "key.new-game.title",
    help: ["keys.new-game", "key.new-game.help"],
  },
  // The replay has its own keys while it is open (replay/replay.js); its button has none.
  { action: "show-replay", title: "key.replay.title", help: ["replay.keys.help", "replay.keys.help.text"] },
  {
    action: "help",
    bindings: [{ key: "?", exact: true }],
    aria: "Shift+?",
    keys: "keys.help",
    title: "key.help.title",
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
  const title = t(entry.title);
  return entry.keys ? t("key.title-with-keys", { title, keys: t(entry.keys) }) : title;
}

/** A button's aria-keyshortcuts value, or null. */
export function ariaKeysFor(action, arg) {
  return entryFor(action, arg)?.aria ?? null;
}

/** The rows of the help dialog's key list: [keys, what they do], in the page's language. */
export function helpRows() {
  return KEYMAP.filter((e) => e.help).map((e) => e.help.map((key) => t(key)));
}
