// The end dialog's one line: who won and why, from the engine's result and the built pieces.
import "./english.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { decidingCount } from "../../web/js/game/outcome.js";
import { t } from "../../web/js/i18n/messages.js";

const player = (seat, temples, towers, huts, extra = {}) => ({
  seat,
  status: "playing",
  team: null,
  built: { temples, towers, huts },
  ...extra,
});
const lastTile = (players, winners) => ({ players, result: { reason: "last-tile", winners } });

test("a last-tile win is decided by the first count the winner leads on (R-END-2)", () => {
  assert.equal(decidingCount(lastTile([player(0, 3, 0, 5), player(1, 2, 2, 9)], [0])), "temples");
  assert.equal(decidingCount(lastTile([player(0, 2, 1, 5), player(1, 2, 2, 1)], [1])), "towers");
  assert.equal(decidingCount(lastTile([player(0, 2, 2, 5), player(1, 2, 2, 9)], [1])), "huts");
});

test("an eliminated player is not compared with; nothing is said of a shared win, teams or another end", () => {
  const out = player(2, 9, 9, 9, { status: "eliminated" });
  assert.equal(decidingCount(lastTile([player(0, 1, 0, 0), player(1, 0, 3, 3), out], [0])), "temples");
  assert.equal(decidingCount(lastTile([player(0, 2, 2, 2), player(1, 2, 2, 2)], [0, 1])), "");
  const teams = [0, 1, 2, 3].map((s) => player(s, s, 0, 0, { team: s % 2 }));
  assert.equal(decidingCount(lastTile(teams, [1, 3])), "");
  const early = {
    players: [player(0, 3, 2, 0), player(1, 0, 0, 0)],
    result: { reason: "early-victory", winners: [0] },
  };
  assert.equal(decidingCount(early), "");
});

test("the end line names the winner and why, in one sentence", () => {
  const line = (count, names, reason, decider) => t("end.headline", { count, names, reason, decider, why: "?" });
  assert.equal(line(1, "Ana", "last_tile", "temples"), "Ana wins: the last tile was placed — most temples built");
  assert.equal(line(2, "Ana and Bo", "last_tile", "none"), "Ana and Bo win: the last tile was placed");
  assert.equal(line(1, "Ana", "last_player_standing", "none"), "Ana wins: every other player was eliminated");
  assert.equal(line(1, "Ana", "some_new_end", "none"), "Ana wins: ?");
});
