"""Thinking on the others' time: the searches a computer seat expects to need, begun early.

While a person is to move (or the page shows a computer's chosen move before playing it), the
engine worker is idle. The page names the computer seats (:func:`expect`), and the worker calls
:func:`step` between the page's calls, a few milliseconds at a time, so that a call waits for at
most one slice. Each slice advances the search of a position the table may reach next:

* a person to move: the turns it is likeliest to play, by the evaluation (the strong level's
  one-turn ranking, :data:`PREDICTIONS` of them; once the tile is placed, the builds after it);
* a computer to move: its own search, or, once chosen, the turn it chose;

then, after each expected turn, the tile the next seat draws and, if a computer sits there, its
search (and so on for up to :data:`DEPTH` computers in a row, until a person's seat).

Pondering saves time and changes no choice. A search's result is fixed by what
:func:`~taluva.ai.turnsearch.search_key` holds (the position as a player may know it, the
level, its seed and node count), and its clock starts only when its turn comes
(:meth:`~taluva.ai.turnsearch.TurnSearch.finish`). When that position comes, the computer's
decision takes the search begun for it (:func:`take`), finished or not, and only finishes it.
The next tile is the deck's own, read here only to know which position to search: nothing of it
reaches a choice, and a search run for a tile that does not come is never used.
"""

from __future__ import annotations

import time
from random import Random

from taluva.ai.candidates import candidate_builds
from taluva.ai.evaluate import DEFAULT, evaluate
from taluva.ai.search import Steps, Turn, determinized, scored_turns_steps
from taluva.ai.turnsearch import SearchKey, TurnSearch, fingerprint, search_key
from taluva.ai.weights import tuned
from taluva.rules.game import BUILD, DRAW, OVER, PLACE, Game
from taluva.rules.moves import Build

PREDICTIONS = 6
"""A person's likeliest turns (at its place step) or builds (at its build step) searched after."""
DEPTH = 3
"""Computer turns in a row followed after one expected turn."""
KEEP = 32
"""Searches kept (begun or finished) and turns remembered."""

Seats = dict[int, tuple[str, int]]  # computer seat -> (level, seed)

_searches: dict[SearchKey, TurnSearch] = {}  # begun on the others' time, by what they search
_chosen: dict[tuple[object, ...], Turn] = {}  # turns chosen lately, by position and seat's level
_built: dict[tuple[object, ...], Build | None] = {}  # and their builds, by the position between


def take(key: SearchKey) -> TurnSearch | None:
    """The search begun for ``key``, if any (finished or not); it is no longer kept here."""
    return _searches.pop(key, None)


def chosen(search: TurnSearch, game: Game) -> None:
    """Note the turn a computer chose for ``game`` (its place step), so that the searches after
    it can be begun while it is shown."""
    assert search.result is not None
    level, seed, nodes = search.key[:3]
    if nodes is not None:
        return  # a review's search, not a seat's
    placement, build = search.result
    _remember(_chosen, (level, seed, *fingerprint(game)), search.result)
    after = game.copy()
    after.push(placement)
    _remember(_built, (level, seed, *fingerprint(after)), build)


def _remember(table: dict, key: object, value: object) -> None:
    if len(table) >= KEEP:
        del table[next(iter(table))]  # the oldest
    table[key] = value


class _Line:
    """One way the table may go: a copy of the game with the expected turns played, at a
    computer's place step, and that computer's search."""

    __slots__ = ("game", "search", "depth")

    def __init__(self, game: Game, depth: int) -> None:
        self.game = game
        self.search: TurnSearch | None = None
        self.depth = depth


