"""The lesson: a few minutes of play that teach the rules, one step at a time.

Each step is a position (a game record the engine replays, ending at the learner's step), the
rules it teaches (RULES.md ids, the first its own), the task (which moves pass: a property the
engine checks on the move, never a list the page keeps) and one wrong move, refused either by
the rules (with one of the step's rules) or, where every move is legal, by the task.

The page shows the position, marks the hexes where a passing move goes (:func:`targets`), and
sends the learner's move to :func:`check` before playing it: a move that passes is played, any
other gets the engine's reason (or the task's) in words, and the learner tries again.

The situations follow the rulebooks' own examples where they have them (``shared/seeds``): a
volcano covering two volcanoes, a tile burying huts but never a temple, tower or a whole
settlement; an expansion filling every hex of one landscape with as many huts as its level; a
temple beside a settlement of three hexes; a tower on level 3. The late positions (a tower, an
early win, running out of builds, the last tile) are taken from games the computer played.

>>> [step.id for step in STEPS][:3]
['first-tile', 'beside', 'erupt']
>>> check("first-tile", "0,0/6")
{'pass': True}
>>> check("first-tile", "2,0/6")["reason"]["rule"]
'R-TILE-1'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any
from weakref import WeakKeyDictionary

from taluva.formats.jsonio import eliminating_placements, move_from_json, reason_json
from taluva.formats.record import replay
from taluva.rules.game import OVER, Game
from taluva.rules.hexgrid import unpack
from taluva.rules.moves import TEMPLE, TOWER, Build, Move, Placement, format_move, parse_move
from taluva.rules.tiles import VOLCANO

HEAD = "taluva 1\n"
_OPTIONS = "options players=2 tiles={tiles} found=isolated rank=off teams=off\n"
OPTIONS = _OPTIONS.format(tiles=12)

# The island most tile steps share: both players have settlements, the second a temple beside
# the volcanoes (the rulebooks' eruption pictures: volcanoes side by side, huts around them).
_ISLAND = (
    OPTIONS
    + """\
1 JC 0,0/6 hut -1,1
2 SR 1,-1/4 hut 1,0
3 JJ -1,0/10 hut -2,0
4 RC 2,0/6 huts 1,1 2,-1
5 LC 0,-2/4 hut 1,-2
6 SJ 3,0/4 temple 0,1
"""
)

# The learner's settlement of the building steps grows from one step to the next.
_EXPANDED = _ISLAND + "7 SJ 0,0/10 huts -1,-1 -1,0x2\n8 CS 2,-3/4 hut 3,-3\n"
_TEMPLE = _EXPANDED + "9 RL -3,2/12 temple -2,1\n10 JL 4,-2/6 hut 4,0\n"

# From a game the computer played (tiles=12): the learner's settlement reaches level 3.
_TOWER_GAME = (
    OPTIONS
    + """\
1 LC 0,0/10 hut -1,0
2 CJ 2,-3/8 hut 1,-2
3 LS -3,0/2 huts -2,0 0,-1
4 JS -1,-2/4 hut 0,-2
5 JC -1,-2/6 temple -2,-1
6 SL -1,-3/2 hut 0,-3
7 JC -4,-1/4 hut -4,0
8 JL 1,-5/4 temple 1,-4
9 CJ -6,0/4 hut -5,0
10 SR 1,-1/4 hut 1,0
11 SR -6,-1/2 hut -5,-1
12 LR 1,-1/8 huts 0,0x2 2,-1
13 RS -6,2/2 temple -5,1
14 SJ -2,1/4 temple -1,1
15 JR -4,-1/6 hut -5,-2
16 RC 0,2/10 hut -6,1
17 RJ -7,-2/2 hut -6,-2
18 JR -6,-1/4 huts -6,0x2 -5,0x2
19 CS -4,-1/8
"""
)

# From a game the computer played (tiles=12): three temples built, four huts left.
_WIN_GAME = (
    OPTIONS
    + """\
