"""The engine's docstring examples run with the tests (``pytest tests`` collects only tests/,
and the suite also runs in Pyodide, where only tests/ is given to pytest)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import taluva

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(taluva.__path__, "taluva.")
    if not info.name.endswith("__main__")  # running it is the command line itself
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
