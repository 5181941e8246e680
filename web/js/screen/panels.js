// The panels around the board: players and their stock, the tile pile, the move log, a legend.
// Pure rendering of the engine's state JSON.

import { drawHexTop, drawPiece, drawTile, hexPath } from "../board/art.js";
import { levelName } from "../i18n/engine-text.js";
import { currentLanguage, rich, t } from "../i18n/messages.js";
import { turnShort } from "../i18n/move-short.js";
import { moveText } from "../i18n/move-text.js";
import { fill, h, smallCanvas } from "../base/dom.js";
import { computerIcon } from "../base/icons.js";
import { LANDSCAPE_NAMES, TERRAINS, tileTerrains } from "../base/theme.js";
import { logDetail } from "./log-detail.js";
import { builtText, ordinal, teamName, terrainName } from "./words.js";

const iconCache = new Map();

// Icons are canvases (no data: URLs, which a strict img-src would block): each is drawn once at
// device resolution and copied into every new canvas that shows it.
function icon(k, w, hgt, draw, attrs) {
  if (!iconCache.has(k)) iconCache.set(k, smallCanvas(w, hgt, draw));
  const src = iconCache.get(k);
  const c = h("canvas", {
    ...attrs,
    role: attrs.alt ? "img" : null,
    "aria-label": attrs.alt || null,
    "aria-hidden": attrs.alt ? null : "true",
    alt: null,
  });
  c.width = src.width;
  c.height = src.height;
  c.style.setProperty("width", `${w}px`);
  c.style.setProperty("height", `${hgt}px`);
  c.getContext("2d").drawImage(src, 0, 0);
  return c;
}

/** A small drawing of a piece in a player's colour. */
export function pieceIcon(kind, colour, size = 22) {
  return icon(
    `${kind}:${colour.id}:${size}`,
    size,
    size,
    (ctx) => {
      const u = kind === "temple" ? size / 4.3 : kind === "tower" ? size / 4.2 : size / 2.9;
      drawPiece(ctx, kind, size / 2, size * (kind === "hut" ? 0.82 : 0.9), u, colour);
    },
    { class: "tg-piece-icon" },
  );
}

export function terrainIcon(terrain, size = 26) {
  return icon(
    `terrain:${terrain}:${size}`,
    size,
    size,
    (ctx) => {
      const R = size / 2;
      drawHexTop(ctx, R, R, R * 0.98, terrain, 1, 3, 5, terrain === "volcano" ? 6 : 0);
      hexPath(ctx, R, R, R * 0.98);
      ctx.lineWidth = 1;
      ctx.strokeStyle = "rgba(0,0,0,0.5)";
      ctx.stroke();
    },
    { class: "tg-terrain-icon" },
  );
}

export function tileIcon(code, size = 34, clock = 6) {
  const [a, b] = tileTerrains(code);
  return icon(
    `tile:${code}:${size}:${clock}`,
    size,
    size,
    (ctx) => drawTile(ctx, size / 2, size / 2, size / 4.4, code, clock),
    { class: "tg-tile-icon", alt: t("panels.tile-icon", { a: terrainName(a), b: terrainName(b) }) },
  );
}

const STATUS_TEXT = { eliminated: "panels.eliminated", finished: "panels.finished" };

function stockItem(kind, n, colour) {
  const left = t("panels.stock.left", { kind, count: n });
  return h(
    "span",
    { class: "tg-stock", title: left, dataset: { kind } },
    pieceIcon(kind === "huts" ? "hut" : kind.slice(0, -1), colour, 20),
    h("span", { class: "tg-stock-n", aria: { label: left } }, String(n)),
  );
}

// A by-link game waits in the draw step for the next mover's device (share/bylink.js).
const TURN_BADGE = { place: "panels.placing", build: "panels.building", draw: "fair.next" };

/** The badges beside a player's name: team, computer level, whose turn, status, place. */
function badges(p, state, { thinking, level }) {
  const badge = (cls, text, attrs = {}) => h("span", { class: `tg-badge ${cls}`, ...attrs }, text);
  const current = state.phase !== "over" && state.current === p.seat;
  const place = state.result?.places[p.seat];
  let turn = null;
  if (thinking === p.seat) {
    turn = h(
      "span",
      { class: "tg-badge tg-badge-turn tg-badge-thinking", dataset: { testid: "seat-thinking" } },
      h("span", { class: "tg-spinner", aria: { hidden: "true" } }),
      t("panels.thinking"),
    );
  } else if (current) turn = badge("tg-badge-turn", t(TURN_BADGE[state.phase] ?? "panels.building"));
  const name = level && levelName(level);
  return [
    p.team === null || p.team === undefined ? null : h("span", { class: "tg-team" }, teamName(p.team)),
    // A computer seat: its mark and its word in every layout (the phone's strip shows the short
    // word, or the mark alone where a seat is too narrow for it: the title has it all).
    level
      ? h(
          "span",
          {
            class: "tg-badge tg-badge-ai",
            title: t("panels.cpu.title", { level: name }),
            dataset: { testid: "seat-computer" },
          },
          computerIcon(),
          h("span", { class: "tg-badge-ai-long" }, t("seat.computer", { level: name })),
          h("span", { class: "tg-badge-ai-short" }, t("seat.computer.short")),
        )
      : null,
    turn,
    STATUS_TEXT[p.status] ? badge("", t(STATUS_TEXT[p.status])) : null,
    place ? badge("tg-badge-place", ordinal(place)) : null,
  ];
}

