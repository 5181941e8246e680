"""The refusals of by-link games (:mod:`taluva.play.bylink`): one class per thing that does not
check.

Each names what is wrong in English for scripts and the console; ``code`` (``bylink-<what>``)
and ``facts`` are what the page phrases in the player's language (``web/i18n/<tag>/bylink.json``).
Seats are numbered from 0; turns from 1.
"""

from __future__ import annotations

from typing import Any

from taluva.rules.errors import TaluvaError


class ByLinkError(TaluvaError):
    """A by-link game refused: the message names what does not check. ``code`` is
    ``bylink-<what>``; ``facts`` hold the seat, draw or turn concerned."""

    kind = "bylink"
    what = "error"

    def __init__(self, message: str, **facts: Any) -> None:
        super().__init__(message)
        self._facts = facts

    @property
    def code(self) -> str:
        return f"bylink-{self.what}"

    @property
    def facts(self) -> dict[str, Any]:
        return dict(self._facts)

    def with_facts(self, **facts: Any) -> ByLinkError:
        """This error with more facts (the game's id, for the page to find its kept copy)."""
        self._facts.update(facts)
        return self


class LinkFormatError(ByLinkError):
    """A link that cannot be read: cut, garbled, too long, or of a newer format."""

    what = "format"


class ChainError(ByLinkError):
    """A revealed value or a commitment that does not check (``seat``; ``draw`` if known)."""

    what = "chain"


class LinkMoveError(ByLinkError):
    """A move the rules refuse (``turn``, ``rule``), or moves that do not match the checksum."""

    what = "move"


class SecretError(ByLinkError):
    """The secret on this device is not the one the game needs now."""

    what = "secret"


class HistoryError(ByLinkError):
    """A link of the same game whose history differs from the one kept on this device."""

    what = "history"


class AlteredError(ByLinkError):
    """A signed link that is not as its maker made it: its maker's signature does not match it
    (``seat``: the maker). Changed after it was sent, by whoever passed it on; nobody is named."""

    what = "altered"


class TamperedError(ByLinkError):
    """A signed link whose maker, or an earlier player, passed on something another player did not
    sign: ``by`` the player to blame (None when no player can be named for sure), ``seat`` the
    player whose part was changed, ``change`` what: ``turn`` (a move, ``turn`` from 1), ``seal``
    (only the signature), ``place`` (another key in the seat: someone else in that place),
    ``name``, ``options``, or ``joined`` (what the seat signed when joining)."""

    what = "tampered"


class RecommitError(ByLinkError):
    """A seat whose commitment changed after it was made (``seat``): it signed two different
    commitments for one game, as a player does who tries a secret to suit a draw."""

    what = "recommit"


class TwiceError(ByLinkError):
    """A player who signed two different versions of one of its turns (``seat``, ``turn``)."""

    what = "twice"
