"""The computer players for the game on screen: a level's move (shown, then played by the page),
the hint, and thinking on the others' time (:mod:`taluva.ai.ponder`).

>>> from taluva.play import screen
>>> from taluva.rules.options import Options
>>> _ = screen.new_game(Options(players=2), seed=1)
>>> choose("random", seed=1)["type"]
'place'
>>> [level["id"] for level in levels_json()][:2]
['random', 'beginner']
"""

from __future__ import annotations

from typing import Any

from taluva.ai import levels, ponder, think
from taluva.formats.jsonio import move_to_json
from taluva.play import screen
from taluva.play.bylink.session import ByLinkSession


def levels_json() -> list[dict[str, Any]]:
    """The computer levels, weakest first, with a line for people and which is the strongest
    (the hint's), so that the page lists them without knowing any."""
    best = levels.strongest()
    return [
        {"id": level.id, "description": level.description, "strongest": level == best}
        for level in levels.REGISTRY
    ]


def choose(level: str, seed: int) -> dict[str, Any]:
    """The move a computer ``level`` makes now (not played: the page shows it, then plays it),
    with what it took (``think``: the work its search counted, whether the clock's safety cap
    cut it, whether it was pondered; see :class:`taluva.ai.Thought`)."""
    game = screen.current().game
    thought = think(game, level, seed)
    answer = move_to_json(game, thought.move)
    answer["think"] = {"nodes": thought.nodes, "cut": thought.cut, "pondered": thought.pondered}
    return answer


def hint(seed: int) -> dict[str, Any]:
    """The strongest level's suggestion for the human to move."""
    return choose(levels.strongest().id, seed)


def ponder_for(seats: list[list[Any]]) -> bool:
    """Think on the others' time for the computer ``seats`` of the game on screen (each
    ``[seat, level, seed]``; none: stop). Whether pondering is on: never in a by-link game,
    whose next tile no device knows."""
    session = screen.current()
    table: dict[int, tuple[str, int]] = {}
    for seat, level, seed in seats:
        levels.get(level)  # an unknown level is an error, not a silent skip
        table[seat] = (level, seed)
    if not table or isinstance(session, ByLinkSession):
        ponder.stop()
        return False
    ponder.expect(session.game, table)
    return True


def ponder_step(ms: float) -> bool:
    """Ponder for about ``ms`` milliseconds; whether there is more to do."""
    return ponder.step(screen.current().game, ms / 1000)
