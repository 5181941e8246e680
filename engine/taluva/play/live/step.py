"""A placement seen as it is made: the ``step`` message of a live game, made and checked.

A by-link link hands on a whole turn (place, then build), but a friend at a live table sees the
placement at once. So once the mover has placed its tile, its device sends a step: the turn,
the placement, and the mover's chain value for the turn's draw (:mod:`taluva.play.bylink`:
the link that handed the turn to the mover holds every other seat's value for this draw, and
the mover's value decides the tile with them).

**Why revealing the value is safe.** A seat's values are revealed backwards along its hash
chain (:mod:`taluva.play.bylink.fairdraw`): the value for draw ``i`` hashes to every earlier
draw's value, and no later draw's value can be computed from it (that would take a SHA-256
preimage). Sent after the draw, it tells the others only what the mover's device already drew
(the tile, which they could not know before and which nobody can change now, since the value
must hash ``i + 1`` times to the mover's commitment); the mover's whole-turn link reveals it
anyway. So a step lets each device check the tile, and the placement on it, as it happens.

**What a receiver checks** (:func:`stepped`), against the last link it holds of the game: the
step is of this game and for its next turn, the value hashes back to the mover's commitment
(and so to its deepest revealed value), the tile follows from every seat's value, and the
placement is legal with that tile (refused naming the rule). A step that does not fit leaves
the game on screen as it was. The mover may take its placement back within its turn and send
a step again; its whole-turn link, opened as usual, decides the turn.

>>> from taluva.play import bylink
>>> from taluva.play.bylink.session import ByLinkSession
>>> from taluva.play.live.message import read_message
>>> from taluva.rules.options import Options
>>> link0, secret0 = bylink.create(Options(players=2), name="Ann")
>>> link1, secret1 = bylink.join(bylink.read_link(link0), name="Bo")
>>> mover = ByLinkSession.open(bylink.read_link(link1), secret0)   # Ann's device
>>> mover.play(mover.game.legal_placements()[0])
>>> text = step_out(mover)                                          # sent to Bo
>>> seen = stepped(bylink.read_link(link1), read_message(text))     # Bo's device
>>> seen.turns[0].placement == mover.game.turns[0].placement, seen.tile == mover.game.tile
(True, True)
"""

from __future__ import annotations

from typing import Any

from taluva.play.bylink.chain import missing_value
from taluva.play.bylink.errors import ChainError, LinkMoveError, SecretError
from taluva.play.bylink.fairdraw import check_value, draw_tile
from taluva.play.bylink.game import PLAYING_STAGE, ByLinkGame
from taluva.play.bylink.protocol import next_tile_values
from taluva.play.bylink.session import ByLinkSession
from taluva.play.live.errors import LiveStepError
from taluva.play.live.message import write_message
from taluva.rules.errors import IllegalMoveError
from taluva.rules.game import Game
from taluva.rules.moves import Move, format_move, parse_move


def step_out(session: ByLinkSession) -> str:
    """The step message of the turn this device is playing (``session``: the by-link game on
    its screen, its tile placed): the turn, the mover's value for its draw and the placement."""
    link, secret, seat = session.link, session.secret, session.seat
    if secret is None or seat is None:
        raise SecretError("this device holds no secret of this game")
    if link.stage != PLAYING_STAGE or link.to_act != seat:
        raise SecretError(f"it is not seat {seat}'s turn: it has no placement to send", seat=seat)
    draw = len(link.game.turns)
    turns = session.game.turns
    if len(turns) != draw + 1 or turns[-1].placement is None:
        raise LiveStepError(
            f"turn {draw + 1} has no placement yet: place the tile first",
            problem="placement",
            turn=draw + 1,
        )
    value = next_tile_values(link, secret)[seat]  # checks that the secret is the mover's
    return write_message(
        "step",
        gameId=link.game_id,
        turn=draw + 1,
        value=value.hex(),
        placement=format_move(turns[-1].placement),
    )


def stepped(link: ByLinkGame, step: dict[str, Any]) -> Game:
    """The game of ``link`` with the placement of ``step`` (a read step message) played on the
    tile its values draw; anything that does not fit is refused (see the module docstring)."""
    turn = step["turn"]
    if step["gameId"] != link.game_id:
        raise LiveStepError("the step is of another game", problem="game", turn=turn)
    if link.stage != PLAYING_STAGE:
        raise LiveStepError(
            f"the step is for turn {turn}, but the game is {link.stage}", problem="stage", turn=turn
        )
    draw = len(link.game.turns)
    if turn != draw + 1:
        raise LiveStepError(
            f"the step is for turn {turn}, and the game's next turn is {draw + 1}",
            problem="turn",
            turn=turn,
            expected=draw + 1,
        )
    mover = link.to_act
    assert mover is not None  # a game being played has a seat to move
    value = bytes.fromhex(step["value"])
    if not check_value(value, draw, link.commitments[mover]):
        raise ChainError(
            f"seat {mover}: the value sent for draw {draw} does not hash to the seat's "
            "commitment (a forged value)",
            seat=mover,
            draw=draw,
        )
    values = link.values_for(draw)
    values[mover] = value
    if None in values:  # the link's own checks make this impossible
        raise missing_value(values, draw)
    game = link.game.copy()
    game.draw(draw_tile(link.draw_id, draw, values, game.unseen()))  # type: ignore[arg-type]
    placement = parse_move(step["placement"])  # a placement's notation: the message is read
    why = game.move_error(placement)
    if why is not None:
        raise LinkMoveError(f"turn {turn}: {IllegalMoveError(why)}", turn=turn, rule=why.rule)
    game.play(placement)
    return game


class StepSession(ByLinkSession):
    """A friend's placement on this device's screen: the game of the last link with the step
    played, nothing to play here (the build comes with the mover's link)."""

    def play(self, move: Move) -> None:
        mover = self.link.to_act
        raise SecretError(
            f"it is seat {mover}'s turn: its placement is shown here, its build comes with its "
            "link",
            seat=mover,
        )

    def can_undo(self) -> bool:
        return False

    def can_hand_on(self) -> bool:
        return False

    def legal_view(self) -> dict[str, list[Any]]:
        return {}
