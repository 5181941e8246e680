// A link's picture of its position (the hash's b= field), read without the engine: the layout is
// engine/taluva/formats/picture.py's, whose reader this mirrors (tests/js/picture.test.mjs reads the
// engine's own pictures). It holds what to draw, never a rule: the island's stacks follow from the
// placed tiles by geometry alone (tileHexes).
//
// pictureState turns it into the shape of the engine's state (web/API.md) that the board and the
// game screen's panels draw, so a link's board is drawn by the page's own renderer.

import { CLOCKS, tileHexes } from "../board/geometry.js";
import { PLAYER_COLOURS } from "../base/theme.js";

export const PICTURE_VERSION = 1;
const PHASES = ["draw", "place", "build", "over"];
const TILE_OPTIONS = ["12", "18", "24", "all"];
const STATUSES = ["playing", "eliminated", "finished"];
const LANDSCAPES = ["jungle", "clearing", "sand", "rock", "lake"];
const LETTERS = { volcano: "V", jungle: "J", clearing: "C", sand: "S", rock: "R", lake: "L" };
const NO_TILE = 31;
const OFFSET = 64;
export const MAX_PICTURE = 600; // characters; a 48-tile game's picture is ~250
const PICTURE_CHARS = /^[A-Za-z0-9_-]+$/;

export class PictureError extends Error {
  constructor(reason) {
    super(`corrupt: ${reason}`);
    this.name = "PictureError";
    this.kind = "corrupt";
    this.reason = reason;
  }
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function bitReader(text) {
  const bits = [];
  for (const ch of text) {
    const value = ALPHABET.indexOf(ch);
    for (let i = 5; i >= 0; i--) bits.push((value >> i) & 1);
  }
  // The writer pads to whole bytes; base64 then pads to whole characters: both are zeros.
  const length = Math.floor(bits.length / 8) * 8;
  let at = 0;
  return (width) => {
    if (at + width > length) throw new PictureError("the picture is cut short");
    let value = 0;
    for (let i = 0; i < width; i++) value = value * 2 + bits[at++];
    return value;
  };
}

const bitWidth = (n) => (n > 0 ? Math.floor(Math.log2(n)) + 1 : 0);
const tileCode = (a, b) => LETTERS[a] + LETTERS[b];

/** The picture read back, as engine/taluva/formats/picture.py's read_picture gives it; throws PictureError. */
export function readPicture(text) {
  if (typeof text !== "string" || text.length > MAX_PICTURE || !PICTURE_CHARS.test(text)) {
    throw new PictureError("a picture is a short base64url text");
  }
  const get = bitReader(text);
  const version = get(4);
  if (version !== PICTURE_VERSION) throw new PictureError(`picture version ${version} is not ${PICTURE_VERSION}`);
  const players = get(2) + 2;
  const current = get(2);
  const phase = PHASES[get(2)];
  const tiles = TILE_OPTIONS[get(2)];
  const found = get(1) ? "any" : "isolated";
  const rank = Boolean(get(1));
  const teams = Boolean(get(1));
  const [turn, steps, tileCount, tilesLeft, hand] = [get(8), get(8), get(7), get(7), get(5)];
  const seats = Array.from({ length: players }, (_, seat) => readSeat(get, seat, teams));
  const { placed, stacks } = readTiles(get);
  return {
    version,
    options: { players, tiles, found, rank, teams },
    phase,
    current,
    turn,
    steps,
    tile: hand === NO_TILE ? null : tileCode(LANDSCAPES[Math.floor(hand / 5)], LANDSCAPES[hand % 5]),
    tilesLeft,
    tileCount,
    players: seats,
    hexes: readBuildings(get, stacks, bitWidth(players - 1)),
    tiles: placed,
  };
}

function readSeat(get, seat, teams) {
  const colour = get(3);
  const status = STATUSES[get(2)];
  if (!status) throw new PictureError("the picture has a seat no game has");
  const stock = { huts: get(5), temples: get(2), towers: get(2) };
  const built = { temples: get(2), towers: get(2), huts: get(5) };
  return { seat, colour, status, stock, built, team: teams ? seat % 2 : null };
}

/** The placed tiles, and the island's stacks they make: {placed, stacks: Map "q,r" -> hex}. */
function readTiles(get) {
  const placed = [];
  const stacks = new Map();
  const count = get(7);
  if (!count) return { placed, stacks };
  const [minQ, minR] = [get(7) - OFFSET, get(7) - OFFSET];
  const [wq, wr] = [get(3), get(3)];
  for (let id = 0; id < count; id++) {
    const q = get(wq) + minQ;
    const r = get(wr) + minR;
    const orientation = get(3);
    const kinds = get(5);
    if (orientation > 5 || kinds >= 25) throw new PictureError("the picture has a tile no game has");
    const [a, b] = [LANDSCAPES[Math.floor(kinds / 5)], LANDSCAPES[kinds % 5]];
    const clock = CLOCKS[orientation];
    const level = (stacks.get(`${q},${r}`)?.stack.length ?? 0) + 1;
    tileHexes(q, r, clock).forEach(([hq, hr], i) => {
      const k = `${hq},${hr}`;
      if (!stacks.has(k)) stacks.set(k, { q: hq, r: hr, stack: [] });
      stacks.get(k).stack.push({ terrain: ["volcano", a, b][i], tile: id });
    });
    placed.push({ id, code: tileCode(a, b), volcano: [q, r], clock, level });
  }
  return { placed, stacks };
}

/** The hexes in (r, q) order, each with its building if it has one. */
function readBuildings(get, stacks, ownerWidth) {
  return [...stacks.values()]
    .sort((x, y) => x.r - y.r || x.q - y.q)
    .map(({ q, r, stack }) => {
      const entry = { q, r, level: stack.length, stack };
      if (get(1)) {
        const owner = get(ownerWidth);
        const kind = !get(1) ? "hut" : get(1) ? "tower" : "temple";
        const huts = kind === "hut" ? (get(1) ? get(3) : stack.length) : 1;
        entry.building = { owner, kind, count: huts };
      }
      return entry;
    });
}

/** The seats' colour ids of a picture (the page's palette, base/theme.js). */
export function pictureColours(picture) {
  return picture.players.map((p) => (PLAYER_COLOURS[p.colour] ?? PLAYER_COLOURS[0]).id);
}

/** The palette indices of colour ids, for the engine's picture method. */
export function colourIndices(ids) {
  return ids.map((id) =>
    Math.max(
      0,
      PLAYER_COLOURS.findIndex((c) => c.id === id),
    ),
  );
}

/**
 * A picture as the engine's state JSON (web/API.md) for drawing only: no log, no last move, no
 * open volcanoes, no result (a picture has none of them; the engine's state replaces it).
 */
export function pictureState(picture) {
  return {
    version: 1,
    options: picture.options,
    phase: picture.phase,
    current: picture.current,
    turn: picture.turn,
    tile: picture.tile,
    tilesLeft: picture.tilesLeft,
    tileCount: picture.tileCount,
    unseen: {},
    players: picture.players.map(({ colour: _colour, ...p }) => p),
    hexes: picture.hexes,
    tiles: picture.tiles,
    openVolcanoes: [],
    lastMove: null,
    log: [],
    result: null,
  };
}
