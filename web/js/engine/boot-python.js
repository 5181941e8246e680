// Starting Python in the engine worker, by either route: restoring Pyodide from a memory snapshot,
// or installing as on a first visit (start Pyodide, load micropip, install the engine wheel with
// the modules compiled at build time). Every file comes from this site's own copy.

import { BOOT } from "../boot-config.js";
import { DownloadFailure } from "./boot-fetch.js";
import { progress, reached } from "./progress.js";
import { siteUrl } from "./site-url.js";
import { precompileWasm } from "./wasm-early.js";

const PYODIDE_WASM = siteUrl(`${BOOT.pyodideDir}pyodide.asm.wasm`);

/** Starts compiling Pyodide's WebAssembly once `after` settles (see wasm-early.js). */
export const compileWasmAfter = (after) => precompileWasm(PYODIDE_WASM, { after });

/** Pyodide's entry module (its loadPyodide). */
export const importPyodide = () => import(siteUrl(`${BOOT.pyodideDir}pyodide.mjs`));

/** Pyodide's second module, fetched ahead of loadPyodide's own import of it. */
export const importPyodideAsm = () => import(siteUrl(`${BOOT.pyodideDir}pyodide.asm.mjs`));

const never = new Promise(() => {});

// What every loadPyodide gets. All three URLs point at our copy: Pyodide would otherwise fall back
// to its CDN for packages.
function pyodideOptions() {
  return {
    indexURL: siteUrl(BOOT.pyodideDir),
    lockFileURL: siteUrl(`${BOOT.pyodideDir}pyodide-lock.json`),
    packageBaseUrl: siteUrl(BOOT.pyodideDir),
    stdout: (line) => console.log(`[python] ${line}`),
    stderr: (line) => console.warn(`[python] ${line}`),
  };
}

// The snapshot route: a new Pyodide whose memory is the snapshot's, so the engine is already
// imported. It rejects on any failure, and the caller drops this Pyodide whole: the install route
// starts a new one from scratch, never from a half-restored interpreter.
//
// Pyodide awaits its _loadSnapshot before it even starts compiling its WebAssembly, but only
// wants its length then: so it gets the (still zeroed) buffer of the snapshot's length at once,
// and compiles while the stored snapshot is read, checked and expanded into that buffer. Pyodide
// reads the buffer only after its fsInit hook resolves: the hook waits for the check, and forever
// if it fails, while the race below ends the restore at once. Damaged bytes never reach the
// interpreter.
export async function restore(loadPyodide, { memory, verified }, step) {
  const hold = verified.then(
    () => {},
    () => never,
  );
  const loading = loadPyodide({
    ...pyodideOptions(),
    _loadSnapshot: memory,
    fsInit: () => (reached("wasm instantiated"), hold),
  });
  const pyodide = await step(Promise.race([loading, verified.then(() => never)]));
  reached("restored");
  // The snapshot holds the state of `random` at the moment it was taken: without a fresh seed,
  // every restored visit would deal the same "random" games.
  pyodide.runPython("import random; random.seed()");
  const { handle } = pyodide.pyimport("taluva.bridge");
  if (!handle(JSON.stringify({ id: 0, method: "ping" })).includes('"pong"')) {
    throw new Error("the restored engine does not answer");
  }
  return { pyodide, handle, route: "snapshot" };
}

// The install route, as on a first visit: start Python, load micropip, install the engine wheel.
// `snapshot`: start Pyodide so that a snapshot can be taken of it once installed.
export async function install(loadPyodide, step, { snapshot }) {
  progress("runtime", `Downloading the Python runtime (Pyodide ${BOOT.pyodideVersion})…`);
  // micropip's and the engine's modules compiled at build time (build/compile_stdlib.mjs), for
  // their packages' __pycache__ once installed: installing and importing then compile no source,
  // which in WebKit took seconds of a first visit.
  const bytecode = fetchFile(BOOT.bytecode);
  bytecode.catch(() => {}); // awaited below
  // _makeSnapshot only wraps the `js` module's globals so that a snapshot can name them later.
  const pyodide = await step(loadPyodide({ ...pyodideOptions(), _makeSnapshot: snapshot }));
  reached("python started");

  progress("installer", "Loading the package installer…");
  await step(
    pyodide.loadPackage(BOOT.installerWheels.map(siteUrl), {
      messageCallback: () => {},
      errorCallback: (message) => console.warn(message),
    }),
  );

  writeBytecode(pyodide, await step(bytecode)); // the engine's land before it is installed
  progress("engine", `Installing the Taluva engine ${BOOT.engineVersion}…`);
  const wheel = await step(stageWheel(pyodide, BOOT.engineWheel));
  const micropip = pyodide.pyimport("micropip");
  // deps=False: the engine has no dependencies, and micropip must never consult an index.
  await step(micropip.install.callKwargs(wheel, { deps: false }));
  micropip.destroy();

  progress("import", "Starting the engine…");
  return { pyodide, handle: pyodide.pyimport("taluva.bridge").handle, route: "install" };
}

// Downloads a wheel into Pyodide's file system and returns its `emfs:` URL for micropip. Given
// an http URL, micropip fetches through pyodide.http, which leaves the JavaScript Response in
// Pyodide's table of JavaScript references, and a snapshot cannot be taken with it there.
async function stageWheel(pyodide, path) {
  const bytes = await fetchFile(path);
  const file = `/tmp/wheels/${path.split("/").pop()}`;
  pyodide.FS.mkdirTree("/tmp/wheels");
  pyodide.FS.writeFile(file, bytes);
  return `emfs:${file}`;
}

// Writes the compiled modules (build/compile_stdlib.mjs: an index's length, the index, the files'
// bytes) into site-packages, straight into Pyodide's file system.
function writeBytecode(pyodide, bytes) {
  const packages = pyodide.runPython("import site; site.getsitepackages()[0]");
  const length = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  let at = 4 + length;
  for (const [path, size] of index) {
    const file = `${packages}/${path}`;
    pyodide.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
    pyodide.FS.writeFile(file, bytes.subarray(at, at + size));
    at += size;
  }
}

// The bytes of one of the site's files; a file that is not there fails the boot, naming it.
async function fetchFile(path) {
  const response = await fetch(siteUrl(path));
  if (!response.ok) {
    throw new DownloadFailure(
      "missing-file",
      siteUrl(path),
      `A file the engine needs is missing on the server: ${path}.`,
      response.status,
    );
  }
  return new Uint8Array(await response.arrayBuffer());
}