1 JR 0,0/2 hut 1,-1
2 SR -2,1/12 hut -2,0
3 JS -1,-1/2 huts 0,-1 1,0
4 RS -4,0/4 huts -3,0 -1,0
5 SJ -1,-1/6 temple -1,0
6 SS -2,-2/6 huts -3,-1 -2,-1 -2,0x2
7 LJ 0,0/12 huts 1,-1x2
8 CS -1,-3/4 temple -1,-2
9 LR 1,-3/4 hut 1,-2
10 RJ -4,0/2 hut -4,1
11 CC -1,2/12 temple 0,-2
12 LS -6,1/4 hut -5,1
13 RC 0,2/2 hut 1,2
14 RL -6,3/2 huts -6,2 -5,2
15 CL -1,3/4 hut 0,3
16 SJ -8,2/4 temple -7,2
17 CJ -1,2/4 huts 0,2x2
18 CJ -6,3/12 huts -5,2x2
19 JL -1,5/2 temple 0,4
20 JC -6,0/2 temple -5,0
21 JC 1,3/2 huts -1,3x2 -1,4 0,1 1,1 2,2
22 SJ -8,1/2 huts -5,3 -3,0x2
23 JR -8,1/4
"""
)

# From a game the computer played (tiles=12): the last tile, temples and towers level.
_LAST_GAME = (
    OPTIONS
    + """\
1 RR 0,0/4 hut 0,1
2 JC -2,1/4 hut -2,2
3 JR 0,2/6 hut 0,3
4 JJ -2,-1/6 hut -3,0
5 RL -3,-1/12 hut -1,1
6 JL -2,5/10 hut -2,0
7 LJ -4,4/2 hut -1,3
8 JL 1,4/8 hut -3,3
9 RJ -2,6/4 huts -2,4 0,4
10 JS -5,-2/2 hut -3,4
11 RC -4,3/8 temple 0,5
12 JS -4,7/10 temple -3,5
13 SJ -7,5/12 hut -1,6
14 LS 3,3/10 hut -7,4
15 LC -7,3/10 hut -2,7
16 JC -4,3/6 hut -5,7
17 JC -7,1/12 hut 1,0
18 LL 4,4/8 hut -4,-2
19 JS 6,2/6 hut -7,0
20 RJ -5,9/12 hut 3,4
21 CS -4,9/4 hut -6,0
22 SJ 3,6/8 huts -5,8 -4,6
23 CS -5,6/12 hut -4,10
24 SJ -1,8/10
"""
)

# From a game the computer played with all 48 tiles: four huts left, and a few placements leave
# no build at all.
_ELIMINATION_GAME = (
    _OPTIONS.format(tiles="all")
    + """\
1 JC 0,0/10 hut 0,-1
2 SR 0,1/8 hut -1,2
3 RJ 0,2/6 hut -1,0
4 JJ 1,0/12 hut 0,3
5 CC 3,0/12 hut -1,1
6 CR -1,-1/8 hut -1,3
7 JL -2,2/10 temple -2,0
8 JR -2,3/8 hut -2,1
9 JS 2,2/2 hut -2,-1
10 SJ 3,4/12 hut -3,2
11 LC 4,5/12 hut -3,4
12 LL -1,-2/10 hut -3,3
13 LR 2,5/8 hut -2,-2
14 JC 1,4/10 temple 0,4
15 RL 5,6/8 hut -1,-3
16 JR 4,-2/10 hut 1,3
17 CS 5,-4/4 hut 1,-1
18 SJ -5,4/4 temple -4,4
19 CJ 6,-1/8 hut 5,4
20 JS 6,-5/10 hut 4,4
21 LS 6,3/2 hut 2,-1
22 JC 9,0/8 hut 3,-1
23 JS 3,5/6 hut 4,7
24 JC -3,1/8 hut 1,6
25 RC 9,-2/6 hut 6,-6
26 SJ 0,-5/6 hut -5,5
27 RC -5,6/2 hut -4,5
28 CJ -5,0/4 hut -4,2
29 SL 0,-6/12 hut -4,6
30 RR 1,-3/10 hut -5,1
31 RS -3,-3/6 hut 1,5
32 JC 2,-9/8 huts -4,0 -4,1
33 SR 4,-5/8 hut 3,3
34 CJ 2,-10/12 hut 2,6
35 JS 4,5/8 hut 0,-4
36 LJ 9,2/6 hut 3,-2
37 JL -1,-1/10 temple 0,-3
38 RJ 1,-12/4 hut 3,-4
39 CS 4,8/2 hut 1,-4
40 SC 10,-2/2 hut 3,-5
41 CJ 3,8/8 hut 9,3
42 CL -7,4/4 hut 4,-3
43 SC -9,7/2 hut 2,8
44 SS

