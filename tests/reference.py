"""An independent, deliberately naive reading of RULES.md, to check the engine against.

Nothing here imports the engine's board or game logic: positions are plain ``(q, r)`` tuples,
the geometry is derived from the clock notation of RULES.md (R-MAT-3: with the landscapes
toward 6 o'clock the first lies lower-left, the second lower-right), and every legality
question is answered from scratch by brute force. It is slow and obvious on purpose; the
property tests replay random games in both and compare every legal move and every result.

>>> sorted(tile_cells((0, 0), 6))
[(-1, 1), (0, 0), (0, 1)]
>>> tile_cells((0, 0), 6)
((0, 0), (-1, 1), (0, 1))
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Neighbours of a pointy-top hex by the clock hour they lie at (axial q east, r south-east).
HOUR_STEP = {3: (1, 0), 5: (0, 1), 7: (-1, 1), 9: (-1, 0), 11: (0, -1), 1: (1, -1)}
STEPS = tuple(HOUR_STEP.values())
CLOCKS = (2, 4, 6, 8, 10, 12)
VOLCANO = "V"
HUTS, TEMPLES, TOWERS = 0, 1, 2
KIND = ("hut", "temple", "tower")

Pos = tuple[int, int]


def add(p: Pos, d: Pos) -> Pos:
    return p[0] + d[0], p[1] + d[1]


def around(p: Pos) -> list[Pos]:
    q, r = p
    return [(q + dq, r + dr) for dq, dr in STEPS]


def _landscape_steps(clock: int) -> tuple[Pos, Pos]:
    """Where the (first, second) landscape lie from the volcano, for landscapes toward
    ``clock``: the first one hour clockwise of it, the second one hour counter-clockwise (at 6:
    first at 7 o'clock = lower-left, second at 5 o'clock = lower-right)."""
    return HOUR_STEP[(clock + 1) % 12 or 12], HOUR_STEP[(clock - 1) % 12 or 12]


LANDSCAPE_STEPS = {clock: _landscape_steps(clock) for clock in CLOCKS}


def tile_cells(volcano: Pos, clock: int) -> tuple[Pos, Pos, Pos]:
    """(volcano, first, second) positions of a tile with its landscapes toward ``clock``."""
    (fq, fr), (sq, sr) = LANDSCAPE_STEPS[clock]
    q, r = volcano
    return volcano, (q + fq, r + fr), (q + sq, r + sr)


@dataclass
class RefBoard:
    stacks: dict[Pos, list[tuple[str, int]]] = field(default_factory=dict)  # (terrain, tile no)
    buildings: dict[Pos, tuple[int, str, int]] = field(default_factory=dict)  # owner, kind, n
    tiles: int = 0

    def level(self, p: Pos) -> int:
        return len(self.stacks.get(p, ()))

    def top(self, p: Pos) -> tuple[str, int] | None:
        s = self.stacks.get(p)
        return s[-1] if s else None

    def is_empty(self, p: Pos) -> bool:
        top = self.top(p)
        return top is not None and top[0] != VOLCANO and p not in self.buildings

    def settlements(self, owner: int | None = None) -> list[tuple[int, frozenset[Pos]]]:
        """(owner, hexes) of every settlement: edge-connected buildings of one colour."""
        seen: set[Pos] = set()
        result = []
        for start, (who, _, _) in sorted(self.buildings.items()):
            if start in seen or (owner is not None and who != owner):
                continue
            group = {start}
            todo = [start]
            while todo:
                p = todo.pop()
                for n in around(p):
                    b = self.buildings.get(n)
                    if b and b[0] == who and n not in group:
                        group.add(n)
                        todo.append(n)
            seen |= group
            result.append((who, frozenset(group)))
        return result

    # ------------------------------------------------------------------------- placing

    def placement_ok(self, volcano: Pos, clock: int, groups: list | None = None) -> bool:
        """Whether the tile may lie there; ``groups`` are :meth:`settlements` if known."""
        cells = tile_cells(volcano, clock)
        if not self.stacks:
            return volcano == (0, 0)  # R-TILE-1, as the project reads "the origin"
        levels = [self.level(p) for p in cells]
        if levels == [0, 0, 0]:  # R-TILE-2
            return any(self.level(n) for p in cells for n in around(p))
        if len(set(levels)) != 1:  # R-TILE-3c (a gap)
            return False
        tops = [self.top(p) for p in cells]
        if tops[0][0] != VOLCANO:  # R-TILE-3a
            return False
        if len({t[1] for t in tops}) == 1:  # R-TILE-3b
            return False
        for p in cells:  # R-TILE-3f
            b = self.buildings.get(p)
            if b and b[1] != "hut":
                return False
        covered = set(cells)
        if groups is None:
            groups = self.settlements()
        return all(not group <= covered for _, group in groups)  # R-TILE-3g

    def legal_placements(self) -> set[tuple[Pos, int]]:
        """Every legal (volcano, clock). Only two families can be legal at all, so only they
        are tried: an eruption has its volcano on a volcano hex (R-TILE-3a); a tile on the
        table covers a free position next to the landscape, so its volcano is that position
        or one of its neighbours (R-TILE-2)."""
        if not self.stacks:
            return {((0, 0), c) for c in CLOCKS}
        groups = self.settlements()
        volcanoes = [p for p, stack in self.stacks.items() if stack[-1][0] == VOLCANO]
        result = {(v, c) for v in volcanoes for c in CLOCKS if self.placement_ok(v, c, groups)}
        covered = self.stacks
        free_edge = {n for p in covered for n in around(p) if n not in covered}
        for v in {n for f in free_edge for n in (f, *around(f))}:
            if v in covered:
                continue
            q, r = v
            for c, ((fq, fr), (sq, sr)) in LANDSCAPE_STEPS.items():  # tile_cells, inlined
                first, second = (q + fq, r + fr), (q + sq, r + sr)
                if first in covered or second in covered:
                    continue
                if v in free_edge or first in free_edge or second in free_edge:
                    result.add((v, c))
        return result

    def place(self, volcano: Pos, clock: int, tile: tuple[str, str]) -> list[tuple]:
        """Put the tile down; returns the huts it covered as (owner, count)."""
        v, a, b = tile_cells(volcano, clock)
        covered = []
        for p, t in ((v, VOLCANO), (a, tile[0]), (b, tile[1])):
            self.stacks.setdefault(p, []).append((t, self.tiles))
            old = self.buildings.pop(p, None)
            if old:
                covered.append(old)
        self.tiles += 1
        return covered

    # ------------------------------------------------------------------------ building

    def legal_builds(
        self, seat: int, stock: list[int], isolated: bool
    ) -> set[tuple[str, frozenset[tuple[Pos, int]]]]:
        """Each legal build as (kind, {(hex, pieces)}): same pieces on same hexes = one move."""
        huts, temples, towers = stock
        result = set()
        mine = self.settlements(seat)
        near_mine = {n for _, g in mine for p in g for n in around(p)}
        if huts >= 1:  # R-BUILD-1
            for p in self.stacks:
                if self.is_empty(p) and self.level(p) == 1 and not (isolated and p in near_mine):
                    result.add(("hut", frozenset({(p, 1)})))
        for _, group in mine:
            border = {n for p in group for n in around(p) if self.is_empty(n)}
            kinds = [self.buildings[p][1] for p in group]
            for landscape in "JCSRL":  # R-BUILD-2
                cells = frozenset((n, self.level(n)) for n in border if self.top(n)[0] == landscape)
                if cells and sum(c for _, c in cells) <= huts:
                    result.add(("hut", cells))
            if temples and len(group) >= 3 and "temple" not in kinds:  # R-BUILD-3
                result.update(("temple", frozenset({(n, 1)})) for n in border)
            if towers and "tower" not in kinds:  # R-BUILD-4
                result.update(("tower", frozenset({(n, 1)})) for n in border if self.level(n) >= 3)
        return result

    def build(self, seat: int, kind: str, cells: frozenset[tuple[Pos, int]]) -> None:
        for p, n in cells:
            assert self.is_empty(p), p
            self.buildings[p] = (seat, kind, n)


@dataclass
class RefGame:
    """Turn order, stocks, elimination and the end, read straight from RULES.md."""

    players: int
    tile_count: int
    isolated: bool = True
    rank: bool = False
    teams: bool = False
    board: RefBoard = field(default_factory=RefBoard)
    stock: list[list[int]] = field(default_factory=list)
    covered: list[int] = field(default_factory=list)  # huts covered by eruptions, per seat
    status: list[str] = field(default_factory=list)
    order_out: list[int] = field(default_factory=list)  # seats in the order they left
    current: int = 0
    drawn: int = 0
    tile: tuple[str, str] | None = None
    over: bool = False
    reason: str | None = None
    places: list[int] | None = None

    def __post_init__(self) -> None:
        self.stock = [[20, 3, 2] for _ in range(self.players)]
        self.covered = [0] * self.players
        self.status = ["in"] * self.players

    def draw(self, tile: tuple[str, str]) -> None:
        assert not self.over and self.tile is None
        self.tile = tile
        self.drawn += 1

    def builds(self) -> set:
        return self.board.legal_builds(self.current, self.stock[self.current], self.isolated)

    def place(self, volcano: Pos, clock: int) -> None:
        assert self.tile is not None and self.board.placement_ok(volcano, clock)
        for owner, _, n in self.board.place(volcano, clock, self.tile):
            self.covered[owner] += n
        self.tile = None
        if not self.builds():  # R-ELIM-1
            self.status[self.current] = "eliminated"
            self.order_out.append(self.current)
            self._end_of_turn()

    def build(self, kind: str, cells: frozenset) -> None:
        assert (kind, cells) in self.builds()
        self.board.build(self.current, kind, cells)
        i = KIND.index(kind)
        self.stock[self.current][i] -= sum(n for _, n in cells) if kind == "hut" else 1
        self._end_of_turn()

    def done_kinds(self, seat: int) -> int:
        return sum(1 for n in self.stock[seat] if n == 0)

    def built(self, seat: int) -> tuple[int, int, int]:
        """R-END-2's order: temples, towers, huts built (covered huts included)."""
        huts, temples, towers = self.stock[seat]
        return 3 - temples, 2 - towers, 20 - huts

    def _end_of_turn(self) -> None:
        seat = self.current
        in_game = [s for s in range(self.players) if self.status[s] == "in"]
        if self.status[seat] == "in":
            if self.teams:
                partner = (seat + 2) % 4
                early = self.status[partner] == "in" and (
                    (self.done_kinds(seat) >= 2 and self.done_kinds(partner) >= 1)
                    or (self.done_kinds(seat) >= 1 and self.done_kinds(partner) >= 2)
                )
            else:
                early = self.done_kinds(seat) >= 2
            if early and not self.rank:  # R-END-1 / O-TEAMS
                return self._finish("early-victory", winner=seat)
            if early:  # O-RANK: best free place, and out of the game
                self.status[seat] = "finished"
                self.order_out.append(seat)
                in_game.remove(seat)
        if self.drawn == self.tile_count:  # R-END-2
            return self._finish("last-tile")
        if len(in_game) <= 1:  # R-ELIM-2
            return self._finish("last-player-standing")
        if self.teams and len({s % 2 for s in in_game}) == 1:
            return self._finish("last-team-standing")
        nxt = (seat + 1) % self.players
        while self.status[nxt] != "in":
            nxt = (nxt + 1) % self.players
        self.current = nxt

    def _finish(self, reason: str, winner: int | None = None) -> None:
        self.over = True
        self.reason = reason
        n = self.players
        if self.teams:
            self.places = self._team_places(winner)
            return
        places = [0] * n
        if winner is not None:  # early victory: the winner first, the rest as at the end
            places[winner] = 1
        finished = [s for s in self.order_out if self.status[s] == "finished"]
        for i, s in enumerate(finished):
            places[s] = i + 1
        best = len(finished) + (winner is not None) + 1
        left = [s for s in range(n) if self.status[s] == "in" and s != winner]
        for s in left:  # R-END-2: shared places for equal scores
            places[s] = best + sum(1 for o in left if self.built(o) > self.built(s))
        eliminated = [s for s in self.order_out if self.status[s] == "eliminated"]
        for i, s in enumerate(eliminated):  # first eliminated takes the last place
            places[s] = n - i
        self.places = places

    def _team_places(self, winner: int | None) -> list[int]:
        if winner is not None and self.reason == "early-victory":
            team = winner % 2
        elif (
            self.reason == "last-team-standing"
            or all(self.status[s] == "eliminated" for s in (0, 2))
            or all(self.status[s] == "eliminated" for s in (1, 3))
        ):
            alive = [s for s in range(4) if self.status[s] != "eliminated"]
            team = alive[0] % 2
        else:
            totals = []
            for t in (0, 1):
                members = [s for s in (t, t + 2) if self.status[s] != "eliminated"]
                totals.append(tuple(sum(self.built(s)[i] for s in members) for i in range(3)))
            if totals[0] == totals[1]:
                return [1, 1, 1, 1]
            team = 0 if totals[0] > totals[1] else 1
        return [1 if s % 2 == team else 2 for s in range(4)]
