"""Where a move goes, told by what is there: the facts the page phrases a move with.

A player does not see coordinates on the board, so the page says where a move goes by the
landscape it lands on, the settlement beside it and its owner, and the volcano it covers. Those
facts need the board as it was just before the move, which the engine has and the page does
not; they are small, and computed only for the moves the page phrases (the log, the computer's
move, the hint, the builds of the step, the review), never for the ~350 placements of a step.

A settlement is described by ``{owner, huts, hexes, temple, tower}``: its owner (a seat), its
huts (the count of hut pieces), the hexes it spans and whether it has a temple or a tower.

>>> from taluva.rules.game import Game
>>> from taluva.rules.moves import parse_move
>>> from taluva.rules.tiles import tile_from_code
>>> game = Game(seed=1)
>>> game.draw(tile_from_code('JC'))
>>> placement_where(game, parse_move('0,0/6'))
{}
>>> game.play(parse_move('0,0/6'))
>>> build_where(game, parse_move('hut -1,1'))
{'terrain': 'jungle', 'level': 1}
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from taluva.rules.board import TEMPLE_MARK, TOWER_MARK, Board
from taluva.rules.game import Game
from taluva.rules.hexgrid import DIRECTIONS
from taluva.rules.history import Choice, replay_choices, turn_choices
from taluva.rules.moves import Build, Placement
from taluva.rules.tiles import TERRAIN_NAMES

VOLCANO = TERRAIN_NAMES.index("volcano")
# The memo forgets everything past this many decisions (a page plays one game at a time; a game
# has at most 96 decisions, and undo, redo and other games add prefixes).
MEMO_LIMIT = 2000


def settlement_facts(board: Board, group: list[int]) -> dict[str, Any]:
    """What a player sees of a settlement: owner, huts, hexes, and ``temple`` and ``tower``
    (true, present only when it has one: the log goes to the page after every step)."""
    pieces = [board.piece[p] for p in group]
    facts: dict[str, Any] = {
        "owner": board.owner[group[0]],
        "huts": sum(p for p in pieces if p > 0),
        "hexes": len(group),
    }
    if TEMPLE_MARK in pieces:
        facts["temple"] = True
    if TOWER_MARK in pieces:
        facts["tower"] = True
    return facts


class Settlements:
    """Every settlement on a board, found once and looked up by any of its hexes: a step's
    builds (dozens with four players) are described against one board."""

    def __init__(self, board: Board) -> None:
        self.of: dict[int, list[int]] = {}
        for seat in sorted(set(board.owner.values())):
            for group in board.settlements(seat):
                for p in group:
                    self.of[p] = group

    def touching(self, hexes: set[int]) -> list[list[int]]:
        """Every settlement (any owner) with a building on or next to one of ``hexes``, in
        the order of their first hexes."""
        around = hexes | {p + d for p in hexes for d in DIRECTIONS}
        groups = {id(g): g for p in sorted(around) if (g := self.of.get(p)) is not None}
        return sorted(groups.values(), key=min)


def _most_notable(board: Board, groups: list[list[int]], avoid: set[int]) -> dict[str, Any] | None:
    """The settlement a player would name first: one with a temple, then a tower, then the
    most huts; its buildings on ``avoid`` (the hexes a tile buries) do not count."""
    best: tuple[tuple[int, int, int, int], dict[str, Any]] | None = None
    for group in groups:
        kept = [p for p in group if p not in avoid]
        if not kept:
            continue
        facts = settlement_facts(board, kept)
        rank = ("temple" in facts, "tower" in facts, facts["huts"], -facts["owner"])
        if best is None or rank > best[0]:
            best = (rank, facts)
    return best[1] if best else None


def placement_where(game: Game, move: Placement) -> dict[str, Any]:
    """Where a placement goes, on the board before it: ``near``, the most notable settlement
    on or next to the tile (the one whose volcano it covers is next to the volcano), and
    ``beside``, when no settlement is near, the landscape the tile touches most (a volcano if
    it touches nothing else; neither on an empty table). What it buries is the turn's
    ``covered`` (or the move's ``covers``)."""
    board = game.board
    hexes = set(move.hexes())
    volcano = {move.volcano}
    erupts = move.volcano in board.level
    settlements = Settlements(board)
    groups = settlements.touching(volcano if erupts else hexes)
    near = _most_notable(board, groups, hexes) if groups else None
    if near is None and erupts:
        near = _most_notable(board, settlements.touching(hexes), hexes)
    if near is not None:
        return {"near": near}
    touched = Counter(
        board.terrain[p + d]
        for p in hexes
        for d in DIRECTIONS
        if p + d not in hexes and p + d in board.terrain
    )
    if not touched:
        return {}
    volcanoes = touched.pop(VOLCANO, 0)
    if not touched:  # it touches volcanoes only
        return {"beside": "volcano"} if volcanoes else {}
    return {"beside": TERRAIN_NAMES[max(touched, key=lambda t: (touched[t], -t))]}


def build_where(game: Game, move: Build, settlements: Settlements | None = None) -> dict[str, Any]:
    """Where a build goes, on the board before it: the ``terrain`` and ``level`` of its first
    hex and ``near``: for an expansion, a temple or a tower the builder's settlement it joins
    (its largest, if several touch); for a new settlement the most notable settlement next to
    it, of any owner (absent when it stands alone). ``settlements``: the board's, when the
    caller describes several builds."""
    board = game.board
    first = move.cells[0][0]
    cells = {p for p, _ in move.cells}
    groups = (settlements or Settlements(board)).touching(cells)
    own = [g for g in groups if board.owner[g[0]] == game.current]
    facts: dict[str, Any] = {
        "terrain": TERRAIN_NAMES[board.terrain[first]],
        "level": board.level[first],
    }
    if own:
        facts["near"] = settlement_facts(board, max(own, key=lambda g: (len(g), -min(g))))
    elif groups:
        facts["near"] = _most_notable(board, groups, set())
    return facts


def move_where(
    game: Game, move: Placement | Build, settlements: Settlements | None = None
) -> dict[str, Any]:
    """:func:`placement_where` or :func:`build_where`, by the kind of move."""
    if isinstance(move, Placement):
        return placement_where(game, move)
    return build_where(game, move, settlements)


# The facts of a log entry's two moves: (placement's, build's), None for a move not played.
TurnWhere = tuple[dict[str, Any] | None, dict[str, Any] | None]


class WhereMemo:
    """The facts of every decision of the games the page was shown, by the history that led
    to it (its choices, the decision last): a log entry's facts are about the board before its
    move, which the game has long left when the entry is sent again (a reload, a link).

    The bridge notes each move before it plays it (:meth:`note`), so the facts of the page's
    own moves cost one look at the board; a game loaded whole (a link, a record, a redo) is
    replayed once, and its facts noted on the way.
    """

    def __init__(self) -> None:
        self._facts: dict[tuple[Choice, ...], dict[str, Any]] = {}

    def note(self, game: Game, move: Placement | Build) -> None:
        """Keep the facts of ``move``, about to be played in ``game``."""
        self._keep((*turn_choices(game.turns), move), move_where(game, move))

    def turns(self, game: Game, start: int) -> list[TurnWhere]:
        """The facts of the moves of ``game``'s turns from ``start`` on."""
        keys: list[tuple[tuple[Choice, ...] | None, tuple[Choice, ...] | None]] = []
        prefix: list[Choice] = []
        for i, turn in enumerate(game.turns):
            prefix.append(turn.tile)
            pair: list[tuple[Choice, ...] | None] = [None, None]
            for k, move in enumerate((turn.placement, turn.build)):
                if move is None:
                    break
                prefix.append(move)
                pair[k] = tuple(prefix) if i >= start else None
            keys.append((pair[0], pair[1]))
        wanted = [k for pair in keys[start:] for k in pair if k is not None]
        if any(k not in self._facts for k in wanted):
            self._replay(game)
        return [
            (self._facts.get(a) if a else None, self._facts.get(b) if b else None)
            for a, b in keys[start:]
        ]

    def _replay(self, game: Game) -> None:
        """Replay ``game`` from its start, noting the facts of each decision on the way."""
        made: list[Choice] = []

        def before(position: Game, choice: Choice) -> None:
            made.append(choice)
            if isinstance(choice, Placement | Build):
                key = tuple(made)
                if key not in self._facts:
                    self._keep(key, move_where(position, choice))

        replay_choices(Game(game.options, game.seed), turn_choices(game.turns), before=before)

    def _keep(self, key: tuple[Choice, ...], facts: dict[str, Any]) -> None:
        if len(self._facts) >= MEMO_LIMIT:
            self._facts.clear()
        self._facts[key] = facts
