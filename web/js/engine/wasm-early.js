// Compiles Pyodide's WebAssembly from the worker's first moments, not from loadPyodide's.
//
// Left alone, Pyodide fetches pyodide.asm.wasm when loadPyodide starts, but only compiles it
// (WebAssembly.instantiateStreaming) once pyodide.asm.mjs is in and the snapshot's length is
// known: ~0.5 s of compiling that starts late. Here the worker starts compileStreaming at once,
// and Pyodide's own fetch and instantiateStreaming of that URL are answered with the compiled
// module: Pyodide's imports are instantiated against it, and the 9.6 MB are read only once. A
// restore that falls back to installing instantiates the same module again, for free.
//
// Relies on how Pyodide 314 loads its WebAssembly in a browser: fetch(indexURL +
// "pyodide.asm.wasm") then WebAssembly.instantiateStreaming(that response, imports).

/**
 * Starts compiling the WebAssembly at `url` (absolute) and hands the module to whoever later
 * fetches that URL and instantiates it with `wasm.instantiateStreaming`. Wraps `scope.fetch` and
 * `wasm.instantiateStreaming`; every other URL passes through untouched. Returns `{ compiled }`
 * (the module's promise). A failed streaming compile (say, a server that does not send
 * application/wasm) is retried from the bytes; a download that fails rejects `compiled`, and the
 * caller's own fetch watcher names the file.
 */
export function precompileWasm(url, { after = Promise.resolve(), scope = self, wasm = WebAssembly } = {}) {
  const fetchBefore = scope.fetch.bind(scope);
  const instantiateBefore = wasm.instantiateStreaming.bind(wasm);
  const compile = () =>
    wasm.compileStreaming(fetchBefore(url)).catch(async () => {
      const response = await fetchBefore(url);
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return wasm.compile(await response.arrayBuffer());
    });
  const compiled = after.then(compile, compile);
  compiled.catch(() => {}); // heard by instantiateStreaming's caller

  // Pyodide's fetch of `url` gets a stand-in: its body is never read.
  const standIns = new WeakSet();
  scope.fetch = (input, init) => {
    const asked = new URL(input instanceof Request ? input.url : String(input), scope.location).href;
    if (asked !== url) return fetchBefore(input, init);
    const standIn = new Response(null, { status: 200, headers: { "content-type": "application/wasm" } });
    standIns.add(standIn);
    return Promise.resolve(standIn);
  };

  wasm.instantiateStreaming = async (source, imports) => {
    const response = await source;
    if (!standIns.has(response)) return instantiateBefore(response, imports);
    const module = await compiled;
    const instance = await wasm.instantiate(module, imports);
    return { module, instance };
  };

  return { compiled };
}
