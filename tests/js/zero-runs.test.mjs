// The zero-runs layout the engine snapshot is kept in: exact round trips, and bad bytes refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BLOCK, expandedLength, packZeroRuns, unpackZeroRunsInto } from "../../web/js/engine/zero-runs.js";

function roundTrip(bytes) {
  const packed = packZeroRuns(bytes);
  assert.equal(expandedLength(packed), bytes.length);
  const out = new Uint8Array(bytes.length);
  assert.equal(unpackZeroRunsInto(packed, out), null);
  assert.deepEqual(out, bytes);
  return packed;
}

test("zero blocks are dropped and the rest comes back exactly", () => {
  const bytes = new Uint8Array(BLOCK * 40);
  bytes.fill(7, 0, BLOCK * 3);
  bytes[BLOCK * 10 + 5] = 1; // one non-zero byte keeps its whole block
  bytes.fill(9, BLOCK * 30, BLOCK * 32);
  const packed = roundTrip(bytes);
  assert.equal(packed.length, BLOCK * 6 + 3 * 8 + 12);
  assert.deepEqual(packed.subarray(0, BLOCK * 3), bytes.subarray(0, BLOCK * 3)); // begins as the input
});

test("all zeros, no zeros, empty, a tail shorter than a block, an unaligned view", () => {
  assert.equal(roundTrip(new Uint8Array(BLOCK * 8)).length, 12);
  roundTrip(new Uint8Array(BLOCK * 3).fill(255));
  roundTrip(new Uint8Array(0));
  const tail = new Uint8Array(BLOCK * 4 + 37);
  tail[BLOCK * 4 + 36] = 3;
  tail[2] = 1;
  roundTrip(tail);
  const zeroTail = new Uint8Array(BLOCK * 2 + 10);
  zeroTail[0] = 1;
  roundTrip(zeroTail);
  const big = new Uint8Array(BLOCK * 5 + 1);
  big.fill(4, BLOCK, BLOCK * 2);
  roundTrip(big.subarray(1));
});

test("bytes not in the layout, of another length, or whose runs reach out of bounds are refused", () => {
  const bytes = new Uint8Array(BLOCK * 4);
  bytes.fill(5, BLOCK, BLOCK * 2);
  const packed = packZeroRuns(bytes);
  assert.match(unpackZeroRunsInto(new Uint8Array(64), new Uint8Array(bytes.length)), /not in the zero-runs layout/);
  assert.match(unpackZeroRunsInto(packed, new Uint8Array(BLOCK)), /expands to 1024 bytes, expected 256/);
  const view = new DataView(packed.buffer);
  const outside = packed.slice();
  new DataView(outside.buffer).setUint32(BLOCK, BLOCK * 4, true); // the run's offset: past the end
  assert.match(unpackZeroRunsInto(outside, new Uint8Array(bytes.length)), /past its bounds/);
  const many = packed.slice();
  new DataView(many.buffer).setUint32(packed.length - 12, 1000, true); // more runs than there are
  assert.match(unpackZeroRunsInto(many, new Uint8Array(bytes.length)), /cut short/);
  const short = packed.slice();
  new DataView(short.buffer).setUint32(BLOCK + 4, 100, true); // a run shorter than stored
  assert.match(unpackZeroRunsInto(short, new Uint8Array(bytes.length)), /do not fill/);
  assert.equal(view.getUint32(BLOCK, true), BLOCK);
});
