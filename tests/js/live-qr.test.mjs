// A live link's QR code (web/js/live/qr.js) with the pinned encoder (uqr, build/node_modules):
// the matrix's size for its version, the three finder patterns and the timing lines, and the
// SVG path drawn from it. No DOM needed.

import assert from "node:assert/strict";
import { test } from "node:test";

import { encode } from "../../build/node_modules/uqr/dist/index.mjs";
import { qrMatrix, qrPath } from "../../web/js/live/qr.js";

const LINK = `https://example.org/taluva/#live-answer=1z${"Ab3_-x9".repeat(45)}`; // a real answer's length

/** The 7×7 finder pattern with its top-left corner at (x, y): rings dark, light, dark 3×3. */
function isFinder({ dark }, x0, y0) {
  for (let y = 0; y < 7; y++) {
    for (let x = 0; x < 7; x++) {
      const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3));
      if (dark(x0 + x, y0 + y) !== (ring !== 2)) return false;
    }
  }
  return true;
}

test("a live link's QR code: its version's size, three finders, timing lines", async () => {
  const m = await qrMatrix(LINK, { encode });
  assert.equal(m.size, 17 + 4 * m.version);
  assert.ok(m.version >= 10 && m.version <= 20, `version ${m.version} for ${LINK.length} characters`);
  assert.ok(isFinder(m, 0, 0) && isFinder(m, m.size - 7, 0) && isFinder(m, 0, m.size - 7));
  assert.ok(!isFinder(m, m.size - 7, m.size - 7), "no finder in the fourth corner");
  for (let i = 8; i < m.size - 8; i++) {
    assert.equal(m.dark(i, 6), i % 2 === 0, `timing row at ${i}`);
    assert.equal(m.dark(6, i), i % 2 === 0, `timing column at ${i}`);
  }
  console.log(`QR code of a ${LINK.length}-character answer link: version ${m.version}, ${m.size} modules`);
});

test("different texts, different codes; the SVG path has a square per dark module, in the margin", async () => {
  const a = await qrMatrix("1zAAAA", { encode });
  const b = await qrMatrix("1zAAAB", { encode });
  const cells = (m) => [...Array(m.size * m.size)].map((_, i) => m.dark(i % m.size, Math.floor(i / m.size)));
  assert.notDeepEqual(cells(a), cells(b));
  const path = qrPath(a);
  assert.equal(path.match(/M/g).length, cells(a).filter(Boolean).length);
  assert.ok(path.startsWith("M4 4h1v1h-1z"), "the top-left finder's corner, after the 4-module margin");
});
