"""The page's Help: its rules in three sections, each rule a sentence beside a picture.

Each rule gathers lesson steps (:data:`taluva.play.lesson.STEPS`): the rule ids they teach are
the ids its "rule" button opens Help for, and the last step's position with its move played is
its picture (bridge ``lessonPictures``). ``more`` adds the ids the lesson teaches nowhere (a
family's name, a rule with no step of its own); ``shown`` is the ids as the page prints them.
An id opens one rule only, the first that claims it.

Help opens before the engine has started, so the page cannot ask for this table: it is written
into ``web/js/screen/help-rules-data.js`` (:func:`page_module`), and tests/test_help.py fails
when that file is not the table's (``HELP_WRITE=1`` writes it again).

>>> [rule["picture"] for rule in help_rules() if "picture" in rule][:3]
['first-tile', 'beside', 'volcanoes']
>>> help_rules()[3]["ids"]
['R-TILE-3a', 'R-TILE-3b', 'R-TILE-3e', 'R-TILE-3c', 'R-TILE-3']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from taluva.play.lesson import step_by_id


@dataclass(frozen=True)
class Rule:
    """One Help rule: its sentence (the page's message ``help.rule.<id>``), its lesson steps
    (the last one its picture), the ids as shown, and ids it opens for beyond its steps'."""

    id: str
    steps: tuple[str, ...]
    shown: str
    more: tuple[str, ...] = ()


# A section's message, then its rules.
HELP: tuple[tuple[str, tuple[Rule, ...]], ...] = (
    (
        "help.place",
        (
            Rule("first", ("first-tile",), "R-TILE-1", ("R-MAT-3",)),
            Rule("beside", ("beside",), "R-TILE-2", ("R-TURN",)),
            Rule("erupt", ("erupt", "turned", "volcanoes"), "R-TILE-3a–3c, 3e", ("R-TILE-3",)),
            Rule("bury", ("bury", "whole"), "R-TILE-3d, 3f, 3g"),
        ),
    ),
    (
        "help.build",
        (
            Rule("found", ("found",), "R-BUILD-1, O-FOUND", ("O-FOUND", "R-BUILD-0", "R-BUILD")),
            Rule("expand", ("expand",), "R-BUILD-2"),
            Rule("temple", ("temple",), "R-BUILD-3"),
            Rule("tower", ("tower",), "R-BUILD-4"),
            Rule("one-each", ("one-each",), "R-BUILD-5", ("R-BUILD-6",)),
        ),
    ),
    (
        "help.win",
        (
            Rule("early", ("win",), "R-END-1", ("R-END", "O-RANK")),
            Rule("out", ("elimination",), "R-ELIM-1, R-ELIM-2", ("R-ELIM-2", "R-ELIM")),
            Rule("end", ("last-tile",), "R-END-2"),
        ),
    ),
)


def help_rules() -> list[dict[str, Any]]:
    """Help for the page, in order: ``{section}`` rows, and per rule ``{text, rules, ids,
    picture}`` (its message, the ids shown, the ids it opens for, its picture's lesson step)."""
    claimed: set[str] = set()
    rows: list[dict[str, Any]] = []
    for section, rules in HELP:
        rows.append({"section": section})
        for rule in rules:
            taught = [rid for step in rule.steps for rid in step_by_id(step).rules]
            ids = [rid for rid in dict.fromkeys(taught + list(rule.more)) if rid not in claimed]
            claimed.update(ids)
            text, picture = f"help.rule.{rule.id}", rule.steps[-1]
            rows.append({"text": text, "rules": rule.shown, "ids": ids, "picture": picture})
    return rows


def _js(value: Any) -> str:
    """``value`` (strings and lists of them) as JavaScript in Prettier's layout."""
    if isinstance(value, list):
        return "[" + ", ".join(_js(item) for item in value) + "]"
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def page_module() -> str:
    """The text of web/js/screen/help-rules-data.js: :func:`help_rules` as ``HELP_RULES``."""
    lines = [
        "// Written from engine/taluva/play/help.py (the lesson's steps, their rule ids): do not"
        " edit;",
        "// `HELP_WRITE=1 .venv/bin/python -m pytest tests/test_help.py` writes it again.",
        "",
        "export const HELP_RULES = [",
    ]
    for row in help_rules():
        if "section" in row:
            lines.append(f"  {{ section: {_js(row['section'])} }},")
        else:
            lines += ["  {", *(f"    {key}: {_js(value)}," for key, value in row.items()), "  },"]
    return "\n".join([*lines, "];", ""])