function playerRow(p, state, seat, colour, info) {
  const current = state.phase !== "over" && state.current === p.seat;
  const { stock, built } = p;
  return h(
    "li",
    {
      class: `tg-player${current ? " is-current" : ""}${p.status !== "playing" ? ` is-${p.status}` : ""}`,
      dataset: { seat: String(p.seat), status: p.status },
      style: { "--seat": colour.fill, "--seat-edge": colour.edge },
      aria: current ? { current: "true" } : {},
      title: t("panels.built", { built: builtText(built) }), // where the "built" line has no room
    },
    h(
      "div",
      { class: "tg-player-head" },
      h("span", { class: "tg-seat-dot", aria: { hidden: "true" } }),
      h("span", { class: "tg-player-name", title: seat.name, dataset: { seatName: "" } }, seat.name),
      badges(p, state, info),
    ),
    h(
      "div",
      {
        class: "tg-player-stock",
        aria: { label: t("panels.stock", stock) },
      },
      stockItem("temples", stock.temples, colour),
      stockItem("towers", stock.towers, colour),
      stockItem("huts", stock.huts, colour),
    ),
    h("div", { class: "tg-player-built" }, t("panels.built", { built: builtText(built) })),
  );
}

// What each panel (or each of its rows) last showed, by element: what has the same inputs is
// left as it is, since a step changes a row or two and rebuilding the rest (their canvases)
// cost a few ms of the step's round trip. The page's language is one of every row's inputs: after
// a switch each row says its words again.
const shownInputs = new WeakMap();

function unchanged(el, inputs) {
  const text = JSON.stringify([currentLanguage(), inputs]);
  if (shownInputs.get(el) === text) return true;
  shownInputs.set(el, text);
  return false;
}

export function renderPlayers(el, state, seats, colours, info = {}) {
  runSteps(playersSteps(el, state, seats, colours, info));
}

/** renderPlayers as steps to run in order, a row each (a new game's rows, one a task). */
export function playersSteps(el, state, seats, colours, { thinking = null, levels = [] } = {}) {
  const { phase, current, result } = state;
  const keys = state.players.map((p) => {
    const turn = phase !== "over" && current === p.seat ? phase : phase === "over";
    const seat = [seats[p.seat], colours[p.seat], levels[p.seat], thinking === p.seat];
    return JSON.stringify([p, turn, result?.places[p.seat], seat]);
  });
  return rowSteps(el, keys, 1, (i) => {
    const p = state.players[i];
    return playerRow(p, state, seats[p.seat], colours[p.seat], { thinking, level: levels[p.seat] });
  });
}

// The unseen table's ten terrain icons, made once per panel and moved into each new table: making
// them was most of the panel's cost, paid on every tile drawn.
const tableIcons = new WeakMap();

function tableIcon(el, axis, terrain) {
  if (!tableIcons.has(el)) tableIcons.set(el, new Map());
  const icons = tableIcons.get(el);
  const k = `${axis}:${terrain}`;
  if (!icons.has(k)) icons.set(k, terrainIcon(terrain, 18));
  return icons.get(k);
}

export function renderTiles(el, state) {
  runSteps(tilesSteps(el, state));
}

/**
 * renderTiles as steps to run in order: the count, its bar and the unseen table's head, then
 * the table's rows (their icons and words), one a step; none if the panel shows these figures.
 */
export function tilesSteps(el, state) {
  if (unchanged(el, [state.tileCount, state.tilesLeft, state.unseen])) return [];
  const body = h("tbody");
  const rows = LANDSCAPE_NAMES.map((a) => () => body.append(unseenRow(el, state, a)));
  return [() => showTileCount(el, state, body), ...rows];
}

