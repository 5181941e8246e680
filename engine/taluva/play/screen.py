"""The game on screen: the one game the page's worker plays at a time, and the view the page
draws after every change. A new game, a loaded record or link, or an opened by-link game
replaces it; the bridge's methods ask here (:mod:`taluva.bridge.doors`).

>>> view = new_game(Options(players=2), seed=3)
>>> view["state"]["phase"], view["canUndo"], view["logFrom"]
('place', False, 0)
>>> current().game.players
2
"""

from __future__ import annotations

import os
from typing import Any

from taluva.formats.jsonio import (
    log_keys,
    state_to_json,
    summary_json,
)
from taluva.formats.picture import picture
from taluva.formats.record import write_record
from taluva.play.bylink.session import ByLinkSession
from taluva.play.session import Session, game_at
from taluva.rules.game import OVER, Game
from taluva.rules.moves import Move
from taluva.rules.options import Options
from taluva.rules.where import WhereMemo

_session: Session | None = None

# What the log entries the page was last sent were made from (:func:`log_keys`), under the id it
# was given for them: the page echoes the id (``logBase``) with its next call and gets only the
# entries that changed since. An id is random, so a page whose copy the bridge never sent (a
# restarted worker, a second caller, a lost answer) cannot match one, and gets the whole log.
_sent_log: tuple[str, list[tuple[Any, ...]]] | None = None
# The facts of the moves the log tells (where each went, in words the page phrases).
_where = WhereMemo()


def current() -> Session:
    """The session on screen (a new default game if there is none yet)."""
    global _session
    if _session is None:
        _session = Session()
    return _session


def show(session: Session, log_base: str | None = None) -> dict[str, Any]:
    """Make ``session`` the one on screen and answer its view. Callers build it first, so a bad
    link or record raises before anything is replaced and the game in progress survives."""
    global _session
    _session = session
    return view(log_base)


def new_game(options: Options, seed: int | None, log_base: str | None = None) -> dict[str, Any]:
    return show(Session(options, seed), log_base)


def load(game: Game, log_base: str | None = None) -> dict[str, Any]:
    """Replace the game on screen by ``game`` (a loaded share code or record)."""
    return show(Session.from_game(game), log_base)


def play(move: Move, log_base: str | None = None) -> dict[str, Any]:
    session = current()
    if session.game.move_error(move) is None:  # noted only if legal: no facts of a refusal
        _where.note(session.game, move)
    session.play(move)
    return view(log_base)


def view(log_base: str | None = None) -> dict[str, Any]:
    """What the page draws after every change: the state, the legal moves (``moves``: compact,
    see :func:`taluva.formats.jsonio.legal_view_json`; the ``legalMoves`` method gives them
    whole), undo/redo, the share code and a summary for link previews.

    The log grows by a turn every two steps and was half of the view, so it goes as a change:
    ``state.log`` holds the entries from ``logFrom`` on, and the page keeps the ones before from
    the answer whose ``logId`` it passes back as ``log_base``. Without a ``log_base`` that is the
    last ``logId``, ``logFrom`` is 0 and the log is whole. Only the entries sent are built: the
    turns before are compared by what their entries are made from.
    """
    global _sent_log
    session = current()
    keys = log_keys(session.game)
    start = 0
    if _sent_log is not None and log_base is not None and log_base == _sent_log[0]:
        start = _common_prefix(_sent_log[1], keys)
    log_id = os.urandom(6).hex()  # not `secrets`: its import costs a first visit ~16 ms
    _sent_log = (log_id, keys)
    return {
        "state": state_to_json(session.game, log_from=start, where=_where),
        "logFrom": start,
        "logId": log_id,
        "moves": session.legal_view(),
        "canUndo": session.can_undo(),
        "canRedo": session.can_redo(),
        "steps": session.steps(),
        "share": session.share_code(),
        "summary": summary_json(session.game),
        **({"bylink": session.info()} if isinstance(session, ByLinkSession) else {}),
    }


def _common_prefix(a: list[Any], b: list[Any]) -> int:
    """How many leading items ``a`` and ``b`` share (a turn's entry changes when its build is
    played or undone, and undo, a new game or a load replace entries)."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def state() -> dict[str, Any]:
    return state_to_json(current().game, where=_where)


def state_at(step: int) -> dict[str, Any]:
    """The state after the first ``step`` decisions of the game on screen (for replays)."""
    return state_to_json(game_at(current().game, step))


def picture_now(colours: list[int] | None, step: int | None) -> str:
    """The picture of the position on screen (at ``step`` decisions, else now) for links
    (:mod:`taluva.formats.picture`); ``colours`` are the seats' palette indices, one a seat."""
    game = current().game
    return picture(game if step is None else game_at(game, step), colours)


def record() -> str:
    """The game's record; the seed line only once the game is over, since while it is played
    the seed would tell every tile still to come."""
    game = current().game
    return write_record(game, include_seed=game.phase == OVER)


def inspect(session: Session) -> dict[str, Any]:
    """What the page keeps of a game it does not show: its code, steps, summary and state."""
    return {
        "share": session.share_code(),
        "steps": session.steps(),
        "summary": summary_json(session.game),
        # Without the moves' facts: a replay each, for games the page only lists (a game
        # opened later gets them from the view).
        "state": state_to_json(session.game),
    }


def inspect_game(game: Game) -> dict[str, Any]:
    return inspect(Session.from_game(game))
