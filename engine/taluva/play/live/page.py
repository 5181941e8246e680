"""What the page asks of live play: read and write the messages of the data channel, and send
or show a placement as it is made, answered as the JSON the page keeps (the by-link page's
conventions: :mod:`taluva.play.bylink.page`).

>>> read('{"v": 1, "type": "bye"}')
{'v': 1, 'type': 'bye'}
>>> write("link", {"link": "3abc", "seat": None})
'{"v":1,"type":"link","link":"3abc"}'
"""

from __future__ import annotations

from typing import Any

from taluva.play import screen
from taluva.play.bylink.errors import SecretError
from taluva.play.bylink.linktext import read_link
from taluva.play.bylink.page import secret_of
from taluva.play.bylink.protocol import device_seat
from taluva.play.bylink.session import ByLinkSession
from taluva.play.live.errors import LiveMessageError, LiveStepError
from taluva.play.live.message import read_message, write_message
from taluva.play.live.step import StepSession, step_out, stepped


def read(text: str) -> dict[str, Any]:
    """A message from the channel, checked: ``{v, type, ...its fields}``."""
    return read_message(text)


def write(kind: str, fields: dict[str, Any]) -> str:
    """The text of a message of type ``kind`` with ``fields`` (those given, not null)."""
    return write_message(kind, **{k: v for k, v in fields.items() if v is not None})


def step_out_on_screen() -> str:
    """The step message of the placement just made on this device (the by-link game on screen,
    this device the mover)."""
    session = screen.current()
    if not isinstance(session, ByLinkSession):
        raise SecretError("the game on screen is not a by-link game")
    return step_out(session)


def step_in(link: str, text: str, secret: str | None, log_base: str | None) -> dict[str, Any]:
    """Show a friend's placement: the game of ``link`` (the last link this device holds) with
    the step of ``text`` played, answered as :func:`taluva.play.bylink.page.open_on_screen`
    answers (its ``bylink`` of ``link``, ``canHandOn`` false). A step that does not fit leaves
    the game on screen as it was."""
    message = read_message(text)
    if message["type"] != "step":
        raise LiveMessageError(
            f"a step message is wanted here, not a {message['type']} message", problem="type"
        )
    game = read_link(link)
    key = secret_of(secret)
    seat = device_seat(game, key) if key is not None else None
    if seat is not None and seat == game.to_act:
        raise LiveStepError(
            "this device is the mover: a step comes from the others",
            problem="mover",
            turn=message["turn"],
        )
    shown = stepped(game, message)
    return screen.show(StepSession.of(game, shown, key, seat), log_base)
