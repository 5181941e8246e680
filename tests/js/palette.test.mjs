// The page's two palettes (web/css/palette.css): every text colour keeps a WCAG 2 contrast of
// 4.5:1 on each surface it is shown on, in both themes, and the focus ring 3:1 beside what it
// rings. Translucent surfaces are laid over what lies under them (the board's sea, a row).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";

const CSS = readFileSync(new URL("../../web/css/palette.css", import.meta.url), "utf8");

/** The custom properties of the block that `selector` opens. */
function block(selector) {
  const start = CSS.indexOf(`${selector} {`);
  assert.ok(start >= 0, `palette.css has no ${selector} block`);
  const body = CSS.slice(CSS.indexOf("{", start) + 1, CSS.indexOf("\n}", start));
  const props = {};
  for (const [, name, value] of body.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/--([\w-]+):\s*([^;]+);/g))
    props[name] = value.trim();
  return props;
}

const DARK = block(":root");
const LIGHT = { ...DARK, ...block(':root[data-theme="light"]') };

/** [r, g, b, a] of "#rgb", "#rrggbb", "rgba(r, g, b, a)" or "r g b" (rgb() channels). */
function parse(value) {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d) : hex[1].match(/../g);
    return [...digits.map((d) => parseInt(d, 16)), 1];
  }
  const numbers = value.match(/[\d.]+/g)?.map(Number);
  assert.ok(numbers && numbers.length >= 3, `not a colour: ${value}`);
  return [numbers[0], numbers[1], numbers[2], numbers[3] ?? 1];
}

/** `top` laid over the opaque `under`. */
function over([r, g, b, a], under) {
  return [r * a + under[0] * (1 - a), g * a + under[1] * (1 - a), b * a + under[2] * (1 - a), 1];
}

function luminance([r, g, b]) {
  const channel = (c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// The board's sea (board/render.js), lightest and darkest: what the tooltips and the zoom
// buttons float over.
const SEA = ["#2f7f9c", "#123c55"].map(parse);

/** The opaque colours a surface name can mean: a property, a translucent one laid over
 * another ("shade/panel-2"), an overlay at an opacity over the sea ("overlay@94"). */
function surfaces(palette, name) {
  const [top, under] = name.split("/");
  const at = /^overlay@(\d+)$/.exec(top);
  if (at) return SEA.map((sea) => over([...parse(palette.overlay).slice(0, 3), Number(at[1]) / 100], sea));
  const colour = parse(palette[top]);
  if (under) return surfaces(palette, under).map((u) => over(colour, u));
  return colour[3] < 1 ? SEA.map((sea) => over(colour, sea)) : [colour];
}

// Text colour: the surfaces it is shown on.
const TEXT = {
  ink: [
    "bg",
    "bg-side",
    "top-1",
    "top-2",
    "panel",
    "panel-2",
    "hover",
    "current",
    "field",
    "accent-bg",
    "ok-bg",
    "overlay@94",
    "float",
    "glint/panel-2",
    "glint/current",
  ],
  "ink-soft": [
    "bg",
    "bg-side",
    "panel",
    "panel-2",
    "current",
    "field",
    "overlay@94",
    "shade/panel-2",
    "shade/current",
    "shade/panel",
  ],
  "ink-2": ["panel"],
  "ink-warm": ["panel"],
  "accent-text": ["top-1", "top-2", "bg", "panel", "panel-2"],
  "accent-ink": ["accent", "accent-hover"],
  ok: ["bg", "panel", "overlay@94"],
  "bad-text": ["bg", "panel"],
  warn: ["overlay@94"],
  "rule-ink": ["rule-bg"],
  "note-ink": ["note-bg", "note-button"],
  "plot-ink": ["panel"],
};

for (const [theme, palette] of [
  ["dark", DARK],
  ["light", LIGHT],
]) {
  test(`${theme}: every text colour has 4.5:1 on each of its surfaces`, () => {
    const poor = [];
    for (const [ink, where] of Object.entries(TEXT))
      for (const surface of where)
        for (const under of surfaces(palette, surface)) {
          const ratio = contrast(parse(palette[ink]), under);
          if (ratio < 4.5) poor.push(`${ink} on ${surface}: ${ratio.toFixed(2)}`);
        }
    assert.deepEqual(poor, []);
  });

  test(`${theme}: the focus ring has 3:1 beside the surfaces it rings`, () => {
    for (const surface of ["bg", "panel", "panel-2", "field"])
      assert.ok(contrast(parse(palette.focus), parse(palette[surface])) >= 3, surface);
  });
}

test("the light theme sets every colour the dark one does, and nothing else", () => {
  const dark = Object.keys(DARK).sort();
  assert.deepEqual(Object.keys(block(':root[data-theme="light"]')).sort(), dark);
});
