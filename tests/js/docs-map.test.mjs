// The documentation as a map (issue 42): docs/architecture.md stays short enough to read in ten
// minutes, and the detail stands beside the code, a README.md in every web/js folder, short too.
// Every relative link of those pages and of docs/ reaches a file (and a heading, where it names
// one), so moving a section cannot leave a link pointing nowhere.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const JS = join(ROOT, "web/js");
const DOCS = join(ROOT, "docs");

const MAP_LINES = 300;
const README_LINES = 40;

const lineCount = (text) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
const read = (file) => readFileSync(file, "utf8");

/** Every folder under web/js (the build's vendor/ aside), as paths under web/js. */
function folders(dir = JS) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "vendor")
    .flatMap((entry) => [relative(JS, join(dir, entry.name)), ...folders(join(dir, entry.name))]);
}

const FENCE = /^```.*\n[\s\S]*?^```/gm;
const LINK = /\[[^\]]*\]\(([^)\s]+)\)/g;

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to -. */
export function headingAnchors(text) {
  const headings = [...text.replace(FENCE, "").matchAll(/^#+ (.+)$/gm)].map((m) => m[1]);
  return new Set(
    headings.map((heading) =>
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}_\- ]/gu, "")
        .replaceAll(" ", "-"),
    ),
  );
}

/** The relative links of a Markdown page (outside code) that reach no file, or no heading. */
export function brokenLinks(text, page) {
  const prose = text.replace(FENCE, "").replace(/`[^`\n]*`/g, "");
  const broken = [];
  for (const [, target] of prose.matchAll(LINK)) {
    if (/^[a-z]+:/.test(target)) continue; // https:, mailto: ...
    const [path, anchor] = target.split("#");
    const file = path ? resolve(dirname(page), path) : page;
    if (!existsSync(file)) broken.push(`${target}: no file ${relative(ROOT, file)}`);
    else if (anchor && file.endsWith(".md") && !headingAnchors(read(file)).has(anchor))
      broken.push(`${target}: no heading #${anchor} in ${relative(ROOT, file)}`);
  }
  return broken;
}

function pages() {
  const docs = readdirSync(DOCS)
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(DOCS, name));
  const readmes = folders()
    .map((folder) => join(JS, folder, "README.md"))
    .filter(existsSync);
  return [...docs, ...readmes];
}

test(`docs/architecture.md is a map: at most ${MAP_LINES} lines`, () => {
  const lines = lineCount(read(join(DOCS, "architecture.md")));
  assert.ok(lines <= MAP_LINES, `docs/architecture.md has ${lines} lines: move the detail beside the code`);
});

test(`every web/js folder has a README.md of at most ${README_LINES} lines`, () => {
  const problems = [];
  for (const folder of folders()) {
    const readme = join(JS, folder, "README.md");
    if (!existsSync(readme)) problems.push(`web/js/${folder}: no README.md`);
    else if (lineCount(read(readme)) > README_LINES)
      problems.push(`web/js/${folder}/README.md: ${lineCount(read(readme))} lines`);
  }
  assert.deepEqual(problems, []);
});

test("every relative link in docs/ and the web/js READMEs reaches a file and its heading", () => {
  const broken = pages().flatMap((page) => brokenLinks(read(page), page).map((b) => `${relative(ROOT, page)}: ${b}`));
  assert.deepEqual(broken, []);
});

test("the link check finds a missing file and a missing heading, and passes over code and URLs", () => {
  const page = join(DOCS, "architecture.md");
  const text = [
    "[gone](no-such-page.md) [heading](testing.md#no-such-heading) [fine](testing.md#the-stages)",
    "[web](https://example.org/x.md) `[code](missing.md)`",
    "```",
    "[fenced](missing-too.md)",
    "```",
  ].join("\n");
  assert.deepEqual(brokenLinks(text, page), [
    "no-such-page.md: no file docs/no-such-page.md",
    "testing.md#no-such-heading: no heading #no-such-heading in docs/testing.md",
  ]);
  assert.ok(headingAnchors("## The lesson (`engine/taluva/lesson.py`)").has("the-lesson-enginetaluvalessonpy"));
});
