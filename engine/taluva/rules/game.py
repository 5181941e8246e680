"""A game of Taluva: turns, the tile draw as a chance step, stocks, elimination and the end.

A turn is three steps: ``draw`` (chance: the top tile of the seeded deck, or one the caller
names), ``place`` (R-TILE) and ``build`` (R-BUILD). :meth:`Game.play` checks a move and names
the broken rule; :meth:`Game.push`/:meth:`Game.pop` and :meth:`Game.copy` are the cheap,
unchecked paths for search.

>>> from taluva.rules.moves import format_move, parse_move
>>> from taluva.rules.tiles import tile_from_code
>>> game = Game(Options(players=2), seed=7)
>>> game.draw(tile_from_code('JC'))
>>> game.phase, game.tile_code
('place', 'JC')
>>> len(game.legal_moves())
6
>>> game.play(parse_move('0,0/6'))
>>> [format_move(m) for m in game.legal_moves()]
['hut -1,1', 'hut 0,1']
>>> game.play(parse_move('tower 0,1'))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
taluva.rules.errors.IllegalMoveError: R-BUILD-4: a tower goes on level 3 or higher; 0,1 is on ...
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from taluva.rules.board import TEMPLE_MARK, TOWER_MARK, Board
from taluva.rules.errors import IllegalMoveError
from taluva.rules.hexgrid import DIRECTIONS, format_pos
from taluva.rules.moves import HUT, PIECE_NAMES, TEMPLE, TOWER, Build, Move, Placement
from taluva.rules.options import Options
from taluva.rules.reasons import Reason, reason
from taluva.rules.result import (
    EARLY_VICTORY,
    LAST_STANDING,
    LAST_TEAM,
    LAST_TILE,
    Result,
    Score,
    player_result,
    team_result,
)
from taluva.rules.tiles import (
    FULL_SET,
    TERRAIN_NAMES,
    TILE_COUNTS,
    TILE_KINDS,
    VOLCANO,
    Tile,
    tile_code,
)

DRAW, PLACE, BUILD, OVER = "draw", "place", "build", "over"
PLAYING, ELIMINATED, FINISHED = "playing", "eliminated", "finished"
STOCK = (20, 3, 2)  # huts, temples, towers per player (R-MAT-1)
_KIND_INDEX = {kind: i for i, kind in enumerate(TILE_KINDS)}


class Turn:
    """One turn of the record: who, which tile was drawn, where it went, what was built."""

    __slots__ = ("seat", "tile", "placement", "build", "covered", "how")

    def __init__(self, seat: int, tile: Tile) -> None:
        self.seat = seat
        self.tile = tile
        self.placement: Placement | None = None
        self.build: Build | None = None
        # Huts the placement buried (R-TILE-3d): (position, owner, count).
        self.covered: tuple[tuple[int, int, int], ...] = ()
        # How the build was made, as the build step saw it (Board.build_options): (kind,
        # settlement anchor, terrain), so that a log can say "expanded onto jungle" later.
        self.how: tuple[str, int, int] | None = None

    def copy(self) -> Turn:
        other = Turn(self.seat, self.tile)
        other.placement, other.build, other.covered = self.placement, self.build, self.covered
        other.how = self.how
        return other


class Game:
    """The whole state of one game; its history (:attr:`turns`) is its serialisation."""

    def __init__(self, options: Options | None = None, seed: int | None = None) -> None:
        self.options = options or Options()
        self.seed = random.randrange(2**32) if seed is None else seed
        deck = [_KIND_INDEX[t] for t in FULL_SET]
        random.Random(self.seed).shuffle(deck)
        # The seeded RNG lives in the state as the deck order: deck[drawn:] is the unseen pile.
        self.deck = deck
        self.drawn = 0
        self.tile_count = self.options.tile_count
        self.board = Board()
        n = self.options.players
        self.stock = [list(STOCK) for _ in range(n)]
        self.status = [PLAYING] * n
        self.left: list[int] = []  # seats in the order they left the game
        self.current = 0  # R-SETUP-2: seat 0 begins, play goes in seat order
        self.phase = DRAW
        self.tile: Tile | None = None
        self.result: Result | None = None
        self.turns: list[Turn] = []
        self._undo: list[tuple] = []
        self._builds: dict[Build, tuple[str, int, int]] | None = None

    # ------------------------------------------------------------------------- inspection

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def tiles_left(self) -> int:
        """Tiles still to be drawn (the drawn tile not included)."""
        return self.tile_count - self.drawn

    @property
    def tile_code(self) -> str | None:
        return tile_code(self.tile) if self.tile else None

    def unseen(self) -> dict[Tile, int]:
        """How many tiles of each kind nobody has seen yet (what a player may know)."""
        counts = dict.fromkeys(TILE_KINDS, 0)
        for k in self.deck[self.drawn :]:
            counts[TILE_KINDS[k]] += 1
        return {t: c for t, c in counts.items() if c}

    def score(self, seat: int) -> Score:
        """Buildings placed so far: temples, towers, huts (covered huts count, R-END-2)."""
        huts, temples, towers = self.stock[seat]
        return (STOCK[1] - temples, STOCK[2] - towers, STOCK[0] - huts)

    def copy(self) -> Game:
        """An independent copy, cheap enough for search; the undo stack is not copied."""
        other = Game.__new__(Game)
        other.options = self.options
        other.seed = self.seed
        other.deck = self.deck.copy()
        other.drawn = self.drawn
        other.tile_count = self.tile_count
        other.board = self.board.copy()
        other.stock = [s.copy() for s in self.stock]
        other.status = self.status.copy()
        other.left = self.left.copy()
        other.current = self.current
        other.phase = self.phase
        other.tile = self.tile
        other.result = self.result
        other.turns = [t.copy() for t in self.turns]
        other._undo = []
        other._builds = self._builds
        return other

    # ---------------------------------------------------------------------- the chance step

    def draw(self, tile: Tile | None = None) -> None:
        """Draw the next tile: the deck's top one, or ``tile`` if the caller names it.

        A named tile must still be unseen; it is swapped to the top of the pile so that the
        rest of the deck stays a shuffled pile of the other unseen tiles.
        """
        if self.phase == OVER:
            raise IllegalMoveError(reason("no-more-draws"))
        if self.phase != DRAW:
            raise IllegalMoveError(reason("not-draw-step", phase=self.phase))
        index = self.drawn
        if tile is not None:
            kind = _KIND_INDEX.get(tile)
            if kind is None:
                raise IllegalMoveError(reason("not-a-tile", tile=repr(tile)))
            try:
                index = self.deck.index(kind, self.drawn)
            except ValueError:
                why = reason("tile-used-up", count=TILE_COUNTS[tile], tile=tile_code(tile))
                raise IllegalMoveError(why) from None
        self._push_draw(index)

    def _push_draw(self, index: int) -> None:
        deck, top = self.deck, self.drawn
        deck[top], deck[index] = deck[index], deck[top]
        self._undo.append(("draw", index))
        self.tile = TILE_KINDS[deck[top]]
        self.drawn = top + 1
        self.turns.append(Turn(self.current, self.tile))
        self.phase = PLACE

    # ------------------------------------------------------------------------ legal moves

    def legal_moves(self) -> LegalMoves:
        """The legal moves of the current step: a lazy view supporting ``in``, ``len``, loops."""
        return LegalMoves(self)

    def legal_placements(self) -> list[Placement]:
        """Every legal placement of the drawn tile, in a canonical (sorted) order."""
        return sorted(self.board.legal_placements()) if self.phase == PLACE else []

    def build_options(self) -> dict[Build, tuple[str, int, int]]:
        """Legal builds mapped to how each is made (see :meth:`Board.build_options`)."""
        if self.phase != BUILD:
            return {}
        if self._builds is None:
            huts, temples, towers = self.stock[self.current]
            self._builds = self.board.build_options(
                self.current, huts, temples, towers, self.options.found == "isolated"
            )
        return self._builds

    def legal_builds(self) -> list[Build]:
        """Every legal build, each effect once, in a canonical (sorted) order."""
        return sorted(self.build_options())

    def random_move(self, rng: random.Random) -> Move:
        """A uniformly random legal move of the current step (for playouts and tests)."""
        if self.phase == PLACE:
            return self.board.random_placement(rng)
        if self.phase == BUILD:
            options = self.build_options()
            return list(options)[rng.randrange(len(options))]
        raise IllegalMoveError(reason("no-move-in-step", phase=self.phase))

    def is_legal(self, move: Move) -> bool:
        return self.move_error(move) is None

    def move_error(self, move: Move) -> Reason | None:
        """Why ``move`` is illegal now (a :class:`~taluva.rules.reasons.Reason`: rule, code, facts
        and sentence), or None if it is legal."""
        if self.phase == OVER:
            return reason("game-over")
        if self.phase == DRAW:
            return reason("draw-first")
        if isinstance(move, Placement):
            if self.phase != PLACE:
                return reason("now-build")
            return self.board.placement_error(move)
        if isinstance(move, Build):
            if self.phase != BUILD:
                return reason("place-first")
            if move in self.build_options():
                return None
            return self._build_error(move)
        return reason("not-a-move", move=repr(move))

    def _build_error(self, move: Build) -> Reason:
        """Explain an illegal build by the first rule it breaks."""
        board, seat = self.board, self.current
        huts, temples, towers = self.stock[seat]
        for pos, _ in move.cells:
            # R-BUILD-0: only an empty landscape hex; a bare table position is none.
            where = format_pos(pos)
            if pos not in board.level:
                return reason("build-no-hex", hex=where)
            if board.terrain[pos] == VOLCANO:
                return reason("build-on-volcano", hex=where)
            if pos in board.owner:
                return reason("build-occupied", hex=where)
        pos = move.cells[0][0]
        where, level = format_pos(pos), board.level[pos]
        if move.piece != HUT:
            name = PIECE_NAMES[move.piece]
            if (temples, towers)[move.piece - 1] == 0:
                return reason("no-piece-left", piece=name)
            if move.piece == TOWER and level < 3:
                return reason("tower-level", hex=where, level=level)
            near = self._adjacent_settlements(pos)
            if not near:
                return reason(f"{name}-not-adjacent")
            if move.piece == TEMPLE and all(len(s) < 3 for s in near):
                return reason("temple-small-settlement", size=3)
            return reason("settlement-has-piece", piece=name)
        need = move.huts
        lone = len(move.cells) == 1 and need == 1
        if lone and level != 1 and not self._adjacent_settlements(pos):
            return reason("found-level", hex=where, level=level)
        if lone and level == 1:
            if huts == 0:
                return reason("no-piece-left", piece="hut")
            return reason("found-isolated")
        for p, count in move.cells:
            if count != board.level[p]:
                return reason("expand-count", level=board.level[p], hex=format_pos(p))
        terrains = {board.terrain[p] for p, _ in move.cells}
        if len(terrains) > 1:
            return reason("expand-one-landscape")
        if need > huts:
            return reason("expand-not-enough-huts", need=need, have=huts)
        return reason("expand-exact", terrain=TERRAIN_NAMES[terrains.pop()])

    def _adjacent_settlements(self, pos: int) -> list[list[int]]:
        return [
            group
            for group in self.board.settlements(self.current)
            if any(pos + d in group for d in DIRECTIONS)
        ]

    # ------------------------------------------------------------------------ making moves

    def play(self, move: Move) -> None:
        """Make a move after checking it; an illegal move raises :class:`IllegalMoveError`
        naming the rule, and leaves the game unchanged."""
        why = self.move_error(move)
        if why is not None:
            raise IllegalMoveError(why)
        self.push(move)

    def push(self, move: Move) -> None:
        """Make a move without checking it (for search). The step then ends: an elimination
        (R-ELIM-1) or the end of the turn follows at once."""
        saved = (
            self.phase,
            self.current,
            self.tile,
            self.result,
            self.status.copy(),
            len(self.left),
            self._builds,
        )
        if isinstance(move, Placement):
            undo = self.board.place(move, self.tile)  # type: ignore[arg-type]
            turn = self.turns[-1]
            turn.placement = move
            turn.covered = tuple((p, who, pc) for p, _, _, _, who, pc in undo[0] if who is not None)
            self._undo.append(("place", move, undo, saved))
            self._builds = None
            self.phase = BUILD
            if not self.build_options():
                self.status[self.current] = ELIMINATED
                self.left.append(self.current)
                self._end_turn()
        else:
            how = self.build_options().get(move)  # cached: the build step listed them
            self.board.build(move, self.current)
            turn = self.turns[-1]
            turn.build, turn.how = move, how
            stock = self.stock[self.current]
            self._undo.append(("build", move, None, saved))
            if move.piece == HUT:
                stock[0] -= move.huts
            else:
                stock[move.piece] -= 1
            self._end_turn()

    def pop(self) -> None:
        """Take back the last step (a move or a draw) made with :meth:`push`, :meth:`play`
        or :meth:`draw`."""
        kind, *data = self._undo.pop()
        if kind == "draw":
            (index,) = data
            self.drawn -= 1
            top = self.drawn
            self.deck[top], self.deck[index] = self.deck[index], self.deck[top]
            self.turns.pop()
            self.tile = None
            self.phase = DRAW
            return
        move, undo, saved = data
        if kind == "place":
            self.board.unplace(undo)
            self.turns[-1].placement = None
            self.turns[-1].covered = ()
        else:
            self.board.unbuild(move)
            self.turns[-1].build = None
            self.turns[-1].how = None
            stock = self.stock[saved[1]]
            if move.piece == HUT:
                stock[0] += move.huts
            else:
                stock[move.piece] += 1
        (self.phase, self.current, self.tile, self.result, self.status, n_left, self._builds) = (
            saved
        )
        del self.left[n_left:]

    def _end_turn(self) -> None:
        """After a build or an elimination: early victory, the end, or the next player."""
        seat = self.current
        self._builds = None
        if self.status[seat] == PLAYING and self._completed_early(seat):
            if not self.options.rank:
                self._finish(EARLY_VICTORY, [seat])
                return
            self.status[seat] = FINISHED  # O-RANK: takes the best free place and leaves
            self.left.append(seat)
        playing = [s for s in range(self.players) if self.status[s] == PLAYING]
        if self.tiles_left == 0:
            self._finish(LAST_TILE)
        elif self.options.teams and len({s % 2 for s in playing}) == 1:
            self._finish(LAST_TEAM)
        elif len(playing) <= 1:
            self._finish(LAST_STANDING)
        else:
            n = self.players
            nxt = (seat + 1) % n
            while self.status[nxt] != PLAYING:
                nxt = (nxt + 1) % n
            self.current = nxt
            self.tile = None
            self.phase = DRAW

    def _kinds_done(self, seat: int) -> int:
        return sum(1 for count in self.stock[seat] if count == 0)

    def _completed_early(self, seat: int) -> bool:
        """R-END-1, or with O-TEAMS: one member has two kinds done and the partner one."""
        mine = self._kinds_done(seat)
        if not self.options.teams:
            return mine >= 2
        partner = (seat + 2) % 4
        if self.status[partner] == ELIMINATED:
            return False  # an eliminated player's buildings count for nobody
        theirs = self._kinds_done(partner)
        return (mine >= 2 and theirs >= 1) or (mine >= 1 and theirs >= 2)

    def _finish(self, reason: str, early: list[int] | None = None) -> None:
        self.phase = OVER
        self.tile = None
        scores = [self.score(s) for s in range(self.players)]
        eliminated = [s for s in self.left if self.status[s] == ELIMINATED]
        if self.options.teams:
            winner = self.current % 2 if reason == EARLY_VICTORY else None
            if reason == LAST_TEAM:
                winner = next(s for s in range(4) if self.status[s] == PLAYING) % 2
            self.result = team_result(reason, winner, eliminated, scores, self.players)
            return
        finished = early or [s for s in self.left if self.status[s] == FINISHED]
        playing = [
            s for s in range(self.players) if self.status[s] == PLAYING and s not in finished
        ]
        self.result = player_result(reason, finished, playing, eliminated, scores)

    # ------------------------------------------------------------------------ conveniences

    def returns(self) -> list[float]:
        """Per-player payoff once over (OpenSpiel style): 1 for a win, shared among tied
        winners, 0 otherwise."""
        if self.result is None:
            return [0.0] * self.players
        winners = self.result.winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(self.players)]

    def piece_at(self, pos: int) -> tuple[int, str, int] | None:
        """(owner, piece name, count) of the building at ``pos``, if any."""
        owner = self.board.owner.get(pos)
        if owner is None:
            return None
        pc = self.board.piece[pos]
        if pc == TEMPLE_MARK:
            return owner, "temple", 1
        if pc == TOWER_MARK:
            return owner, "tower", 1
        return owner, "hut", pc


class LegalMoves:
    """A lazy view of the legal moves: ``move in view`` checks one move without listing all."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self._list: list[Move] | None = None

    def _moves(self) -> list[Move]:
        if self._list is None:
            game = self._game
            self._list = list(game.legal_placements()) + list(game.legal_builds())
        return self._list

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Placement | Build) and self._game.is_legal(move)

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves())

    def __len__(self) -> int:
        return len(self._moves())
