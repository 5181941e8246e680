// Help's rules: each one's sentence, the rule ids it states (RULES.md), the lesson step whose
// position shows it (help-rules-data.js, written from the engine's lesson: engine/taluva/play/help.py);
// and which of them a rule id cited by the engine or the lesson opens. The ids are shown in Help
// only: a player's sentence carries a "rule" button that opens Help there.

import { HELP_RULES } from "./help-rules-data.js";

export { HELP_RULES };

/**
 * The index in HELP_RULES of the rule that `rule` ("R-TILE-3c", "R-BUILD-0") opens: the one
 * stating it, else the first of its family ("R-TILE-…"); -1 when Help has none (its top, then).
 */
export function helpRuleIndex(rule) {
  const id = String(rule ?? "").trim();
  const exact = HELP_RULES.findIndex((entry) => entry.ids?.includes(id));
  if (exact >= 0) return exact;
  const family = id.match(/^[RO]-[A-Z]+/)?.[0];
  if (!family) return -1;
  return HELP_RULES.findIndex((entry) => entry.ids?.some((x) => x.startsWith(`${family}-`) || x === family));
}
