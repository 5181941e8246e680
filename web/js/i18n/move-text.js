// A move in words, from its facts (the engine's move JSON: kind, piece, hexes with counts,
// terrain; a placement's volcano hex, clock and level), never from its notation, whose words
// ("huts 1,0x2") are the record format's, in English.

import { list, t } from "./messages.js";

const at = (x) => `${x.q},${x.r}`;

/** A legal move (or a hint, or a computer's choice) in the page's language. */
export function moveText(move) {
  if (!move) return "";
  if (move.type === "place") {
    const [q, r] = move.volcano;
    return t("move.place", { hex: `${q},${r}`, clock: move.clock, level: move.level ?? 1 });
  }
  if (move.kind === "expand") {
    const huts = move.hexes.reduce((sum, x) => sum + x.count, 0);
    return t("move.expand", { terrain: move.terrain, huts, hexes: list(move.hexes.map(at)) });
  }
  return t("move.build", { piece: move.kind === "found" ? "hut" : move.kind, hex: at(move.hexes[0]) });
}
