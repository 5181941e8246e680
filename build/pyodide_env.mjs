// Shared by the Node scripts that run Python in the pinned Pyodide: load it, install micropip from
// the site's own wheel and the given wheels from local files, with no package index involved.

import { readdirSync, readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { loadPyodide } from "pyodide";

export function wheelsIn(dir) {
  const wheels = readdirSync(dir).filter((name) => name.endsWith(".whl"));
  if (!wheels.length) throw new Error(`no wheels in ${dir}: run make first`);
  return wheels.map((name) => resolve(dir, name));
}

// Copy wheels into MEMFS so micropip can install them from `emfs:` paths with no network.
function stageWheels(FS, paths, fsDir) {
  FS.mkdirTree(fsDir);
  return paths.map((path) => {
    const fsPath = `${fsDir}/${basename(path)}`;
    FS.writeFile(fsPath, readFileSync(path));
    return `emfs:${fsPath}`;
  });
}

function writer(stream) {
  return {
    write: (bytes) => {
      stream.write(bytes);
      return bytes.length;
    },
  };
}

// Pyodide with micropip (from siteWheelsDir) and `wheels` installed, stdout/stderr forwarded.
// deps=False: every dependency is one of the staged wheels, so micropip looks nothing up.
// `stdLib`: a standard-library zip in place of the package's own (the site's trimmed one).
export async function startPyodide({ siteWheelsDir, wheels, stdLib = undefined }) {
  const pyodide = await loadPyodide(stdLib ? { stdLibURL: resolve(stdLib) } : {});
  pyodide.setStdout(writer(process.stdout));
  pyodide.setStderr(writer(process.stderr));
  await pyodide.loadPackage(wheelsIn(siteWheelsDir), { messageCallback: () => {} });
  pyodide.globals.set("wheel_urls", pyodide.toPy(stageWheels(pyodide.FS, wheels, "/tmp/wheels")));
  await pyodide.runPythonAsync(`
import micropip
await micropip.install(wheel_urls, deps=False)
`);
  return pyodide;
}
