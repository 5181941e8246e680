// The page's languages: choosing one, formatting messages, and the catalogues
// themselves: every catalogue has every key of English's and no other, each message's
// placeholders are English's, and every key the page uses exists and every key is used.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { IntlMessageFormat } from "../../build/node_modules/intl-messageformat/intl-messageformat.iife.js";
import { chooseLanguage, matchLanguage } from "../../web/js/i18n/choose.js";
import { Catalogue, MessageError, useFormatter } from "../../web/js/i18n/messages.js";
import { withoutLanguage } from "../../web/js/i18n/language-menu.js";
import { hashLanguage } from "../../web/js/share/hash.js";

useFormatter(IntlMessageFormat);

const WEB = new URL("../../web/", import.meta.url);
const AVAILABLE = ["en", "de", "fr", "pl", "ru", "zh-Hant"];

// Each language is a folder of flat {key: message} files (web/i18n/<tag>/*.json), merged by the
// build; a key may be in one file only.
function catalogues() {
  const root = new URL("i18n/", WEB);
  const languages = readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return Object.fromEntries(
    languages.map(({ name: tag }) => {
      const dir = new URL(`${tag}/`, root);
      const messages = {};
      for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
        const part = JSON.parse(readFileSync(new URL(file, dir), "utf8"));
        for (const key of Object.keys(part)) assert.ok(!(key in messages), `${tag}: ${key} twice`);
        Object.assign(messages, part);
      }
      return [tag, messages];
    }),
  );
}

// Keys the build reads, not the page's code.
const BUILD_KEYS = ["language.name"];

// Keys the page looks up from the engine's data (a reason's, result's or error's code, a
// computer level's id), never as a literal: tests/test_reasons.py checks these keys against the
// engine's codes both ways (engine/taluva/reasons.py, engine/taluva/ai/levels.py).
const DYNAMIC_PREFIXES = ["reason.", "result.", "error.", "level."];

// Argument names of a parsed message, nested ones (inside plural and select branches) included.
function argumentNames(elements, names = new Set()) {
  for (const el of elements) {
    if (el.value !== undefined && el.type !== 0 && el.type !== 7) names.add(el.value);
    for (const option of Object.values(el.options ?? {})) argumentNames(option.value, names);
    if (el.children) argumentNames(el.children, names);
  }
  return names;
}

function jsFiles(dir = new URL("js/", WEB)) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === "vendor"
        ? []
        : jsFiles(new URL(`${entry.name}/`, dir))
      : entry.name.endsWith(".js")
        ? [new URL(entry.name, dir)]
        : [],
  );
}

test("the language: the link's, else the chosen, else the browser's first the page has, else English", () => {
  assert.equal(chooseLanguage({ link: "de", chosen: "fr", browser: ["pl"], available: AVAILABLE }), "de");
  assert.equal(chooseLanguage({ link: "xx", chosen: "fr", browser: ["pl"], available: AVAILABLE }), "fr");
  assert.equal(chooseLanguage({ browser: ["nl-NL", "ru-RU", "de"], available: AVAILABLE }), "ru");
  assert.equal(chooseLanguage({ browser: ["nl"], available: AVAILABLE }), "en");
  assert.equal(chooseLanguage({ browser: [], available: AVAILABLE }), "en");
  for (const tag of ["zh-TW", "zh-HK", "zh-Hant-TW", "zh-CN", "ZH"])
    assert.equal(matchLanguage(tag, AVAILABLE), "zh-Hant");
  assert.equal(matchLanguage("DE-at", AVAILABLE), "de");
  assert.equal(matchLanguage(null, AVAILABLE), null);
});

test("a link names its language with lang=, which changes nothing of the game and may be bad", () => {
  assert.equal(hashLanguage("#g=ABC&lang=de"), "de");
  assert.equal(hashLanguage("#lang=zh-TW"), "zh-TW");
  assert.equal(hashLanguage("#g=ABC&lang=<script>"), null);
  assert.equal(hashLanguage("#g=ABC"), null);
  assert.equal(hashLanguage(""), null);
  assert.equal(withoutLanguage("#g=ABC&lang=de&at=3"), "#g=ABC&at=3");
  assert.equal(withoutLanguage("#lang=de"), "");
});

test("messages are formatted with the language's plural rules; a gap falls back to English", () => {
  const english = new Catalogue("en", { huts: "{n, plural, one {# hut} other {# huts}}", only: "English" });
  const polish = new Catalogue(
    "pl",
    { huts: "{n, plural, one {# chatka} few {# chatki} many {# chatek} other {# chatki}}" },
    english,
  );
  assert.deepEqual(
    [1, 2, 5, 22].map((n) => polish.format("huts", { n })),
    ["1 chatka", "2 chatki", "5 chatek", "22 chatki"],
  );
  assert.equal(english.format("huts", { n: 1 }), "1 hut");
  assert.equal(polish.format("only"), "English");
  assert.throws(() => english.format("missing"), MessageError);
});

