// The page's layers (issue 42): web/js is a folder per feature, and the folders stand in layers
// that import only downwards or sideways within a layer, with no cycle of modules or of folders.
// The picture of the layers in docs/architecture.md is this file's drawing of the real imports,
// so it cannot drift: `LAYERS_WRITE=1 node --test tests/js/layers.test.mjs` writes it again.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const JS = join(ROOT, "web/js");
const DOC = join(ROOT, "docs/architecture.md");

// Lowest first. "boot-config.js" is written by the build (the site's settings); vendor/ holds the
// kept libraries the build copies in. The root's modules are the composition: they wire the rest.
export const LAYERS = [
  ["base", "vendor", "boot-config.js"],
  ["i18n", "board", "engine"],
  ["game", "pictures"],
  ["screen"],
  ["share", "bylink", "live", "replay", "games", "review", "lesson", "embed"],
  ["(root)"],
];
const GENERATED = new Set(["boot-config.js", "i18n/english.js"]); // written by build/build_site.py

// import … from "./x.js", export … from "./x.js", import "./x.js", import("./x.js"),
// new URL("./x.js", import.meta.url)
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bnew URL\(\s*)["'](\.{1,2}\/[^"']+\.m?js)["']/g;

function modules(dir = JS) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "vendor" ? [] : modules(path);
    return entry.name.endsWith(".js") ? [relative(JS, path)] : [];
  });
}

/** Each module's imports, as paths under web/js. */
export function importGraph() {
  const graph = new Map();
  for (const file of modules()) {
    const text = readFileSync(join(JS, file), "utf8").replace(/^\s*\/\/.*$/gm, "");
    const targets = [...text.matchAll(SPECIFIER)]
      .map((m) => normalize(join(dirname(file), m[1])))
      .filter((target) => !target.startsWith("..")); // the site's own files (sw.js), not modules
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

const partOf = (file) => (file.includes("/") ? file.split("/")[0] : GENERATED.has(file) ? file : "(root)");
const layerOf = (part) => LAYERS.findIndex((layer) => layer.includes(part));

function findCycle(edges) {
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === "open") return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of edges.keys()) {
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  }
  return null;
}

/** The folders' imports of other folders (the root's and generated files' as parts of their own). */
function folderGraph(graph) {
  const folders = new Map();
  for (const [file, targets] of graph) {
    const from = partOf(file);
    if (!folders.has(from)) folders.set(from, new Set());
    for (const target of targets) if (partOf(target) !== from) folders.get(from).add(partOf(target));
  }
  return folders;
}

/** The picture: a line a layer, highest first, each folder with the folders it imports. */
export function layersPicture(graph = importGraph()) {
  const folders = folderGraph(graph);
  const lines = [];
  for (let i = LAYERS.length - 1; i >= 0; i--) {
    const parts = LAYERS[i].map((part) => {
      const uses = [...(folders.get(part) ?? [])].sort((a, b) => layerOf(b) - layerOf(a) || a.localeCompare(b));
      return uses.length ? `${part} → ${uses.join(", ")}` : part;
    });
    lines.push(`${i} │ ${parts.join("\n  │ ")}`);
  }
  return lines.join("\n");
}

test("every web/js module is in a layer, and each import finds its module", () => {
  const graph = importGraph();
  for (const [file, targets] of graph) {
    assert.ok(layerOf(partOf(file)) >= 0, `${file}: its folder is in no layer (LAYERS)`);
    for (const target of targets) {
      const found = GENERATED.has(target) || target.startsWith("vendor/") || existsSync(join(JS, target));
      assert.ok(found, `${file} imports ${target}, which is not there`);
    }
  }
});

test("imports run downwards: no module imports from a higher layer", () => {
  const upward = [];
  for (const [file, targets] of importGraph()) {
    for (const target of targets) {
      if (layerOf(partOf(target)) > layerOf(partOf(file))) upward.push(`${file} → ${target}`);
    }
  }
  assert.deepEqual(upward, []);
});

test("no modules import each other in a cycle, nor do folders", () => {
  const graph = importGraph();
  const files = new Map([...graph].map(([file, targets]) => [file, targets.filter((t) => graph.has(t))]));
  assert.equal(findCycle(files)?.join(" → ") ?? null, null);
  const folders = folderGraph(graph);
  assert.equal(findCycle(folders)?.join(" → ") ?? null, null);
});

// Small modules with one concern each: the longest, screen.js, is 443 lines.
const MAX_LINES = 450;

test(`no web/js module is over ${MAX_LINES} lines`, () => {
  const long = modules()
    .map((file) => [file, readFileSync(join(JS, file), "utf8").split("\n").length - 1])
    .filter(([, lines]) => lines > MAX_LINES);
  assert.deepEqual(long, []);
});

test("the cycle finder finds a cycle, and the layer check an upward import", () => {
  const edges = new Map([
    ["a", ["b"]],
    ["b", ["c"]],
    ["c", ["a"]],
  ]);
  assert.deepEqual(findCycle(edges), ["a", "b", "c", "a"]);
  assert.equal(
    findCycle(
      new Map([
        ["a", ["b"]],
        ["b", []],
      ]),
    ),
    null,
  );
  assert.ok(layerOf(partOf("screen/screen.js")) > layerOf(partOf("game/store.js")));
  assert.equal(partOf("app.js"), "(root)");
});

test("docs/architecture.md's picture of the layers is the imports' own", () => {
  const begin = "<!-- layers: drawn by tests/js/layers.test.mjs from the imports; LAYERS_WRITE=1 redraws -->";
  const end = "<!-- /layers -->";
  const doc = readFileSync(DOC, "utf8");
  const drawn = `${begin}\n\`\`\`text\n${layersPicture()}\n\`\`\`\n${end}`;
  const at = doc.indexOf(begin);
  assert.ok(at >= 0, `docs/architecture.md has no "${begin}" block`);
  const block = doc.slice(at, doc.indexOf(end, at) + end.length);
  if (process.env.LAYERS_WRITE) writeFileSync(DOC, doc.replace(block, drawn));
  else assert.equal(block, drawn, "the layers changed: run LAYERS_WRITE=1 node --test tests/js/layers.test.mjs");
});
