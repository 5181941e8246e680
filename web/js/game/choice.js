// The move a person is putting together: the tile's rotation and where it points, or the
// build action, settlement and landscape chosen so far. Everything is looked up in the engine's
// legal moves for the step (indexed here); nothing is decided by a rule of the page's own.

import { CLOCKS, key, placementKey, rotateClock, tileHexes } from "../board/geometry.js";
import { tileTerrains } from "../base/theme.js";
import { legalMoves } from "./legal.js";

export const KINDS = ["found", "expand", "temple", "tower"];

/** The legal moves by what the page looks them up by: spot and rotation, kind and hex. */
export function indexLegal(legal) {
  const places = new Map();
  const dotsByClock = new Map(CLOCKS.map((c) => [c, []]));
  const builds = { found: [], expand: [], temple: [], tower: [] };
  const buildAt = { found: new Map(), temple: new Map(), tower: new Map() };
  for (const m of legal) {
    if (m.type === "place") {
      places.set(placementKey(m.volcano[0], m.volcano[1], m.clock), m);
      dotsByClock.get(m.clock).push(m.volcano);
    } else {
      builds[m.kind].push(m);
      if (m.kind !== "expand") buildAt[m.kind].set(key(m.hexes[0].q, m.hexes[0].r), m);
    }
  }
  return { places, dotsByClock, builds, buildAt };
}

const onHex = (hex) => (x) => x.q === hex.q && x.r === hex.r;

export class MoveChoice {
  constructor() {
    this.clock = 6;
    this.inputType = "mouse"; // how the person points: mouse | touch | keyboard
    this.hover = null; // the hex under the mouse
    this.cursor = null; // the hex chosen by touch or keyboard
    this.reset(null);
  }

  /** A new view: the choices start over (the rotation and the way of pointing stay). */
  reset(view) {
    this.view = view;
    Object.assign(this, indexLegal(legalMoves(view)));
    this.hexAt = new Map((view?.state.hexes ?? []).map((hx) => [key(hx.q, hx.r), hx]));
    this.kind = null; // the chosen build action
    this.settlement = null; // the chosen settlement (its anchor key) while expanding
    this.expand = null; // the chosen expansion
    this.pending = null; // a build chosen by touch, waiting for a second tap
    this.preview = null; // an expansion previewed by hovering its button
    if (view?.state.phase !== "place") this.cursor = null;
  }

  get phase() {
    return this.view?.state.phase ?? null;
  }

  /** The hex the person points at: the mouse's, or the touch or keyboard cursor. */
  get at() {
    return this.inputType === "mouse" ? this.hover : this.cursor;
  }

  rotate(step) {
    this.clock = rotateClock(this.clock, step);
  }

  /** The tile where the person points: its hexes, level, legality and the legal move if any. */
  ghost() {
    const s = this.view?.state;
    const at = this.at;
    if (this.phase !== "place" || !at || !s.tile) return null;
    const [t1, t2] = tileTerrains(s.tile);
    const terrains = ["volcano", t1, t2];
    const move = this.places.get(placementKey(at.q, at.r, this.clock));
    const hexes = tileHexes(at.q, at.r, this.clock).map(([q, r], i) => ({ q, r, terrain: terrains[i] }));
    const level = move ? move.level : (this.hexAt.get(key(at.q, at.r))?.level || 0) + 1;
    return {
      q: at.q,
      r: at.r,
      hexes,
      clock: this.clock,
      level,
      legal: Boolean(move),
      warn: Boolean(move?.eliminates),
      move,
    };
  }

  /** Toggle a build action; false when it has no legal move now. */
  chooseKind(kind) {
    if (this.phase !== "build" || !this.builds[kind]?.length) return false;
    this.kind = this.kind === kind ? null : kind;
    this.settlement = null;
    this.expand = null;
    this.pending = null;
    if (this.kind === "expand") {
      const anchors = new Set(this.builds.expand.map((m) => key(...m.settlement)));
      if (anchors.size === 1) this.settlement = [...anchors][0];
    }
    return true;
  }

