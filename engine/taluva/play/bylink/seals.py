"""The acts of a signed (format 3) by-link game, and the checking of its signatures.

Which act each seat did last, which event an act covers, the record's chain hashes, and the
check of a link's signatures with its refusal: a link whose maker's signature fails was changed
after its maker made it (:class:`AlteredError`, nobody named); one whose maker's signature holds
while another's fails was passed on altered by its maker (:class:`TamperedError`, the maker
named), since an honest device checks every signature before it acts on a link.
(:mod:`taluva.play.bylink.sign` says what is signed.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from taluva.play.bylink import sign
from taluva.play.bylink.errors import AlteredError, TamperedError
from taluva.play.bylink.legacy import turn_moves
from taluva.rules.game import Game
from taluva.rules.moves import format_move

if TYPE_CHECKING:
    from taluva.play.bylink.game import ByLinkGame


def turn_act(players: int, turn: int) -> int:
    """The act of turn ``turn`` (from 0): after the ``2n - 2`` acts of the join."""
    return 2 * players - 2 + turn


def act_event(players: int, act: int) -> int:
    """The event an act covers: a joining its own entry, a confirmation the whole table (the
    last entry), a turn its turn."""
    if act < players:
        return act
    if act < 2 * players - 2:
        return players - 1
    return players + act - (2 * players - 2)


def act_turn(players: int, act: int) -> int | None:
    """The turn (from 0) an act plays, or None for a joining or a confirmation."""
    turn = act - (2 * players - 2)
    return turn if turn >= 0 else None


def latest_acts(
    players: int, joined: int, confirmed_from: int, movers: list[int]
) -> dict[int, int]:
    """Each joined seat's latest act, given the lowest seat that confirmed on the way back
    and the seat of each turn played (``movers``)."""
    acts = {seat: seat for seat in range(joined)}
    if joined == players:
        for seat in range(max(confirmed_from, 1), players - 1):
            acts[seat] = 2 * players - 2 - seat
    for turn, seat in enumerate(movers):
        acts[seat] = turn_act(players, turn)
    return acts


def maker(acts: dict[int, int]) -> int:
    """The seat that made the link: the one whose act is the latest."""
    return max(acts, key=acts.__getitem__)


def record_chain(link: ByLinkGame, options_byte: int, game: Game) -> list[bytes]:
    """The chain hash after each event of ``link``: the seats' entries, then the turns."""
    chain, value = [], sign.record_start(options_byte)
    entries = zip(link.names, link.keys, link.commitments, strict=True)
    for seat, (name, key, top) in enumerate(entries):
        value = sign.extend(value, sign.seat_event(seat, name, key, top))
        chain.append(value)
    for turn in range(len(game.turns)):
        moves = ";".join(map(format_move, turn_moves(game, turn)))
        value = sign.extend(value, sign.turn_event(turn, moves))
        chain.append(value)
    return chain


def message(link: ByLinkGame, acts: dict[int, int], seat: int, body_hash: bytes) -> bytes:
    """What ``seat`` signed for its latest act in ``link``; ``body_hash`` is the link's own
    ``x`` (the maker's; the others' come with their signatures)."""
    act = acts[seat]
    x = body_hash if seat == maker(acts) else link.seals[seat][1]
    assert x is not None
    return sign.act_message(act, link.chain[act_event(link.options.players, act)], x)


def failing(link: ByLinkGame, acts: dict[int, int], body_hash: bytes) -> list[int]:
    """The seats whose signature in ``link`` does not check, earliest act first."""
    bad = []
    for seat in sorted(acts, key=acts.__getitem__):
        seal = link.seals.get(seat)
        if seal is None or not sign.check(
            link.keys[seat], message(link, acts, seat, body_hash), seal[0]
        ):
            bad.append(seat)
    return bad


def what_act(players: int, act: int) -> dict[str, int | str]:
    """The facts of what an act did: ``{change: "turn", turn}`` or ``{change: "joined"}``."""
    turn = act_turn(players, act)
    return {"change": "turn", "turn": turn + 1} if turn is not None else {"change": "joined"}


def check_maker(link: ByLinkGame, acts: dict[int, int], body_hash: bytes) -> None:
    """Refuse a link whose maker's signature does not match it: altered after it was made."""
    seat = maker(acts)
    seal = link.seals.get(seat)
    if seal is None or not sign.check(
        link.keys[seat], message(link, acts, seat, body_hash), seal[0]
    ):
        raise AlteredError(
            f"the link is not as seat {seat} made it (seat {seat}'s signature does not match "
            "it): it was changed after it was sent",
            seat=seat,
        )


def check_others(link: ByLinkGame, acts: dict[int, int], body_hash: bytes) -> None:
    """Refuse a link carrying a signature that does not check: its maker passed it on so."""
    bad = failing(link, acts, body_hash)
    if not bad:
        return
    by, seat = maker(acts), bad[0]
    facts = what_act(link.options.players, acts[seat])
    done = f"turn {facts['turn']}" if facts["change"] == "turn" else "joining"
    raise TamperedError(
        f"seat {by} passed on a link in which seat {seat}'s {done} does not match seat "
        f"{seat}'s signature",
        by=by,
        seat=seat,
        **facts,
    )
