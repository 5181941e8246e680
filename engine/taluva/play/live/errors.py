"""The refusals of live play (:mod:`taluva.play.live`): a message from the other device that is
not one this page reads, and a friend's placement that does not fit the game.

They are by-link errors (a live game is a by-link game), of their own ``kind``, ``live``, so
that the page can tell a friend's page it cannot read from a link that does not check. ``code``
is ``live-<what>``; ``facts`` say what is wrong (``problem``) and where (``field``, ``turn``).
A friend's step whose value or placement does not check is refused with the by-link error that
a link carrying it would get (``bylink-chain``, ``bylink-move`` with the rule).

>>> error = LiveVersionError("a message of version 2", version=2)
>>> error.kind, error.code, error.facts, isinstance(error, LiveMessageError)
('live', 'live-version', {'version': 2}, True)
"""

from __future__ import annotations

from taluva.play.bylink.errors import ByLinkError


class LiveError(ByLinkError):
    """A live message or step refused: ``code`` is ``live-<what>``."""

    kind = "live"
    what = "error"

    @property
    def code(self) -> str:
        return f"live-{self.what}"


class LiveMessageError(LiveError):
    """Text from the other device that is no live message: ``problem`` is ``too-long``
    (``length``), ``too-deep`` (``depth``), ``not-json``, ``not-object``, ``type`` (an unknown
    type), ``missing``, ``field`` (of the wrong type, size or form) or ``unknown-field``, the
    last three with the ``field``."""

    what = "message"


class LiveVersionError(LiveMessageError):
    """A message of another version of live messages (``version``): the friend's page is a newer
    (or an older) version of the game."""

    what = "version"


class LiveStepError(LiveError):
    """A friend's step that is not the next one of the game this device holds: ``problem`` is
    ``game`` (a step of another game), ``stage`` (the game is not being played), ``turn`` (not
    the next turn: ``turn`` the step's, ``expected`` the next), ``mover`` (this device is the
    mover: a step comes from the others) or ``placement`` (this device's turn has no placement
    to send yet)."""

    what = "step"
