// The rehearsal: a restore of the snapshot just kept, in a worker of its own that the page ends
// right after. The browser keeps compiled code for a script only once it has run from the service
// worker's cache: on a first visit Pyodide's 1.25 MB of JavaScript came from the network, so the
// first return visit would compile it (and the functions a restore runs) all over again. Run once
// here, off the critical path, that visit finds it compiled: ~0.25 s sooner (docs/performance.md,
// "Boot"). It also checks that this browser restores the snapshot; one that does not is
// dropped now rather than on the next visit. Nothing is installed and nothing kept.

import { checkWebAssembly } from "./boot-failure.js";
import { compileWasmAfter, importPyodide, restore } from "./boot-python.js";
import { lookUp } from "./keep.js";

/** Restores the kept snapshot once: `{ ok: true }`, or `{ ok: false, problem }`. */
export async function rehearse() {
  try {
    checkWebAssembly();
    const found = lookUp();
    compileWasmAfter(found);
    const { loadPyodide } = await importPyodide();
    const { snapshots, entry, problem, stored } = await found;
    if (!entry) return { ok: false, problem };
    try {
      await restore(loadPyodide, stored, (promise) => promise);
      return { ok: true };
    } catch (error) {
      const failed = { ok: false, problem: String(error?.message ?? error) };
      console.warn(`Taluva: the engine snapshot did not restore (${failed.problem}); dropping it.`);
      await snapshots.drop().catch(() => {});
      return failed;
    }
  } catch (error) {
    return { ok: false, problem: String(error?.message ?? error) };
  }
}
