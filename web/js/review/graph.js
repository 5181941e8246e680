// The review's graph: each seat's standing (its share of the win, as the engine gives it) turn
// by turn, like a chess site's evaluation graph. graphLayout is pure (tested in tests/js);
// drawGraph turns a layout into SVG. Boundary 0 is the position before the first turn, boundary n
// the position after turn n; turn n is the stretch between boundaries n - 1 and n.
//
// The lines join the standings at the start of each round (and the latest one), where every
// player has had as many turns: in between, the player who has just built leads by the tempo
// (it builds before the others), and a line through every turn zigzags by that much each turn.

const SVG = "http://www.w3.org/2000/svg";

export const GRAPH_SIZE = Object.freeze({ width: 640, height: 230, left: 44, right: 12, top: 10, bottom: 40 });

// The graph is drawn at the size it is shown (one SVG unit a CSS pixel), so its labels keep
// their CSS size (13 px) on every screen instead of shrinking with a scaled-down picture.
const MIN_WIDTH = 280;
const TURN_LABEL_GAP = 30; // CSS px at least between two turn numbers on the axis

/** The graph's size for a box `width` CSS px wide: as wide, about a third as high. */
export function graphSize(width) {
  const w = Math.max(MIN_WIDTH, Math.round(width || GRAPH_SIZE.width));
  return { ...GRAPH_SIZE, width: w, height: Math.round(Math.min(260, Math.max(190, w * 0.38))) };
}

/**
 * The turn numbers the axis shows for `turns` turns `plotW` px wide: every turn if they fit,
 * else turn 1 and every 2nd, 5th, 10th… turn, at least TURN_LABEL_GAP px apart.
 */
export function turnNumbers(turns, plotW) {
  if (turns < 1) return [];
  const width = plotW / turns;
  const step = [1, 2, 5, 10, 20, 50, 100].find((s) => s * width >= TURN_LABEL_GAP) ?? 100;
  const out = [];
  for (let n = step; n <= turns; n += step) out.push(n);
  if (step > 1 && (step - 1) * width >= TURN_LABEL_GAP * 0.75) out.unshift(1);
  return out;
}

/**
 * The boundaries the lines go through: 0, each one where a round starts (the next turn's seat
 * comes back round: it is not after the last turn's seat), and the last answered. `reviews`: the
 * answered turns in order ({number, seat}).
 */
export function plottedBoundaries(reviews) {
  const out = [0];
  for (let k = 1; k < reviews.length; k++) if (reviews[k].seat <= reviews[k - 1].seat) out.push(k);
  if (reviews.length) out.push(reviews.length);
  return out;
}

/** The y of the polyline `points` (sorted by x) at `x`, between its points. */
export function lineYAt(points, x) {
  let i = 1;
  while (i < points.length - 1 && points[i][0] < x) i++;
  const [x0, y0] = points[Math.max(0, i - 1)];
  const [x1, y1] = points[Math.min(points.length - 1, i)];
  return x1 === x0 ? y1 : round(y0 + ((y1 - y0) * (x - x0)) / (x1 - x0));
}

/**
 * Where everything goes: {lines: [{seat, points: [[x, y]], dashed}], marks: [{turn, seat, x, y}],
 * even, ticks: [{share, y}], axis: [{turn, x}] (turn numbers, each at the middle of its turn's
 * stretch), turnX(n), turns}. `start`: the standings before turn 1;
 * `reviews`: the answered turns in order ({number, seat, after}); `turns`: how many the review
 * has (the x axis spans them all while the answers come in); `marked`: turn numbers, drawn on
 * their player's line at the end of the turn.
 */
export function graphLayout({ start, reviews, turns, marked = [], size = GRAPH_SIZE }) {
  const players = start.length;
  const plotW = size.width - size.left - size.right;
  const plotH = size.height - size.top - size.bottom;
  const span = Math.max(1, turns);
  const turnX = (n) => round(size.left + (plotW * n) / span);
  const shareY = (share) => round(size.top + plotH * (1 - share));
  const shown = plottedBoundaries(reviews);
  const at = (k, seat) => (k === 0 ? start[seat] : reviews[k - 1].after[seat]);
  const lines = [];
  for (let seat = 0; seat < players; seat++) {
    const points = shown.map((k) => [turnX(k), shareY(at(k, seat))]);
    // O-TEAMS partners hold equal shares: the later partner's line is dashed over the earlier
    // one's, so both colours show instead of one line hiding the other.
    const dashed = lines.some((line) => samePoints(line.points, points));
    lines.push({ seat, points, dashed });
  }
  const byNumber = new Map(reviews.map((r) => [r.number, r]));
  const marks = marked
    .filter((n) => byNumber.has(n))
    .map((n) => {
      const seat = byNumber.get(n).seat;
      const x = turnX(n);
      return { turn: n, seat, x, y: lineYAt(lines[seat].points, x) };
    });
  const ticks = [0, 0.5, 1].map((share) => ({ share, y: shareY(share) }));
  const even = players ? shareY(1 / players) : null; // an even game: every seat's share alike
  const axis = turns
    ? turnNumbers(turns, plotW).map((n) => ({ turn: n, x: round((turnX(n - 1) + turnX(n)) / 2) }))
    : [];
  return { lines, marks, ticks, even, axis, turnX, turns: span, size };
}

