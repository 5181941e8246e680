// Hex geometry for drawing only: axial (q, r) coordinates, pointy-top layout.
//
// This mirrors engine/taluva/rules/hexgrid.py so the page can draw a tile where the pointer is; it
// decides nothing about legality (that is the engine's job, through the legal list and explain).
//   x = sqrt(3) * (q + r / 2), y = 1.5 * r   (in hex radii)
//   directions clockwise from east: E, SE, SW, W, NW, NE
//   a placement is (volcano, clock); clock hour h puts the two landscapes around hour h seen from
//   the volcano: orientation k = CLOCKS.indexOf(h), the second landscape at direction k, the first
//   at direction k + 1.

export const SQRT3 = Math.sqrt(3);

export const DIRECTIONS = [
  [1, 0], // E
  [0, 1], // SE
  [-1, 1], // SW
  [-1, 0], // W
  [0, -1], // NW
  [1, -1], // NE
];

// Orientation k -> clock hour (engine's ORIENTATION_CLOCK).
export const CLOCKS = [4, 6, 8, 10, 12, 2];

/** Centre of hex (q, r) in hex-radius units. */
export function hexCenter(q, r) {
  return [SQRT3 * (q + r / 2), 1.5 * r];
}

/** Corner k (0..5) of a unit pointy-top hex; edge d (facing direction d) runs corner d -> d+1. */
export const CORNERS = Array.from({ length: 6 }, (_, k) => {
  const a = (Math.PI / 180) * (60 * k - 30);
  return [Math.cos(a), Math.sin(a)];
});

/** The axial hex containing a point given in hex-radius units. */
export function pointToHex(x, y) {
  const q = (SQRT3 / 3) * x - y / 3;
  const r = (2 / 3) * y;
  return cubeRound(q, r);
}

function cubeRound(q, r) {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return [rq + 0, rr + 0]; // + 0 turns -0 into 0
}

export function key(q, r) {
  return `${q},${r}`;
}

export function placementKey(q, r, clock) {
  return `${q},${r}/${clock}`;
}

export function neighbour(q, r, d) {
  const [dq, dr] = DIRECTIONS[((d % 6) + 6) % 6];
  return [q + dq, r + dr];
}

/** [volcano, first, second] positions of a tile with its volcano on (q, r) at clock hour. */
export function tileHexes(q, r, clock) {
  const k = CLOCKS.indexOf(clock);
  if (k < 0) throw new Error(`clock hour ${clock} is not one of ${CLOCKS.join(", ")}`);
  return [[q, r], neighbour(q, r, k + 1), neighbour(q, r, k)];
}

/** The next clock hour turning clockwise (step 1) or anticlockwise (step -1). */
export function rotateClock(clock, step) {
  return ((((clock + 2 * step - 2) % 12) + 12) % 12) + 2;
}

/** Screen angle (radians, y down, 0 = east) that a clock hour points to. */
export function clockAngle(clock) {
  return ((clock / 12) * 2 - 0.5) * Math.PI;
}
