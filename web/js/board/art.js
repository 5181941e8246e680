// The board's canvas art in one import, for the board and the screen's panels and previews.
export { alpha, hexPath, mix, outlineHexes, rng } from "./art-paint.js";
export { drawHexTop, topColour } from "./art-terrain.js";
export { drawBuilding, drawHutCount, drawLevelBadge, drawPiece, drawTile } from "./art-pieces.js";
