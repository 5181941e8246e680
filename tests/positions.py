"""Helpers that set up Taluva positions for the rule tests, by legal play wherever possible.

A scripted turn is ``(tile code, placement, build)`` in the engine's notation, for example
``("JC", "0,0/6", "hut -1,1")``: draw a jungle/clearing tile, put its volcano on 0,0 with the
landscapes below it (jungle lower-left on -1,1, clearing lower-right on 0,1), and found a
settlement on -1,1. Every move goes through :meth:`Game.play`, so a script that breaks a rule
fails loudly with the rule's id.

>>> game = scripted([("JC", "0,0/6", "hut -1,1")])
>>> game.phase, game.current, piece(game, "-1,1")
('draw', 1, (0, 'hut', 1))
>>> print(render(game))
.     V1
   J1a1  C1

:func:`render` draws a board for a failing test's message or a docstring.
"""

from __future__ import annotations

import random

from taluva.rules.board import TEMPLE_MARK, TOWER_MARK
from taluva.rules.game import Game
from taluva.rules.hexgrid import pack, parse_pos, unpack
from taluva.rules.moves import Build, Move, Placement, format_move, parse_move
from taluva.rules.options import Options
from taluva.rules.tiles import TERRAIN_LETTERS, tile_from_code

Turn = tuple[str, str, str | None]


def P(q: int, r: int) -> int:  # noqa: N802 - reads like the notation
    """The packed position of axial (q, r)."""
    return pack(q, r)


def pos(text: str) -> int:
    """The packed position of ``'q,r'``."""
    return parse_pos(text)


def mv(text: str) -> Move:
    """A move from its notation."""
    return parse_move(text)


def new_game(
    players: int = 2,
    tiles: str = "all",
    found: str = "any",
    rank: bool = False,
    teams: bool = False,
    seed: int = 0,
) -> Game:
    """A fresh game; by default with all 48 tiles so that long scripts never run out."""
    return Game(Options(players=players, tiles=tiles, found=found, rank=rank, teams=teams), seed)


def turn(game: Game, code: str, placement: str, build: str | None = None) -> None:
    """Draw tile ``code``, place it and (unless ``build`` is None) build, all checked."""
    game.draw(tile_from_code(code))
    game.play(parse_move(placement))
    if build is not None:
        game.play(parse_move(build))


def play_out(game: Game, rng: random.Random) -> Game:
    """Plays ``game`` to its end, drawing each tile and playing random legal moves of ``rng``."""
    while game.phase != "over":
        if game.phase == "draw":
            game.draw()
        else:
            game.play(game.random_move(rng))
    return game


def play_turns(game: Game, turns: list[Turn]) -> Game:
    for t in turns:
        turn(game, *t)
    return game


def scripted(turns: list[Turn], **options: object) -> Game:
    """A new game (see :func:`new_game` for the options) after the scripted turns."""
    return play_turns(new_game(**options), turns)  # type: ignore[arg-type]


def piece(game: Game, where: str) -> tuple[int, str, int] | None:
    """(owner, piece name, count) of the building on ``'q,r'``."""
    return game.piece_at(parse_pos(where))


def level(game: Game, where: str) -> int:
    return game.board.level.get(parse_pos(where), 0)


def terrain(game: Game, where: str) -> str:
    """Top terrain letter of ``'q,r'`` (V for a volcano), '' if the position is uncovered."""
    p = parse_pos(where)
    return TERRAIN_LETTERS[game.board.terrain[p]] if p in game.board.terrain else ""


def settlements(game: Game, seat: int, row: int | None = None) -> list[set[str]]:
    """The seat's settlements as sets of ``'q,r'`` texts, in a stable order; with ``row``,
    only those with a hex on that row."""
    groups = [
        {f"{q},{r}" for q, r in map(unpack, g)}
        for g in game.board.settlements(seat)
        if row is None or any(unpack(p)[1] == row for p in g)
    ]
    return sorted(groups, key=sorted)


def builds(game: Game) -> set[str]:
    """The legal builds in notation."""
    return {format_move(b) for b in game.legal_builds()}


