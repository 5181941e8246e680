// The embed snippet the Share dialog gives (web/js/share/share-dialog.js): it must work on a blog
// whose policy allows nothing of its own (default-src 'none'; frame-src <site>), so it carries no
// style attribute, which such a policy refuses. No DOM needed.

import "./english.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";

import { embedSnippet } from "../../web/js/share/share-dialog.js";

const URL = "https://example.org/taluva/embed.html#g=1AbC&p=Ann,Bo&k=1.p.strong&b=EhA-x";

test("the snippet has no style attribute, a border dropped by frameborder, its size and sandbox", () => {
  const snippet = embedSnippet(URL);
  assert.doesNotMatch(snippet, /\sstyle=/);
  assert.match(snippet, /^<iframe src="[^"]+" width="480" height="420" frameborder="0" loading="lazy" /);
  assert.match(snippet, / sandbox="allow-scripts allow-same-origin allow-popups"><\/iframe>$/);
});

test("the link is escaped for the attribute: & as &amp;, quotes and < refused as markup", () => {
  const snippet = embedSnippet(`${URL}&x="<y>`);
  assert.ok(snippet.includes('src="https://example.org/taluva/embed.html#g=1AbC&amp;p=Ann,Bo&amp;k=1.p.strong'));
  assert.ok(snippet.includes("&amp;x=&quot;&lt;y>"));
  assert.equal(snippet.match(/</g).length, 2); // the opening and the closing tag only
});
