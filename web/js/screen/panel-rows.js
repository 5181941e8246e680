// How a panel redraws: by rows, each rebuilt only where its inputs changed, in steps that a new
// game runs one a task (base/tasks.js inTasks) and a move runs at once.

import { currentLanguage } from "../i18n/messages.js";

// What each panel (or each of its rows) last showed, by element: what has the same inputs is
// left as it is, since a step changes a row or two and rebuilding the rest (their canvases)
// cost a few ms of the step's round trip. The page's language is one of every row's inputs: after
// a switch each row says its words again.
const shownInputs = new WeakMap();

export function unchanged(el, inputs) {
  const text = JSON.stringify([currentLanguage(), inputs]);
  if (shownInputs.get(el) === text) return true;
  shownInputs.set(el, text);
  return false;
}

export function runSteps(steps) {
  for (const step of steps) step();
}

/**
 * Steps that make `el` hold one child per key (of `inputs`, in the page's language), rebuilt by `make(i)` only where its key changed,
 * `perStep` children a step; the steps' `changed()` says whether any was. What `el` shows is
 * recorded by the last step: a run stopped before it leaves the next render to rebuild them all.
 */
export function rowSteps(el, inputs, perStep, make) {
  // Keyed by the language too: a switch of language rebuilds every row in the new words.
  const language = currentLanguage();
  const keys = inputs.map((key) => `${language} ${key}`);
  const before = shownInputs.get(el) ?? [];
  shownInputs.delete(el);
  let changed = false;
  const steps = [];
  for (let from = 0; from === 0 || from < keys.length; from += perStep) {
    steps.push(() => {
      if (from === 0) {
        if (!before.length) el.replaceChildren();
        while (el.children.length > keys.length) el.lastElementChild.remove();
      }
      keys.slice(from, from + perStep).forEach((key, j) => {
        const i = from + j;
        if (before[i] === key && el.children[i]) return;
        const row = make(i);
        if (el.children[i]) el.children[i].replaceWith(row);
        else el.append(row);
        changed = true;
      });
      if (from + perStep >= keys.length) shownInputs.set(el, keys);
    });
  }
  return Object.assign(steps, { changed: () => changed });
}

/** Record that `el` shows no rows now (a panel that drew its empty state itself). */
export function shownEmpty(el) {
  shownInputs.set(el, []);
}
