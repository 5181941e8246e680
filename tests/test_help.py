"""Help's rules (taluva.play.help): every lesson step is one rule's, every id opens one rule, and
the page's copy web/js/screen/help-rules-data.js is the table's (``HELP_WRITE=1`` writes it)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from taluva.play import help as help_table
from taluva.play import lesson

PAGE_MODULE = Path(__file__).resolve().parents[1] / "web" / "js" / "screen" / "help-rules-data.js"
WRITE = "HELP_WRITE=1 .venv/bin/python -m pytest tests/test_help.py"


def test_every_lesson_step_is_one_rules() -> None:
    steps = [step for _, rules in help_table.HELP for rule in rules for step in rule.steps]
    assert sorted(steps) == sorted(step.id for step in lesson.STEPS)


def test_every_rule_opens_for_the_ids_it_shows_and_an_id_opens_one_rule() -> None:
    rules = [row for row in help_table.help_rules() if "ids" in row]
    ids = [rid for row in rules for rid in row["ids"]]
    assert len(ids) == len(set(ids))
    for row in rules:
        assert row["rules"].split(",")[0].split("–")[0] in row["ids"], row


@pytest.mark.skipif(sys.platform == "emscripten", reason="web/ is not copied into Pyodide")
def test_the_page_has_the_tables_help() -> None:
    text = help_table.page_module()
    if os.environ.get("HELP_WRITE"):
        PAGE_MODULE.write_text(text, encoding="utf-8")
    written = PAGE_MODULE.read_text(encoding="utf-8")
    assert written == text, f"{PAGE_MODULE.name} is not engine/taluva/play/help.py's: run {WRITE}"
