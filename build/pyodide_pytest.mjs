// Runs the engine's pytest suite inside Pyodide on Node, with the Pyodide pinned in build/.
//
// The page runs the engine in Pyodide, not CPython, so the same tests must pass there too. This
// script installs the engine *wheel* (not the source tree) plus pytest/hypothesis wheels that
// build/fetch_wheels.py downloaded for Pyodide's platform, copies tests/ into Pyodide's in-memory
// file system and runs pytest there. Its exit code is pytest's, unchanged (5 = no tests collected;
// the Makefile decides what that means).
//
// With --stdlib ZIP (the site's trimmed standard library, build/compile_stdlib.mjs), Python starts
// from that zip, as the page's does, and micropip installs the engine with it alone. pytest and
// hypothesis need much that the page never ships, so the stock zip is put after it on sys.path;
// every import made while engine code runs (at any depth: json's own imports count when the
// engine imports json) is noted, and a module among them that only the stock zip has fails the
// run (exit code 1, the modules named): the page would have failed to import it.
//
//   node build/pyodide_pytest.mjs --site-wheels DIR --test-wheels DIR --engine-wheel FILE
//        --project DIR [--stdlib ZIP] [--report FILE] [--hypothesis-scale X] [-- PYTEST_ARGS...]
//
// --report FILE: pytest's JUnit report (every test's time), written inside Pyodide and copied out.
// --hypothesis-scale X: TALUVA_HYPOTHESIS_SCALE inside Pyodide (the property tests' number of
// examples times X). The CPython run explores the properties in full; this run is about the engine
// working on Pyodide's Python and trimmed library, which far fewer examples show (at 4x the time).

import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { startPyodide, wheelsIn } from "./pyodide_env.mjs";

// What of the project is copied into Pyodide: the tests and the config pytest reads (pyproject.toml
// holds [tool.pytest.ini_options]; a root conftest.py, if one is ever added, belongs to the suite).
// engine/ is deliberately not copied: the tests must import the installed wheel.
const PROJECT_FILES = ["pyproject.toml", "conftest.py", "README.md"];
const SKIP_DIRS = new Set(["__pycache__", ".pytest_cache", ".hypothesis"]);
const FS_PROJECT = "/home/pyodide/project";
const FS_STOCK_STDLIB = "/lib/python_stdlib_stock.zip";
const FS_REPORT = "/home/pyodide/junit-report.xml";

// The stock zip's path in the pinned npm package.
function stockStdlib() {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("pyodide/package.json")), "python_stdlib.zip");
}

// Installed before pytest is imported (see the header): notes imports made under engine code and
// each module's import-time imports, and lists the ones the trimmed zip lacks.
const WATCH_ENGINE_IMPORTS = `
import sys
_STOCK = "${FS_STOCK_STDLIB}"
import builtins, importlib.util, zipfile, zipimport

_shipped = set(zipfile.ZipFile(f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip").namelist())
_stock = set(zipfile.ZipFile(_STOCK).namelist())


class _FromStockZip:
    """Last on sys.meta_path: a module (or a package's submodule) the shipped zip lacks comes
    from the stock zip, for the test tools; the engine's imports are checked afterwards."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        package = name.rpartition(".")[0]
        folder = f"{_STOCK}/{package.replace('.', '/')}/" if package else _STOCK
        try:
            return zipimport.zipimporter(folder).find_spec(name)
        except zipimport.ZipImportError:
            return None


sys.meta_path.append(_FromStockZip)
_engine_imports: set[str] = set()
_imports_of: dict[str, set[str]] = {}
_import = builtins.__import__


def _under_engine(frame) -> bool:
    while frame is not None:
        name = frame.f_globals.get("__name__") or ""
        if name == "taluva" or name.startswith("taluva."):
            return True
        frame = frame.f_back
    return False


def _watching_import(name, globals=None, locals=None, fromlist=(), level=0):
    module = _import(name, globals, locals, fromlist, level)
    try:
        package = (globals or {}).get("__package__") or ""
        full = importlib.util.resolve_name("." * level + name, package) if level else name
        names = {full} | {f"{full}.{item}" for item in fromlist or () if f"{full}.{item}" in sys.modules}
        caller = sys._getframe(1)
        if caller.f_code.co_name == "<module>":
            _imports_of.setdefault(caller.f_globals.get("__name__"), set()).update(names)
        if _under_engine(caller):
            _engine_imports.update(names)
    except Exception:  # noqa: BLE001 - a watcher's slip must never change what the tests see
        pass
    return module


def _files(name: str) -> set[str]:
    path = name.replace(".", "/")
    return {f"{path}.py", f"{path}/__init__.py"}


def engine_imports_not_shipped() -> list[str]:
    needed, todo = set(), list(_engine_imports)
    while todo:
        name = todo.pop()
        if name not in needed:
            needed.add(name)
            todo.extend(_imports_of.get(name, ()))
            prefix = name.rpartition(".")[0]
            if prefix:
                todo.append(prefix)
    missing = []
    for name in needed:
        files = _files(name)
        if files & _stock and not (files | {f + "c" for f in files}) & _shipped:
            missing.append(name)
    return sorted(missing)


builtins.__import__ = _watching_import
`;

