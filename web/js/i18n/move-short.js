// A turn in a few words, for the move log's one-line row: what was built and on which landscape
// ("3 huts · jungle"), after "eruption" when the tile covered a volcano. Never where it went:
// the full sentence (move-text.js) says that, beside the row when it is pointed at or focused.

import { t } from "./messages.js";

const hutsOf = (move) => move.hexes.reduce((sum, x) => sum + x.count, 0);

/** A build in a few words: "hut · clearing", "3 huts · jungle", "tower · rock". */
export function buildShort(move) {
  const terrain = move.where?.terrain ?? move.terrain ?? "none";
  return t("log.short.build", { kind: move.kind, huts: hutsOf(move), terrain });
}

/**
 * A log entry's turn in a few words. `playing`: the turn is the one being played, so a missing
 * build is still to come ("…"); a finished turn without one (its player was eliminated) is its
 * tile alone. A turn whose placement is not known (an old kept game) is "…".
 */
export function turnShort(turn, { playing = false } = {}) {
  const placed = turn?.placementMove;
  if (!placed) return "…";
  const eruption = (placed.level ?? 1) > 1 ? "yes" : "no";
  if (turn.buildMove) return t("log.short.turn", { eruption, build: buildShort(turn.buildMove) });
  return playing ? t("log.short.turn", { eruption, build: "…" }) : t("log.short.tile", { eruption });
}
