// Move JSON as the engine's legal list gives it, for the unit tests of the page's move choice.

export const place = (q, r, clock, extra = {}) => ({
  type: "place",
  notation: `${q},${r}/${clock}`,
  volcano: [q, r],
  clock,
  level: 1,
  ...extra,
});
export const found = (q, r) => ({
  type: "build",
  kind: "found",
  piece: "hut",
  notation: `hut ${q},${r}`,
  hexes: [{ q, r, count: 1 }],
});
export const temple = (q, r) => ({
  type: "build",
  kind: "temple",
  piece: "temple",
  notation: `temple ${q},${r}`,
  hexes: [{ q, r, count: 1 }],
});
export const expand = (anchor, terrain, hexes) => ({
  type: "build",
  kind: "expand",
  piece: "hut",
  notation: `hut ${terrain}`,
  settlement: anchor,
  terrain,
  hexes,
});
