// Compiling Pyodide's WebAssembly early: the module compiled once is what Pyodide's own fetch and
// instantiateStreaming of that URL get; every other URL passes through untouched.
import { test } from "node:test";
import assert from "node:assert/strict";
import { precompileWasm } from "../../web/js/engine/wasm-early.js";

const WASM = "https://example.org/taluva/pyodide/pyodide.asm.wasm";
const OTHER = "https://example.org/taluva/pyodide/pyodide-lock.json";

// A worker's fetch and WebAssembly as far as wasm-early.js uses them, noting every call.
function fakes({ streamingFails = false, status = 200 } = {}) {
  const calls = [];
  const scope = {
    location: new URL("https://example.org/taluva/js/engine/worker.js"),
    fetch: async (input) => {
      calls.push(["fetch", String(input)]);
      return new Response("bytes", { status, headers: { "content-type": "application/wasm" } });
    },
  };
  const wasm = {
    compileStreaming: async (response) => {
      calls.push(["compileStreaming", (await response).status]);
      if (streamingFails) throw new TypeError("Incorrect response MIME type");
      return { module: "compiled" };
    },
    compile: async (bytes) => (calls.push(["compile", bytes.byteLength]), { module: "from bytes" }),
    instantiate: async (module, imports) => (
      calls.push(["instantiate", module, imports]),
      { instance: "of " + module.module }
    ),
    instantiateStreaming: async (response, imports) => (
      calls.push(["instantiateStreaming", imports]),
      { untouched: true }
    ),
  };
  return { calls, scope, wasm };
}

test("Pyodide's fetch and instantiateStreaming of the URL get the module compiled at once", async () => {
  const { calls, scope, wasm } = fakes();
  const { compiled } = precompileWasm(WASM, { scope, wasm });
  assert.deepEqual(await compiled, { module: "compiled" });
  const imports = { env: {} };
  // What Pyodide 314 does: fetch the URL, hand the response's promise to instantiateStreaming.
  const result = await wasm.instantiateStreaming(scope.fetch(WASM), imports);
  assert.deepEqual(result, { module: { module: "compiled" }, instance: { instance: "of compiled" } });
  assert.deepEqual(calls, [
    ["fetch", WASM], // once, for compileStreaming: Pyodide's fetch got a stand-in
    ["compileStreaming", 200],
    ["instantiate", { module: "compiled" }, imports],
  ]);
  // A second instantiation (a restore that falls back to installing) reuses the module.
  await wasm.instantiateStreaming(scope.fetch(WASM), imports);
  assert.equal(calls.filter(([name]) => name === "fetch").length, 1);
});

test("other URLs and other responses pass through untouched", async () => {
  const { calls, scope, wasm } = fakes();
  await precompileWasm(WASM, { scope, wasm }).compiled;
  await scope.fetch(OTHER);
  const response = new Response("x", { headers: { "content-type": "application/wasm" } });
  assert.deepEqual(await wasm.instantiateStreaming(response, { env: 1 }), { untouched: true });
  assert.deepEqual(calls.slice(-2), [
    ["fetch", OTHER],
    ["instantiateStreaming", { env: 1 }],
  ]);
});

test("the compile waits for `after`, even a failed one", async () => {
  const { calls, scope, wasm } = fakes();
  let go;
  const after = new Promise((_, reject) => (go = reject));
  const { compiled } = precompileWasm(WASM, { after, scope, wasm });
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.deepEqual(calls, []);
  go(new Error("the lookup failed"));
  assert.deepEqual(await compiled, { module: "compiled" });
});

test("a failed streaming compile is retried from the bytes", async () => {
  const { calls, scope, wasm } = fakes({ streamingFails: true });
  const { compiled } = precompileWasm(WASM, { scope, wasm });
  assert.deepEqual(await compiled, { module: "from bytes" });
  assert.deepEqual(calls.at(-1), ["compile", 5]);
});

test("a missing file rejects the instantiation Pyodide asks for", async () => {
  const { scope, wasm } = fakes({ streamingFails: true, status: 404 });
  precompileWasm(WASM, { scope, wasm });
  await assert.rejects(wasm.instantiateStreaming(scope.fetch(WASM), {}), /HTTP 404/);
});