function parseCli() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      "site-wheels": { type: "string" },
      "test-wheels": { type: "string" },
      "engine-wheel": { type: "string" },
      project: { type: "string", default: "." },
      stdlib: { type: "string" },
      report: { type: "string" },
      "hypothesis-scale": { type: "string" },
    },
  });
  for (const key of ["site-wheels", "test-wheels", "engine-wheel"]) {
    if (!values[key]) throw new Error(`missing --${key}`);
  }
  return { ...values, pytestArgs: positionals.length ? positionals : ["tests"] };
}

// Copy a host directory tree into Pyodide's MEMFS (a copy, not a NODEFS mount, so pytest's cache
// and any file the tests write stay inside Pyodide and never touch the checkout).
function copyTree(FS, hostDir, fsDir) {
  FS.mkdirTree(fsDir);
  for (const name of readdirSync(hostDir)) {
    if (SKIP_DIRS.has(name)) continue;
    const hostPath = join(hostDir, name);
    const fsPath = `${fsDir}/${name}`;
    if (statSync(hostPath).isDirectory()) copyTree(FS, hostPath, fsPath);
    else FS.writeFile(fsPath, readFileSync(hostPath));
  }
}

async function main() {
  const args = parseCli();
  const project = resolve(args.project);
  const pyodide = await startPyodide({
    siteWheelsDir: args["site-wheels"],
    wheels: [...wheelsIn(args["test-wheels"]), resolve(args["engine-wheel"])],
    stdLib: args.stdlib,
  });
  const { FS } = pyodide;
  if (args.stdlib) {
    FS.writeFile(FS_STOCK_STDLIB, readFileSync(stockStdlib()));
    pyodide.runPython(WATCH_ENGINE_IMPORTS);
  }
  pyodide.globals.set("watching_stdlib", Boolean(args.stdlib));

  if (existsSync(join(project, "tests"))) copyTree(FS, join(project, "tests"), `${FS_PROJECT}/tests`);
  // The docs' Python example and game record are tests too (tests/test_docs.py).
  if (existsSync(join(project, "docs"))) copyTree(FS, join(project, "docs"), `${FS_PROJECT}/docs`);
  for (const name of PROJECT_FILES) {
    const hostPath = join(project, name);
    if (existsSync(hostPath)) FS.writeFile(`${FS_PROJECT}/${name}`, readFileSync(hostPath));
  }

  const pytestArgs = args.report ? [...args.pytestArgs, `--junitxml=${FS_REPORT}`] : args.pytestArgs;
  pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
  pyodide.globals.set("project_dir", FS_PROJECT);
  pyodide.globals.set("pyodide_version", pyodide.version);
  pyodide.globals.set("hypothesis_scale", args["hypothesis-scale"] ?? null);
  const code = await pyodide.runPythonAsync(`
import os, sys
import importlib.metadata as metadata
from packaging.requirements import Requirement  # pytest needs packaging, so it is staged


def check_requirements():
    """Fail loudly if an installed wheel needs a distribution that was not staged."""
    installed = {d.metadata["Name"].lower().replace("_", "-"): d for d in metadata.distributions()}
    missing = []
    for dist in installed.values():
        for line in dist.requires or []:
            req = Requirement(line)
            if req.marker and not req.marker.evaluate({"extra": ""}):
                continue
            have = installed.get(req.name.lower().replace("_", "-"))
            if have is None or not req.specifier.contains(have.version, prereleases=True):
                missing.append(f"{dist.metadata['Name']} needs {req}")
    if missing:
        raise SystemExit("incomplete wheel set for Pyodide: " + "; ".join(missing))


check_requirements()
import pytest
import taluva

print(
    f"pyodide {pyodide_version} (Python {sys.version.split()[0]}): "
    f"taluva {taluva.__version__} from {os.path.dirname(taluva.__file__)}, pytest {pytest.__version__}",
    flush=True,
)
os.chdir(project_dir)
if hypothesis_scale is not None:
    os.environ["TALUVA_HYPOTHESIS_SCALE"] = hypothesis_scale
exit_code = int(pytest.main(list(pytest_args)))
if watching_stdlib:
    if missing := engine_imports_not_shipped():
        print(f"the engine imported standard-library modules the site's zip leaves out: {missing}")
        print("(build/compile_stdlib.mjs: make its boot reach them)")
        exit_code = exit_code or 1
    else:
        print(f"the site's standard-library zip holds every module the engine imported ({len(_engine_imports)} noted)")
sys.stdout.flush()
sys.stderr.flush()
exit_code
`);
  if (args.report && FS.analyzePath(FS_REPORT).exists) {
    mkdirSync(dirname(resolve(args.report)), { recursive: true });
    writeFileSync(args.report, FS.readFile(FS_REPORT));
  }
  return code;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`pyodide test run failed: ${error?.stack ?? error}`);
    process.exitCode = 3;
  },
);