test("every catalogue has English's keys, no others, and the same placeholders in each message", () => {
  const all = catalogues();
  const english = all.en;
  for (const [tag, messages] of Object.entries(all)) {
    assert.deepEqual(Object.keys(messages).sort(), Object.keys(english).sort(), `${tag}: keys`);
    for (const [key, text] of Object.entries(messages)) {
      const names = argumentNames(new IntlMessageFormat(text, tag).getAst());
      const expected = argumentNames(new IntlMessageFormat(english[key], "en").getAst());
      assert.deepEqual([...names].sort(), [...expected].sort(), `${tag} ${key}: placeholders`);
    }
  }
});

// The catalogues follow the features (issue 42): a key's first word names its feature, and all
// of a feature's keys are in one file, the same file in every language; merging the older
// part-files (layout2, pictures2, bylink2, small) into them lost no key (the test above: English's
// keys in each language, and the one below: every key the page asks for is there).
test("each feature's keys are in one catalogue file, the same in every language", () => {
  const root = new URL("i18n/", WEB);
  const fileOf = (tag) => {
    const dir = new URL(`${tag}/`, root);
    const where = {};
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
      for (const key of Object.keys(JSON.parse(readFileSync(new URL(file, dir), "utf8")))) where[key] = file;
    }
    return where;
  };
  const english = fileOf("en");
  const featureFile = {};
  for (const [key, file] of Object.entries(english)) {
    const feature = key.split(".")[0];
    featureFile[feature] ??= file;
    assert.equal(file, featureFile[feature], `${key}: in ${file}, the rest of "${feature}" in ${featureFile[feature]}`);
  }
  for (const tag of AVAILABLE) assert.deepEqual(fileOf(tag), english, `${tag}: a key in another file than English's`);
});

// Player sentences speak the words of the game: a rule's id ("R-TILE-2", "O-RANK") is never in
// one, whatever the language (a "rule" button after the sentence opens Help at it), and no
// message takes an id as a value to put in ({rule}, {rules}).
const RULE_ID = /\b[RO]-[A-Z]{2,}/;

test("no player-facing message in any of the six languages holds a rule id", () => {
  const all = catalogues();
  assert.deepEqual(Object.keys(all).sort(), [...AVAILABLE].sort());
  for (const [tag, messages] of Object.entries(all)) {
    const withId = Object.entries(messages).filter(([, text]) => RULE_ID.test(text));
    assert.deepEqual(withId, [], `${tag}: messages with a rule id`);
    const takingId = Object.keys(messages).filter((key) => {
      const names = argumentNames(new IntlMessageFormat(messages[key], tag).getAst());
      return names.has("rule") || names.has("rules");
    });
    assert.deepEqual(takingId, [], `${tag}: messages that put a rule id in`);
  }
});

test("every message starts as a sentence does: a capital letter where the language has them", () => {
  // The lesson's off-task message started "that move is allowed"; pieces of sentences (a move's
  // few words, put inside another message) are lower case on purpose and not checked here.
  for (const [tag, messages] of Object.entries(catalogues())) {
    for (const key of ["lesson.off-task", "lesson.press-next", "intent.cannot-go", "intent.nothing"]) {
      const first = messages[key].match(/\p{L}/u)?.[0] ?? "";
      assert.equal(first, first.toUpperCase(), `${tag} ${key}: ${messages[key]}`);
    }
  }
});

// A key counts as used where the page's code spells it as a string ("stepbar.place.title" in a
// t() call or in a table of keys), or where an HTML page names it.

