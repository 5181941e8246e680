// Writes the site's python_stdlib.zip: only the standard-library modules a boot imports, each
// compiled to bytecode (build_site.py calls it).
//
// Pyodide ships its standard library as source only, so a first visit compiles every module it
// imports, Python's own start-up included: in Pyodide on Node, loadPyodide takes ~2.4 s with the
// shipped zip and ~0.8 s with compiled modules (docs/hosting.md). The bytecode must be the
// pinned interpreter's own, so it is compiled here, in that very Pyodide on Node.
//
// Which modules: those imported by a boot as the page's worker does it (Python's start-up,
// micropip installing the engine wheel, every engine module, one game through the bridge, a
// computer move). Each becomes an unchecked hash-based .pyc (PEP 552: zipimport uses it without
// looking for the source), without docstrings and asserts as under python -OO (Pyodide's own
// packages excepted: they read their docstrings); every other module of the stock zip (445 of 614 files: asyncio's
// servers, email, xml, unittest, ...) is left out, which makes the zip ~4x smaller. An engine
// import the boot does not reach (a lazy one) would fail in the page: `make test-pyodide` runs
// the engine tests against this zip and fails on any module the engine imports that it lacks
// (pyodide_pytest.mjs --stdlib). Entries keep their names' order and dates, so equal inputs give
// an equal zip.
//
// With --bytecode, it also writes the modules of the two installed wheels (micropip and the
// engine) compiled the same way, as `<package>/__pycache__/<module>.cpython-314.pyc` files (paths
// under site-packages): the worker writes them beside the installed packages, so that installing
// and importing the engine on a first visit compiles no source. That compile was a large part of
// WebKit's first boot, whose WebAssembly runs cold code slowly (docs/performance.md, "Boot").
//
//   node build/compile_stdlib.mjs --micropip WHEEL --engine WHEEL --out FILE [--bytecode FILE]

import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { loadPyodide } from "pyodide";

const { values } = parseArgs({
  options: {
    micropip: { type: "string" },
    engine: { type: "string" },
    out: { type: "string" },
    bytecode: { type: "string" },
  },
});
if (!values.micropip || !values.engine || !values.out) {
  console.error("usage: compile_stdlib.mjs --micropip WHEEL --engine WHEEL --out FILE");
  process.exit(2);
}

const BOOT_AS_THE_PAGE_DOES = `
import micropip
await micropip.install(engine_wheel, deps=False)
import importlib, pkgutil, json, taluva
for module in pkgutil.walk_packages(taluva.__path__, "taluva."):
    if not module.name.endswith(".__main__"):
        importlib.import_module(module.name)
from taluva.bridge import handle
for method, params in [("newGame", {"options": {"players": 3}, "seed": 1}), ("view", {}),
                       ("aiChoose", {"level": "strong", "seed": 1})]:
    answer = json.loads(handle(json.dumps({"id": 1, "method": method, "params": params})))
    assert answer["ok"], answer
import random
random.seed()  # as worker.js does after a restore
`;

const WITHOUT_DOCSTRINGS = `
import ast

# Docstrings left out as under python -OO, but asserts kept (-OO would drop those too): the
# docstrings are taken from the syntax tree instead. Every other node keeps its place, so
# tracebacks name the same lines.
def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            first = body[0].value if body and isinstance(body[0], ast.Expr) else None
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                doc = body.pop(0)
                if not body:
                    body.append(ast.copy_location(ast.Pass(), doc))
    return tree
`;

