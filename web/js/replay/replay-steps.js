// A replay steps by turn: where each turn of the log ends, in the engine's steps (decisions:
// placements and builds), and which turn a step is in. Pure: from the log's entries alone, so
// the full page's Replay dialog and the embed's player step the same way.

import { AI_SPEEDS } from "../game/computer.js";

/** The log's turns with a move in them: the log also holds the turn about to be played. */
export function playedTurns(log) {
  return log.filter((entry) => entry.placementMove || entry.buildMove);
}

/**
 * The steps at which the turns end (of `log`'s played turns, playedTurns): [0, after turn 1, after turn 2, …]. A turn whose player was
 * eliminated has no build (one step); the turn being played may have only its placement.
 */
export function turnStops(log) {
  const stops = [0];
  for (const entry of log) stops.push(stops.at(-1) + Boolean(entry.placementMove) + Boolean(entry.buildMove));
  return stops;
}

/** The turns `step` completes: the last stop at or before it (a step within a turn counts none). */
export function turnOf(stops, step) {
  let turn = 0;
  while (turn + 1 < stops.length && stops[turn + 1] <= step) turn += 1;
  return turn;
}

/** The step one turn on from `step` (the next stop after it), or `step` at the end. */
export function nextStop(stops, step) {
  return stops.find((s) => s > step) ?? step;
}

/** The step one turn back from `step` (the last stop before it), or 0. */
export function previousStop(stops, step) {
  return stops.findLast((s) => s < step) ?? 0;
}

/**
 * What the position at `step` has just seen: {entry, placementOnly} for the log entry of the turn
 * it ends (or, within a turn, the placement it holds so far), or null at the start.
 */
export function shownTurn(log, stops, step) {
  const turn = turnOf(stops, step);
  if (stops[turn] === step) return turn ? { index: turn - 1, entry: log[turn - 1], placementOnly: false } : null;
  return { index: turn, entry: log[turn], placementOnly: true };
}

/**
 * How long autoplay shows each turn at the page's computer speed (`speed`: an AI_SPEEDS id): the
 * computer's pause on its chosen move plus its motion, and never less than a glance.
 * {every, motion} in ms.
 */
export function replayPace(speed) {
  const pace = AI_SPEEDS.find((x) => x.id === speed) ?? AI_SPEEDS.find((x) => x.id === "normal");
  return { every: Math.max(MIN_TURN_MS, pace.ms + pace.motion), motion: pace.motion };
}

const MIN_TURN_MS = 250;
