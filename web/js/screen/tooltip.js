// The tip beside the pointer: at the place step, whether the tile can go where it points and,
// if not, the engine's reason (asked with `explain` after a short hover); at the build step,
// what a click on the hex would build or, if nothing, the engine's reason again, in words (its
// rule id only in data-reason: the error line of a click offers the rule). Kept beside what it
// talks about, never over it.

import { placementKey } from "../board/geometry.js";
import { hutsByOwner } from "../game/announce.js";
import { reasonSentence } from "../i18n/engine-text.js";
import { t } from "../i18n/messages.js";
import { h, fill } from "../base/dom.js";

const EXPLAIN_DELAY = 60; // ms of hovering before the engine is asked why a spot is illegal
const MARGIN = 6;

// A reason as the tip shows it: the sentence.
const reasonBody = (why) => [reasonSentence(why)];

/** What a build move does, in a few words (the tip and the action menu). */
export function actionLabel(m) {
  if (m.kind === "expand") {
    const huts = m.hexes.reduce((sum, x) => sum + x.count, 0);
    return t("tip.expand", { terrain: m.terrain, huts });
  }
  return t({ found: "tip.found", temple: "tip.temple", tower: "tip.tower" }[m.kind]);
}

export class Tooltip {
  constructor(el, { root, board, explain, onExplained }) {
    this.el = el;
    this.root = root;
    this.board = board;
    this.explain = explain; // (move) => Promise of {rule, text} | null, or undefined if stale
    this.onExplained = onExplained;
    this.reasons = new Map(); // placement key -> {rule, text} | null, for the view on screen
    this.ghost = null;
    this.at = null;
  }

  /** A new view: reasons given for the old one no longer hold. */
  reset() {
    this.reasons.clear();
    clearTimeout(this.timer);
  }

  hide() {
    this.el.hidden = true;
    this.root.dataset.reason = "";
  }

  /** The tip for the ghost tile `g` (null: none). */
  showPlace(g, seats) {
    if (!g) return this.hide();
    const k = placementKey(g.q, g.r, g.clock);
    let body;
    if (g.legal) {
      this.root.dataset.reason = "";
      const buried = hutsByOwner(g.move?.covers, seats);
      const what = g.level > 1 ? t("tip.eruption", { level: g.level }) : t("tip.table");
      body = [
        h("strong", { class: "tg-tip-ok" }, buried ? t("tip.destroys", { what, buried }) : what),
        g.warn ? h("span", { class: "tg-tip-warn" }, h("br"), t("tip.eliminates")) : null,
      ];
    } else if (this.reasons.has(k)) {
      const why = this.reasons.get(k);
      this.root.dataset.reason = why ? why.rule : "";
      body = why ? reasonBody(why) : ["…"];
    } else {
      this.root.dataset.reason = "pending";
      body = [h("span", { class: "tg-muted" }, t("tip.not-here"))];
      this.#scheduleExplain(k, { type: "place", volcano: [g.q, g.r], clock: g.clock });
    }
    this.#show(body, g.legal, g, g);
  }

  /**
   * Why nothing can be built at hex `at`: `probe` is the build to ask the engine about
   * ({move}), or the page's own sentence ({text}: no expansion onto one's own settlement).
   */
  showBuildReason(at, probe) {
    let body;
    if (probe.text) {
      this.root.dataset.reason = "";
      body = [probe.text];
    } else {
      const k = `build:${at.q},${at.r}:${probe.move.kind}`;
      if (this.reasons.has(k)) {
        const why = this.reasons.get(k);
        this.root.dataset.reason = why ? why.rule : "";
        body = why ? reasonBody(why) : [t("intent.nothing")];
      } else {
        this.root.dataset.reason = "pending";
        body = [h("span", { class: "tg-muted" }, t("tip.not-here"))];
        this.#scheduleExplain(k, probe.move);
      }
    }
    this.#show(body, false, null, at);
  }

  /** The tip for the build moves `acts` at hex `at`. */
  showBuild(acts, at) {
    if (!acts.length) return this.hide();
    this.root.dataset.reason = "";
    this.#show(
      acts.map((a, i) => [i ? h("br") : null, actionLabel(a)]),
      true,
      null,
      at,
    );
  }

  /** The engine's reason for placing at `g`, asked now (a click on an illegal spot). */
  async reasonFor(g) {
    const k = placementKey(g.q, g.r, g.clock);
    if (!this.reasons.has(k))
      this.reasons.set(k, await this.explain({ type: "place", volcano: [g.q, g.r], clock: g.clock }));
    return this.reasons.get(k);
  }

  #scheduleExplain(k, move) {
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      const why = await this.explain(move);
      if (why === undefined) return; // asked about a view that is gone
      this.reasons.set(k, why);
      this.onExplained();
    }, EXPLAIN_DELAY);
  }

  #show(body, legal, ghost, at) {
    fill(this.el, body);
    this.el.dataset.legal = String(legal);
    this.el.hidden = false;
    this.ghost = ghost;
    this.at = at;
    this.place();
  }

  /** Put the tip beside the ghost tile (or the hex), inside the board. */
  place() {
    if (this.el.hidden || !this.at) return;
    const wrap = this.el.parentElement.getBoundingClientRect();
    const box = { w: this.el.offsetWidth, h: this.el.offsetHeight, W: wrap.width, H: wrap.height };
    const g = this.ghost;
    const spots = g
      ? g.hexes.map((x) => this.board.hexToCanvas(x.q, x.r, g.level))
      : [this.board.hexToCanvas(this.at.q, this.at.r)];
    const [left, top] = this.#beside(box, spots);
    this.el.style.setProperty("transform", `translate(${Math.round(left)}px, ${Math.round(top)}px)`);
  }

  // Right of the hexes at canvas points `spots`, else left of them, else below or above: the
  // pieces on them stand up to about a hex above their centres, so the box keeps clear of that.
  #beside(box, spots) {
    const R = this.board.cam.scale;
    const xs = spots.map((p) => p[0]);
    const ys = spots.map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs) - R, Math.max(...xs) + R, Math.min(...ys) - 1.6 * R, Math.max(...ys) + R];
    let left = x1 + 10;
    let top = (y0 + y1) / 2 - box.h / 2;
    if (left + box.w > box.W - MARGIN) left = x0 - box.w - 10;
    if (left < MARGIN) {
      left = Math.min(Math.max(MARGIN, (x0 + x1) / 2 - box.w / 2), box.W - box.w - MARGIN);
      top = y1 + 8 + box.h > box.H ? y0 - box.h - 8 : y1 + 8;
    }
    return [left, Math.min(Math.max(MARGIN, top), box.H - box.h - MARGIN)];
  }
}
