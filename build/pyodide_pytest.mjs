// Runs the engine's pytest suite inside Pyodide on Node, with the Pyodide pinned in build/.
//
// The page runs the engine in Pyodide, not CPython, so the same tests must pass there too. This
// script installs the engine *wheel* (not the source tree) plus pytest/hypothesis wheels that
// build/fetch_wheels.py downloaded for Pyodide's platform, copies tests/ into Pyodide's in-memory
// file system and runs pytest there. Its exit code is pytest's, unchanged (5 = no tests collected;
// the Makefile decides what that means).
//
//   node build/pyodide_pytest.mjs --site-wheels DIR --test-wheels DIR --engine-wheel FILE
//        --project DIR [-- PYTEST_ARGS...]

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { startPyodide, wheelsIn } from "./pyodide_env.mjs";

// What of the project is copied into Pyodide: the tests and the config pytest reads (pyproject.toml
// holds [tool.pytest.ini_options]; a root conftest.py, if one is ever added, belongs to the suite).
// engine/ is deliberately not copied: the tests must import the installed wheel.
const PROJECT_FILES = ["pyproject.toml", "conftest.py", "README.md"];
const SKIP_DIRS = new Set(["__pycache__", ".pytest_cache", ".hypothesis"]);
const FS_PROJECT = "/home/pyodide/project";

function parseCli() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      "site-wheels": { type: "string" },
      "test-wheels": { type: "string" },
      "engine-wheel": { type: "string" },
      project: { type: "string", default: "." },
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
  });
  const { FS } = pyodide;

  if (existsSync(join(project, "tests"))) copyTree(FS, join(project, "tests"), `${FS_PROJECT}/tests`);
  for (const name of PROJECT_FILES) {
    const hostPath = join(project, name);
    if (existsSync(hostPath)) FS.writeFile(`${FS_PROJECT}/${name}`, readFileSync(hostPath));
  }

  pyodide.globals.set("pytest_args", pyodide.toPy(args.pytestArgs));
  pyodide.globals.set("project_dir", FS_PROJECT);
  pyodide.globals.set("pyodide_version", pyodide.version);
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
exit_code = int(pytest.main(list(pytest_args)))
sys.stdout.flush()
sys.stderr.flush()
exit_code
`);
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
