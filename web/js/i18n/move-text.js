// A move in words a player can follow, from its facts: never a coordinate, which the board does
// not show, and never the notation, whose words ("huts 1,0x2") are the record format's. The
// engine's move JSON says what it is (kind, piece, hut counts, terrain, level) and, in `where`
// (engine/taluva/rules/where.py), what is there: the landscape, the settlement beside it and its
// owner. A move without `where` (an old kept game) is told by what it is alone.

import { list, t } from "./messages.js";

const hutsOf = (move) => move.hexes.reduce((sum, x) => sum + x.count, 0);

function seatName(seats, seat) {
  return seats?.[seat]?.name ?? t("seat.default-name", { n: seat + 1 });
}

/**
 * Whether seat `seat` is the person's own at this device, said "your": the seat marked `you`
 * (the lesson's learner), else the one person's seat at a table of computers. "yes" or "no",
 * for the catalogues' `own` select.
 */
export function ownSeat(seats, seat) {
  const mine = seats?.[seat];
  if (!mine) return "no";
  if (seats.some((s) => s?.you)) return mine.you ? "yes" : "no";
  const people = seats.filter((s) => !String(s?.type ?? "human").startsWith("computer:"));
  return people.length === 1 && people[0] === mine ? "yes" : "no";
}

/**
 * Huts on covered hexes ({owner, count}: a log entry's `covered`, or a placement's `covers`),
 * added up by owner, as one list: "3 huts of Ann and 1 hut of Bo"; "" if none.
 */
export function hutsByOwner(cells, seats) {
  const byOwner = new Map();
  for (const { owner, count } of cells ?? []) byOwner.set(owner, (byOwner.get(owner) || 0) + count);
  return list(
    [...byOwner].map(([owner, count]) =>
      t("announce.huts-of", { count, name: seatName(seats, owner), own: ownSeat(seats, owner) }),
    ),
  );
}

/** "by Chen's temple", "by your settlement of 3 huts": a settlement as a player names it. */
export function nearText(near, seats) {
  const args = { name: seatName(seats, near.owner), own: ownSeat(seats, near.owner) };
  if (near.temple) return t("words.near.temple", args);
  if (near.tower) return t("words.near.tower", args);
  return t("words.near.settlement", { ...args, huts: near.huts });
}

function placementText(move, seats, covered) {
  const where = move.where ?? {};
  const level = move.level ?? 1;
  const near = where.near ? nearText(where.near, seats) : null;
  let text;
  if (level > 1) text = near ? t("words.place.eruption-near", { near, level }) : t("words.place.eruption", { level });
  else if (near) text = t("words.place.near", { near });
  else if (where.beside) text = t("words.place.beside", { terrain: where.beside });
  else text = t("words.place.table");
  const huts = hutsByOwner(covered ?? move.covers, seats);
  return huts ? t("words.buried", { move: text, huts }) : text;
}

function expandText(move) {
  const args = { terrain: move.terrain, huts: hutsOf(move) };
  const near = move.where?.near;
  return near?.huts ? t("words.expand", { ...args, before: near.huts }) : t("words.expand.bare", args);
}

function buildText(move, seats) {
  if (move.kind === "expand") return expandText(move);
  const where = move.where;
  if (!where) return t("words.piece", { piece: move.kind === "found" ? "hut" : move.kind });
  const { terrain, near } = where;
  // A settlement beside it is named by its size; without one counted, by its landscape alone
  // (never "the settlement of 0 huts").
  if (move.kind === "temple")
    return near?.hexes ? t("words.temple", { terrain, hexes: near.hexes }) : t("words.temple.bare", { terrain });
  if (move.kind === "tower") {
    const level = where.level;
    return near?.huts
      ? t("words.tower", { terrain, level, huts: near.huts })
      : t("words.tower.bare", { terrain, level });
  }
  return near ? t("words.found.near", { terrain, near: nearText(near, seats) }) : t("words.found", { terrain });
}

/**
 * A move (a legal one, a hint, a computer's choice, a log entry's) in the page's language.
 * `seats` names the owners of the settlements it speaks of ({name}; without them "Player 2");
 * `covered` is the huts a played placement buried (its log entry's), else its `covers`.
 */
export function moveText(move, { seats = null, covered = null } = {}) {
  if (!move) return "";
  return move.type === "place" ? placementText(move, seats, covered) : buildText(move, seats);
}
