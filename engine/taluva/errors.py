"""The engine's small exception family; every one is a ``ValueError`` for callers who don't care.

An illegal move names the rule it breaks:

>>> err = IllegalMoveError("R-TILE-3a", "the volcano must lie on a volcano")
>>> str(err)
'R-TILE-3a: the volcano must lie on a volcano'
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations


class TaluvaError(ValueError):
    """Base of every error the engine raises on bad input. ``kind`` is a stable machine word
    for the sort of error (the bridge sends it), so that no caller parses message text."""

    kind: str = "error"


class IllegalMoveError(TaluvaError):
    """A well-formed move that the rules forbid here; ``rule`` is the RULES.md id it breaks."""

    kind = "illegal-move"

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason


class InvalidMoveError(TaluvaError):
    """Text or JSON that does not describe a move at all."""

    kind = "invalid-move"


class OptionsError(TaluvaError):
    """An unknown option, a bad value, or options that cannot go together."""

    kind = "options"


class RecordError(TaluvaError):
    """A game record that cannot be read or replayed; ``line`` is 1-based where known."""

    kind = "record"

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
