// Where the learner is in the lesson, kept in localStorage so that a reload resumes it:
// {step, active}. `active` is false once the lesson was left (a new game, another game opened):
// the page then no longer returns to it on load, but "Learn to play" goes on from that step.
// Whether the first-visit offer was answered is kept apart.

export const PROGRESS_KEY = "taluva.lesson";
export const OFFER_KEY = "taluva.lesson.offer";

function read(storage, key) {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null; // storage blocked: the lesson simply starts from the beginning
  }
}

function write(storage, key, value) {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, value);
  } catch {
    /* storage blocked or full: the lesson goes on without being kept */
  }
}

/** The kept progress, {step, active}, or null (none, or unreadable). */
export function readProgress(storage, count = Infinity) {
  let kept;
  try {
    kept = JSON.parse(read(storage, PROGRESS_KEY));
  } catch {
    return null;
  }
  if (!kept || !Number.isInteger(kept.step) || kept.step < 0 || kept.step >= count) return null;
  return { step: kept.step, active: kept.active === true };
}

export function saveProgress(storage, step, active = true) {
  write(storage, PROGRESS_KEY, JSON.stringify({ step, active }));
}

export function clearProgress(storage) {
  write(storage, PROGRESS_KEY, null);
}

/** Whether the first-visit offer was already answered (taken or dismissed). */
export function offerAnswered(storage) {
  return read(storage, OFFER_KEY) !== null;
}

export function answerOffer(storage, answer) {
  write(storage, OFFER_KEY, answer);
}

/**
 * What the lesson does as the page loads: "resume" (a lesson in progress: its step comes back),
 * "offer" (a first visit, `firstVisit`, whose offer was never answered), or null (nothing: the
 * page need not load the lesson until a player asks for it).
 */
export function lessonOnLoad(storage, firstVisit) {
  const kept = readProgress(storage);
  if (kept?.active) return "resume";
  return firstVisit && !kept && !offerAnswered(storage) ? "offer" : null;
}

/** How long the lesson takes to read and play: its words at `wpm`, plus `moveSeconds` a move. */
export function readingMinutes(texts, moves, { wpm = 200, moveSeconds = 10 } = {}) {
  const words = texts.join(" ").split(/\s+/).filter(Boolean).length;
  return { words, minutes: words / wpm + (moves * moveSeconds) / 60 };
}
