// Stores a memory snapshot without its runs of zero bytes, and expands it again.
//
// A Pyodide memory snapshot is ~31 MB of which over a third is zeros (free heap, unused stacks).
// Reading bytes from Cache Storage and hashing them is the largest wait of a restore, so the
// snapshot is kept without those runs. Expanding is a few memory copies into a zeroed buffer,
// far cheaper than general decompression (un-gzipping 31 MB takes Chromium ~0.25 s).
//
// Layout: the non-zero blocks in order ‖ one (offset, length) pair per run of them ‖ the number of
// runs, the expanded length and ZERO_RUNS_MAGIC (every number a little-endian uint32). The first
// run starts at offset 0 whenever the first block holds anything, so the stored bytes begin with
// the snapshot's own header.

/** Ends every packed snapshot ("zr01"): says which layout the bytes are in. */
export const ZERO_RUNS_MAGIC = 0x3130727a;
/** Zeros are dropped in whole blocks of this many bytes (a multiple of 4). */
export const BLOCK = 256;
const TRAILER = 12;

function isZeroBlock(words, first, end) {
  for (let i = first; i < end; i++) if (words[i] !== 0) return false;
  return true;
}

/** `bytes` without its zero blocks, in the layout above. */
export function packZeroRuns(bytes) {
  const whole = bytes.byteLength - (bytes.byteLength % BLOCK);
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, whole / 4);
  const runs = []; // [offset, length] of each run of non-zero blocks
  let start = -1;
  for (let offset = 0; offset < whole; offset += BLOCK) {
    const zero = isZeroBlock(words, offset / 4, (offset + BLOCK) / 4);
    if (!zero && start < 0) start = offset;
    if (zero && start >= 0) (runs.push([start, offset - start]), (start = -1));
  }
  if (start < 0 && whole < bytes.byteLength) start = whole; // a tail shorter than a block is kept
  if (start >= 0) runs.push([start, bytes.byteLength - start]);
  const dataLength = runs.reduce((sum, [, length]) => sum + length, 0);
  const packed = new Uint8Array(dataLength + runs.length * 8 + TRAILER);
  const view = new DataView(packed.buffer);
  let at = 0;
  runs.forEach(([offset, length], i) => {
    packed.set(bytes.subarray(offset, offset + length), at);
    at += length;
    view.setUint32(dataLength + i * 8, offset, true);
    view.setUint32(dataLength + i * 8 + 4, length, true);
  });
  const trailer = packed.byteLength - TRAILER;
  view.setUint32(trailer, runs.length, true);
  view.setUint32(trailer + 4, bytes.byteLength, true);
  view.setUint32(trailer + 8, ZERO_RUNS_MAGIC, true);
  return packed;
}

/** The expanded length `packed` says it has, or null if it is not in this layout. */
export function expandedLength(packed) {
  if (packed.byteLength < TRAILER) return null;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const trailer = packed.byteLength - TRAILER;
  return view.getUint32(trailer + 8, true) === ZERO_RUNS_MAGIC ? view.getUint32(trailer + 4, true) : null;
}

/**
 * Writes the runs of `packed` into `out` (all zeros, of the expanded length). Returns null, or
 * what is wrong with `packed`: no run may reach outside `out` or past the stored blocks, so bad
 * bytes can never write out of place.
 */
export function unpackZeroRunsInto(packed, out) {
  const length = expandedLength(packed);
  if (length === null) return "not in the zero-runs layout";
  if (length !== out.byteLength) return `expands to ${length} bytes, expected ${out.byteLength}`;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const count = view.getUint32(packed.byteLength - TRAILER, true);
  const table = packed.byteLength - TRAILER - count * 8;
  if (table < 0) return "its table of runs is cut short";
  let at = 0;
  for (let i = 0; i < count; i++) {
    const offset = view.getUint32(table + i * 8, true);
    const size = view.getUint32(table + i * 8 + 4, true);
    if (offset + size > length || at + size > table) return "a run reaches past its bounds";
    out.set(packed.subarray(at, at + size), offset);
    at += size;
  }
  return at === table ? null : "its runs do not fill the stored blocks";
}
