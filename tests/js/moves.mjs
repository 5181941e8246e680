// Move JSON as the engine's legal list gives it, for the unit tests of the page's move choice.
import { CLOCKS } from "../../web/js/board/geometry.js";

export const place = (q, r, clock, extra = {}) => ({
  type: "place",
  notation: `${q},${r}/${clock}`,
  volcano: [q, r],
  clock,
  level: 1,
  ...extra,
});
/** A build of one piece on one hex: (q, r) => its move. */
const onOneHex = (kind, piece) => (q, r) => ({
  type: "build",
  kind,
  piece,
  notation: `${piece} ${q},${r}`,
  hexes: [{ q, r, count: 1 }],
});
export const found = onOneHex("found", "hut");
export const temple = onOneHex("temple", "temple");
export const expand = (anchor, terrain, hexes) => ({
  type: "build",
  kind: "expand",
  piece: "hut",
  notation: `hut ${terrain}`,
  settlement: anchor,
  terrain,
  hexes,
});

/** A legal list as the bridge's view sends it (`moves`): placements grouped by volcano hex. */
export function movesOf(legal) {
  const spots = new Map();
  const build = legal.filter((m) => m.type !== "place");
  for (const m of legal.filter((x) => x.type === "place")) {
    const at = String(m.volcano);
    if (!spots.has(at)) spots.set(at, [...m.volcano, 0, 0]);
    const spot = spots.get(at);
    spot[2] |= 1 << CLOCKS.indexOf(m.clock);
    if (m.eliminates) spot[3] |= 1 << CLOCKS.indexOf(m.clock);
  }
  return spots.size ? { place: [...spots.values()] } : { build };
}
