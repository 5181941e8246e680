"""The candidate turns of a search: which placements, and after each which builds.

Of the ~250-550 placements, the ones that can matter this turn are kept: every eruption (it can
cover huts, split a settlement, raise a level-3 tower spot) and every table placement with a
hex next to one of the player's own settlements (new hexes for an expansion or a temple). A
table placement elsewhere only adds bare landscape (next to another player's settlement it only
gives that player room); a few of them stand for all. Builds: all temples, towers and
expansions; of the (often 50+) ways to found a settlement, the few with the most room around
them.

A turn search looks at the builds after each of its placements. :func:`candidate_builds` asks
the engine (:meth:`~taluva.rules.game.Game.build_options`: every build of the rules, the founds of
the whole island included) and is the reference; the searches use :class:`TurnBuilds`, which
gives the same list for the placements of one turn at a fraction of the cost: the tile is laid
on the board's dicts alone (:func:`lay`, none of the engine's bookkeeping for the next
placements, since none is listed until it is lifted), the builds come from the mover's
settlements as :class:`~taluva.ai.turnmemo.TurnMemo` keeps them, and the founds from a ranking
of the island's free level-1 hexes made once a turn, of which only the hexes on or next to the
tile are ranked again. ``tests/test_ai.py`` compares the two over many placements at 8 option
sets.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from random import Random

from taluva.ai.evaluate import Group
from taluva.rules.board import Board
from taluva.rules.game import Game
from taluva.rules.hexgrid import DIRECTIONS, tile_hexes
from taluva.rules.moves import HUT, TEMPLE, TOWER, Build, Placement
from taluva.rules.tiles import VOLCANO, Tile

D0, D1, D2, D3, D4, D5 = DIRECTIONS
_make = tuple.__new__  # a NamedTuple without its Python-level __new__


def candidate_placements(game: Game, rng: Random, far: int) -> list[Placement]:
    """The placements worth a look for the seat to move (see module docstring), in a
    canonical order: every eruption, the table placements next to one of its own settlements
    (or its partner's, with O-TEAMS), and ``far`` of the others."""
    board = game.board
    placements = game.legal_placements()
    seat = game.current
    teams = game.options.teams
    near: set[int] = set()
    for p, who in board.owner.items():
        if who == seat or (teams and who % 2 == seat % 2):
            near.add(p)
            for d in DIRECTIONS:
                near.add(p + d)
    level = board.level
    kept: list[Placement] = []
    others: list[Placement] = []
    for pl in placements:
        if pl.volcano in level:
            kept.append(pl)
            continue
        v, a, b = tile_hexes(pl.volcano, pl.orientation)
        if v in near or a in near or b in near:
            kept.append(pl)
        else:
            others.append(pl)
    if others and far:
        kept.extend(rng.sample(others, min(far, len(others))))
    return kept


def candidate_builds(game: Game, founds: int) -> list[Build]:
    """The builds worth a look after a placement (``game`` at its build step): all but the
    founds, of which the ``founds`` with the most room, in a canonical order."""
    options = game.build_options()
    board = game.board
    level, terrain, owner = board.level, board.terrain, board.owner
    builds: list[Build] = []
    found: list[tuple[int, Build]] = []
    for build, how in options.items():
        if how[0] != "found":
            builds.append(build)
            continue
        p = build.cells[0][0]
        space = 0
        for d in DIRECTIONS:
            n = p + d
            if n in level and n not in owner and terrain[n] != VOLCANO:
                space += 1
        found.append((-space, build))
    if found:
        found.sort()
        builds.extend(b for _, b in found[:founds])
    builds.sort()
    return builds


# ------------------------------------------------------------------------ laying a tile lightly

Laid = tuple  # what lift() needs: the hexes, what was on them, which were volcanoes


def _maps(board: Board) -> tuple[dict, dict, dict, dict, set]:
    """What :func:`lay` and :func:`lift` change: levels, landscapes, owners, pieces, volcanoes."""
    return board.level, board.terrain, board.owner, board.piece, board.volcanoes


def lay(board: Board, placement: Placement, tile: Tile) -> Laid:
    """Put a tile on ``board``'s levels, landscapes, buildings and volcanoes only (its tile
    ids, frontier and open triangles are left as they were); :func:`lift` takes it back. What a
    turn search reads after a placement, for a fraction of :meth:`Board.place`'s cost."""
    hexes = v, a, b = tile_hexes(placement.volcano, placement.orientation)
    level, terrain, owner, piece, volcanoes = _maps(board)
    before = tuple((p, level.get(p), terrain.get(p), owner.get(p), piece.get(p)) for p in hexes)
    was = (v in volcanoes, a in volcanoes, b in volcanoes)
    board.cover(hexes, tile, level.get(v, 0) + 1)
    return hexes, before, was


def lift(board: Board, laid: Laid) -> None:
    """Take back :func:`lay`."""
    hexes, before, was = laid
    level, terrain, owner, piece, volcanoes = _maps(board)
    for p, lv, t, who, pc in before:
        if lv is None:
            del level[p], terrain[p]
        else:
            level[p], terrain[p] = lv, t
        if who is not None:
            owner[p], piece[p] = who, pc
    for p, on in zip(hexes, was, strict=True):
        if on:
            volcanoes.add(p)
        else:
            volcanoes.discard(p)


# ------------------------------------------------------------------------ builds after a placement


def _space(board: Board, p: int) -> int:
    """Empty landscape hexes next to ``p``: a found's room."""
    level, owner, volcanoes = board.level, board.owner, board.volcanoes
    return sum(
        1
        for n in (p + D0, p + D1, p + D2, p + D3, p + D4, p + D5)
        if n in level and n not in owner and n not in volcanoes
    )


def _touches(owner: dict[int, int], p: int, seat: int) -> bool:
    get = owner.get
    return (
        get(p + D0) == seat
        or get(p + D1) == seat
        or get(p + D2) == seat
        or get(p + D3) == seat
        or get(p + D4) == seat
        or get(p + D5) == seat
    )


class TurnBuilds:
    """The mover's candidate builds after each placement of one turn (see the module
    docstring): equal to :func:`candidate_builds` after the same placement."""

    __slots__ = ("mover", "founds", "isolated", "sites")

    def __init__(self, game: Game, founds: int) -> None:
        """``game`` at its place step; ``founds``: how many founds a placement keeps."""
        self.mover = game.current
        self.founds = founds
        self.isolated = game.options.found == "isolated"
        board = game.board
        level, owner, volcanoes = board.level, board.owner, board.volcanoes
        mover, isolated = self.mover, self.isolated
        # Every free level-1 landscape hex where the mover may found, most room first:
        # (-room, hex). A placement changes that only on and next to its tile.
        self.sites = sorted(
            (-_space(board, p), p)
            for p, lv in level.items()
            if lv == 1
            and p not in owner
            and p not in volcanoes
            and not (isolated and _touches(owner, p, mover))
        )

    def after(
        self,
        board: Board,
        groups: Sequence[Group],
        stock: Sequence[int],
        near: AbstractSet[int],
    ) -> list[Build]:
        """The builds after a placement laid on ``board``, whose hexes and their neighbours are
        ``near``: from the mover's settlements ``groups`` and ``stock``. Empty: the placement
        leaves no build (R-ELIM-1)."""
        huts, temples, towers = stock
        level, terrain = board.level, board.terrain
        builds: set[Build] = set()
        for g in groups:
            border = g.border
            if not border:
                continue
            if temples and not g.temple and g.size >= 3:
                for n in border:
                    builds.add(_make(Build, (TEMPLE, ((n, 1),))))
            if towers and not g.tower and g.top >= 3:
                for n in border:
                    if level[n] >= 3:
                        builds.add(_make(Build, (TOWER, ((n, 1),))))
            if huts:
                by_terrain: dict[int, list[tuple[int, int]]] = {}
                for n in border:
                    t = terrain[n]
                    if t in by_terrain:
                        by_terrain[t].append((n, level[n]))
                    else:
                        by_terrain[t] = [(n, level[n])]
                for cells in by_terrain.values():
                    if len(cells) == 1:
                        count = cells[0][1]
                        if count > huts or (count == 1 and not self.isolated):
                            continue  # too many; or also a found, ranked with them
                    elif sum(c for _, c in cells) > huts:
                        continue
                    else:
                        cells.sort()
                    builds.add(_make(Build, (HUT, tuple(cells))))
        if huts and self.founds:
            builds.update(_make(Build, (HUT, ((p, 1),))) for p in self._founds(board, near))
        return sorted(builds)

    def _founds(self, board: Board, near: AbstractSet[int]) -> list[int]:
        """The ``founds`` free level-1 hexes with the most room where the mover may found."""
        level, owner, volcanoes = board.level, board.owner, board.volcanoes
        mover, isolated, k = self.mover, self.isolated, self.founds
        ranked: list[tuple[int, int]] = []
        for p in near:  # their room (or whether they are free) may have changed
            free = level.get(p) == 1 and p not in owner and p not in volcanoes
            if free and not (isolated and _touches(owner, p, mover)):
                ranked.append((-_space(board, p), p))
        taken = 0
        for site in self.sites:
            if site[1] in near:
                continue
            ranked.append(site)
            taken += 1
            if taken == k:
                break
        ranked.sort()
        return [p for _, p in ranked[:k]]