"""
)


@dataclass(frozen=True)
class Task:
    """Which moves pass a step: ``kind`` names the property (the page's message
    ``lesson.<step>.task`` says it in words), ``least`` a count it needs."""

    kind: str
    least: int = 1

    def passes(self, game: Game, move: Move) -> bool:
        """Whether the legal ``move`` does what the step asks."""
        return _PROPERTIES[self.kind](game, move, self.least)


def _covered(game: Game, move: Placement) -> tuple[int, int]:
    """(volcanoes under the tile, huts of other players it buries)."""
    volcanoes = huts = 0
    for pos in move.hexes():
        if game.board.terrain.get(pos) == VOLCANO:
            volcanoes += 1
        piece = game.piece_at(pos)
        if piece is not None and piece[0] != game.current and piece[1] == "hut":
            huts += piece[2]
    return volcanoes, huts


def _eruption(game: Game, move: Move) -> bool:
    return isinstance(move, Placement) and game.board.level.get(move.volcano, 0) > 0


def _build_kind(game: Game, move: Move) -> str | None:
    if not isinstance(move, Build):
        return None
    return game.build_options()[move][0]


def _wins(game: Game, move: Move) -> bool:
    after = game.copy()
    after.play(move)
    return (
        after.phase == OVER and after.result is not None and after.result.winners == (game.current,)
    )


# The placements of a position that leave its player no build (R-ELIM-1), found once: the
# engine's own quick test clears most placements without playing them.
_ELIMINATING: WeakKeyDictionary[Game, set[Placement]] = WeakKeyDictionary()


def _keeps_building(game: Game, move: Move) -> bool:
    if game not in _ELIMINATING:
        _ELIMINATING[game] = eliminating_placements(game)
    return move not in _ELIMINATING[game]


_PROPERTIES: dict[str, Callable[[Game, Move, int], bool]] = {
    "place": lambda game, move, least: isinstance(move, Placement),
    "table": lambda game, move, least: isinstance(move, Placement) and not _eruption(game, move),
    "erupt": lambda game, move, least: _eruption(game, move),
    "volcanoes": lambda game, move, least: (
        _eruption(game, move) and _covered(game, move)[0] >= least
    ),  # type: ignore[arg-type]
    "bury": lambda game, move, least: _eruption(game, move) and _covered(game, move)[1] >= least,  # type: ignore[arg-type]
    "found": lambda game, move, least: _build_kind(game, move) == "found",
    "expand": lambda game, move, least: _build_kind(game, move) == "expand" and move.huts >= least,  # type: ignore[union-attr]
    "temple": lambda game, move, least: isinstance(move, Build) and move.piece == TEMPLE,
    "tower": lambda game, move, least: isinstance(move, Build) and move.piece == TOWER,
    "survive": lambda game, move, least: (
        isinstance(move, Placement) and _keeps_building(game, move)
    ),
    "win": lambda game, move, least: _wins(game, move),
}


@dataclass(frozen=True)
class Step:
    """One step: ``id`` (the page's messages ``lesson.<id>.*``), the ``rules`` it teaches, its
    position as record ``turns``, its ``task`` and a ``wrong`` move (notation)."""

    id: str
    rules: tuple[str, ...]
    turns: str
    task: Task
    wrong: str

    @property
    def record(self) -> str:
        return HEAD + self.turns


STEPS: tuple[Step, ...] = (
    # The tile and the first placement: the first tile lies anywhere (the origin).
    Step("first-tile", ("R-TILE-1", "R-MAT-2"), OPTIONS + "1 JC\n", Task("place"), "2,0/6"),
    # Beside the island: on the table, sharing an edge with it.
    Step("beside", ("R-TILE-2",), _ISLAND.split("3 JJ")[0] + "3 JJ\n", Task("table"), "5,0/6"),
    # Eruptions, one condition at a time, all on the island above.
    Step("erupt", ("R-TILE-3a",), _ISLAND + "7 JS\n", Task("erupt"), "-1,-1/4"),
    Step("turned", ("R-TILE-3b",), _ISLAND + "7 JS\n", Task("erupt"), "0,0/6"),
    Step(
        "volcanoes",
        ("R-TILE-3e", "R-TILE-3c"),
        _ISLAND + "7 SC\n",
        Task("volcanoes", 2),
        "-2,-1/4",
    ),
    Step("bury", ("R-TILE-3d", "R-TILE-3f"), _ISLAND + "7 SC\n", Task("bury"), "0,0/4"),
    Step("whole", ("R-TILE-3g",), _ISLAND + "7 RJ\n", Task("bury", 2), "0,0/8"),
    # Building: a new settlement, an expansion, a temple, a tower, one of each per settlement.
    Step("found", ("R-BUILD-1",), _ISLAND + "7 JS 3,0/8\n", Task("found"), "hut 2,1"),
    Step(
        "expand",
        ("R-BUILD-2", "O-FOUND"),
        _ISLAND + "7 SJ 0,0/10\n",
        Task("expand", 3),
        "hut -1,-1",
    ),
    Step("temple", ("R-BUILD-3",), _EXPANDED + "9 RL -3,2/12\n", Task("temple"), "temple 2,-2"),
    Step("tower", ("R-BUILD-4",), _TOWER_GAME, Task("tower"), "tower -3,-1"),
    Step(
        "one-each",
        ("R-BUILD-5",),
        _TEMPLE + "11 CC 0,-3/2 huts 1,-3 2,-2\n12 RS 5,0/4 hut 5,1\n13 LS -5,2/4\n",
        Task("temple"),
        "temple -3,1",
    ),
    # Winning and losing.
    Step("win", ("R-END-1",), _WIN_GAME, Task("win"), "hut -1,1"),
    Step("elimination", ("R-ELIM-1",), _ELIMINATION_GAME, Task("survive"), "4,-2/6"),
    Step("last-tile", ("R-END-2",), _LAST_GAME, Task("win"), "hut -8,3"),
)

_BY_ID = {step.id: step for step in STEPS}


def step_by_id(step_id: str) -> Step:
    try:
        return _BY_ID[step_id]
    except KeyError:
        raise ValueError(f"the lesson has no step {step_id!r}") from None


@cache
def position(step_id: str) -> Game:
    """The step's position, replayed from its record (kept: the page asks about it often)."""
    return replay(step_by_id(step_id).record)


def _as_move(move: Any) -> Move:
    return parse_move(move) if isinstance(move, str) else move_from_json(move)


def check(step_id: str, move: Any) -> dict[str, Any]:
    """Whether ``move`` (notation or move JSON) passes the step: ``{pass: true}``, or
    ``{pass: false, reason}``: the rules' reason ``{rule, code, args, text}`` when it is
    illegal there, else ``{rule, code: "off-task", args: {step}}`` (legal, but not the task)."""
    step = step_by_id(step_id)
    game = position(step_id)
    chosen = _as_move(move)
    why = game.move_error(chosen)
    if why is not None:
        return {"pass": False, "reason": reason_json(why)}
    if step.task.passes(game, chosen):
        return {"pass": True}
    off = {"rule": step.rules[0], "code": "off-task", "args": {"step": step.id}}
    return {"pass": False, "reason": off}


@cache
def passing_moves(step_id: str) -> tuple[Move, ...]:
    """Every move that passes the step."""
    step, game = step_by_id(step_id), position(step_id)
    return tuple(move for move in game.legal_moves() if step.task.passes(game, move))


# More marked hexes than this say nothing ("almost anywhere"): the board then marks none.
MOST_MARKS = 40


def targets(step_id: str) -> list[list[int]]:
    """The hexes the board marks: where the passing moves put a volcano, or build (none when
    nearly every spot passes)."""
    marked: set[int] = set()
    for move in passing_moves(step_id):
        if isinstance(move, Placement):
            marked.add(move.volcano)
        else:
            marked.update(pos for pos, _ in move.cells)
    if len(marked) > MOST_MARKS:
        return []
    return [list(unpack(pos)) for pos in sorted(marked, key=lambda p: unpack(p)[::-1])]


def steps_json() -> list[dict[str, Any]]:
    """The lesson for the page: per step its id, rules, record, the learner's seat, the
    marked hexes, a move that passes and the wrong move (the last two for tests and tools)."""
    result = []
    for step in STEPS:
        game = position(step.id)
        result.append(
            {
                "id": step.id,
                "rules": list(step.rules),
                "record": step.record,
                "seat": game.current,
                "phase": game.phase,
                "targets": targets(step.id),
                "example": format_move(passing_moves(step.id)[0]),
                "wrong": step.wrong,
            }
        )
    return result


def picture_of(step_id: str) -> Game:
    """The step's position once a passing move is played: what Help draws beside the rule."""
    game = position(step_id).copy()
    game.play(passing_moves(step_id)[0])
    return game
