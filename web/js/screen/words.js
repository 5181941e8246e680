// Small phrases the screen builds from numbers, written once.

/** "1 hut", "3 huts"; `many` for an irregular plural ("hexes"). */
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A player's buildings as the state counts them: "1 temple, 0 towers, 7 huts". */
export const builtText = (built) =>
  `${plural(built.temples, "temple")}, ${plural(built.towers, "tower")}, ${plural(built.huts, "hut")}`;