const COMPILE = `
${WITHOUT_DOCSTRINGS}
import importlib.util, io, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

STDLIB = "/lib/python314.zip"
# Every module is compiled as python -OO would (no docstrings, no asserts): 14% fewer bytes. But
# Pyodide's own packages keep their asserts, and _core_docs its docstrings: Pyodide's C code reads
# them (_pyodide.docstring) for the JavaScript proxies' methods.
PYODIDE_OWN = ("_pyodide/", "pyodide/")
KEEP_DOCSTRINGS = "_pyodide/_core_docs.py"
assert sys.version_info[:2] == (3, 14), sys.version
used = set()
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    if path.startswith(STDLIB + "/") and path.endswith(".py"):
        used.add(path[len(STDLIB) + 1 :])

source = zipfile.ZipFile(STDLIB)
out = io.BytesIO()
# Stored, not deflated: the host's gzip or Brotli then compresses the whole zip at once, across
# entries (1.50 MB as gzip, 1.13 MB as Brotli), where deflated entries sent as they are took 1.64 MB.
with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
    for entry in source.infolist():
        if entry.filename in used:
            data = source.read(entry)
            path = f"{STDLIB}/{entry.filename}"
            if entry.filename == KEEP_DOCSTRINGS:
                code = compile(data, path, "exec", dont_inherit=True)
            elif entry.filename.startswith(PYODIDE_OWN):
                code = compile(without_docstrings(ast.parse(data, path)), path, "exec", dont_inherit=True)
            else:
                code = compile(data, path, "exec", dont_inherit=True, optimize=2)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            compiled = zipfile.ZipInfo(entry.filename + "c", entry.date_time)
            compiled.compress_type = zipfile.ZIP_STORED
            target.writestr(compiled, pyc)
print(f"compile_stdlib: {len(used)} of {sum(n.endswith('.py') for n in source.namelist())} modules shipped, compiled (-OO; Pyodide's own keep their asserts)")
out.getvalue()
`;

const pyodide = await loadPyodide();
await pyodide.loadPackage(values.micropip, { messageCallback: () => {} });
const staged = `/tmp/wheels/${basename(values.engine)}`;
pyodide.FS.mkdirTree("/tmp/wheels");
pyodide.FS.writeFile(staged, readFileSync(values.engine));
pyodide.globals.set("engine_wheel", `emfs:${staged}`);
await pyodide.runPythonAsync(BOOT_AS_THE_PAGE_DOES);
const zipped = pyodide.runPython(COMPILE);
const bytes = zipped.toJs();
zipped.destroy();
writeFileSync(values.out, bytes);

// Every module of the installed micropip and engine that the boot above imported, compiled from the very file the page's
// worker installs (so a traceback names it), as an unchecked hash-based .pyc where Python's import
// looks first. Laid out for the worker to copy without unzipping (which would run Python's
// zipfile): the length of an index (a little-endian uint32), the index (JSON: [[path under
// site-packages, length], ...]), then the files' bytes in that order.
const COMPILE_PACKAGES = `
${WITHOUT_DOCSTRINGS}
import importlib.util, json, os, struct, sys, micropip, taluva
from importlib._bootstrap_external import _code_to_hash_pyc

imported = {getattr(m, "__file__", None) for m in list(sys.modules.values())}
index, blobs = [], []
for module in (micropip, taluva):
    package = os.path.dirname(module.__file__)
    packages = os.path.dirname(package)
    for folder, _, files in sorted(os.walk(package)):
        for name in sorted(f for f in files if f.endswith(".py")):
            path = os.path.join(folder, name)
            if path not in imported:
                continue  # not used by a boot: compiled if ever imported, as before
            data = open(path, "rb").read()
            # neither package reads its own docstrings at run time: 15% fewer bytes without them
            code = compile(without_docstrings(ast.parse(data, path)), path, "exec", dont_inherit=True)
            pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            index.append([os.path.relpath(importlib.util.cache_from_source(path), packages), len(pyc)])
            blobs.append(pyc)
head = json.dumps(index).encode()
struct.pack("<I", len(head)) + head + b"".join(blobs)
`;
if (values.bytecode) {
  const packages = pyodide.runPython(COMPILE_PACKAGES);
  writeFileSync(values.bytecode, packages.toJs());
  packages.destroy();
}