test("every key the page asks for is in the catalogues, and every key is asked for", () => {
  const english = catalogues().en;
  const used = new Set(BUILD_KEYS);
  const asked = new Set();
  for (const file of jsFiles()) {
    const source = readFileSync(file, "utf8");
    for (const [, key] of source.matchAll(/["'`]([a-z][\w-]*(?:\.[\w-]+)+)["'`]/g)) if (key in english) used.add(key);
    for (const [, key] of source.matchAll(/\bt\(\s*"([a-z][\w.-]*)"/g)) asked.add(key);
  }
  // The HTML pages name theirs in data-i18n attributes (i18n/page-text.js).
  for (const page of ["index.html", "embed.html"]) {
    const html = readFileSync(new URL(page, WEB), "utf8");
    for (const [, key] of html.matchAll(/data-i18n(?:-label|-content)?="([^"]+)"/g)) {
      used.add(key);
      asked.add(key);
    }
  }
  assert.deepEqual(
    [...asked].filter((key) => !(key in english)),
    [],
    "asked for, not in en",
  );
  const unused = Object.keys(english).filter(
    (key) => !used.has(key) && !DYNAMIC_PREFIXES.some((p) => key.startsWith(p)),
  );
  assert.deepEqual(unused, [], "in en, never asked for");
});

test("the vendored formatter is one self-contained ES module (the build copies it as is)", () => {
  const path = new URL("../../build/node_modules/intl-messageformat/intl-messageformat.iife.js", import.meta.url);
  const source = readFileSync(path, "utf8");
  assert.match(source, /\nexport \{[^}]*\bIntlMessageFormat\b/);
  assert.doesNotMatch(source, /^\s*import\s/m);
  assert.doesNotMatch(source, /new Function|\beval\(/);
});

test("engine errors keep their code and facts over the bridge, and the page phrases them", async () => {
  await import("./english.mjs");
  const { EngineError } = await import("../../web/js/engine/client.js");
  const { engineErrorText, reasonSentence } = await import("../../web/js/i18n/engine-text.js");
  const fields = { kind: "record", code: "record-line", args: { line: 4 }, reason: "line 4: turn 1: …" };
  assert.equal(
    engineErrorText(new EngineError("RecordError", "line 4: …", fields)),
    "The game record cannot be read at line 4",
  );
  // A record stopped by an illegal move: the move's reason phrased by the page, after the line.
  const stopped = new EngineError("RecordError", "line 2: …", {
    kind: "record",
    code: "record-move",
    rule: "R-BUILD-4",
    args: { line: 2, reason: "English" },
    cause: { rule: "R-BUILD-4", code: "tower-level", args: { hex: "0,1", level: 1 } },
  });
  // The sentence in words: no rule id (the error line's "rule" button has it), no coordinate.
  assert.match(engineErrorText(stopped), /^The game record has an illegal move at line 2: .*level 1$/);
  assert.doesNotMatch(engineErrorText(stopped), /0,1/);
  assert.doesNotMatch(engineErrorText(stopped), /English/);
  const illegal = new EngineError("IllegalMoveError", "…", {
    kind: "illegal-move",
    rule: "R-BUILD-4",
    code: "tower-level",
    args: { hex: "2,-1", level: 1 },
  });
  assert.equal(engineErrorText(illegal), "A tower goes on level 3 or higher; this hex is on level 1");
  // A code this page does not know: the engine's English, never a blank.
  assert.equal(
    reasonSentence({ rule: "R-X", code: "no-such-code", args: {}, text: "as the engine says" }),
    "as the engine says",
  );
});

test("a message without braces, tags or doubled apostrophes is shown as written, as MessageFormat would", () => {
  let built = 0;
  class Counting extends IntlMessageFormat {
    constructor(...args) {
      super(...args);
      built += 1;
    }
  }
  useFormatter(Counting);
  try {
    let plain = 0;
    for (const [tag, messages] of Object.entries(catalogues())) {
      const catalogue = new Catalogue(tag, messages);
      for (const [key, message] of Object.entries(messages)) {
        if (/[{}<]/.test(message) || message.includes("''")) continue;
        plain += 1;
        assert.equal(catalogue.format(key), new IntlMessageFormat(message, tag).format(), `${tag} ${key}`);
      }
    }
    assert.ok(plain > 500, `only ${plain} plain messages`);
    assert.equal(built, 0); // none of them built a formatter
    const catalogue = new Catalogue("en", { quoted: "It''s {n}", apostrophe: "don't" });
    assert.equal(catalogue.format("quoted", { n: 2 }), "It's 2");
    assert.equal(catalogue.format("apostrophe"), "don't");
    assert.equal(built, 1);
  } finally {
    useFormatter(IntlMessageFormat);
  }
});

test("a language's locale is resolved once for all its messages", () => {
  const supported = Intl.NumberFormat.supportedLocalesOf;
  let asked = 0;
  Intl.NumberFormat.supportedLocalesOf = (...args) => {
    asked += 1;
    return supported(...args);
  };
  try {
    const polish = new Catalogue("pl", {
      a: "{n} pionki",
      b: "{n, plural, one {# chata} few {# chaty} other {# chat}}",
    });
    assert.equal(polish.format("a", { n: 3 }), "3 pionki");
    assert.equal(polish.format("b", { n: 3 }), "3 chaty");
    assert.equal(new Catalogue("pl", { c: "{x}!" }).format("c", { x: "tak" }), "tak!");
    assert.ok(asked <= 1, `resolved ${asked} times`);
  } finally {
    Intl.NumberFormat.supportedLocalesOf = supported;
  }
});
