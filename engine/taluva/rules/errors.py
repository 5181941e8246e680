"""The engine's small exception family; every one is a ``ValueError`` for callers who don't care.

An illegal move names the rule it breaks; its reason's code and facts come with it
(:mod:`taluva.rules.reasons`), and the message stays the English sentence:

>>> from taluva.rules.reasons import reason
>>> err = IllegalMoveError(reason("tile-volcano-on-volcano"))
>>> str(err)
'R-TILE-3a: in an eruption the volcano must lie on a volcano hex'
>>> err.rule, err.code, err.facts
('R-TILE-3a', 'tile-volcano-on-volcano', {})
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from taluva.rules.reasons import Reason


class TaluvaError(ValueError):
    """Base of every error the engine raises on bad input. ``kind`` is a stable machine word
    for the sort of error (the bridge sends it), so that no caller parses message text.

    ``code`` and ``facts`` are what the page phrases in its language: the key of a message
    (:data:`taluva.rules.reasons.ERRORS`, or for an illegal move
    :data:`taluva.rules.reasons.REASONS`) and
    its arguments. By default the code is the kind and there are no facts.
    """

    kind: str = "error"

    @property
    def code(self) -> str:
        return self.kind

    @property
    def facts(self) -> dict[str, Any]:
        return {}


class IllegalMoveError(TaluvaError):
    """A well-formed move that the rules forbid here: ``why`` is the :class:`Reason`; ``rule`` is
    the RULES.md id it breaks, ``reason`` the English sentence, ``code``/``facts`` its data."""

    kind = "illegal-move"

    def __init__(self, why: Reason) -> None:
        super().__init__(f"{why.rule}: {why.text}")
        self.why = why
        self.rule = why.rule
        self.reason = why.text

    @property
    def code(self) -> str:
        return self.why.code

    @property
    def facts(self) -> dict[str, Any]:
        return dict(self.why.args)


class InvalidMoveError(TaluvaError):
    """Text or JSON that does not describe a move at all."""

    kind = "invalid-move"


class OptionsError(TaluvaError):
    """An unknown option, a bad value, or options that cannot go together; ``rule`` is the
    RULES.md id of the option or rule it breaks (None for a word that is no option at all).

    >>> OptionsError("O-TEAMS: the team variant is for 4 players only", rule="O-TEAMS").rule
    'O-TEAMS'
    """

    kind = "options"

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule


class RecordError(TaluvaError):
    """A game record that cannot be read or replayed; ``line`` is 1-based where known.

    ``cause`` is the illegal move that stopped the replay, if that is what did: its rule and
    reason stay data (code ``record-move``), so the page phrases the reason, not just the line.

    >>> from taluva.rules.reasons import reason
    >>> illegal = IllegalMoveError(reason("tower-level", hex="0,1", level=1))
    >>> err = RecordError("turn 1: …", 4, illegal)
    >>> err.code, err.facts["line"], err.cause.rule
    ('record-move', 4, 'R-BUILD-4')
    """

    kind = "record"

    def __init__(
        self, message: str, line: int | None = None, cause: IllegalMoveError | None = None
    ) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
        self.cause = cause

    @property
    def code(self) -> str:
        if self.cause is not None and self.line:
            return "record-move"
        return "record-line" if self.line else "record"

    @property
    def facts(self) -> dict[str, Any]:
        if self.cause is not None and self.line:
            return {"line": self.line, "reason": self.cause.reason}
        return {"line": self.line} if self.line else {}