class Ponderer:
    """Plans and runs the searches of the positions a game may reach (module docstring)."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.seats: Seats = {}
        self.planned: tuple[object, ...] | None = None
        self.lines: list[_Line] = []
        self.predicting: Steps[list[tuple[float, object, Build | None]]] | None = None

    def expect(self, game: Game, seats: Seats) -> None:
        """Ponder for the computer ``seats`` of ``game`` (the session's own, as it goes on)."""
        self.game, self.seats = game, dict(seats)
        self.planned = None

    def stop(self) -> None:
        self.game, self.seats, self.planned, self.lines = None, {}, None, []
        self.predicting = None

    def step(self, game: Game, seconds: float) -> bool:
        """Work for about ``seconds`` on ``game``'s expected searches; False when there is
        nothing (more) to do (or ``game`` is not the one pondered)."""
        if game is not self.game or not self.seats:
            return False
        end = time.perf_counter() + seconds
        if fingerprint(game) != self.planned:
            self._plan(game)
        while True:
            if self.predicting is not None:
                if not self._predict(game, end):
                    return True
                continue
            line = next((line for line in self.lines if line.search is not None), None)
            if line is None:
                return False
            search = line.search
            assert search is not None
            if search.done:
                self._advance(line)
            elif not search.run(end - time.perf_counter()):
                return True
            if time.perf_counter() >= end:
                return True

    # ------------------------------------------------------------------------ planning

    def _plan(self, game: Game) -> None:
        self.planned = fingerprint(game)
        self.lines = []
        self.predicting = None
        if game.phase == OVER:
            return
        seat = game.current
        if seat in self.seats:
            level, seed = self.seats[seat]
            if game.phase == PLACE:
                turn = _chosen.get((level, seed, *fingerprint(game)))
                if turn is None:
                    self._add(game.copy(), 0)
                else:
                    self._follow(game, [turn], 1)
            elif game.phase == BUILD:
                key = (level, seed, *fingerprint(game))
                if key in _built:
                    self._follow(game, [(None, _built[key])], 1)
            return
        if game.phase == BUILD:
            self._follow(game, [(None, b) for b in _likeliest_builds(game)], 0)
        elif game.phase == PLACE:
            work = determinized(game)
            weights = DEFAULT if game.options.teams else tuned(game.players)
            self.predicting = scored_turns_steps(work, game.current, Random(0), weights, 1, 1)

    def _predict(self, game: Game, end: float) -> bool:
        """Rank the person's turns; True once done (the lines are then planned)."""
        assert self.predicting is not None
        try:
            while True:
                next(self.predicting)
                if time.perf_counter() >= end:
                    return False
        except StopIteration as done:
            scored = done.value
        self.predicting = None
        turns: list[tuple[object, Build | None]] = []
        for _, placement, build in scored:
            if (placement, build) not in turns:
                turns.append((placement, build))
            if len(turns) == PREDICTIONS:
                break
        self._follow(game, turns, 0)
        return True

    def _follow(self, game: Game, turns: list[tuple[object, Build | None]], depth: int) -> None:
        """A line after each of ``turns`` (a placement and a build; a placement None: the
        build of the turn under way)."""
        for placement, build in turns:
            work = game.copy()
            if placement is not None:
                work.push(placement)  # type: ignore[arg-type]
            if build is not None and work.phase == BUILD:
                work.push(build)
            self._next_seat(work, depth)

    def _next_seat(self, work: Game, depth: int) -> None:
        """Draw the next tile (the deck's: see the module docstring) and add a line if a
        computer is then to move."""
        if work.phase == BUILD:
            return  # a build expected but none given
        while work.phase == DRAW:
            work.draw()
        if work.phase == PLACE and work.current in self.seats and depth < DEPTH:
            self._add(work, depth)

    def _add(self, work: Game, depth: int) -> None:
        level, seed = self.seats[work.current]
        turn = _chosen.get((level, seed, *fingerprint(work)))
        if turn is not None:  # already decided: follow it
            self._follow(work, [turn], depth + 1)
            return
        line = _Line(work, depth)
        key = search_key(work, level, seed, None)
        line.search = _searches.get(key)
        if line.search is None:
            line.search = TurnSearch(work, level, seed)
            if len(_searches) >= KEEP:
                del _searches[next(iter(_searches))]
            _searches[key] = line.search
        self.lines.append(line)

    def _advance(self, line: _Line) -> None:
        """A line's search is done: follow its turn to the next computer, if any, searched
        before the lines after this one (which are less likely)."""
        search = line.search
        assert search is not None and search.result is not None
        chosen(search, line.game)
        placement, build = search.result
        work = line.game.copy()
        work.push(placement)
        if build is not None and work.phase == BUILD:
            work.push(build)
        at = self.lines.index(line)
        rest, self.lines = self.lines[at + 1 :], self.lines[:at]
        self._next_seat(work, line.depth + 1)
        self.lines.extend(rest)


def _likeliest_builds(game: Game) -> list[Build]:
    """The person's builds after its placement, best first by its own evaluation."""
    seat = game.current
    weights = DEFAULT if game.options.teams else tuned(game.players)
    work = determinized(game)
    scored = []
    for build in candidate_builds(work, 3):
        work.push(build)
        scored.append((-evaluate(work, seat, weights), build))
        work.pop()
    scored.sort()
    return [b for _, b in scored[:PREDICTIONS]]


_PONDERER = Ponderer()


def expect(game: Game, seats: Seats) -> None:
    """Ponder for the computer ``seats`` (seat -> (level, seed)) of ``game`` as it goes on."""
    _PONDERER.expect(game, seats)


def stop() -> None:
    """Ponder no more (searches begun stay, for their positions)."""
    _PONDERER.stop()


def forget() -> None:
    """Stop, and drop every search begun and every turn noted."""
    stop()
    _searches.clear()
    _chosen.clear()
    _built.clear()


def step(game: Game, seconds: float) -> bool:
    """Ponder for about ``seconds`` if ``game`` is the one pondered; whether work remains."""
    return _PONDERER.step(game, seconds)