function showTileCount(el, state, body) {
  const open = el.querySelector("details")?.open ?? false; // keep the reader's choice
  const used = state.tileCount - state.tilesLeft;
  const bar = h(
    "div",
    {
      class: "tg-progress",
      role: "progressbar",
      aria: { valuemin: 0, valuemax: state.tileCount, valuenow: used, label: t("panels.tiles-placed") },
    },
    h("div", { class: "tg-progress-fill", style: { width: `${(100 * used) / Math.max(1, state.tileCount)}%` } }),
  );
  // The unseen tiles (not yet drawn, this game's pile plus the tiles left out), as R-MAT-3's table.
  const table = h(
    "table",
    { class: "tg-unseen" },
    h("caption", {}, t("panels.unseen.caption")),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, h("span", { class: "tg-sr" }, t("panels.unseen.corner"))),
        LANDSCAPE_NAMES.map((x) => h("th", { scope: "col", title: terrainName(x) }, tableIcon(el, "col", x))),
      ),
    ),
    body,
  );
  fill(
    el,
    h(
      "p",
      { class: "tg-tiles-left", dataset: { testid: "tiles-left" } },
      rich("panels.tiles-left", {
        b: (chunks) => h("strong", {}, chunks),
        left: state.tilesLeft,
        total: state.tileCount,
      }),
    ),
    bar,
    h("details", { class: "tg-unseen-wrap", open }, h("summary", {}, t("panels.unseen")), table),
  );
}

// The unseen table's row of landscape `a`: how many tiles of it with each other landscape.
function unseenRow(el, state, a) {
  return h(
    "tr",
    {},
    h("th", { scope: "row", title: terrainName(a) }, tableIcon(el, "row", a)),
    LANDSCAPE_NAMES.map((b) => {
      const code = TERRAINS[a].letter + TERRAINS[b].letter;
      const n = state.unseen[code] || 0;
      return h(
        "td",
        {
          class: n ? "" : "is-zero",
          title: t("panels.unseen.cell", { a: terrainName(a), b: terrainName(b), count: n }),
        },
        String(n),
      );
    }),
  );
}

// What a log's rows do when pointed at or opened, and their bubble of words, by log element.
const logActions = new WeakMap();
const logDetails = new WeakMap();

// One set of listeners a log, for every row it will ever hold: pointing at a row (or focusing
// it) calls `point(i)` with its turn's index (null when it leaves) and shows the turn in full
// words beside it, a click or Enter `open(i)`.
function listenLog(el) {
  const detail = logDetail(el);
  logDetails.set(el, detail);
  const rowOf = (e) => e.target.closest?.("li[data-turn]");
  const index = (row) => Number(row.dataset.turn) - 1;
  const point = (row) => logActions.get(el)?.point?.(row ? index(row) : null);
  el.addEventListener("pointerover", (e) => {
    const row = rowOf(e);
    point(row);
    if (row !== detail.row) detail.show(row, e.pointerType === "touch" ? "touch" : "mouse");
  });
  el.addEventListener("pointerleave", () => {
    point(null);
    detail.hide();
  });
  el.addEventListener("focusin", (e) => {
    const row = rowOf(e);
    point(row);
    // A row focused by a click is pointed at already; one reached by the keyboard shows its words.
    if (row?.matches(":focus-visible")) detail.show(row, "keyboard");
  });
  el.addEventListener("focusout", () => {
    point(null);
    detail.hide();
  });
  const open = (row) => row && logActions.get(el)?.open?.(index(row));
  el.addEventListener("click", (e) => open(rowOf(e)));
  el.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const row = rowOf(e);
    if (!row) return;
    e.preventDefault();
    open(row);
  });
}

/**
 * The move log: one row a turn, from the state's log (every turn with its seat), each move in
 * words. `actions` ({point(i), open(i)}) make the rows live: pointing at a row shows its turn on
 * the board, opening it shows the replay there. The last placement's turn is marked (the
 * computer's last turn stays marked until the next player places a tile).
 */
export function renderLog(el, state, seats, colours, actions = null) {
  runSteps(logSteps(el, state, seats, colours, actions));
}

// A log's rows made in one step at most (a game opened from a long link has 48 turns or more).
const LOG_ROWS_A_STEP = 12;

/** renderLog as steps to run in order, LOG_ROWS_A_STEP rows each. */
export function logSteps(el, state, seats, colours, actions = null) {
  if (!logActions.has(el)) listenLog(el);
  logActions.set(el, actions);
  const live = Boolean(actions);
  const last = state.lastMove ? state.log.findLastIndex((e) => e.placementMove) : -1;
  // The turn being played: its build is still to come (a finished turn without one had its
  // player eliminated).
  const playing = state.phase === "build" ? state.log.length - 1 : -1;
  const keys = state.log.map((turn, i) =>
    JSON.stringify([turn, seats.map((s) => s.name), colours[turn.seat], i === last, live, i === playing]),
  );
  // One column of names for every row, as wide as the longest (CSS caps it).
  el.style.setProperty("--log-name", `${Math.max(4, ...seats.map((s) => s.name.length))}ch`);
  if (!keys.length) {
    shownInputs.set(el, keys);
    return [() => fill(el, h("li", { class: "tg-log-empty" }, t("panels.no-moves")))];
  }
  const rows = rowSteps(el, keys, LOG_ROWS_A_STEP, (i) =>
    logRow(state.log[i], i, seats, colours, { last: i === last, live, playing: i === playing }),
  );
  const after = () => {
    if (!rows.changed()) return;
    logDetails.get(el)?.hide(); // its row may be gone or say something else now
    // Scrolled in the frame: reading the height here would force a layout before the board draws.
    requestAnimationFrame(() => (el.scrollTop = el.scrollHeight));
  };
  return [...rows, after];
}

