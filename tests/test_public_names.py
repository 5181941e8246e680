"""Every public name docs/rules-engine.md lists imports from where it says, so a program written
from the docs keeps working however the engine's folders move."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules-engine.md"
FENCE = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


def documented_imports() -> list[tuple[str, str]]:
    """(module, name) for each ``from taluva... import name`` in the doc's Python blocks."""
    found = []
    for block in FENCE.findall(DOC.read_text(encoding="utf-8")):
        for node in ast.walk(ast.parse(block)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("taluva"):
                found += [(node.module, alias.name) for alias in node.names]
    return found


def test_the_doc_lists_the_public_names() -> None:
    names = {name for _, name in documented_imports()}
    # the error family the doc names in prose, and the example's names, are among them
    assert {"IllegalMoveError", "InvalidMoveError", "OptionsError", "RecordError"} <= names
    assert {"ShareCodeError", "Game", "Options", "parse_move", "tile_from_code"} <= names


@pytest.mark.parametrize(("module", "name"), documented_imports())
def test_each_public_name_imports(module: str, name: str) -> None:
    assert hasattr(importlib.import_module(module), name), f"from {module} import {name}"


def test_the_package_gives_every_name_it_promises() -> None:
    taluva = importlib.import_module("taluva")
    assert all(hasattr(taluva, name) for name in taluva.__all__)
