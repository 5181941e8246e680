"""A signed by-link link against the one a device kept: how it stands, or what was changed and by
whom (:func:`taluva.play.bylink.compare`).

What was changed is the first thing of the kept game that the link has otherwise: the options,
a seat's key (someone else in its place), its name or its commitment, or a turn. Who changed it:

- the thing's own author, when its signature in the link covers the other version with the key
  the device kept: it signed both (a seat that re-commits, or that sends two versions of a turn);
- otherwise the player who made the link, when its signature holds: every honest device checks a
  link against what it kept before it acts on it, so the maker passed the change on knowingly;
- otherwise nobody: the link was changed after it was made.

A device never names its own seat for what it did not sign. What the kept game does not have yet
is then checked by the link's signatures (:mod:`taluva.play.bylink.seals`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from taluva.play.bylink import seals, sign
from taluva.play.bylink.errors import (
    AlteredError,
    ByLinkError,
    ChainError,
    HistoryError,
    LinkMoveError,
    RecommitError,
    TamperedError,
    TwiceError,
)
from taluva.play.bylink.legacy import check_macs
from taluva.play.bylink.linktext import read_link
from taluva.play.bylink.wire import MAC_FORMAT, body_of
from taluva.rules.history import relation

if TYPE_CHECKING:
    from taluva.play.bylink.game import ByLinkGame


def compare_signed(kept: ByLinkGame, other: ByLinkGame | str, me: int | None) -> str | None:
    """See :func:`taluva.play.bylink.compare`; ``me`` is this device's seat, if it has one."""
    refused: ByLinkError | None = None
    if isinstance(other, str):
        try:
            link = read_link(other)
        except (AlteredError, TamperedError) as exc:  # what it changed is found first
            link, refused = read_link(other, check_seals=False), exc
    else:
        link = other
    if not link.signed:
        if kept.signed and link.game_id == kept.game_id:  # impossible ids aside, say so
            raise LinkMoveError("the link drops the signatures that the game kept here has")
        return None if kept.signed else _compare_older(kept, link)
    if not kept.signed or kept.game_id != link.game_id:
        if refused is not None:
            raise refused  # another game, but a link that does not check is said so
        return None
    difference = _first_difference(kept, link)
    if difference is not None:
        raise _blame(kept, link, me, *difference)
    if refused is not None:
        raise _refined(refused, kept, link, me)
    return _relation(kept, link)


def _relation(kept: ByLinkGame, link: ByLinkGame) -> str:
    """Same history where both have it: the one with more acts is ahead."""
    mine, theirs = max(kept._acts.values()), max(link._acts.values())
    if theirs == mine:
        return "same"
    return "ahead" if theirs > mine else "behind"


Difference = tuple[str, int, int | None, int, int | None]  # change, seat, author, event, turn


def _first_difference(kept: ByLinkGame, link: ByLinkGame) -> Difference | None:
    """The first thing the link has otherwise than the kept game: ``(change, seat, author,
    event, turn)``, the event the thing is in and its turn (from 0) if it is a turn."""
    if kept.options != link.options:
        return "options", 0, 0, 0, None
    for seat in range(min(len(kept.keys), len(link.keys))):
        if kept.keys[seat] != link.keys[seat]:
            return "place", seat, None, seat, None
        if kept.names[seat] != link.names[seat]:
            return "name", seat, seat, seat, None
        if kept.commitments[seat] != link.commitments[seat]:
            return "recommit", seat, seat, seat, None
    players = kept.options.players
    for turn, (a, b) in enumerate(zip(kept.game.turns, link.game.turns, strict=False)):
        if (a.tile, a.placement, a.build) != (b.tile, b.placement, b.build):
            return "turn", a.seat, a.seat, players + turn, turn
    return None


def _signs(link: ByLinkGame, seat: int, event: int | None = None) -> bool:
    """Whether ``seat``'s signature in ``link`` holds (and covers ``event``, when given)."""
    acts = link._acts
    if seat not in acts:
        return False
    if event is not None and seals.act_event(link.options.players, acts[seat]) < event:
        return False
    body_hash = sign.link_hash(_body(link))
    seal = link.seals.get(seat)
    return seal is not None and sign.check(
        link.keys[seat], seals.message(link, acts, seat, body_hash), seal[0]
    )


def _body(link: ByLinkGame) -> bytes:
    return body_of(link)


