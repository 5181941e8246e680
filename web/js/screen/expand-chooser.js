// The Expand action's chooser in the step bar: the legal expansions grouped by settlement, one
// button per landscape with the huts it takes, and a line saying what the chosen one does.

import { key } from "../board/geometry.js";
import { list, t } from "../i18n/messages.js";
import { h } from "../base/dom.js";
import { terrainName } from "./words.js";

const hutsOf = (m) => m.hexes.reduce((sum, x) => sum + x.count, 0);

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
      title: t("expand.button", { terrain: terrainName(m.terrain), huts: hutsOf(m), hexes: m.hexes.length }),
    },
    h("span", { class: "tg-terrain-chip", dataset: { terrain: m.terrain } }),
    terrainName(m.terrain),
    h("span", { class: "tg-muted" }, ` ${hutsOf(m)}`),
  );
}

function summary(m) {
  if (!m) return t("expand.pick");
  const where = list(m.hexes.map((x) => t("expand.huts-on", { huts: x.count })));
  return t("expand.summary", { terrain: terrainName(m.terrain), where, huts: hutsOf(m) });
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
          // Which settlement it is: marked on the board while pointed at or focused (and, once
          // chosen, while it is the chosen one: a tap).
          onmouseenter: () => act.pointSettlement(anchor),
          onmouseleave: () => act.pointSettlement(null),
          onfocus: () => act.pointSettlement(anchor),
          onblur: () => act.pointSettlement(null),
          aria: { pressed: String(on) },
          dataset: { testid: `settlement-${anchor}` },
          title: t("expand.settlement.title", { n: i + 1, hexes: size }),
        },
        t("expand.settlement", { n: i + 1 }),
        h("span", { class: "tg-muted" }, ` · ${t("expand.hexes", { hexes: size })}`),
      ),
      moves.map((m) => landscapeButton(m, choice, act, anchor)),
    );
  });
  return h(
    "div",
    { class: "tg-expand", role: "group", aria: { label: t("expand.label") }, dataset: { testid: "expand-list" } },
    h(
      "p",
      { class: "tg-expand-summary", id: "tg-kind-help-expand", dataset: { testid: "expand-summary" } },
      summary(choice.expand),
    ),
    // One row that scrolls sideways on a phone (the step bar keeps its height), a column elsewhere.
    h("div", { class: "tg-expand-rows" }, rows),
  );
}
