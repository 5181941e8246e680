"""The island: stacks of hexes, buildings on top, and the geometry of placing and building.

Everything is keyed by packed positions (:mod:`taluva.rules.hexgrid`) in plain dicts, so that
copying
a board for search is a handful of C-level dict copies. Only the top of each stack matters for
the rules; the full stacks are kept for display in :attr:`Board.stacks`.

This module knows the board rules (R-TILE, R-BUILD) but nothing of turns, players' stocks or
the end of the game: that is :mod:`taluva.rules.game`.
"""

from __future__ import annotations

from random import Random

from taluva.rules.hexgrid import DIRECTIONS, ORIGIN, tile_hexes
from taluva.rules.moves import HUT, TEMPLE, TOWER, Build, Placement
from taluva.rules.reasons import Reason, reason
from taluva.rules.tiles import VOLCANO, Tile

E, SE, SW, W, NW, NE = DIRECTIONS

# Buildings: piece[pos] is the hut count (> 0), or one of these for the single big pieces.
TEMPLE_MARK = -1
TOWER_MARK = -2


def _triangle_placements() -> tuple[tuple[tuple[int, int], ...], ...]:
    """For the two triangle shapes anchored at a position, the (volcano offset, orientation)
    of the three placements that cover exactly that triangle, whatever the tile's chirality."""
    shapes = ((0, E, SE), (0, E, NE))
    result = []
    for shape in shapes:
        members = {ORIGIN + off for off in shape}
        result.append(
            tuple(
                (off, k)
                for off in shape
                for k in range(6)
                if set(tile_hexes(ORIGIN + off, k)) == members
            )
        )
    return tuple(result)


TRIANGLES = _triangle_placements()
# Anchor offsets of the six triangles that contain a given position: (shape, offset to anchor).
_CONTAINING = tuple(
    (shape, -off) for shape, placements in enumerate(TRIANGLES) for off, _ in placements
)
_SHAPE_OFFSETS = ((E, SE), (E, NE))
# (first offset, second offset, orientation) around a volcano.
_ORIENTED_PAIRS = tuple((DIRECTIONS[(k + 1) % 6], DIRECTIONS[k], k) for k in range(6))


