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
    """A computer level: its id, its clock's safety cap in seconds per decision, and a line for
    people."""

    id: str
    budget: float
    description: str


# The searching levels stop on their node counts (taluva.ai.players.CONFIGS), sized for the
# page's think-time goals on a 2-core machine (docs/ai.md, docs/performance.md); the same seed
# then makes the same moves on every machine. The clock is a safety net far above those times
# (strong's median is under 1 s, its p90 under 2 s, in the page): it stops a search only on a
# machine several times slower than the counts were sized for, and `make bench-ai` counts each
# time it does. Random and beginner do not search; intermediate's one-turn search is whole.
REGISTRY: tuple[Level, ...] = (
    Level("random", 10.0, "practice: plays any legal move"),
    Level("beginner", 10.0, "knows the goals, not the tactics: builds by a fixed preference"),
    Level("intermediate", 10.0, "plans its own turn: the best placement and build for itself"),
    Level(
        "strong",
        10.0,
        "plans its turn against the best replies of every other player: blocks, defends",
    ),
    Level(
        "master",
        15.0,
        "searches further than strong: its own next turn too, after every other player's best "
        "reply",
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
