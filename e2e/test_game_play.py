"""Whole games played through the page with pointer and keys, for 2, 3 and 4 players
and under every non-default option of RULES.md section O (the early steps of all but the
2-player game through the page API: see UI_FROM).

The seeds and the chooser in game_driver.py are picked so that across these games there is an
eruption that destroys huts (R-TILE-3d), expansions (R-BUILD-2), temples (R-BUILD-3), towers
(R-BUILD-4) and eliminations confirmed through the page's warning (R-ELIM-1).
"""

from __future__ import annotations

import pytest

from game_driver import ARTIFACTS, check_end_screen, new_game, play_game
from small_png import save_small_png

# The variants' games play their first 48 steps through the page API, and the 3- and 4-player
# games their first round or two (the same moves, checked the same way): the 2-player game walks
# every step through the UI, the others from their second third on, through the crowded middle
# and the end; the variants' own endings go through it.
UI_FROM = 48
UI_FROM_3 = 24
UI_FROM_4 = 32

# The README's picture of a game in progress (docs/screenshot.png) is the 3-player game's
# mid-game screenshot, small: made here among the artifacts, copied over it on purpose when the
# look changes, so that a run of the tests leaves the clone as it found it.
README_SHOT = ARTIFACTS / "readme-screenshot.png"


def test_two_players_play_a_whole_game_with_eruption_expansion_temple_tower(game):
    """R-TILE-3d, R-BUILD-2..4, R-END-2: a 2-player game from first tile to the end screen."""
    new_game(game, {"players": 2}, seed=1)
    tally = play_game(game, screenshot="two-players")
    assert tally.steps == 48  # 24 tiles, two steps each
    assert tally.destroyed > 0
    assert tally.kinds["expand"] > 0
    assert tally.kinds["temple"] > 0
    assert tally.kinds["tower"] > 0
    state = check_end_screen(game)
    assert state["result"]["reason"] == "last-tile"


# Three and four players, each to the last tile, its UI steps from a later turn on (the early
# ones are the 2-player game's): the steps, and the kinds of build the seed's game holds.
@pytest.mark.parametrize(
    ("players", "seed", "ui_from", "steps", "kinds"),
    [(3, 4, UI_FROM_3, 72, ("tower", "temple")), (4, 2, UI_FROM_4, 96, ("tower", "expand"))],
    ids=["three", "four"],
)
def test_more_players_play_a_whole_game(game, players, seed, ui_from, steps, kinds):
    name = f"{['three', 'four'][players - 3]}-players"
    new_game(game, {"players": players}, seed=seed)
    tally = play_game(game, screenshot=name, ui_from=ui_from, seed=seed)
    assert tally.steps == steps
    assert tally.destroyed > 0 and all(tally.kinds[kind] > 0 for kind in kinds), tally.kinds
    check_end_screen(game)
    if players == 3:  # the README's picture
        shot = (ARTIFACTS / f"{name}-mid-game.png").read_bytes()
        assert save_small_png(game.context, shot, README_SHOT, width=960) == (960, 540)
        assert README_SHOT.stat().st_size < 150_000, "the README's screenshot grew past 150 kB"


def test_eighteen_tiles_each_and_founding_anywhere(game):
    """O-TILES 18, O-FOUND any; the game ends with an elimination confirmed on the page."""
    state = new_game(game, {"players": 2, "tiles": "18", "found": "any"}, seed=1)
    assert state["tileCount"] == 36 and state["options"]["found"] == "any"
    tally = play_game(game, screenshot="tiles-18-found-any", ui_from=UI_FROM, seed=1)
    assert tally.eliminations == 1
    state = check_end_screen(game)
    assert state["result"]["reason"] == "last-player-standing"  # R-ELIM-2


def test_all_tiles_with_the_ranking_variant(game):
    state = new_game(game, {"players": 3, "tiles": "all", "rank": True}, seed=1)
    assert state["tileCount"] == 48 and state["options"]["rank"] is True
    play_game(game, ui_from=UI_FROM, seed=1)
    check_end_screen(game)


def test_team_variant(game):
    """O-TEAMS: seats 1 and 3 against 2 and 4; the end screen shows both teams' places."""
    state = new_game(game, {"players": 4, "teams": True}, seed=2)
    assert state["options"]["teams"] is True
    assert game.locator("[data-testid=players] .tg-team").count() == 4
    play_game(game, screenshot="teams", ui_from=UI_FROM, seed=2)
    state = check_end_screen(game)
    places = state["result"]["places"]
    assert places[0] == places[2] and places[1] == places[3] and places[0] != places[1]
