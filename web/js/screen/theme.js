// Colours, names and seat choices: presentation data only.

export const TERRAINS = {
  volcano: { name: "Volcano", letter: "V", top: "#6e3b30", dark: "#3b1f1a", ink: "#ffb36b" },
  jungle: { name: "Jungle", letter: "J", top: "#2f7a3e", dark: "#1c4d27", ink: "#7fd08b" },
  clearing: { name: "Clearing", letter: "C", top: "#9ccc58", dark: "#6b9a33", ink: "#e3f5b6" },
  sand: { name: "Sand", letter: "S", top: "#e8cf7f", dark: "#b8994a", ink: "#a8822e" },
  rock: { name: "Rock", letter: "R", top: "#9a968f", dark: "#65625d", ink: "#d9d5cd" },
  lake: { name: "Lake", letter: "L", top: "#4f9fd6", dark: "#2d6e9e", ink: "#c8e8ff" },
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
  { id: "red", name: "Red", fill: "#d8342c", edge: "#5a0f0b", text: "#fff" },
  { id: "blue", name: "Blue", fill: "#2d63d8", edge: "#0d2157", text: "#fff" },
  { id: "white", name: "White", fill: "#f5f1e6", edge: "#3b372e", text: "#222" },
  { id: "black", name: "Black", fill: "#2b2b31", edge: "#e6e1d3", text: "#fff" },
  { id: "orange", name: "Orange", fill: "#f39a1f", edge: "#5c3303", text: "#222" },
  { id: "purple", name: "Purple", fill: "#8e4fcf", edge: "#2c0f4d", text: "#fff" },
];

export function colourById(id) {
  return PLAYER_COLOURS.find((c) => c.id === id) || PLAYER_COLOURS[0];
}

// Seat types: a person, or one of the engine's computer levels (taluva.ai LEVELS, weakest
// first; the bridge's `aiLevels`). The page only asks the engine for the computer's move.
export const SEAT_TYPES = [
  { id: "human", label: "Human", enabled: true },
  { id: "computer:random", label: "Computer: random (practice)", enabled: true },
  { id: "computer:beginner", label: "Computer: beginner", enabled: true },
  { id: "computer:intermediate", label: "Computer: intermediate", enabled: true },
  { id: "computer:strong", label: "Computer: strong", enabled: true },
];

/** The computer level of a seat type ("computer:strong" -> "strong"), or null for a person. */
export function computerLevel(type) {
  return typeof type === "string" && type.startsWith("computer:") ? type.slice(9) : null;
}

// How long a computer's chosen move stays highlighted before it is played (ms).
export const AI_SPEEDS = [
  { id: "slow", label: "Slow", ms: 1600 },
  { id: "normal", label: "Normal", ms: 700 },
  { id: "fast", label: "Fast", ms: 150 },
  { id: "instant", label: "Instant", ms: 0 },
];

export const DEFAULT_SEATS = [
  { name: "Player 1", colour: "red", type: "human" },
  { name: "Player 2", colour: "blue", type: "human" },
  { name: "Player 3", colour: "white", type: "human" },
  { name: "Player 4", colour: "purple", type: "human" },
];

export const KIND_LABELS = {
  found: "Found",
  expand: "Expand",
  temple: "Temple",
  tower: "Tower",
};

export const KIND_HELP = {
  found: "Found a settlement: one hut on an empty level-1 hex (R-BUILD-1)",
  expand: "Expand a settlement into one landscape: huts on every adjacent empty hex of it, as many as its level (R-BUILD-2)",
  temple: "Build a temple next to your settlement of 3+ hexes without a temple (R-BUILD-3)",
  tower: "Build a tower on level 3+ next to your settlement without a tower (R-BUILD-4)",
};
