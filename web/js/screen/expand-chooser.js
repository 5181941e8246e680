// The Expand action's chooser in the step bar: the legal expansions grouped by settlement, one
// button per landscape with the huts it takes, and a line saying what the chosen one does.

import { key } from "../board/geometry.js";
import { h } from "./dom.js";
import { TERRAINS } from "./theme.js";
import { plural } from "./words.js";

const hutsOf = (m) => m.hexes.reduce((t, x) => t + x.count, 0);

function landscapeButton(m, choice, act, anchor) {
  const on = choice.expand === m;
  return h(
    "button",
    {
      type: "button",
      class: `tg-btn tg-btn-small tg-terrain-btn${on ? " is-on" : ""}`,
      aria: { pressed: String(on) },
      onclick: () => act.chooseExpansion(m),
      onmouseenter: () => act.previewExpansion(m),
      onmouseleave: () => act.previewExpansion(null),
      dataset: { testid: `expand-${anchor}-${m.terrain}`, notation: m.notation },
      title: `${TERRAINS[m.terrain].name}: ${plural(hutsOf(m), "hut")} on ${plural(m.hexes.length, "hex", "hexes")}`,
    },
    h("span", { class: "tg-terrain-chip", dataset: { terrain: m.terrain } }),
    TERRAINS[m.terrain].name,
    h("span", { class: "tg-muted" }, ` ${hutsOf(m)}`),
  );
}

function summary(m) {
  if (!m)
    return "Pick a settlement and a landscape: every empty hex of it next to the settlement gets huts, as many as its level.";
  const where = m.hexes.map((x) => `${plural(x.count, "hut")} on ${x.q},${x.r}`).join(", ");
  return `${TERRAINS[m.terrain].name}: ${where} — ${hutsOf(m)} in all.`;
}

export function expandChooser(choice, act) {
  const groups = new Map();
  for (const m of choice.builds.expand) {
    const anchor = key(...m.settlement);
    if (!groups.has(anchor)) groups.set(anchor, []);
    groups.get(anchor).push(m);
  }
  const rows = [...groups].map(([anchor, moves], i) => {
    const size = choice.settlementOf(anchor).length;
    const on = choice.settlement === anchor;
    return h(
      "div",
      { class: `tg-expand-row${on ? " is-on" : ""}` },
      h(
        "button",
        {
          type: "button",
          class: "tg-btn tg-btn-small tg-settlement",
          onclick: () => act.chooseSettlement(anchor),
          aria: { pressed: String(on) },
          dataset: { testid: `settlement-${anchor}` },
          title: `Settlement ${i + 1} (${plural(size, "hex", "hexes")}, at ${anchor})`,
        },
        `Settlement ${i + 1}`,
        h("span", { class: "tg-muted" }, ` · ${plural(size, "hex", "hexes")}`),
      ),
      moves.map((m) => landscapeButton(m, choice, act, anchor)),
    );
  });
  return h(
    "div",
    { class: "tg-expand", role: "group", aria: { label: "Expansions" }, dataset: { testid: "expand-list" } },
    h(
      "p",
      { class: "tg-expand-summary", id: "tg-kind-help-expand", dataset: { testid: "expand-summary" } },
      summary(choice.expand),
    ),
    rows,
  );
}
