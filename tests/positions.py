"""Helpers that set up Taluva positions for the rule tests, by legal play wherever possible.

A scripted turn is ``(tile code, placement, build)`` in the engine's notation, for example
``("JC", "0,0/6", "hut -1,1")``: draw a jungle/clearing tile, put its volcano on 0,0 with the
landscapes below it (jungle lower-left on -1,1, clearing lower-right on 0,1), and found a
settlement on -1,1. Every move goes through :meth:`Game.play`, so a script that breaks a rule
fails loudly with the rule's id.

>>> game = scripted([("JC", "0,0/6", "hut -1,1")])
>>> game.phase, game.current, piece(game, 'hut -1,1'.split()[1])
('draw', 1, (0, 'hut', 1))
"""

from __future__ import annotations

from taluva.board import TEMPLE_MARK, TOWER_MARK
from taluva.game import Game
from taluva.hexgrid import pack, parse_pos, unpack
from taluva.moves import Build, Move, Placement, format_move, parse_move
from taluva.options import Options
from taluva.tiles import TERRAIN_LETTERS, tile_from_code

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


def settlements(game: Game, seat: int) -> list[set[str]]:
    """The seat's settlements as sets of ``'q,r'`` texts, in a stable order."""
    groups = [{f"{q},{r}" for q, r in map(unpack, g)} for g in game.board.settlements(seat)]
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
    return None if error is None else error[0]


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


def snapshot(game: Game) -> tuple:
    """Everything a game's future depends on, as comparable values (sets where the engine's
    own order is an implementation detail)."""
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
        sorted(b.tri_index.items()),
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
        sorted(game.legal_moves()),
    )


def assert_sentence(text: str) -> None:
    """An explanation a player can read: a few plain words, no leftovers of formatting."""
    assert isinstance(text, str) and text == text.strip(), repr(text)
    assert len(text.split()) >= 3, text
    assert text[0].isalpha(), text
    for junk in ("None", "{", "}", "[", "]", "<", "Placement(", "Build(", "\n"):
        assert junk not in text, text


def assert_illegal(game: Game, text: str | Move, rule: str, *words: str) -> str:
    """The move is illegal for ``rule``: :meth:`Game.move_error` names it with a readable
    sentence (containing ``words``), :meth:`Game.play` raises naming it and changes nothing.
    Returns the sentence."""
    from taluva.errors import IllegalMoveError

    move = parse_move(text) if isinstance(text, str) else text
    before = snapshot(game)
    error = game.move_error(move)
    assert error is not None, f"{text} is legal, expected {rule}"
    assert error[0] == rule, f"{text}: {error}"
    assert_sentence(error[1])
    for word in words:
        assert word in error[1], f"{word!r} not in {error[1]!r}"
    assert move not in game.legal_moves()
    try:
        game.play(move)
    except IllegalMoveError as exc:
        assert exc.rule == rule
        assert str(exc) == f"{rule}: {error[1]}"
    else:
        raise AssertionError(f"{text} was played, expected {rule}")
    assert snapshot(game) == before, "a rejected move changed the game"
    return error[1]


def assert_legal(game: Game, text: str | Move) -> None:
    move = parse_move(text) if isinstance(text, str) else text
    assert game.move_error(move) is None, f"{text}: {game.move_error(move)}"
    assert move in game.legal_moves()
    listed = game.legal_placements() if isinstance(move, Placement) else game.legal_builds()
    assert move in listed
