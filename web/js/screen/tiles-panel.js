// The Tiles card: the pile's count and bar, and the unseen tiles by kind (R-MAT-3's table).

import { rich, t } from "../i18n/messages.js";
import { fill, h } from "../base/dom.js";
import { LANDSCAPE_NAMES, TERRAINS } from "../base/theme.js";
import { terrainIcon } from "./panel-icons.js";
import { runSteps, unchanged } from "./panel-rows.js";
import { terrainName } from "./words.js";

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
