// The engine snapshot's policy: where it is kept, when it is looked up and restored, when it is
// dropped, and when a fresh one is taken and kept. Any trouble with a snapshot falls back to the
// install route, which then keeps a fresh one. The embed (keepNothing) neither looks one up nor
// keeps one: it runs in other sites' frames.

import { BOOT } from "../boot-config.js";
import { install, restore } from "./boot-python.js";
import { noteWhen, progress } from "./progress.js";
import { siteRoot } from "./site-url.js";
import { openSnapshots } from "./snapshot.js";
import { fileSystemRoot, openSnapshotFiles, openSnapshotStore } from "./snapshot-file.js";

const SNAPSHOT = { site: siteRoot, pyodideVersion: BOOT.pyodideVersion, build: BOOT.build };

// Where the snapshot is kept: the Origin Private File System, read fastest, where the browser
// offers it, with Cache Storage behind it where a file cannot be written; else Cache Storage;
// else nowhere (null).
async function snapshotStore() {
  const cacheStore = "caches" in self ? openSnapshots(SNAPSHOT) : null;
  const root = await fileSystemRoot();
  if (!root) return cacheStore;
  return openSnapshotStore({ files: openSnapshotFiles({ ...SNAPSHOT, root, cacheStore }), cacheStore });
}

/**
 * The snapshot to restore: `{ snapshots, entry, problem, stored }`, with `snapshots` the store
 * (null: none, or keepNothing), `entry` the snapshot found (null: none, `problem` says why) and
 * `stored` what snapshots.load gives for it, already being read. A lookup that fails counts as
 * no snapshot.
 */
export async function lookUp({ keepNothing = false } = {}) {
  if (keepNothing) return { snapshots: null, entry: null, problem: "missing", stored: null };
  const snapshots = await snapshotStore();
  if (!snapshots) return { snapshots, entry: null, problem: "no snapshot storage", stored: null };
  const { entry, problem } = await snapshots.find().catch((error) => ({ entry: null, problem: String(error) }));
  let stored = null;
  try {
    stored = entry ? snapshots.load(entry) : null; // allocates the expanded length: may throw
  } catch (error) {
    return { snapshots, entry: null, problem: String(error?.message ?? error), stored: null };
  }
  // Only noted here: restore() hears of a failure (a failed import of Pyodide never gets there).
  if (stored) {
    noteWhen(stored.read, "snapshot read");
    noteWhen(stored.verified, "snapshot checked");
  }
  return { snapshots, entry, problem, stored };
}

/**
 * The snapshot route if there is a snapshot and it restores, else the install route (a snapshot
 * that failed is dropped), from what lookUp found. `fallback` says why the install route was
 * taken ("missing" on a first visit), null on the snapshot route.
 */
export async function start(loadPyodide, { snapshots, entry, problem, stored }, step) {
  let fallback = problem;
  if (entry) {
    progress("restore", "Starting the engine from its copy on this device…");
    try {
      return { ...(await restore(loadPyodide, stored, step)), fallback: null };
    } catch (error) {
      if (error?.kind) throw error; // a download failed: installing needs the same files
      fallback = String(error?.message ?? error);
    }
  }
  if (snapshots && (entry || problem !== "missing")) {
    console.warn(`Taluva: not restoring the engine snapshot (${fallback}); installing instead.`);
    snapshots.drop().catch(() => {});
  }
  return { ...(await install(loadPyodide, step, { snapshot: Boolean(snapshots) })), fallback };
}

// Readies the interpreter for a snapshot.
//
// A restored Pyodide has the memory but none of the files: site-packages is empty again (the
// Emscripten file system lives on the JavaScript side), so every engine module a call might
// import later is imported now. The standard library's zip is mounted again by every boot, so
// its modules still import. micropip goes: it holds JavaScript functions of this Pyodide that a
// snapshot cannot name, as does pyodide.loadedPackages, which the snapshot must find empty.
const PREPARE_SNAPSHOT = `
def _prepare_snapshot():
    import gc, importlib, pkgutil, sys, taluva
    for module in pkgutil.walk_packages(taluva.__path__, "taluva."):
        if not module.name.endswith(".__main__"):
            importlib.import_module(module.name)
    for name in [name for name in sys.modules if name.partition(".")[0] == "micropip"]:
        del sys.modules[name]
    gc.collect()
_prepare_snapshot()
del _prepare_snapshot
`;

/**
 * The snapshot's bytes, taken now if the boot took the install route and there is somewhere to
 * keep it; else null (it never fails the boot). Taken before the boot's task ends, so before any
 * call can change the interpreter.
 */
export function takeSnapshot(pyodide, { route, snapshots }) {
  if (route !== "install" || !snapshots) return null;
  const loaded = pyodide.loadedPackages;
  const packages = { ...loaded };
  try {
    pyodide.runPython(PREPARE_SNAPSHOT);
    for (const name of Object.keys(packages)) delete loaded[name];
    return pyodide.makeMemorySnapshot();
  } catch (error) {
    console.warn("Taluva: could not take the engine snapshot:", error);
    return null;
  } finally {
    Object.assign(loaded, packages);
  }
}

/** Keeps `bytes` (takeSnapshot's) for the next visit: `{ stored, memory }` in bytes, or null. */
export async function keepSnapshot(snapshots, bytes) {
  if (!bytes) return null;
  try {
    return { stored: await snapshots.save(bytes), memory: bytes.byteLength };
  } catch (error) {
    console.warn("Taluva: could not keep the engine snapshot:", error);
    return null;
  }
}
