"""What the page asks of by-link games: create, join, read and open a link, and hand the turn on,
answered as the JSON the page keeps. A secret crosses as hex; it is kept by the page on its
owner's device and sent nowhere else. Opening a link replaces the game on screen
(:mod:`taluva.play.screen`); the others leave it as it is.

>>> from taluva.rules.options import Options
>>> made = create(Options(players=2), "Ann")
>>> made["seat"], made["names"], made["stage"]
(0, ['Ann'], 'joining')
>>> joined = join(made["link"], "Bo")
>>> read(joined["link"], made["link"], made["secret"])["relation"]
'ahead'
"""

from __future__ import annotations

from typing import Any

from taluva.formats.jsonio import summary_json
from taluva.play import screen
from taluva.play.bylink.blame import compare
from taluva.play.bylink.errors import SecretError
from taluva.play.bylink.game import ByLinkGame
from taluva.play.bylink.linktext import read_link
from taluva.play.bylink.protocol import create as create_link
from taluva.play.bylink.protocol import join as join_link
from taluva.play.bylink.protocol import seat_of
from taluva.play.bylink.session import ByLinkSession, bylink_json
from taluva.rules.options import Options


def secret_of(text: str | None) -> bytes | None:
    """A seat's secret from its 64 hex digits (None: this device has none)."""
    if text is None:
        return None
    try:
        secret = bytes.fromhex(text)
    except ValueError:
        raise SecretError("a secret is 64 hex digits") from None
    if len(secret) != 32:
        raise SecretError("a secret is 64 hex digits")
    return secret


def link_info(game: ByLinkGame) -> dict[str, Any]:
    return bylink_json(game, turns=len(game.game.turns), summary=summary_json(game.game))


def create(options: Options, name: str | None) -> dict[str, Any]:
    """A new by-link game for seat 0, named ``name``: ``{link, secret, ...}`` (the link goes to
    seat 1). The game on screen is not replaced."""
    link, secret = create_link(options, name=name or "")
    return {"link": link, "secret": secret.hex(), "seat": 0, **link_info(read_link(link))}


def join(link: str, name: str | None) -> dict[str, Any]:
    """The next seat joins the game of ``link`` as ``name``: ``{link, secret, seat, ...}``, the
    link to send on (to the next seat to join; the last joiner's goes back down the seats to
    seat 0, who plays first)."""
    joined, secret = join_link(read_link(link), name=name or "")
    game = read_link(joined)
    seat = len(game.commitments) - 1
    return {"link": joined, "secret": secret.hex(), "seat": seat, **link_info(game)}


def read(link: str, kept: str | None, secret: str | None) -> dict[str, Any]:
    """A link checked, without loading it: ``{gameId, stage, toAct, players, joined, turns,
    summary, relation}``; ``relation`` is how it stands to the ``kept`` link of this device
    (same, ahead, behind, or null for another game), whose seat the device's ``secret`` names.
    A link that does not check, or differs from the kept game, is an error naming what (and,
    for a signed link, who changed it)."""
    relation = None
    if kept:
        mine = read_link(kept)
        key = secret_of(secret)
        seat = seat_of(mine, key) if key is not None else None
        relation = compare(mine, link, seat)
    return {**link_info(read_link(link)), "relation": relation}


def open_on_screen(link: str, secret: str | None, log_base: str | None) -> dict[str, Any]:
    """Show the game of ``link`` on this device (``secret``: its seat's, if it has one): when
    it is that seat's turn its tile is drawn and it plays; the view has ``bylink``
    ``{gameId, stage, toAct, seat, players, joined, confirming, signed, names, link,
    canHandOn}``. A link or secret that does not check leaves the game on screen as it was."""
    session = ByLinkSession.open(read_link(link), secret_of(secret))
    return screen.show(session, log_base)


def inspect(link: str, secret: str | None) -> dict[str, Any]:
    """The game of ``link`` as a device holding ``secret`` (or none) would open it, for the
    kept games, without loading it: ``{share, steps, summary, state, bylink}``, the view's
    ``bylink`` included. No tile is drawn: the game as the link left it."""
    session = ByLinkSession.open(read_link(link), secret_of(secret), draw=False)
    return {**screen.inspect(session), "bylink": session.info()}


def hand_on() -> dict[str, Any]:
    """The link that hands the turn on, once this device's turn is played whole, or that
    confirms the table on the join's way back: ``{link, ...}`` (the game on screen stays as it
    is)."""
    session = screen.current()
    if not isinstance(session, ByLinkSession):
        raise SecretError("the game on screen is not a by-link game")
    link = session.hand_on()
    return {"link": link, **link_info(read_link(link))}
