// `python -m taluva ARGS` inside the pinned Pyodide on Node, against the engine wheel: the same
// interpreter the page runs, so `bench` and `arena` figures can be set beside CPython's.
//
//   node build/pyodide_taluva.mjs --site-wheels DIR --engine-wheel FILE -- bench --seconds 3

import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { startPyodide } from "./pyodide_env.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "site-wheels": { type: "string" }, "engine-wheel": { type: "string" } },
});
if (!values["site-wheels"] || !values["engine-wheel"]) {
  console.error("usage: pyodide_taluva.mjs --site-wheels DIR --engine-wheel FILE -- ARGS...");
  process.exit(2);
}

try {
  const pyodide = await startPyodide({
    siteWheelsDir: values["site-wheels"],
    wheels: [resolve(values["engine-wheel"])],
  });
  pyodide.globals.set("cli_args", pyodide.toPy(positionals));
  process.exitCode = await pyodide.runPythonAsync(`
from taluva.tools.cli import main
int(main(list(cli_args)) or 0)
`);
} catch (error) {
  console.error(`pyodide run failed: ${error?.stack ?? error}`);
  process.exitCode = 3;
}