/** The turn (1..answered) nearest to graph x coordinate `x`; 0 if none is answered. */
export function turnAtX(layout, x, answered) {
  if (answered < 1) return 0;
  const { size, turns } = layout;
  const plotW = size.width - size.left - size.right;
  // Turn n is drawn from point n - 1 to point n: a click there chooses it.
  const n = Math.ceil(((x - size.left) / plotW) * turns);
  return Math.min(answered, Math.max(1, n));
}

/** The next turn to choose from `selected` on a key, or null for a key the graph ignores. */
export function turnForKey(key, selected, answered) {
  if (answered < 1) return null;
  const moves = { ArrowLeft: selected - 1, ArrowRight: selected + 1, Home: 1, End: answered };
  if (!(key in moves)) return null;
  return Math.min(answered, Math.max(1, moves[key]));
}

const round = (v) => Math.round(v * 10) / 10;

const samePoints = (a, b) => a.length === b.length && a.every(([x, y], i) => x === b[i][0] && y === b[i][1]);

function node(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * Draw `layout` into `svg` (emptied first): `colours[seat]` ({fill, edge}), the chosen turn
 * `selected` as a band, `percent(share)` to label the shares' axis, `turnTitle` the turns' one.
 */
export function drawGraph(svg, layout, { colours, selected = 0, percent, turnTitle = "" }) {
  const { size, turnX } = layout;
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${size.width} ${size.height}`);
  const right = size.width - size.right;
  const bottom = size.height - size.bottom;
  svg.append(
    node("rect", {
      class: "review-plot",
      x: size.left,
      y: size.top,
      width: right - size.left,
      height: bottom - size.top,
    }),
  );
  if (selected > 0) {
    const x0 = turnX(selected - 1);
    svg.append(
      node("rect", {
        class: "review-band",
        x: x0,
        y: size.top,
        width: turnX(selected) - x0,
        height: bottom - size.top,
      }),
    );
  }
  drawAxes(svg, layout, percent, turnTitle);
  if (layout.even !== null) {
    svg.append(node("line", { class: "review-even", x1: size.left, x2: right, y1: layout.even, y2: layout.even }));
  }
  for (const line of layout.lines) {
    const points = line.points.map(([x, y]) => `${x},${y}`).join(" ");
    const c = colours[line.seat] ?? { fill: "#ccc", edge: "#333" };
    // A dark edge under the seat's colour keeps white and black lines visible on the plot.
    if (!line.dashed) svg.append(node("polyline", { class: "review-line-edge", points, stroke: c.edge }));
    const attrs = { class: "review-line", points, stroke: c.fill, "data-seat": line.seat };
    if (line.dashed) attrs["stroke-dasharray"] = "10 10";
    svg.append(node("polyline", attrs));
  }
  for (const mark of layout.marks) {
    const c = colours[mark.seat] ?? { fill: "#ccc", edge: "#333" };
    svg.append(
      node("circle", {
        class: "review-mark",
        cx: mark.x,
        cy: mark.y,
        r: 5,
        fill: c.fill,
        stroke: c.edge,
        "data-turn": mark.turn,
      }),
    );
  }
}

/** The shares' axis (0, 50%, 100%) as lines across the plot, and the turns' numbers below it. */
function drawAxes(svg, layout, percent, turnTitle) {
  const { size } = layout;
  const right = size.width - size.right;
  const bottom = size.height - size.bottom;
  for (const tick of layout.ticks) {
    svg.append(node("line", { class: "review-tick", x1: size.left, x2: right, y1: tick.y, y2: tick.y }));
    const label = node("text", { class: "review-tick-label", x: size.left - 4, y: tick.y + 4, "text-anchor": "end" });
    label.textContent = percent(tick.share);
    svg.append(label);
  }
  for (const { turn, x } of layout.axis) {
    svg.append(node("line", { class: "review-tick", x1: x, x2: x, y1: bottom, y2: bottom + 4 }));
    const label = node("text", { class: "review-tick-label", x, y: bottom + 17, "text-anchor": "middle" });
    label.textContent = String(turn);
    svg.append(label);
  }
  if (turnTitle) {
    const title = node("text", { class: "review-axis-title", x: (size.left + right) / 2, y: size.height - 4 });
    title.setAttribute("text-anchor", "middle");
    title.textContent = turnTitle;
    svg.append(title);
  }
}