class Board:
    """Stacks of hexes and the buildings on them."""

    __slots__ = (
        "level",
        "terrain",
        "tile",
        "owner",
        "piece",
        "volcanoes",
        "frontier",
        "tri_list",
        "tri_index",
        "placements",
    )

    def __init__(self) -> None:
        self.level: dict[int, int] = {}  # stack height of every covered position
        self.terrain: dict[int, int] = {}  # terrain of the top hex
        self.tile: dict[int, int] = {}  # id (placement index) of the top hex's tile
        self.owner: dict[int, int] = {}  # seat owning the building on the top hex
        self.piece: dict[int, int] = {}  # hut count, TEMPLE_MARK or TOWER_MARK
        self.volcanoes: set[int] = set()  # positions whose top hex is a volcano
        self.frontier: set[int] = set()  # empty positions sharing an edge with the landscape
        # Open triangles: three empty positions, one of them on the frontier, i.e. where a tile
        # may lie on the table (R-TILE-2). Key anchor * 2 + shape; kept as an indexable set so
        # that a uniformly random placement costs O(1).
        self.tri_list: list[int] = []
        self.tri_index: dict[int, int] = {}
        self.placements: list[tuple[int, int, int, Tile]] = []  # (volcano, k, level, tile)

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.level = self.level.copy()
        other.terrain = self.terrain.copy()
        other.tile = self.tile.copy()
        other.owner = self.owner.copy()
        other.piece = self.piece.copy()
        other.volcanoes = self.volcanoes.copy()
        other.frontier = self.frontier.copy()
        other.tri_list = self.tri_list.copy()
        other.tri_index = self.tri_index.copy()
        other.placements = self.placements.copy()
        return other

    # ----------------------------------------------------------------- tile placement (R-TILE)

    def placement_error(self, move: Placement) -> Reason | None:
        """Why the tile may not go there, or None if it may (R-TILE-1..3)."""
        v, a, b = tile_hexes(move.volcano, move.orientation)
        level = self.level
        if not level:
            if v != ORIGIN:
                return reason("tile-first-origin")
            return None
        lv, la, lb = level.get(v, 0), level.get(a, 0), level.get(b, 0)
        if lv == la == lb == 0:
            frontier = self.frontier
            if v in frontier or a in frontier or b in frontier:
                return None
            return reason("tile-not-touching")
        if not (lv and la and lb):
            return reason("tile-gap")
        if self.terrain[v] != VOLCANO:
            return reason("tile-volcano-on-volcano")
        if not lv == la == lb:
            return reason("tile-uneven-levels", volcanoLevel=lv, firstLevel=la, secondLevel=lb)
        tile = self.tile
        if tile[v] == tile[a] == tile[b]:
            return reason("tile-same-direction")
        piece = self.piece
        for p in (a, b):
            if piece.get(p, 0) < 0:
                name = "temple" if piece[p] == TEMPLE_MARK else "tower"
                return reason("tile-covers-piece", piece=name)
        if self._covers_whole_settlement(a, b):
            return reason("tile-covers-settlement")
        return None

    def _covers_whole_settlement(self, a: int, b: int) -> bool:
        """True if a settlement lies wholly on positions a and b (R-TILE-3g).

        Only landscape positions can carry buildings, and a and b share an edge, so a covered
        settlement has one or two hexes; it survives if either covered hex has a same-owner
        neighbour outside {a, b}.
        """
        owner = self.owner
        for p in (a, b):
            who = owner.get(p)
            if who is None:
                continue
            survives = False
            for q in (a, b):
                if owner.get(q) != who:
                    continue
                for d in DIRECTIONS:
                    n = q + d
                    if n != a and n != b and owner.get(n) == who:
                        survives = True
                        break
                if survives:
                    break
            if not survives:
                return True
        return False

    def legal_placements(self) -> list[Placement]:
        """Every legal placement of a tile (R-TILE): each (volcano hex, orientation) once."""
        if not self.level:
            return [Placement(ORIGIN, k) for k in range(6)]
        result = self._table_placements()
        result.extend(self._eruption_placements())
        return result

    def _table_placements(self) -> list[Placement]:
        make = tuple.__new__
        return [
            make(Placement, ((key >> 1) + off, k))
            for key in self.tri_list
            for off, k in TRIANGLES[key & 1]
        ]

    def random_placement(self, rng: Random) -> Placement:
        """A uniformly random legal placement, without listing them all.

        Every legal placement is one slot: three per open triangle, six per volcano hex.
        A slot drawn at random is kept if legal and drawn again if not (rejection sampling),
        which keeps the choice uniform; a table slot is always legal.
        """
        if not self.level:
            return Placement(ORIGIN, rng.randrange(6))
        tri_list = self.tri_list
        volcanoes = sorted(self.volcanoes)  # a set's order may depend on its history
        n_table = 3 * len(tri_list)
        total = n_table + 6 * len(volcanoes)
        while True:
            i = rng.randrange(total)
            if i < n_table:
                key = tri_list[i // 3]
                off, k = TRIANGLES[key & 1][i % 3]
                return Placement((key >> 1) + off, k)
            v, k = divmod(i - n_table, 6)
            move = Placement(volcanoes[v], k)
            if self.placement_error(move) is None:
                return move

    def _tri_add(self, key: int) -> None:
        self.tri_index[key] = len(self.tri_list)
        self.tri_list.append(key)

    def _tri_remove(self, key: int) -> int:
        """Swap-remove ``key``; returns its index so that :meth:`_tri_restore` can undo it."""
        i = self.tri_index.pop(key)
        last = self.tri_list.pop()
        if last != key:
            self.tri_list[i] = last
            self.tri_index[last] = i
        return i

    def _tri_restore(self, key: int, i: int) -> None:
        """Exactly undo ``_tri_remove(key)`` that returned ``i`` (done in reverse order)."""
        tri_list, tri_index = self.tri_list, self.tri_index
        if i < len(tri_list):
            moved = tri_list[i]
            tri_index[moved] = len(tri_list)
            tri_list.append(moved)
            tri_list[i] = key
        else:
            tri_list.append(key)
        tri_index[key] = i

    def _eruption_placements(self) -> list[Placement]:
        level, tile, piece = self.level, self.tile, self.piece
        get_level, get_piece = level.get, piece.get
        make = tuple.__new__
        result: list[Placement] = []
        for v in self.volcanoes:
            lv = level[v]
            tv = tile[v]
            for a_off, b_off, k in _ORIENTED_PAIRS:
                a = v + a_off
                b = v + b_off
                if get_level(a) != lv or get_level(b) != lv:
                    continue
                if tile[a] == tv and tile[b] == tv:
                    continue
                if a in piece or b in piece:
                    if get_piece(a, 0) < 0 or get_piece(b, 0) < 0:
                        continue
                    if self._covers_whole_settlement(a, b):
                        continue
                result.append(make(Placement, (v, k)))
        return result

    def open_volcanoes(self) -> list[int]:
        """Volcano hexes some tile could erupt onto now (for the page to mark)."""
        return sorted({p.volcano for p in self._eruption_placements()})

    def cover(self, hexes: tuple[int, int, int], tile: Tile, new_level: int) -> None:
        """Lay a tile's landscapes on ``hexes`` (volcano first) at ``new_level``: what stood there
        goes, and the volcano moves to the first hex. Levels, landscapes, buildings and volcanoes
        only: :meth:`place` keeps the rest, and the AI's light ``lay`` needs no more."""
        level, terrain, owner, piece = self.level, self.terrain, self.owner, self.piece
        v, a, b = hexes
        for p, t in ((v, VOLCANO), (a, tile[0]), (b, tile[1])):
            level[p] = new_level
            terrain[p] = t
            if p in owner:
                del owner[p]
                del piece[p]
        self.volcanoes.discard(a)
        self.volcanoes.discard(b)
        self.volcanoes.add(v)

    def place(self, move: Placement, tile: Tile) -> tuple:
        """Put a tile down without checking; returns what :meth:`unplace` needs."""
        hexes = tile_hexes(move.volcano, move.orientation)
        v = hexes[0]
        level, terrain, tile_of = self.level, self.terrain, self.tile
        owner, piece = self.owner, self.piece
        before = tuple(
            (p, level.get(p), terrain.get(p), tile_of.get(p), owner.get(p), piece.get(p))
            for p in hexes
        )
        new_level = level.get(v, 0) + 1
        tile_id = len(self.placements)
        self.placements.append((v, move.orientation, new_level, tile))
        self.cover(hexes, tile, new_level)
        for p in hexes:
            tile_of[p] = tile_id
        added: list[int] = []
        removed: list[int] = []
        tris_gone: list[tuple[int, int]] = []
        tris_new: list[int] = []
        if new_level == 1:
            frontier, tri_index = self.frontier, self.tri_index
            for p in hexes:
                if p in frontier:
                    frontier.discard(p)
                    removed.append(p)
                for shape, to_anchor in _CONTAINING:
                    key = (p + to_anchor) * 2 + shape
                    if key in tri_index:
                        tris_gone.append((key, self._tri_remove(key)))
            for p in hexes:
                for d in DIRECTIONS:
                    n = p + d
                    if n not in level and n not in frontier:
                        frontier.add(n)
                        added.append(n)
            for n in added:
                for shape, to_anchor in _CONTAINING:
                    anchor = n + to_anchor
                    key = anchor * 2 + shape
                    if key in tri_index:
                        continue
                    o1, o2 = _SHAPE_OFFSETS[shape]
                    if anchor in level or anchor + o1 in level or anchor + o2 in level:
                        continue
                    self._tri_add(key)
                    tris_new.append(key)
        return before, added, removed, tris_gone, tris_new

    def unplace(self, undo: tuple) -> None:
        """Take back the last :meth:`place`."""
        before, added, removed, tris_gone, tris_new = undo
        for key in reversed(tris_new):
            self._tri_remove(key)
        for key, i in reversed(tris_gone):
            self._tri_restore(key, i)
        self.placements.pop()
        level, terrain, tile_of = self.level, self.terrain, self.tile
        owner, piece, volcanoes = self.owner, self.piece, self.volcanoes
        frontier = self.frontier
        frontier.difference_update(added)
        for p, lv, t, tid, who, pc in before:
            volcanoes.discard(p)
            if lv is None:
                del level[p], terrain[p], tile_of[p]
                continue
            level[p], terrain[p], tile_of[p] = lv, t, tid
            if t == VOLCANO:
                volcanoes.add(p)
            if who is not None:
                owner[p], piece[p] = who, pc
        frontier.update(removed)

    # --------------------------------------------------------------------- building (R-BUILD)

    def settlements(self, player: int) -> list[list[int]]:
        """The player's settlements (R-SET): edge-connected groups of their buildings."""
        owner = self.owner
        seen: set[int] = set()
        groups: list[list[int]] = []
        # Sorted: uncovering a hut (pop) re-inserts it into the dict at another place.
        for start in sorted(owner):
            if owner[start] != player or start in seen:
                continue
            seen.add(start)
            group = [start]
            i = 0
            while i < len(group):
                p = group[i]
                i += 1
                for d in DIRECTIONS:
                    n = p + d
                    if n not in seen and owner.get(n) == player:
                        seen.add(n)
                        group.append(n)
            groups.append(group)
        return groups

    def build_options(
        self, player: int, huts: int, temples: int, towers: int, isolated_found: bool
    ) -> dict[Build, tuple[str, int, int]]:
        """Every legal build for ``player`` with that stock (R-BUILD-1..6), each effect once.

        Maps each build to how it can be made: ("found", -1, -1), ("expand", settlement
        anchor, terrain), ("temple", anchor, -1) or ("tower", anchor, -1); when two actions
        have the same effect the first one found is kept.
        """
        level, terrain, owner, piece = self.level, self.terrain, self.owner, self.piece
        options: dict[Build, tuple[str, int, int]] = {}
        expansions: list[tuple[Build, int, int]] = []
        near_own: set[int] = set()  # empty hexes sharing an edge with one of the settlements
        for group in self.settlements(player):
            anchor = min(group)
            has_temple = has_tower = False
            for p in group:
                pc = piece[p]
                if pc == TEMPLE_MARK:
                    has_temple = True
                elif pc == TOWER_MARK:
                    has_tower = True
            border: set[int] = set()
            for p in group:
                for d in DIRECTIONS:
                    n = p + d
                    if n in level and n not in owner:
                        border.add(n)
            near_own |= border
            temple_ok = temples and not has_temple and len(group) >= 3
            tower_ok = towers and not has_tower
            by_terrain: dict[int, list[tuple[int, int]]] = {}
            for n in border:
                t = terrain[n]
                if t == VOLCANO:
                    continue
                lv = level[n]
                if t in by_terrain:
                    by_terrain[t].append((n, lv))
                else:
                    by_terrain[t] = [(n, lv)]
                if temple_ok:
                    options.setdefault(Build(TEMPLE, ((n, 1),)), ("temple", anchor, -1))
                if tower_ok and lv >= 3:
                    options.setdefault(Build(TOWER, ((n, 1),)), ("tower", anchor, -1))
            if huts:
                for t, cells in by_terrain.items():
                    if sum(c for _, c in cells) <= huts:
                        cells.sort()
                        expansions.append((Build(HUT, tuple(cells)), anchor, t))
        if huts:
            for p, lv in level.items():
                if lv == 1 and p not in owner and terrain[p] != VOLCANO:
                    if isolated_found and p in near_own:
                        continue
                    options[Build(HUT, ((p, 1),))] = ("found", -1, -1)
            for build, anchor, t in expansions:
                options.setdefault(build, ("expand", anchor, t))
        return options

    def found_sites(self, player: int, isolated_found: bool, limit: int) -> list[int]:
        """Up to ``limit`` hexes where ``player`` could found a settlement given a hut
        (R-BUILD-1; with ``isolated_found``, none next to one of their buildings)."""
        level, terrain, owner = self.level, self.terrain, self.owner
        sites: list[int] = []
        for p, lv in level.items():
            if lv != 1 or p in owner or terrain[p] == VOLCANO:
                continue
            if isolated_found and any(owner.get(p + d) == player for d in DIRECTIONS):
                continue
            sites.append(p)
            if len(sites) >= limit:
                break
        return sites

    def build(self, move: Build, player: int) -> None:
        """Put the pieces down without checking."""
        mark = (0, TEMPLE_MARK, TOWER_MARK)[move.piece]
        for p, count in move.cells:
            self.owner[p] = player
            self.piece[p] = count if move.piece == HUT else mark

    def unbuild(self, move: Build) -> None:
        for p, _ in move.cells:
            del self.owner[p], self.piece[p]

    # ------------------------------------------------------------------------------ display

    def stacks(self) -> dict[int, list[tuple[int, int]]]:
        """Every position's stack from the bottom up: (terrain, tile id) per level."""
        stacks: dict[int, list[tuple[int, int]]] = {}
        for tile_id, (v, k, _, tile) in enumerate(self.placements):
            _, a, b = tile_hexes(v, k)
            for p, t in ((v, VOLCANO), (a, tile[0]), (b, tile[1])):
                stacks.setdefault(p, []).append((t, tile_id))
        return stacks