def placements(game: Game) -> set[str]:
    """The legal placements in notation."""
    return {format_move(p) for p in game.legal_placements()}


def rule_of(game: Game, text: str) -> str | None:
    """The rule id :meth:`Game.move_error` gives for the move, None if it is legal."""
    error = game.move_error(parse_move(text))
    return None if error is None else error.rule


def is_placement(move: Move) -> bool:
    return isinstance(move, Placement)


def is_build(move: Move) -> bool:
    return isinstance(move, Build)


def render(game: Game, coords: bool = False) -> str:
    """The board as text, one row per r: ``J2a3`` = jungle on level 2 with 3 huts of seat 0
    (``aT`` a temple, ``aW`` a tower), ``V1`` a volcano on level 1, ``.`` nothing. Rows are
    shifted so that neighbours look like neighbours (pointy-top hexes); ``coords`` prefixes
    every hex with its ``q,r``."""
    board = game.board
    if not board.level:
        return "(empty)"
    cells = [unpack(p) for p in board.level]
    qs = [q for q, _ in cells]
    rs = [r for _, r in cells]
    width = 12 if coords else 6
    lines = []
    for r in range(min(rs), max(rs) + 1):
        row = []
        for q in range(min(qs), max(qs) + 1):
            p = pack(q, r)
            text = "."
            if p in board.level:
                text = TERRAIN_LETTERS[board.terrain[p]] + str(board.level[p])
                if p in board.owner:
                    pc = board.piece[p]
                    mark = {TEMPLE_MARK: "T", TOWER_MARK: "W"}.get(pc, str(pc))
                    text += "abcd"[board.owner[p]] + mark
                if coords:
                    text = f"{q},{r}:{text}"
            row.append(f"{text:<{width}}")
        lines.append(" " * ((r - min(rs)) * width // 2) + "".join(row).rstrip())
    return "\n".join(lines)


# --------------------------------------------------------------------------- transcripts


def transcript(game: Game) -> list[str]:
    """The game's turns as ``'CODE placement build'`` lines; ``-`` for no build (R-ELIM-1)."""
    lines = []
    for t in game.turns:
        place = format_move(t.placement) if t.placement else "?"
        build = format_move(t.build) if t.build else "-"
        lines.append(f"{TERRAIN_LETTERS[t.tile[0]]}{TERRAIN_LETTERS[t.tile[1]]} {place} {build}")
    return lines


def replay(lines: str | list[str], game: Game | None = None, **options: object) -> Game:
    """Play a transcript (see :func:`transcript`) with every move checked.

    >>> g = replay("JC 0,0/6 hut -1,1\\nSR 1,0/4 hut 1,1")
    >>> transcript(g)
    ['JC 0,0/6 hut -1,1', 'SR 1,0/4 hut 1,1']
    """
    if isinstance(lines, str):
        lines = [line for line in lines.strip().splitlines() if line.strip()]
    if game is None:
        game = new_game(**options)  # type: ignore[arg-type]
    for line in lines:
        code, placement, build = line.split(None, 2)
        turn(game, code, placement, None if build == "-" else build)
    return game


# ------------------------------------------------------------------------ state and errors


def snapshot(game: Game, moves: bool = True) -> tuple:
    """Everything a game's future depends on, as comparable values (sets where the engine's
    own order is an implementation detail); with ``moves``, the legal moves too."""
    b = game.board
    return (
        sorted(b.level.items()),
        sorted(b.terrain.items()),
        sorted(b.tile.items()),
        sorted(b.owner.items()),
        sorted(b.piece.items()),
        sorted(b.volcanoes),
        sorted(b.frontier),
        sorted(b.tri_list),
        sorted(b.tri_index),
        list(b.placements),
        [list(s) for s in game.stock],
        list(game.status),
        list(game.left),
        game.current,
        game.phase,
        game.tile,
        game.result,
        game.drawn,
        list(game.deck),
        [(t.seat, t.tile, t.placement, t.build) for t in game.turns],
        sorted(game.legal_moves()) if moves else None,
    )


def assert_sentence(text: str) -> None:
    """An explanation a player can read: a few plain words, no leftovers of formatting."""
    assert isinstance(text, str) and text == text.strip(), repr(text)
    assert len(text.split()) >= 3, text
    assert text[0].isalnum() or text[0] == "-", text
    for junk in ("None", "{", "}", "[", "]", "<", "Placement(", "Build(", "\n"):
        assert junk not in text, text


def assert_reason(why) -> None:
    """A reason whose code is in the registry with exactly its declared facts, of JSON types
    (hexes as "q,r", names from the engine's word lists), and a readable English sentence."""
    from taluva.rules.moves import PIECE_NAMES
    from taluva.rules.reasons import REASONS
    from taluva.rules.tiles import TERRAIN_NAMES

    entry = REASONS[why.code]
    assert why.rule == entry.rule and tuple(why.args) == entry.args, why
    for name, value in why.args.items():
        assert isinstance(value, str | int) and not isinstance(value, bool), (why, name)
        if name == "hex":
            q, r = value.split(",")
            assert str(int(q)) == q and str(int(r)) == r, why
        elif name == "piece":
            assert value in PIECE_NAMES, why
        elif name == "terrain":
            assert value in TERRAIN_NAMES[1:], why
        elif name == "phase":
            assert value in ("draw", "place", "build", "over"), why
        elif name not in ("move", "tile"):
            assert isinstance(value, int) and value >= 0, (why, name)
    assert_sentence(why.text)


def assert_illegal(game: Game, text: str | Move, rule: str, *words: str) -> str:
    """The move is illegal for ``rule``: :meth:`Game.move_error` names it with a readable
    sentence (containing ``words``), :meth:`Game.play` raises naming it and changes nothing.
    Returns the sentence."""
    from taluva.rules.errors import IllegalMoveError

    move = parse_move(text) if isinstance(text, str) else text
    before = snapshot(game)
    error = game.move_error(move)
    assert error is not None, f"{text} is legal, expected {rule}"
    assert error.rule == rule, f"{text}: {error}"
    assert_reason(error)
    for word in words:
        assert word in error.text, f"{word!r} not in {error.text!r}"
    assert move not in game.legal_moves()
    try:
        game.play(move)
    except IllegalMoveError as exc:
        assert exc.rule == rule and exc.code == error.code and exc.facts == error.args
        assert str(exc) == f"{rule}: {error.text}"
    else:
        raise AssertionError(f"{text} was played, expected {rule}")
    assert snapshot(game) == before, "a rejected move changed the game"
    return error.text


def assert_legal(game: Game, text: str | Move) -> None:
    move = parse_move(text) if isinstance(text, str) else text
    assert game.move_error(move) is None, f"{text}: {game.move_error(move)}"
    assert move in game.legal_moves()
    listed = game.legal_placements() if isinstance(move, Placement) else game.legal_builds()
    assert move in listed


# ------------------------------------------------------------------------- the row village

# A flat landscape for the settlement rules, all on level 1:
#   row 1:  0,1 .. 7,1 is an unbroken line of landscape hexes (tiles "1,0/6" "3,0/6" "5,0/6"
#           "7,0/6"): jungle, clearing, sand, rock, clearing, sand, rock, jungle;
#   row 0:  the volcanoes 0,0 .. 7,0; those on even q belong to tiles pointing up (their
#           landscapes on row -1), so "2,0/6" erupts onto 1,1 + 2,1, "4,0/6" onto 3,1 + 4,1,
#           "6,0/6" onto 5,1 + 6,1;
#   rows -1 .. -4: more landscape, where both players build when the test does not care.
# The first eight turns lay rows 1 to -1 while each player founds four lone huts on row -1
# (seat 0 on 0,-1 2,-1 4,-1 6,-1, seat 1 on 1,-1 3,-1 5,-1 7,-1).
ROW_PRELUDE = [
    ("JC", "0,0/12", "hut 0,-1"),  # 1,-1 jungle, 0,-1 clearing
    ("JC", "1,0/6", "hut 1,-1"),  # 0,1 jungle, 1,1 clearing
    ("SJ", "2,0/12", "hut 2,-1"),  # 3,-1 sand, 2,-1 jungle
    ("SR", "3,0/6", "hut 3,-1"),  # 2,1 sand, 3,1 rock
    ("CJ", "4,0/12", "hut 4,-1"),  # 5,-1 clearing, 4,-1 jungle
    ("CS", "5,0/6", "hut 5,-1"),  # 4,1 clearing, 5,1 sand
    ("JS", "6,0/12", "hut 6,-1"),  # 7,-1 jungle, 6,-1 sand
    ("RJ", "7,0/6", "hut 7,-1"),  # 6,1 rock, 7,1 jungle
]
# Tiles for the turns after the prelude, north of row -1, whoever places them.
ROW_MORE_TILES = [
    ("JS", "1,-3/6"),  # 0,-2 jungle, 1,-2 sand
    ("SJ", "3,-3/6"),  # 2,-2 sand, 3,-2 jungle
    ("JC", "5,-3/6"),  # 4,-2 jungle, 5,-2 clearing
    ("CJ", "7,-3/6"),  # 6,-2 clearing, 7,-2 jungle
    ("JS", "2,-5/6"),  # 1,-4 jungle, 2,-4 sand
    ("SJ", "4,-5/6"),  # 3,-4 sand, 4,-4 jungle
    ("CJ", "6,-5/6"),  # 5,-4 clearing, 6,-4 jungle
    ("JC", "8,-5/6"),  # 7,-4 jungle, 8,-4 clearing
    ("SC", "3,-7/6"),  # 2,-6 sand, 3,-6 clearing
    ("CS", "5,-7/6"),  # 4,-6 clearing, 5,-6 sand
    ("JR", "7,-7/6"),  # 6,-6 jungle, 7,-6 rock
    ("RJ", "9,-7/6"),  # 8,-6 rock, 9,-6 jungle
    ("SR", "4,-9/6"),  # 3,-8 sand, 4,-8 rock
    ("RS", "6,-9/6"),  # 5,-8 rock, 6,-8 sand
    ("CR", "8,-9/6"),  # 7,-8 clearing, 8,-8 rock
    ("RC", "10,-9/6"),  # 9,-8 rock, 10,-8 clearing
]
ROW_SEAT1_BUILDS = [
    "hut 1,-2",
    "hut 3,-2",
    "hut 5,-2",
    "hut 7,-2",
    "hut 2,-4",
    "hut 4,-4",
    "hut 6,-4",
    "hut 8,-4",
]


def row_tile(game: Game) -> tuple[str, str]:
    """The next unused tile of :data:`ROW_MORE_TILES`, as (code, placement)."""
    return ROW_MORE_TILES[len(game.turns) - len(ROW_PRELUDE)]


def row_village(
    builds0: list[str], builds1: list[str] | None = None, players: int = 2, found: str = "any"
) -> Game:
    """The row village (two players, O-FOUND ``found``) after the prelude and then one turn
    each in turn: seat 0 makes ``builds0``, seat 1 ``builds1`` (default: huts on row -2, out of
    the way); the tiles are :data:`ROW_MORE_TILES` in order. Ends at seat 0's draw when both
    lists are equally long, else at seat 1's.
    """
    if builds1 is None:
        builds1 = ROW_SEAT1_BUILDS[: len(builds0)]
    game = new_game(players=players, found=found)
    for t in ROW_PRELUDE:
        turn(game, *t)
    script = [b for pair in zip(builds0, builds1, strict=False) for b in pair]
    longer = builds0 if len(builds0) > len(builds1) else builds1
    script += longer[min(len(builds0), len(builds1)) :]
    assert len(script) <= len(ROW_MORE_TILES), "the row village has no more tiles"
    for (code, placement), build in zip(ROW_MORE_TILES, script, strict=False):
        turn(game, code, placement, build)
    return game


# ------------------------------------------------------------------------ the tower field

# Levels 1 to 3 built by legal eruptions (seat 0 builds the stack, seat 1 a chain of tiles to
# the north-east where both found huts out of the way). Afterwards:
#   0,3 is a volcano on level 3 (tile "0,3/10"), -1,5 a volcano on level 3 (tile "-1,5/12");
#   -1,3 (rock) 0,2 (jungle) -1,4 (rock) 0,4 (clearing) are landscapes on level 3;
#   seat 0's settlement 1,0 1,-1 0,1 (2 huts, level 2) -1,2 (2 huts, level 2) owns a tower on
#   -1,3, built on its 7th turn;
#   "0,3/6" erupts to level 4 onto -1,4 + 0,4, while "0,3/8" would cover the tower.
TOWER_FIELD = [
    ("CJ", "0,0/4", "hut 1,0"),
    ("JC", "2,-2/6", "hut 2,-1"),
    ("JS", "0,2/8", "hut 1,-1"),
    ("JC", "3,-4/6", "hut 3,-3"),
    ("RL", "0,2/10", "huts 0,1x2"),  # level 2 on 0,2 0,1 -1,2; expand rock
    ("SJ", "4,-6/6", "hut 4,-5"),
    ("CS", "0,3/6", "huts -1,2x2"),  # expand lake
    ("CJ", "5,-8/6", "hut 5,-7"),
    ("JC", "-1,5/4", "hut 2,-3"),
    ("JS", "6,-10/6", "hut 6,-9"),
    ("SC", "0,3/8", "hut 3,-5"),  # level 2 on 0,3 -1,3 -1,4
    ("CJ", "7,-12/6", "hut 7,-11"),
    ("JR", "0,3/10", "tower -1,3"),  # level 3 on 0,3 0,2 -1,3
    ("JS", "8,-14/6", "hut 8,-13"),
    ("RJ", "-1,5/2", "hut 4,-7"),  # level 2 on -1,5 0,5 0,4
    ("SJ", "9,-16/6", "hut 9,-15"),
    ("CR", "-1,5/12", "hut 5,-9"),  # level 3 on -1,5 0,4 -1,4
    ("JC", "10,-18/6", "hut 10,-17"),
]


# ----------------------------------------------------------------------- the jungle field

# The rulebook's expansion example (R-BUILD-2): after these 16 turns seat 0's settlement
# 0,-1 (rock) + 1,-1 (sand) touches three empty jungle hexes, 0,-2 and 2,-1 on level 1 and
# 1,-2 on level 3; a fourth jungle hex, 3,-2, touches 2,-1 but not the settlement; -1,-1 is
# an empty clearing next to it. Seat 1 and seat 0's other huts sit on a chain of tiles going
# south-east from 0,1. Seat 0 has 12 huts left.
JUNGLE_FIELD = [
    ("SR", "0,0/12", "hut 0,-1"),
    ("JC", "0,1/4", "hut 1,1"),
    ("CJ", "-1,-2/4", "hut 1,-1"),  # expand sand
    ("JS", "1,2/4", "hut 2,2"),
    ("JJ", "2,-2/4", "hut 0,2"),
    ("SJ", "2,3/4", "hut 3,3"),
    ("CS", "1,-3/4", "hut 1,3"),
    ("CJ", "3,4/4", "hut 4,4"),
    ("SC", "0,-4/4", "hut 2,4"),
    ("JC", "4,5/4", "hut 5,5"),
    ("RS", "1,-3/10", "hut 3,5"),  # level 2 on 1,-3 0,-3 1,-4
    ("JS", "5,6/4", "hut 6,6"),
    ("CC", "2,-2/10", "hut 4,6"),  # level 2 on 2,-2 1,-2 2,-3
    ("SJ", "6,7/4", "hut 7,7"),
    ("JC", "1,-3/4", "hut 5,7"),  # level 3 on 1,-3 2,-3 1,-2 (jungle)
    ("CJ", "7,8/4", "hut 8,8"),
]


# ------------------------------------------------------------------- an early elimination

# Three players, O-FOUND isolated. On turn 6 seat 2 (c) erupts onto -2,1 and covers the last
# two empty level-1 hexes (-3,2 and -2,2): with no settlement able to grow and nowhere to
# found one, c has no legal build and is eliminated (R-ELIM-1). c's hut on 0,-1 stays.
ELIMINATION = """
JS 0,0/10 hut -1,0
JC -2,1/10 hut -2,0
RS -1,2/12 hut 0,-1
SJ 0,0/6 huts -1,1x2
CJ -3,3/12 hut -3,1
CL -2,1/6 -
"""
