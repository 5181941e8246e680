// The board's canvas drawing, in one import for the screen's panels and previews.
export * from "./art-terrain.js";
