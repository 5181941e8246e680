// The share link's hash layout (web/js/share/hash.js): parse and format are each other's inverse,
// and every hash a person can paste either parses, is ignored (null) or fails with a HashError.
// Runs on Node's built-in test runner (`make test-js`), without a DOM: hash.js touches
// location/history only inside replaceHash, which is not called here.

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { cleanName, MAX_NAME } from "../../web/js/game/seats.js";
import { formatHash, HASH_LAYOUT, HashError, parseHash } from "../../web/js/share/hash.js";

const CODE = "1AbC-_09zZ";

describe("round trips", () => {
  const games = [
    { code: CODE, at: null, names: [] },
    { code: CODE, at: 0, names: [] },
    { code: CODE, at: 9999, names: [] },
    { code: CODE, at: 17, names: ["Ann", "Bo"] },
    { code: CODE, at: null, names: ["Ann", "Bo", "Cy", "Di"] },
    { code: "", at: null, names: [] },
  ];
  for (const game of games) {
    test(JSON.stringify(game), () => {
      assert.deepEqual(parseHash(formatHash(game)), { ...game, kinds: null, summary: null, picture: null });
    });
  }

  test("a code alone is the shortest hash", () => {
    assert.equal(formatHash({ code: CODE }), `#g=${CODE}`);
    assert.deepEqual(parseHash(`#g=${CODE}`), {
      code: CODE,
      at: null,
      names: [],
      kinds: null,
      summary: null,
      picture: null,
    });
  });

  test("a picture goes along and comes back; one with other characters is dropped", () => {
    const game = { code: CODE, at: 3, names: ["Ann"], kinds: null, summary: null, picture: "EhA-_x9" };
    assert.equal(formatHash(game), `#g=${CODE}&at=3&p=Ann&b=EhA-_x9`);
    assert.deepEqual(parseHash(formatHash(game)), game);
    assert.equal(parseHash(`#g=${CODE}&b=EhA%20x`).picture, null);
  });

  test("who plays each seat goes along (k=, versioned) and comes back; all people leave it out", () => {
    const kinds = ["human", "computer:intermediate", "computer:master"];
    const hash = formatHash({ code: CODE, names: ["Ann"], kinds });
    assert.equal(hash, `#g=${CODE}&p=Ann&k=1.p.intermediate.master`);
    assert.deepEqual(parseHash(hash).kinds, kinds);
    assert.equal(formatHash({ code: CODE, kinds: ["human", "human"] }), `#g=${CODE}`);
    assert.equal(parseHash(`#g=${CODE}`).kinds, null); // a link made before the field: people
  });

  test("a k= field of a later version, or one that does not read, loses the kinds only", () => {
    for (const k of ["2.p.strong", "1", "1.", "1.P.strong", "1.p.str0ng", "1.p.p.p.p.p", "x", "1.p%20"]) {
      const link = parseHash(`#g=${CODE}&p=Ann&k=${k}`);
      assert.equal(link.kinds, null, k);
      assert.equal(link.code, CODE, k);
    }
  });

  test("the leading # is optional", () => {
    assert.deepEqual(parseHash(`g=${CODE}&at=3`), parseHash(`#g=${CODE}&at=3`));
  });

  test("a code with characters outside the share alphabet is escaped, and refused when read", () => {
    const code = "a b&c=d,e%f#g";
    const hash = formatHash({ code });
    assert.doesNotMatch(hash.slice("#g=".length), /[ &#=,]/);
    assert.throws(
      () => parseHash(hash),
      (e) => e instanceof HashError && e.kind === "corrupt",
    );
  });

  test("names with commas, percent signs and any script come back unchanged", () => {
    const names = ["Smith, Jo", "100% lava", "Zoë 🌋", "東京", "a&b=c#d"];
    const hash = formatHash({ code: CODE, names: names.slice(0, 4) });
    assert.deepEqual(parseHash(hash).names, names.slice(0, 4));
    assert.deepEqual(parseHash(formatHash({ code: CODE, names: names.slice(4) })).names, names.slice(4));
  });

  test("seat names that are all empty are left out", () => {
    assert.equal(formatHash({ code: CODE, names: ["", "  ", "\u0000"] }), `#g=${CODE}`);
  });

  test("an empty seat between named ones keeps its place", () => {
    assert.deepEqual(parseHash(formatHash({ code: CODE, names: ["Ann", "", "Cy"] })).names, ["Ann", "", "Cy"]);
  });

  test("at most four seat names are written and read", () => {
    const five = ["A", "B", "C", "D", "E"];
    assert.deepEqual(parseHash(formatHash({ code: CODE, names: five })).names, five.slice(0, 4));
    assert.deepEqual(parseHash(`#g=${CODE}&p=${five.join(",")}`).names, five.slice(0, 4));
  });

  test("a step that is not a whole number of at most four digits is left out or dropped", () => {
    for (const at of [-1, 1.5, NaN, "3", undefined]) {
      assert.equal(formatHash({ code: CODE, at }), `#g=${CODE}`, String(at));
    }
    for (const raw of ["", "x", "-1", "1.5", "12345", "1e3"]) {
      assert.equal(parseHash(`#g=${CODE}&at=${raw}`).at, null, raw);
    }
  });
});

describe("cleanName", () => {
  test("control characters and line separators become spaces; runs of space collapse", () => {
    assert.equal(cleanName("a\u0000b\tc\nd\u007fe\u0085f\u2028g\u2029h"), "a b c d e f g h");
    assert.equal(cleanName("  Ann \r\n  Lee  "), "Ann Lee");
  });

  test("anything that is not a name becomes text or nothing", () => {
    assert.equal(cleanName(null), "");
    assert.equal(cleanName(undefined), "");
    assert.equal(cleanName(42), "42");
    assert.equal(cleanName("<b>x</b>"), "<b>x</b>"); // shown with textContent, never as markup
  });

  test(`at most MAX_NAME (${MAX_NAME}) characters, counting code points not UTF-16 units`, () => {
    assert.equal(cleanName("x".repeat(MAX_NAME + 10)), "x".repeat(MAX_NAME));
    const volcanoes = "🌋".repeat(MAX_NAME + 1);
    assert.equal([...cleanName(volcanoes)].length, MAX_NAME);
    assert.equal(cleanName(volcanoes), "🌋".repeat(MAX_NAME)); // no half surrogate pair at the end
  });

  test("formatHash cleans the names it writes and parseHash cleans the names it reads", () => {
    const long = "y".repeat(MAX_NAME + 5);
    assert.deepEqual(parseHash(formatHash({ code: CODE, names: ["a\nb", long] })).names, ["a b", "y".repeat(MAX_NAME)]);
    const raw = `#g=${CODE}&p=${encodeURIComponent("x\u0000y")},${encodeURIComponent(long)}`;
    assert.deepEqual(parseHash(raw).names, ["x y", "y".repeat(MAX_NAME)]);
  });
});

describe("hashes that carry no game", () => {
  for (const hash of ["", "#", null, undefined, "#at=3", "#p=Ann", "#G=abc", "#gg=abc", "#v=9"]) {
    test(JSON.stringify(hash ?? String(hash)), () => {
      assert.equal(parseHash(hash), null);
    });
  }
});

describe("hashes that cannot be read", () => {
  const fails = (hash, kind) =>
    assert.throws(
      () => parseHash(hash),
      (e) => e instanceof HashError && e.kind === kind,
    );

  test("HashError is an Error with its own name", () => {
    const error = new HashError("corrupt", "x");
    assert.ok(error instanceof Error);
    assert.equal(error.name, "HashError");
  });

  test("a link far longer than any game", () => {
    fails(`#g=${"A".repeat(5000)}`, "too-long");
    assert.equal(parseHash(`#g=${"A".repeat(1000)}`).code.length, 1000); // a long real game still reads
  });

  test(`a newer layout (this page reads layout ${HASH_LAYOUT})`, () => {
    assert.equal(HASH_LAYOUT, 1);
    fails(`#v=${HASH_LAYOUT + 1}&g=${CODE}`, "newer");
    fails(`#g=${CODE}&v=37`, "newer");
    assert.equal(parseHash(`#g=${CODE}&v=${HASH_LAYOUT}`).code, CODE);
  });

  test("an unreadable layout number", () => {
    for (const v of ["", "0", "-1", "x", "NaN"]) fails(`#g=${CODE}&v=${v}`, "corrupt");
  });

  test("a broken %-escape in the code", () => {
    for (const g of ["%", "%E0%A4%A", "abc%zz", "%FF"]) fails(`#g=${g}`, "corrupt");
  });

  test("a broken %-escape in a name loses only that name", () => {
    assert.deepEqual(parseHash(`#g=${CODE}&p=Ann,%E0%A4%A,Cy`).names, ["Ann", "", "Cy"]);
  });
});

describe("forward compatibility", () => {
  test("keys this page does not know are ignored", () => {
    assert.deepEqual(parseHash(`#x=1&g=${CODE}&theme=dark&flag&at=4&zz=%zz`), {
      code: CODE,
      at: 4,
      names: [],
      kinds: null,
      summary: null,
      picture: null,
    });
  });

  test("the first of a repeated key counts", () => {
    assert.deepEqual(parseHash(`#g=${CODE}&at=2&g=other&at=5`), {
      code: CODE,
      at: 2,
      names: [],
      kinds: null,
      summary: null,
      picture: null,
    });
  });

  test("the module loaded without a DOM", () => {
    assert.equal(typeof globalThis.document, "undefined");
    assert.equal(typeof globalThis.location, "undefined");
  });
});
