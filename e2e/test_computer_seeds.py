"""The computer in the page is the engine's own player: a seeded game of computers played in the
page (Pyodide, in the engine worker) makes exactly the moves the engine makes on CPython with the
same seed and levels, because the searching levels stop on node counts, not on the clock
(docs/ai.md). The records are compared whole.

Quick as it can be: the page plays at the instant speed while this process plays the same game
on CPython, and the test waits on the page's data attributes only.
"""

from __future__ import annotations

import pytest

from game_driver import UI, new_game
from taluva.ai import think
from taluva.formats.record import write_record
from taluva.play.session import Session
from taluva.rules.options import Options


def seat_seed(game_seed: int, seat: int) -> int:
    """The page's seed for a computer seat (web/js/game/seats.js, seatSeed)."""
    return ((game_seed % 1_000_003) * 8 + seat + 1) & 0xFFFFFFFF


def engine_record(levels: list[str], seed: int) -> tuple[str, list[bool]]:
    """The game the engine plays on CPython with these levels in these seats, as the page's
    bridge starts it (a Session with the game's seed); and whether each decision's search was
    cut by the clock (never, unless this machine is very slow)."""
    session = Session(Options(players=len(levels)), seed)
    game = session.game
    cuts = []
    while game.phase != "over":
        seat = game.current
        thought = think(game, levels[seat], seat_seed(seed, seat))
        cuts.append(thought.cut)
        session.play(thought.move)
    return write_record(game, include_seed=True), cuts


@pytest.mark.parametrize(
    ("levels", "seed"),
    [(["intermediate", "strong", "intermediate"], 31), (["master", "intermediate"], 32)],
    ids=["strong-vs-two-intermediates", "master-2-players"],
)
def test_a_seeded_game_of_computers_in_the_page_makes_the_engines_moves(
    game, levels: list[str], seed: int
) -> None:
    seats = [{"type": f"computer:{level}"} for level in levels]
    game.evaluate("taluva.setAiSpeed('instant')")
    new_game(game, {"players": len(levels), "seats": seats}, seed=seed)
    expected, engine_cuts = engine_record(levels, seed)  # while the page plays
    game.wait_for_selector(f'{UI}[data-over="1"]', state="attached", timeout=600_000)
    times = game.evaluate("taluva.aiTimes()")
    page_cuts = [t for t in times if t["cut"]]
    played = game.evaluate("taluva.call('record')")
    assert played == expected, f"clock cuts: page {page_cuts}, CPython {sum(engine_cuts)}"
    searched = [t for t in times if t["level"] in ("strong", "master") and t["phase"] == "place"]
    assert searched and max(t["nodes"] for t in searched) > 5000  # the search, not a shortcut
    assert not page_cuts
