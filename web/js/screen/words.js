// Small phrases the screen builds from numbers, written once, in the page's language.

import { t } from "../i18n/messages.js";

/** A player's buildings as the state counts them: "1 temple, 0 towers, 7 huts". */
export const builtText = (built) => t("words.built", built);

/** A place in the ranking: "1st", "1.", "第1名". */
export const ordinal = (place) => t("words.place", { place });

/** A team's name (O-TEAMS): team 0 is A, team 1 is B. */
export const teamName = (team) => t("words.team", { team: team === 0 ? "a" : "b" });
