"""The README's Python example runs as written, so the documentation cannot drift."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "README.md has no Python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_readme_record_example_replays() -> None:
    from taluva.record import replay

    text = README.read_text(encoding="utf-8")
    record = re.search(r"```\n(taluva 1\n.*?)```", text, re.S)
    assert record, "README.md shows no game record"
    assert replay(record.group(1)).phase == "place"