  chooseSettlement(anchor) {
    this.kind = "expand";
    this.settlement = anchor;
    const moves = this.expansionsOf(anchor);
    this.expand = moves.length === 1 ? moves[0] : null;
  }

  chooseExpansion(move) {
    this.kind = "expand";
    this.expand = this.expand === move ? null : move;
    this.settlement = key(...move.settlement);
    this.preview = null;
  }

  /** Choose the move of an action menu entry; true when it is complete (to be played). */
  chooseMove(move) {
    this.kind = move.kind;
    if (move.kind !== "expand") return true;
    this.expand = move;
    this.settlement = key(...move.settlement);
    return false;
  }

  cancel() {
    this.kind = null;
    this.settlement = null;
    this.expand = null;
    this.pending = null;
  }

  expansionsOf(anchor) {
    return this.builds.expand.filter((m) => key(...m.settlement) === anchor);
  }

  /** The hexes of the settlement the engine names by `anchor` (for outlining only). */
  settlementOf(anchor) {
    const members = this.view.state.hexes.filter((hx) => hx.building?.settlement === anchor).map((hx) => [hx.q, hx.r]);
    return members.length ? members : [anchor.split(",").map(Number)];
  }

  /** Every legal build that involves `hex` (of the chosen action, if one is chosen). */
  actionsAt(hex) {
    const k = key(hex.q, hex.r);
    const acts = [];
    for (const kind of ["found", "temple", "tower"]) {
      const m = this.buildAt[kind].get(k);
      if (m) acts.push(m);
    }
    const mine = this.hexAt.get(k)?.building?.owner === this.view.state.current;
    for (const m of this.builds.expand) {
      const inSettlement = () => this.settlementOf(key(...m.settlement)).some(([q, r]) => q === hex.q && r === hex.r);
      if (m.hexes.some(onHex(hex)) || (mine && inSettlement())) acts.push(m);
    }
    return this.kind ? acts.filter((m) => m.kind === this.kind) : acts;
  }

  /**
   * What a click (or a tap, or Enter) on `hex` does at the build step:
   * {play: move} | {menu: moves} | {explain: true} | {shown: true} (the choice changed).
   */
  clickBuild(hex, touch) {
    const acts = this.actionsAt(hex);
    if (!acts.length) return { explain: true };
    if (new Set(acts.map((m) => m.kind)).size > 1) return { menu: acts };
    this.kind = acts[0].kind;
    if (this.kind === "expand") return this.#clickExpand(hex, acts);
    const move = acts[0];
    if (touch && this.pending !== move) {
      this.pending = move;
      return { shown: true };
    }
    return { play: move };
  }

  // A target hex picks (or cycles through) its expansions; a settlement hex picks the settlement.
  #clickExpand(hex, acts) {
    const targets = acts.filter((m) => m.hexes.some(onHex(hex)));
    if (!targets.length) {
      this.chooseSettlement(key(...acts[0].settlement));
      return { shown: true };
    }
    const i = targets.indexOf(this.expand);
    this.expand = targets[(i + 1) % targets.length];
    this.settlement = key(...this.expand.settlement);
    return { shown: true };
  }

  /** The move the Confirm button would play, or null. */
  confirmable() {
    if (this.phase === "place") {
      const g = this.ghost();
      return g && g.legal && this.cursor ? g.move : null;
    }
    if (this.phase === "build") return this.expand || this.pending || null;
    return null;
  }

  /** Where the keyboard cursor starts: on a legal target of the step. */
  defaultCursor() {
    if (this.phase === "build") {
      const m = legalMoves(this.view)[0];
      return m ? { q: m.hexes[0].q, r: m.hexes[0].r } : { q: 0, r: 0 };
    }
    const m = this.dotsByClock.get(this.clock)[0];
    return m ? { q: m[0], r: m[1] } : { q: 0, r: 0 };
  }
}
