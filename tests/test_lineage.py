"""One entry per game in the page: the summary's lineage (a pre-filter) and relateCodes (the
answer), so links to one game do not pile up and the page never reads share codes itself."""

from __future__ import annotations

import json

import pytest

import transcripts
from taluva.bridge import handle
from taluva.formats.jsonio import summary_json
from taluva.formats.sharecode import ShareCodeError, decode, encode, lineage, options_of
from taluva.play.session import game_at
from taluva.rules.game import DRAW, Game
from taluva.rules.history import relation, replay_choices, turn_choices
from taluva.rules.options import Options
from taluva.tools.randomplay import play_random_game

TWO = Options(players=2)
GAME = play_random_game(TWO, 3)  # 24 turns, 48 decisions
# R-ELIM-1: turns without a build, so choices do not come in threes.
ELIMINATED = transcripts.load(transcripts.LAST_STANDING_3P)


def call(method: str, **params):
    reply = json.loads(handle(json.dumps({"id": 1, "method": method, "params": params})))
    return reply["result"] if reply["ok"] else reply["error"]


def relate(code: str, others: list) -> list:
    return call("relateCodes", code=code, others=others)


def before_the_draw(game: Game, turns: int) -> Game:
    """``game`` after its first ``turns`` complete turns, the next tile not drawn yet (a link
    made by the command line or by hand; the page's own links always have a tile drawn)."""
    choices = list(turn_choices(game.turns[:turns]))
    replayed = replay_choices(Game(game.options, 0), choices)
    assert replayed.phase == DRAW
    return replayed


# ------------------------------------------------------------------------------ lineage


@pytest.mark.parametrize("game", [GAME, ELIMINATED], ids=["random", "eliminated"])
def test_every_position_of_a_game_has_its_lineage(game: Game) -> None:
    expected = summary_json(game)["lineage"]
    assert len(expected) == 8 and int(expected, 16) >= 0
    for steps in (0, 1, 2, 5, 17, 30, 10_000):
        position = game_at(game, steps)
        assert summary_json(position)["lineage"] == expected, steps
        assert lineage(decode(encode(position), seed=steps)) == expected, steps


def test_a_game_opened_from_a_link_keeps_its_lineage() -> None:
    for code in (encode(game_at(GAME, 0)), encode(game_at(GAME, 9)), encode(GAME)):
        assert call("loadShareCode", code=code)["summary"]["lineage"] == lineage(GAME)
    # A link whose last turn is complete: the page draws the next tile on opening it.
    link = encode(before_the_draw(GAME, 4))
    view = call("loadShareCode", code=link)
    assert view["summary"]["tilesDrawn"] == 5
    assert view["summary"]["lineage"] == lineage(GAME)
    # A new game has its lineage from its first view on, and keeps it as it is played.
    view = call("newGame", options={"players": 3}, seed=11)
    first = view["summary"]["lineage"]
    for _ in range(7):
        view = call("play", move=call("legalMoves")[0])
        assert view["summary"]["lineage"] == first
    assert call("undo")["summary"]["lineage"] == first


def test_a_game_with_no_tile_drawn_has_the_lineage_of_its_options() -> None:
    assert lineage(Game(TWO, 1)) == lineage(Game(TWO, 2)) == lineage(decode(encode(Game(TWO))))
    assert lineage(Game(TWO)) != lineage(Game(Options(players=3)))
    assert lineage(Game(TWO)) != lineage(GAME)


def test_games_of_other_origins_have_other_lineages() -> None:
    """Equal lineages are possible (same options, first tiles of one kind: seeds 4 and 5 both
    start with JR), but not for these seeds, nor across options."""
    seeds = (0, 1, 2, 3, 6, 7)
    lineages = {lineage(play_random_game(TWO, seed)) for seed in seeds}
    assert len(lineages) == len(seeds)
    others = [Options(players=3), Options(players=4, teams=True), Options(players=2, tiles="all")]
    assert len({lineage(play_random_game(options, 0)) for options in [TWO, *others]}) == 4


def test_equal_lineage_is_only_a_pre_filter() -> None:
    four, five = play_random_game(TWO, 4), play_random_game(TWO, 5)
    assert four.turns[0].tile == five.turns[0].tile
    assert lineage(four) == lineage(five)
    assert relate(encode(four), [encode(five)]) == [None]


# ----------------------------------------------------------------------------- relation


def test_every_relation_through_the_bridge() -> None:
    link = encode(game_at(GAME, 10))
    later, earlier = encode(game_at(GAME, 11)), encode(game_at(GAME, 3))
    other_game = encode(game_at(play_random_game(TWO, 7), 10))
    assert relate(link, [link, later, earlier, other_game, encode(GAME)]) == [
        "same",
        "ahead",
        "behind",
        None,
        "ahead",
    ]
    assert relate(link, []) == []
    # "same" is about the choices: surrounding spaces are not a difference.
    assert relate(f"  {link}\n", [link, f" {link} "]) == ["same", "same"]