def _maker_to_blame(link: ByLinkGame, me: int | None) -> int | None:
    made_by = link.maker
    if made_by is None or made_by == me or not _signs(link, made_by):
        return None
    return made_by


def _blame(
    kept: ByLinkGame,
    link: ByLinkGame,
    me: int | None,
    change: str,
    seat: int,
    author: int | None,
    event: int,
    turn: int | None,
) -> ByLinkError:
    facts: dict[str, Any] = {"seat": seat, "gameId": kept.game_id}
    if turn is not None:
        facts["turn"] = turn + 1
    same_key = author is not None and kept.keys[author] == link.keys[author]
    if same_key and _signs(link, author, event):  # type: ignore[arg-type]
        if change == "recommit":
            return RecommitError(
                f"seat {seat} changed its commitment after it made it: it signed two",
                **facts,
            )
        if change == "turn":
            return TwiceError(
                f"seat {seat} sent two different versions of turn {turn + 1}", **facts
            )  # type: ignore[operator]
        by = author if author != me else None
        return TamperedError(f"seat {seat} changed its {change}", by=by, change=change, **facts)
    by = _maker_to_blame(link, me)
    if change == "recommit":
        change = "joined"  # the commitment the seat signed, changed by another
    what = f"turn {turn + 1}" if turn is not None else change
    who = "on the way" if by is None else f"by seat {by}"
    return TamperedError(
        f"seat {seat}'s {what} differs from the game kept on this device: changed {who}",
        by=by,
        change=change,
        **facts,
    )


def _refined(exc: ByLinkError, kept: ByLinkGame, link: ByLinkGame, me: int | None) -> ByLinkError:
    """A refusal by the link's signatures, with what the kept game tells: a signature alone
    changed (the thing it signs is as kept), and never this device's seat to blame."""
    facts = exc.facts
    if isinstance(exc, TamperedError):
        seat = facts.get("seat")
        if (
            seat is not None
            and seat in kept._acts
            and kept._acts[seat] == link._acts.get(seat)
            and _covered(kept, link, kept._acts[seat])
        ):
            facts["change"] = "seal"
            facts.pop("turn", None)
        if facts.get("by") == me:
            facts["by"] = None
        return TamperedError(str(exc), **facts)
    return exc


def _covered(kept: ByLinkGame, link: ByLinkGame, act: int) -> bool:
    """Whether the kept game and the link agree on everything ``act`` signed."""
    event = seals.act_event(kept.options.players, act)
    return event < len(kept.chain) and kept.chain[event] == link.chain[event]


def compare(kept: ByLinkGame, other: ByLinkGame | str, seat: int | None = None) -> str | None:
    """How ``other`` stands to ``kept`` (the game on this device, whose seat is ``seat``):
    ``"same"``, ``"ahead"`` (it continues it), ``"behind"`` (an older link of it), or None
    (another game). A link of the same game that differs from the kept one raises, naming what
    differs and, for signed links, who changed it (:mod:`taluva.play.bylink.blame`); ``other`` may
    be a link's text, whose signatures are checked after what it changed is found."""
    if isinstance(other, str) or kept.signed:
        return compare_signed(kept, other, seat)
    return _compare_older(kept, other)


def _compare_older(kept: ByLinkGame, other: ByLinkGame) -> str | None:
    if kept.game_id != other.game_id:
        return None
    for seat, (mine, theirs) in enumerate(zip(kept.commitments, other.commitments, strict=False)):
        if mine != theirs:
            raise ChainError(
                f"seat {seat}'s commitment is not the one this game has on this device",
                seat=seat,
            )
    if kept.format == MAC_FORMAT and other.format != MAC_FORMAT:
        raise LinkMoveError("the link drops the MACs that the game kept on this device has")
    moves = relation(kept.game.turns, other.game.turns)
    if moves is None:
        turn = next(
            n
            for n, (a, b) in enumerate(zip(kept.game.turns, other.game.turns, strict=False), 1)
            if (a.tile, a.placement, a.build) != (b.tile, b.placement, b.build)
        )
        raise HistoryError(
            f"turn {turn} of the link differs from the game kept on this device", turn=turn
        )
    check_macs(kept, other)
    seats = len(other.commitments) - len(kept.commitments)  # moves come once all have joined
    if seats:
        return "ahead" if seats > 0 else "behind"
    return moves
