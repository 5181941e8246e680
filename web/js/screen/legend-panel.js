// The Legend card: the terrains, the pieces and the board's marks.

import { t } from "../i18n/messages.js";
import { fill, h } from "../base/dom.js";
import { LANDSCAPE_NAMES } from "../base/theme.js";
import { pieceIcon, terrainIcon } from "./panel-icons.js";
import { terrainName } from "./words.js";

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
