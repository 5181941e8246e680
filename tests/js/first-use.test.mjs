// base/first-use.js: a feature is loaded on its first ask only, once, the same one for every ask;
// busy is told while the first load runs; a failed load is tried again on the next ask.
import assert from "node:assert/strict";
import test from "node:test";

import { onFirstUse } from "../../web/js/base/first-use.js";

test("nothing loads until the feature is asked for, then once for every ask", async () => {
  let loads = 0;
  const get = onFirstUse(async () => ({ n: ++loads }));
  assert.equal(loads, 0);
  assert.equal(get.loaded(), null);
  const [a, b] = await Promise.all([get(), get()]);
  assert.equal(loads, 1);
  assert.equal(a, b);
  assert.equal(await get(), a);
  assert.equal(get.loaded(), a);
});

test("busy is on while the first load runs, and off after it", async () => {
  const seen = [];
  let finish;
  const get = onFirstUse(() => new Promise((resolve) => (finish = resolve)), { busy: (on) => seen.push(on) });
  const asked = get();
  await Promise.resolve();
  assert.deepEqual(seen, [true]);
  finish("feature");
  assert.equal(await asked, "feature");
  assert.deepEqual(seen, [true, false]);
  await get();
  assert.deepEqual(seen, [true, false]); // no second load, nothing to wait for
});

test("a failed load is reported to the asker, then tried again on the next ask", async () => {
  let loads = 0;
  const seen = [];
  const get = onFirstUse(
    async () => {
      loads += 1;
      if (loads === 1) throw new Error("offline");
      return "feature";
    },
    { busy: (on) => seen.push(on) },
  );
  await assert.rejects(get(), /offline/);
  assert.equal(get.loaded(), null);
  assert.equal(await get(), "feature");
  assert.equal(loads, 2);
  assert.deepEqual(seen, [true, false, true, false]);
});

test("a load that throws at once is a rejected promise, not a throw", async () => {
  const get = onFirstUse(() => {
    throw new Error("no such module");
  });
  const asked = get(); // does not throw here
  await assert.rejects(asked, /no such module/);
});
