// The words of each lesson step (web/i18n/<tag>/lesson.json), by the engine's step id
// (engine/taluva/play/lesson.py): its title, what to do, and what the move showed once it passes.
// Spelled out key by key, so that the catalogue test sees every one used.

export const STEP_TEXTS = {
  "first-tile": ["lesson.first-tile.title", "lesson.first-tile.text", "lesson.first-tile.done"],
  beside: ["lesson.beside.title", "lesson.beside.text", "lesson.beside.done"],
  erupt: ["lesson.erupt.title", "lesson.erupt.text", "lesson.erupt.done"],
  turned: ["lesson.turned.title", "lesson.turned.text", "lesson.turned.done"],
  volcanoes: ["lesson.volcanoes.title", "lesson.volcanoes.text", "lesson.volcanoes.done"],
  bury: ["lesson.bury.title", "lesson.bury.text", "lesson.bury.done"],
  whole: ["lesson.whole.title", "lesson.whole.text", "lesson.whole.done"],
  found: ["lesson.found.title", "lesson.found.text", "lesson.found.done"],
  expand: ["lesson.expand.title", "lesson.expand.text", "lesson.expand.done"],
  temple: ["lesson.temple.title", "lesson.temple.text", "lesson.temple.done"],
  tower: ["lesson.tower.title", "lesson.tower.text", "lesson.tower.done"],
  "one-each": ["lesson.one-each.title", "lesson.one-each.text", "lesson.one-each.done"],
  win: ["lesson.win.title", "lesson.win.text", "lesson.win.done"],
  elimination: ["lesson.elimination.title", "lesson.elimination.text", "lesson.elimination.done"],
  "last-tile": ["lesson.last-tile.title", "lesson.last-tile.text", "lesson.last-tile.done"],
};

/** {title, text, done} keys of a step. */
export function stepKeys(id) {
  const [title, text, done] = STEP_TEXTS[id] ?? [];
  return { title, text, done };
}
