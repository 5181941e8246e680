// Terrains and seat colours: presentation data only, shared by the board, the game's pure
// modules and the screen. Their names in words are the screen's (screen/words.js).

export const TERRAINS = {
  volcano: { letter: "V", top: "#6e3b30", dark: "#3b1f1a", ink: "#ffb36b" },
  jungle: { letter: "J", top: "#2f7a3e", dark: "#1c4d27", ink: "#7fd08b" },
  clearing: { letter: "C", top: "#9ccc58", dark: "#6b9a33", ink: "#e3f5b6" },
  sand: { letter: "S", top: "#e8cf7f", dark: "#b8994a", ink: "#a8822e" },
  rock: { letter: "R", top: "#9a968f", dark: "#65625d", ink: "#d9d5cd" },
  lake: { letter: "L", top: "#4f9fd6", dark: "#2d6e9e", ink: "#c8e8ff" },
};

export const LANDSCAPE_NAMES = ["jungle", "clearing", "sand", "rock", "lake"];

const BY_LETTER = Object.fromEntries(Object.entries(TERRAINS).map(([n, t]) => [t.letter, n]));

/** Terrain names of a two-letter tile code such as "JC" -> ["jungle", "clearing"]. */
export function tileTerrains(code) {
  return [BY_LETTER[code[0]], BY_LETTER[code[1]]];
}

// Player colours: chosen to differ in lightness as well as hue, and every piece is drawn with
// a contrasting outline, so they read on every terrain.
export const PLAYER_COLOURS = [
  { id: "red", fill: "#d8342c", edge: "#5a0f0b", text: "#fff" },
  { id: "blue", fill: "#2d63d8", edge: "#0d2157", text: "#fff" },
  { id: "white", fill: "#f5f1e6", edge: "#3b372e", text: "#222" },
  { id: "black", fill: "#2b2b31", edge: "#e6e1d3", text: "#fff" },
  { id: "orange", fill: "#f39a1f", edge: "#5c3303", text: "#222" },
  { id: "purple", fill: "#8e4fcf", edge: "#2c0f4d", text: "#fff" },
];

export function colourById(id) {
  return PLAYER_COLOURS.find((c) => c.id === id) || PLAYER_COLOURS[0];
}