def test_a_link_opened_and_saved_at_once_continues_the_link() -> None:
    """Opening a link whose last turn is complete draws the next tile, so the game saved back
    from the page holds one more tile than the link: it is the link played on, not another
    game."""
    link = encode(before_the_draw(GAME, 6))
    saved = call("loadShareCode", code=link)["share"]
    assert saved != link
    assert relate(link, [saved]) == ["ahead"]
    assert relate(saved, [link]) == ["behind"]
    # A link with a tile drawn comes back unchanged.
    link = encode(game_at(GAME, 6))
    assert call("loadShareCode", code=link)["share"] == link
    assert relate(link, [call("view")["share"]]) == ["same"]


def test_unreadable_others_are_null_and_a_bad_code_is_an_error() -> None:
    link = encode(game_at(GAME, 8))
    cut, newer, longer = link[:-1], "2" + link[1:], link + "AB"
    garbage = ["", "   ", "1garbage", "zzz", "1AA", cut, newer, longer, link * 9, 3, None, [link]]
    assert relate(link, [*garbage, link]) == [None] * len(garbage) + ["same"]
    error = call("relateCodes", code="1garbage", others=[link])
    assert error["type"] == "ShareCodeError" and error["kind"] in ("corrupt", "options")
    assert call("relateCodes", code="", others=[])["kind"] == "empty"
    assert call("relateCodes", code=link, others=link)["kind"] == "bad-request"


def test_games_with_other_options_are_not_related() -> None:
    """The same choices under other options: by choices alone one would continue the other."""
    choices = list(turn_choices(game_at(GAME, 4).turns))
    for options in (Options(players=2, tiles="all"), Options(players=2, found="any")):
        twin = replay_choices(Game(options, 0), choices)
        assert relation(GAME.turns[:2], twin.turns) == "ahead"
        assert relate(encode(game_at(GAME, 2)), [encode(twin)]) == [None]
        assert relate(encode(twin), [encode(game_at(GAME, 6))]) == [None]


def test_a_game_that_branched_is_not_related() -> None:
    """The same first 6 decisions, then another placement: neither continues the other."""
    trunk = game_at(GAME, 6)
    taken = GAME.turns[3].placement
    branch = trunk.copy()
    branch.push(next(m for m in branch.legal_placements() if m != taken))
    for steps, expected in ((6, "behind"), (7, None), (12, None)):
        assert relation(branch.turns, game_at(GAME, steps).turns) == expected
    main = [encode(game_at(GAME, steps)) for steps in (6, 7, 12)]
    assert relate(encode(branch), main) == ["behind", None, None]
    assert relate(main[1], [encode(branch)]) == [None]
    # A different drawn tile after the same moves is another game as well.
    redrawn = before_the_draw(GAME, 3)
    redrawn.draw(next(t for t in redrawn.unseen() if t != GAME.turns[3].tile))
    assert relate(encode(redrawn), main) == [None, None, None]


def test_relation_agrees_with_the_order_of_positions() -> None:
    for game in (GAME, ELIMINATED):
        positions = [game_at(game, steps) for steps in (0, 3, 4, 5, 40, 10_000)]
        for i, a in enumerate(positions):
            for j, b in enumerate(positions):
                expected = "same" if i == j else "ahead" if i < j else "behind"
                assert relation(a.turns, b.turns) == expected, (i, j)


def test_options_of_reads_the_head_only() -> None:
    for options in (TWO, Options(players=4, teams=True), Options(players=3, rank=True)):
        code = encode(play_random_game(options, 2))
        assert options_of(code) == options == decode(code).options
        assert options_of(code[:7]) == options  # the rest need not be readable
    for bad, kind in (("", "empty"), ("2AAAAAA", "newer"), ("1AA", "corrupt"), ("x", "corrupt")):
        with pytest.raises(ShareCodeError) as caught:
            options_of(bad)
        assert caught.value.kind == kind


def test_relating_decodes_only_what_it_must(monkeypatch: pytest.MonkeyPatch) -> None:
    """``code`` once; an other only if its options match and its text differs."""
    import taluva.formats.sharecode as sharecode

    decoded: list[str] = []

    def counting(code: str, seed: int | None = None) -> Game:
        decoded.append(code)
        return decode(code, seed)

    monkeypatch.setattr(sharecode, "decode", counting)
    link = encode(game_at(GAME, 8))
    elsewhere = encode(play_random_game(Options(players=3), 1))
    later = encode(game_at(GAME, 9))
    assert relate(link, [link, elsewhere, "1__AAAA", later]) == ["same", None, None, "ahead"]
    assert decoded == [link, later]
