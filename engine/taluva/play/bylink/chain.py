"""Who has revealed which value of its hash chain, and how deep a seat reveals after its
turn: the arithmetic of the fair draw that every by-link module shares (see
:mod:`taluva.play.bylink`, "Who reveals when")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

# The share code's options code, reused so that both links name options alike.
from taluva.play.bylink import seals
from taluva.play.bylink.errors import (
    ChainError,
)
from taluva.play.bylink.fairdraw import (
    earlier_value,
)
from taluva.rules.game import OVER, PLAYING, Game

if TYPE_CHECKING:
    from taluva.play.bylink.game import ByLinkGame


def lowest_confirmed(players: int, revealed: Sequence[tuple[int, bytes] | None]) -> int:
    shown = [q for q in range(1, min(players, len(revealed))) if revealed[q] is not None]
    return min(shown, default=players - 1)


def acts_of(link: ByLinkGame, game: Game) -> dict[int, int]:
    n = link.options.players
    movers = [turn.seat for turn in game.turns]
    return seals.latest_acts(n, len(link.commitments), link.confirmed_from, movers)


def seat_values(revealed: Sequence[tuple[int, bytes] | None], draw: int) -> list[bytes | None]:
    values: list[bytes | None] = []
    for entry in revealed:
        if entry is None or entry[0] < draw:
            values.append(None)
        else:
            values.append(earlier_value(entry[1], entry[0], draw))
    return values


def missing_value(values: list[bytes | None], draw: int) -> ChainError:
    seat = values.index(None)
    return ChainError(
        f"seat {seat} has not revealed its value for draw {draw}, which a move needs",
        seat=seat,
        draw=draw,
    )


def reveal_after_turn(game: Game, seat: int, draw: int, length: int) -> int:
    """How deep the mover of ``draw`` reveals its chain once ``game`` has played that turn: to
    the draw before its next one, or all of it when it left the game or the game is over."""
    if game.phase == OVER or game.status[seat] != PLAYING:
        return length - 1
    others = sum(1 for s in range(game.players) if s != seat and game.status[s] == PLAYING)
    return min(draw + others, length - 1)
