"""The engine's folders are layers: each imports only from the layers below it, so "where do the
rules end?" has an answer the code keeps. Read from the source of every module (imports inside
functions and under TYPE_CHECKING too), so it holds in Pyodide as on CPython.

    rules  <-  formats  <-  ai  <-  play  <-  bridge, tools

The package root (``taluva/__init__.py``) gathers the public names of the rules and formats
(docs/rules-engine.md); no engine module imports it but for ``__version__``.
"""

from __future__ import annotations

import ast
import importlib.util
import pkgutil
from functools import cache
from pathlib import Path

import pytest

import taluva

# Each subpackage's layer; a module may import its own subpackage and the layers below.
LAYERS = {"rules": 0, "formats": 1, "ai": 2, "play": 3, "bridge": 4, "tools": 4}
# Within the top layer the tools may drive the bridge (bench), never the other way.
ALSO_ALLOWED = {("tools", "bridge")}
MAX_LINES = 500

MODULES = ["taluva", *sorted(m.name for m in pkgutil.walk_packages(taluva.__path__, "taluva."))]


@cache
def source(module: str) -> str:
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None, module
    return Path(spec.origin).read_text(encoding="utf-8")


def part(module: str) -> str:
    """The subpackage ``module`` belongs to ("rules", "play", ...), "root" for the package, and
    "main" for ``python -m taluva``."""
    if module == "taluva":
        return "root"
    top = module.split(".")[1]
    return "main" if top == "__main__" else top


def imports(module: str) -> set[tuple[str, str]]:
    """Each engine module ``module`` imports, with the name it takes (for ``from taluva import
    x``: the name, since x may be a module or a value)."""
    found: set[tuple[str, str]] = set()
    spec = importlib.util.find_spec(module)
    is_package = spec is not None and spec.submodule_search_locations is not None
    package = module if is_package else module.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(source(module))):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = importlib.util.resolve_name("." * node.level + base, package)
            if base == "taluva" or base.startswith("taluva."):
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    found.add((full if full in MODULES else base, alias.name))
        elif isinstance(node, ast.Import):
            found |= {(a.name, a.name) for a in node.names if a.name.startswith("taluva")}
    return found


def test_every_module_belongs_to_a_layer() -> None:
    unplaced = [m for m in MODULES if part(m) not in (*LAYERS, "root", "main")]
    assert not unplaced, f"give these a subpackage (or a layer in LAYERS): {unplaced}"


@pytest.mark.parametrize("module", [m for m in MODULES if part(m) in LAYERS])
def test_a_module_imports_only_its_own_layer_and_those_below(module: str) -> None:
    mine = part(module)
    wrong = []
    for target, name in sorted(imports(module)):
        theirs = part(target)
        if theirs == "root":
            if name != "__version__":
                wrong.append(f"{target} import {name} (the root is for users, not the engine)")
            continue
        if theirs == mine or (mine, theirs) in ALSO_ALLOWED:
            continue
        if theirs not in LAYERS or LAYERS[theirs] >= LAYERS[mine]:
            wrong.append(f"{target} ({theirs})")
    assert not wrong, f"{module} ({mine}) imports from above or beside it: {wrong}"


def test_the_rules_import_nothing_of_the_rest() -> None:
    outside = {
        (module, target)
        for module in MODULES
        if part(module) == "rules"
        for target, _ in imports(module)
        if part(target) != "rules"
    }
    assert not outside


def test_the_subpackages_import_each_other_without_a_cycle() -> None:
    edges: dict[str, set[str]] = {}
    for module in MODULES:
        for target, _ in imports(module):
            if part(target) != part(module):
                edges.setdefault(part(module), set()).add(part(target))
    edges.get("root", set()).discard("root")
    state: dict[str, str] = {}

    def visit(node: str, path: list[str]) -> None:
        if state.get(node) == "done":
            return
        assert state.get(node) != "open", f"import cycle: {' -> '.join([*path, node])}"
        state[node] = "open"
        for nxt in sorted(edges.get(node, ())):
            if not (node == "root" or nxt == "root"):  # the root only gathers names
                visit(nxt, [*path, node])
        state[node] = "done"

    for node in sorted(edges):
        visit(node, [])


def test_the_root_gathers_only_the_rules_and_formats() -> None:
    assert {part(t) for t, _ in imports("taluva")} <= {"rules", "formats"}


@pytest.mark.parametrize("module", MODULES)
def test_no_engine_module_is_over_500_lines(module: str) -> None:
    lines = source(module).count("\n")
    assert lines <= MAX_LINES, f"{module} has {lines} lines: split it by concern"
