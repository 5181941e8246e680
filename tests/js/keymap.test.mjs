// The keymap is the one list of shortcuts: the handler, the help and the button titles read it.
import { test } from "node:test";
import assert from "node:assert/strict";
import "./english.mjs";
import { KEYMAP, ariaKeysFor, helpRows, keyAction, titleFor } from "../../web/js/screen/keymap.js";

const press = (key, mods = {}) =>
  keyAction({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

test("letters act without case, except where case is the point", () => {
  assert.deepEqual(press("r"), { action: "rotate", arg: 1 });
  assert.deepEqual(press("R", { shiftKey: true }), { action: "rotate", arg: -1 });
  assert.deepEqual(press("R"), { action: "rotate", arg: 1 }); // Caps Lock, no Shift
  assert.equal(press("u").action, "undo");
  assert.equal(press("U", { shiftKey: true }).action, "redo");
  assert.equal(press("H", { shiftKey: true }).action, "hint");
});

test("Ctrl and Cmd combinations undo and redo; plain keys ignore Ctrl, Cmd and Alt", () => {
  assert.equal(press("z", { ctrlKey: true }).action, "undo");
  assert.equal(press("z", { metaKey: true }).action, "undo");
  assert.equal(press("Z", { ctrlKey: true, shiftKey: true }).action, "redo");
  assert.equal(press("y", { ctrlKey: true }).action, "redo");
  assert.equal(press("r", { ctrlKey: true }), null);
  assert.equal(press("n", { altKey: true }), null);
  assert.equal(press("x"), null);
});

test("the digits choose a build action by its index", () => {
  for (const [key, arg] of [
    ["1", 0],
    ["2", 1],
    ["3", 2],
    ["4", 3],
  ])
    assert.deepEqual(press(key), { action: "kind", arg });
  assert.equal(press("5"), null);
});

test("every other key of the table reaches its action", () => {
  const cases = {
    Enter: "confirm",
    Escape: "cancel",
    f: "fit",
    "+": "zoom-in",
    "=": "zoom-in",
    "-": "zoom-out",
    n: "new-game",
    "?": "help",
  };
  for (const [key, action] of Object.entries(cases)) assert.equal(press(key).action, action, key);
});

test("no key is bound to two actions", () => {
  const seen = new Map();
  for (const entry of KEYMAP) {
    for (const b of entry.bindings ?? []) {
      const id = `${b.exact ? b.key : b.key.toLowerCase()}|${Boolean(b.ctrl)}|${b.shift}`;
      assert.ok(!seen.has(id), `${id} is bound to ${seen.get(id)} and ${entry.action}`);
      seen.set(id, entry.action);
    }
  }
});

test("titles, aria-keyshortcuts and help rows come from the same entries", () => {
  assert.equal(titleFor("undo"), "Undo the last step (Ctrl+Z or U)");
  assert.equal(ariaKeysFor("undo"), "Control+Z U");
  assert.equal(titleFor("rotate", -1), "Rotate anticlockwise (Shift+R)");
  assert.equal(ariaKeysFor("rotate", -1), "Shift+R");
  const rows = helpRows();
  assert.ok(rows.some(([keys]) => keys === "Ctrl+Z / U"));
  assert.ok(rows.every(([keys, what]) => keys && what));
});