function runSteps(steps) {
  for (const step of steps) step();
}

/**
 * Steps that make `el` hold one child per key (of `inputs`, in the page's language), rebuilt by `make(i)` only where its key changed,
 * `perStep` children a step; the steps' `changed()` says whether any was. What `el` shows is
 * recorded by the last step: a run stopped before it leaves the next render to rebuild them all.
 */
function rowSteps(el, inputs, perStep, make) {
  // Keyed by the language too: a switch of language rebuilds every row in the new words.
  const language = currentLanguage();
  const keys = inputs.map((key) => `${language} ${key}`);
  const before = shownInputs.get(el) ?? [];
  shownInputs.delete(el);
  let changed = false;
  const steps = [];
  for (let from = 0; from === 0 || from < keys.length; from += perStep) {
    steps.push(() => {
      if (from === 0) {
        if (!before.length) el.replaceChildren();
        while (el.children.length > keys.length) el.lastElementChild.remove();
      }
      keys.slice(from, from + perStep).forEach((key, j) => {
        const i = from + j;
        if (before[i] === key && el.children[i]) return;
        const row = make(i);
        if (el.children[i]) el.children[i].replaceWith(row);
        else el.append(row);
        changed = true;
      });
      if (from + perStep >= keys.length) shownInputs.set(el, keys);
    });
  }
  return Object.assign(steps, { changed: () => changed });
}

// A turn of the log, on one line: its number, who (colour and name), the tile drawn (its
// picture) and the turn in a few words ("3 huts · jungle"). The whole turn in words, from the
// moves' facts (where they went: the landscape, the settlement beside it and its owner, the
// huts an eruption buried; never coordinates, which the board does not show), is what a screen
// reader reads, and what the row shows beside it when pointed at or focused (log-detail.js).
function logRow(turn, i, seats, colours, { last, live, playing }) {
  const colour = colours[turn.seat];
  const placed = turn.placementMove ? moveText(turn.placementMove, { seats, covered: turn.covered }) : "…";
  return h(
    "li",
    {
      class: last ? "tg-log-last" : null,
      tabindex: live ? "0" : null,
      dataset: last ? { turn: String(i + 1), last: "1" } : { turn: String(i + 1) },
    },
    h("span", { class: "tg-log-n" }, t("panels.log.n", { n: i + 1 })),
    h("span", {
      class: "tg-seat-dot",
      style: { "--seat": colour.fill, "--seat-edge": colour.edge },
    }),
    h("span", { class: "tg-log-who" }, seats[turn.seat].name),
    turn.tile ? h("span", { class: "tg-log-tile", title: t("panels.log.tile") }, tileIcon(turn.tile, 20)) : null,
    h("span", { class: "tg-log-short", aria: { hidden: "true" } }, turnShort(turn, { playing })),
    h(
      "span",
      { class: "tg-log-text tg-sr" },
      h("span", { class: "tg-log-place" }, placed),
      turn.buildMove ? [" · ", h("span", { class: "tg-log-build" }, moveText(turn.buildMove, { seats }))] : null,
    ),
  );
}

export function renderLegend(el) {
  fill(
    el,
    h(
      "ul",
      { class: "tg-legend-terrains" },
      ["volcano", ...LANDSCAPE_NAMES].map((x) => h("li", {}, terrainIcon(x, 28), terrainName(x))),
    ),
    h(
      "ul",
      { class: "tg-legend-pieces" },
      [
        ["hut", "panels.legend.hut"],
        ["temple", "panels.legend.temple"],
        ["tower", "panels.legend.tower"],
      ].map(([k, label]) =>
        h("li", {}, pieceIcon(k, { id: "legend", fill: "#e8e2d2", edge: "#2b241a" }, 26), t(label)),
      ),
    ),
    h(
      "ul",
      { class: "tg-legend-marks" },
      h("li", {}, h("span", { class: "tg-mark tg-mark-level" }, "2"), t("panels.legend.level")),
      h("li", {}, h("span", { class: "tg-mark tg-mark-open" }), t("panels.legend.open")),
      h("li", {}, h("span", { class: "tg-mark tg-mark-last" }), t("panels.legend.last")),
      h("li", {}, h("span", { class: "tg-mark tg-mark-target" }), t("panels.legend.target")),
    ),
  );
}
