"""The computer levels, weakest first: the one list the engine, the CLI and the page read.

Adding a level means a line here and its play in :mod:`taluva.ai.players`.

>>> [level.id for level in REGISTRY]
['random', 'beginner', 'intermediate', 'strong', 'master']
>>> strongest().id, get("random").description
('master', 'practice: plays any legal move')
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """A computer level: its id, its time cap in seconds per turn, and a line for people."""

    id: str
    budget: float
    description: str


# Budgets are safety caps (random and beginner never come near theirs). The strong level
# normally stops on its node count before: ~0.25-0.3 s median, ~0.5 s p90 on CPython; ~0.6 s
# median, ~1.1 s p90 in Pyodide on Node, where the cap cuts the slowest tenth of its turns short.
REGISTRY: tuple[Level, ...] = (
    Level("random", 0.05, "practice: plays any legal move"),
    Level("beginner", 0.1, "knows the goals, not the tactics: builds by a fixed preference"),
    Level("intermediate", 0.5, "plans its own turn: the best placement and build for itself"),
    Level(
        "strong",
        1.0,
        "plans its turn against the best replies of every other player: blocks, defends",
    ),
    Level(
        "master",
        1.5,
        "searches further than strong: with two players its own next turn too; at larger "
        "tables more of its own turns, each weighed against every other player's best replies",
    ),
)

LEVELS: tuple[str, ...] = tuple(level.id for level in REGISTRY)
"""The level ids, weakest first."""

_BY_ID = {level.id: level for level in REGISTRY}


def get(level_id: str) -> Level:
    """The level named ``level_id``; an unknown one raises ``ValueError`` naming the known."""
    try:
        return _BY_ID[level_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown level {level_id!r}: one of {', '.join(LEVELS)}") from None


def strongest() -> Level:
    """The strongest level (the hint's)."""
    return REGISTRY[-1]
