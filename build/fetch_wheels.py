"""Download pinned wheels for the Pyodide runtime pinned in build/package.json.

Pyodide runs its own Python (3.14 for Pyodide 314) on its own platform, so wheels are resolved for
*that* interpreter, not the one running this script: the Python version and platform tag are read
from the installed runtime's pyodide-lock.json. Pure wheels match any platform; compiled ones (e.g.
hypothesis) must exist for Pyodide's platform.

The resolver runs with dependencies on, so a dependency nobody pinned would still be fetched; this
script then refuses it. Every downloaded distribution must be pinned, at the same version, in the
requirements file, which keeps the shipped and tested set exactly what the repo says.

    python build/fetch_wheels.py build/requirements-site.txt build/.cache/wheels/site
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "build" / "node_modules" / "pyodide"


def normalize(name: str) -> str:
    """PEP 503 name normalization, so 'Pygments' and 'pygments' compare equal."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pyodide_target(pyodide_dir: Path = PYODIDE_DIR) -> dict[str, str]:
    """Python version and platform tag of the pinned Pyodide, from its lock file."""
    lock = pyodide_dir / "pyodide-lock.json"
    if not lock.exists():
        raise SystemExit(f"{lock} is missing: run `npm ci` in build/ first")
    info = json.loads(lock.read_text())["info"]
    major, minor = info["python"].split(".")[:2]
    return {
        "python_version": f"{major}.{minor}",
        "abi": f"cp{major}{minor}",
        # PEP 783 platform tag, e.g. pyemscripten_2026_0_wasm32
        "platform": f"pyemscripten_{info['abi_version']}_{info['arch']}",
    }


def read_pins(requirements: Path) -> dict[str, str]:
    """name -> version for every `name==version` line (following `-r` includes)."""
    pins: dict[str, str] = {}
    for raw in requirements.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("-r "):
            pins.update(read_pins(requirements.parent / line[3:].strip()))
            continue
        name, sep, version = line.partition("==")
        if not sep:
            raise SystemExit(f"{requirements}: {raw!r} is not pinned with ==")
        pins[normalize(name)] = version.strip()
    return pins


def wheel_dist(path: Path) -> tuple[str, str]:
    """(normalized name, version) from a wheel file name (PEP 427)."""
    name, version = path.name.split("-")[:2]
    return normalize(name), version


def check_pinned(wheels: list[Path], pins: dict[str, str]) -> None:
    got = dict(wheel_dist(w) for w in wheels)
    problems = [
        f"{n}=={v} was pulled in but is not pinned" for n, v in got.items() if n not in pins
    ]
    problems += [
        f"{n}: pinned {pins[n]}, resolver chose {v}"
        for n, v in got.items()
        if n in pins and pins[n] != v
    ]
    problems += [
        f"{n}=={v} is pinned but was not downloaded" for n, v in pins.items() if n not in got
    ]
    if problems:
        raise SystemExit("wheel set does not match the pins:\n  " + "\n  ".join(problems))


def download(requirements: Path, dest: Path) -> list[Path]:
    target = pyodide_target()
    staging = Path(tempfile.mkdtemp(prefix="wheels-", dir=dest.parent))
    try:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--only-binary=:all:",
                "--python-version",
                target["python_version"],
                "--implementation",
                "cp",
                "--abi",
                target["abi"],
                "--platform",
                target["platform"],
                "--dest",
                str(staging),
                "-r",
                str(requirements),
            ],
            check=True,
        )
        wheels = sorted(staging.glob("*.whl"))
        check_pinned(wheels, read_pins(requirements))
        # replace the old set only once the new one is complete and checked
        if dest.exists():
            shutil.rmtree(dest)
        staging.rename(dest)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return sorted(dest.glob("*.whl"))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("requirements", type=Path)
    parser.add_argument("dest", type=Path)
    args = parser.parse_args(argv)
    args.dest.parent.mkdir(parents=True, exist_ok=True)
    for wheel in download(args.requirements, args.dest):
        print(f"  {args.dest}/{wheel.name}")


if __name__ == "__main__":
    main()
