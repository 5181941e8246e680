// Small phrases and names the screen shows, written once, in the page's language: built counts,
// places, teams, and the names of terrains, colours and build actions.

import { t } from "../i18n/messages.js";

/** A player's buildings as the state counts them: "1 temple, 0 towers, 7 huts". */
export const builtText = (built) => t("words.built", built);

/** A place in the ranking: "1st", "1.", "第1名". */
export const ordinal = (place) => t("words.place", { place });

/** A team's name (O-TEAMS): team 0 is A, team 1 is B. */
export const teamName = (team) => t("words.team", { team: team === 0 ? "a" : "b" });

const TERRAIN_NAMES = {
  volcano: "terrain.volcano",
  jungle: "terrain.jungle",
  clearing: "terrain.clearing",
  sand: "terrain.sand",
  rock: "terrain.rock",
  lake: "terrain.lake",
};

const COLOUR_NAMES = {
  red: "colour.red",
  blue: "colour.blue",
  white: "colour.white",
  black: "colour.black",
  orange: "colour.orange",
  purple: "colour.purple",
};

const KINDS = {
  found: ["kind.found", "kind.found.help"],
  expand: ["kind.expand", "kind.expand.help"],
  temple: ["kind.temple", "kind.temple.help"],
  tower: ["kind.tower", "kind.tower.help"],
};

/** A terrain's name on its own (a label, a legend entry): "Jungle". */
export const terrainName = (terrain) => t(TERRAIN_NAMES[terrain]);

export const colourName = (id) => t(COLOUR_NAMES[id]);

/** A build action's button label: "Found". */
export const kindLabel = (kind) => t(KINDS[kind][0]);

/** What a build action does, with its rule. */
export const kindHelp = (kind) => t(KINDS[kind][1]);
