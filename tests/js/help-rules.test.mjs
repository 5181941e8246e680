// The "rule" button's target: each rule id the engine cites (engine/taluva) or the lesson
// teaches opens Help at the rule that states it, or at least at its family's first.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { HELP_RULES, helpRuleIndex } from "../../web/js/screen/help-rules.js";

const textOf = (rule) => HELP_RULES[helpRuleIndex(rule)]?.text;

test("a rule id opens Help at the rule that states it", () => {
  assert.equal(textOf("R-TILE-1"), "help.rule.first");
  assert.equal(textOf("R-TILE-2"), "help.rule.beside");
  assert.equal(textOf("R-TILE-3c"), "help.rule.erupt");
  assert.equal(textOf("R-TILE-3d"), "help.rule.bury");
  assert.equal(textOf("R-BUILD-0"), "help.rule.found");
  assert.equal(textOf("R-BUILD-4"), "help.rule.tower");
  assert.equal(textOf("R-ELIM-1"), "help.rule.out");
  assert.equal(textOf("R-END-2"), "help.rule.end");
  assert.equal(textOf("R-TILE-9z"), "help.rule.first"); // an id Help does not state: its family
  assert.equal(helpRuleIndex("nonsense"), -1);
  assert.equal(helpRuleIndex(null), -1);
});

test("every rule id the engine cites opens a rule in Help", () => {
  const dir = new URL("../../engine/taluva/", import.meta.url);
  const ids = new Set();
  const sources = readdirSync(dir, { recursive: true }).filter((n) => n.endsWith(".py"));
  assert.ok(
    sources.some((n) => n.includes("/")),
    "the engine's subpackages are read too",
  );
  for (const name of sources)
    for (const [, id] of readFileSync(new URL(name, dir), "utf8").matchAll(/["']((?:R|O)-[A-Z]+(?:-\w+)?)["']/g))
      ids.add(id);
  assert.ok(ids.size > 10, [...ids].join(" "));
  const missing = [...ids].filter((id) => helpRuleIndex(id) < 0 && !["O-TEAMS", "O-TILES"].includes(id));
  assert.deepEqual(missing, []);
});
