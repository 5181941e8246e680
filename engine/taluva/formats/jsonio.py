"""JSON for the page and for tools: the state, moves (out and back in), and legality reasons.

Coordinates are axial ``[q, r]``. The format is documented in docs/formats.md ("State JSON").

>>> from taluva.rules.game import Game, Turn
>>> from taluva.rules.tiles import tile_from_code
>>> game = Game(seed=1)
>>> game.draw(tile_from_code('JC'))
>>> move = move_from_json({"type": "place", "volcano": [0, 0], "clock": 6})
>>> for h in move_to_json(game, move)["hexes"]: print(h)
{'q': 0, 'r': 0, 'terrain': 'volcano'}
{'q': -1, 'r': 1, 'terrain': 'jungle'}
{'q': 0, 'r': 1, 'terrain': 'clearing'}
>>> move_from_json({"notation": "temple 1,-2"})
Build(piece=1, cells=((33150, 1),))
"""

from __future__ import annotations

import re
from typing import Any

from taluva.formats.sharecode import lineage
from taluva.rules.errors import InvalidMoveError
from taluva.rules.game import BUILD, OVER, PLACE, Game, Turn
from taluva.rules.hexgrid import ORIENTATION_CLOCK, format_pos, pack, tile_hexes, unpack
from taluva.rules.history import count_decisions
from taluva.rules.moves import (
    HUT,
    PIECE_NAMES,
    Build,
    Move,
    Placement,
    format_move,
    make_build,
    parse_move,
)
from taluva.rules.reasons import Reason
from taluva.rules.tiles import TERRAIN_NAMES, TILE_KINDS, tile_code
from taluva.rules.where import Settlements, TurnWhere, WhereMemo, move_where

FORMAT_VERSION = 1
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def json_depth(text: str) -> int:
    """How deep the arrays and objects of JSON ``text`` nest (brackets in strings do not count),
    found without parsing it: parsing JSON nested thousands deep overflows the WebAssembly stack
    in Pyodide, a crash of the worker and not a Python exception, so deep text is refused first.

    >>> json_depth('{"a": [1, {"b": "[[[ ]"}]}'), json_depth('"{"'), json_depth('3')
    (3, 0, 0)
    """
    depth = deepest = 0
    for bracket in _NOT_BRACKET.sub("", _STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def qr(pos: int) -> list[int]:
    return list(unpack(pos))


def state_to_json(game: Game, log_from: int = 0, where: WhereMemo | None = None) -> dict[str, Any]:
    """The whole visible state: board stacks, buildings, players, tiles, step and result.

    ``log`` holds the turns from ``log_from`` on (the bridge sends the log as a change; see
    :func:`taluva.play.screen.view`); ``lastMove`` is the last placement's entry either way. With
    ``where`` (the bridge's memo) each entry's moves carry their ``where`` facts
    (:mod:`taluva.rules.where`), so the page can say where they went in words.
    """
    board = game.board
    stacks = board.stacks()
    settlement_of = {
        pos: format_pos(min(group))
        for seat in range(game.players)
        for group in board.settlements(seat)
        for pos in group
    }
    hexes = []
    for pos in sorted(stacks):
        q, r = unpack(pos)
        entry: dict[str, Any] = {
            "q": q,
            "r": r,
            "level": len(stacks[pos]),
            "stack": [{"terrain": TERRAIN_NAMES[t], "tile": tid} for t, tid in stacks[pos]],
        }
        building = game.piece_at(pos)
        if building:
            owner, kind, count = building
            entry["building"] = {
                "owner": owner,
                "kind": kind,
                "count": count,
                "settlement": settlement_of[pos],
            }
        hexes.append(entry)
    tiles = [
        {
            "id": tile_id,
            "code": tile_code(tile),
            "volcano": qr(v),
            "clock": ORIENTATION_CLOCK[k],
            "level": level,
        }
        for tile_id, (v, k, level, tile) in enumerate(board.placements)
    ]
    log = _log_json(game, log_from, where)
    placed = [i for i, turn in enumerate(game.turns) if turn.placement]
    # The last placement's entry: in the log sent, unless that starts after it.
    last = None
    if placed:
        last = (
            log[placed[-1] - log_from]
            if placed[-1] >= log_from
            else _log_json(game, placed[-1], where)[0]
        )
    return {
        "version": FORMAT_VERSION,
        "options": game.options.to_dict(),
        "phase": game.phase,
        "current": game.current,
        "turn": len(game.turns),
        "tile": game.tile_code,
        "tilesLeft": game.tiles_left,
        "tileCount": game.tile_count,
        "unseen": {tile_code(t): c for t, c in game.unseen().items()},
        "players": [
            {
                "seat": seat,
                "status": game.status[seat],
                "stock": dict(zip(("huts", "temples", "towers"), game.stock[seat], strict=True)),
                "built": dict(zip(("temples", "towers", "huts"), game.score(seat), strict=True)),
                # O-TEAMS: seats 1 and 3 (team 0) against 2 and 4 (team 1); null without teams
                "team": seat % 2 if game.options.teams else None,
            }
            for seat in range(game.players)
        ],
        "hexes": hexes,
        "tiles": tiles,
        "openVolcanoes": [qr(v) for v in board.open_volcanoes()] if game.phase == "place" else [],
        "lastMove": last,
        "log": log,
        "result": game.result.to_json() if game.result else None,
    }


def summary_json(game: Game) -> dict[str, Any]:
    """A light description of a game for link previews: its options and how far it went,
    counted from the game (a turn whose player was eliminated has no build, R-ELIM-1, so
    tiles cannot be told from choices by arithmetic).

    ``lineage`` (:func:`taluva.formats.sharecode.lineage`) is eight hex digits that every position
    of one game shares, its step 0 included: a pre-filter for the page's "is this a game I keep
    already?". Equal lineages do not mean the same game (bridge method ``relateCodes`` tells).

    >>> game = Game(seed=1)
    >>> game.draw()
    >>> summary = summary_json(game)
    >>> summary["players"], summary["tiles"], summary["steps"], summary["tilesDrawn"]
    (2, '12', 0, 1)
    >>> len(summary["lineage"])
    8
    """
    options = game.options
    return {
        "players": options.players,
        "tiles": options.tiles,
        "found": options.found,
        "rank": options.rank,
        "teams": options.teams,
        "steps": count_decisions(game.turns),
        "tilesDrawn": game.drawn,
        "over": game.phase == OVER,
        "lineage": lineage(game),
    }


def _log_json(game: Game, start: int, where: WhereMemo | None = None) -> list[dict[str, Any]]:
    """The log entries of the turns from ``start`` on. The k-th placement of the game is the
    board's k-th tile, whose level its entry names."""
    turns = game.turns
    placed = sum(1 for turn in turns[:start] if turn.placement)
    levels = iter([level for _, _, level, _ in game.board.placements[placed:]])
    facts = where.turns(game, start) if where else [(None, None)] * (len(turns) - start)
    return [
        _turn_json(turn, next(levels) if turn.placement else 0, facts[i])
        for i, turn in enumerate(turns[start:])
    ]


def log_keys(game: Game) -> list[tuple[Any, ...]]:
    """What each turn's log entry is made from, cheap to compare: two games whose keys agree up
    to a turn have the same log entries up to it (the same turns on the same board)."""
    return [(t.seat, t.tile, t.placement, t.build, t.covered, t.how) for t in game.turns]


def _turn_json(turn: Turn, level: int, where: TurnWhere = (None, None)) -> dict[str, Any]:
    """One turn for the page's log and last-move marks; ``level`` is its tile's (0: none).

    ``placementMove`` and ``buildMove`` are the moves' facts (null: not played), so that the
    page can phrase a move in any language rather than show the notation's English words
    (``huts 1,0``). They carry the notation and the hexes too, so the entry says nothing else
    of the moves: the log is half the view the page gets after every step (it must stay small).
    Each move carries ``where`` when its facts are known (:mod:`taluva.rules.where`).
    """
    placement = _placement_facts(turn.placement, turn.tile, level) if turn.placement else None
    build = _build_facts(turn.build, turn.how) if turn.build else None
    for move, facts in ((placement, where[0]), (build, where[1])):
        if move is not None and facts is not None:
            move["where"] = facts
    return {
        "seat": turn.seat,
        "tile": tile_code(turn.tile),
        "covered": [
            {"q": q, "r": r, "owner": owner, "count": count}
            for (q, r), owner, count in ((unpack(p), o, c) for p, o, c in turn.covered)
        ],
        "placementMove": placement,
        "buildMove": build,
    }


def _placement_json(move: Placement, tile: tuple[int, int], level: int) -> dict[str, Any]:
    """A placement of ``tile`` onto ``level`` as move JSON (without ``covers``)."""
    terrains = ("volcano", TERRAIN_NAMES[tile[0]], TERRAIN_NAMES[tile[1]])
    return {
        "type": "place",
        "notation": format_move(move),
        "volcano": qr(move.volcano),
        "orientation": move.orientation,
        "clock": move.clock,
        "level": level,
        "hexes": [
            {"q": q, "r": r, "terrain": t}
            for (q, r), t in zip(map(unpack, move.hexes()), terrains, strict=True)
        ],
    }


def _placement_facts(move: Placement, tile: tuple[int, int], level: int) -> dict[str, Any]:
    """A played placement as move JSON (:func:`move_to_json`'s fields, without ``covers``:
    the turn's ``covered`` says it), plus ``eruption`` (the tile lies on tiles, R-TILE-3)."""
    return {**_placement_json(move, tile, level), "eruption": level > 1}


def _build_facts(move: Build, how: tuple[str, int, int] | None) -> dict[str, Any]:
    """A build as move JSON: ``kind`` found/expand/temple/tower as the build step saw it
    (``how``: the game's build options for it), ``piece``, ``hexes`` with hut counts, and for
    an expansion its ``settlement`` anchor and ``terrain`` at the time."""
    kind = how[0] if how else ("expand" if move.piece == HUT else PIECE_NAMES[move.piece])
    result: dict[str, Any] = {
        "type": "build",
        "notation": format_move(move),
        "kind": kind,
        "piece": PIECE_NAMES[move.piece],
        "hexes": [{"q": q, "r": r, "count": c} for (q, r), c in _unpacked(move.cells)],
    }
    if how and how[1] >= 0:
        result["settlement"] = qr(how[1])
    if how and how[0] == "expand":
        result["terrain"] = TERRAIN_NAMES[how[2]]
    return result


def move_to_json(
    game: Game, move: Move, where: bool = True, settlements: Settlements | None = None
) -> dict[str, Any]:
    """A move with its hexes, as seen from ``game`` (which must be at that move's step), and
    with ``where`` its facts (:func:`taluva.rules.where.move_where`: the landscape and the
    settlement beside it, so the page can say where it goes without coordinates)."""
    if not isinstance(move, Placement):
        result = _build_facts(move, game.build_options().get(move))
        if where:
            result["where"] = move_where(game, move, settlements)
        return result
    level = game.board.level.get(move.volcano, 0) + 1
    result = _placement_json(move, game.tile or TILE_KINDS[0], level)
    # An eruption's victims (R-TILE-3d), so the page can say so without a rule of its own.
    covers = [
        {"q": q, "r": r, "owner": building[0], "count": building[2]}
        for (q, r), building in ((unpack(p), game.piece_at(p)) for p in move.hexes())
        if building
    ]
    if covers:
        result["covers"] = covers
    if where:
        result["where"] = move_where(game, move)
    return result


def move_from_json(data: Any) -> Move:
    """Read a move from JSON: ``{"notation": ...}``, or the fields :func:`move_to_json` gives."""
    if not isinstance(data, dict):
        raise InvalidMoveError(f"a move is a JSON object, not {type(data).__name__}")
    if "notation" in data and "hexes" not in data:
        if not isinstance(data["notation"], str):
            raise InvalidMoveError("a move's notation is a string")
        return parse_move(data["notation"])
    kind = data.get("type")
    try:
        if kind == "place":
            q, r = _pair(data.get("volcano"))
            if "orientation" in data:
                k = int(data["orientation"])
                if not 0 <= k < 6:
                    raise InvalidMoveError(f"orientation {k} is not 0..5")
                return Placement(pack(q, r), k)
            return Placement.at(q, r, int(data["clock"]))
        if kind == "build":
            piece_name = data.get("piece") or {"found": "hut", "expand": "hut"}.get(
                str(data.get("kind")), data.get("kind")
            )
            if piece_name not in PIECE_NAMES:
                raise InvalidMoveError(f"unknown piece {piece_name!r}")
            cells = [
                (pack(*_pair([h["q"], h["r"]])), int(h.get("count", 1)))
                for h in data.get("hexes") or []
            ]
            return make_build(PIECE_NAMES.index(piece_name), cells)
    except InvalidMoveError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidMoveError(f"malformed {kind} move: {exc}") from None
    raise InvalidMoveError('a move has "type": "place" or "build", or a "notation"')


def _unpacked(cells: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], int]]:
    return [(unpack(p), c) for p, c in cells]


def _pair(value: Any) -> tuple[int, int]:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise InvalidMoveError(f"a hex is [q, r] with two integers, not {value!r}")
    return value[0], value[1]


def legal_moves_json(game: Game) -> list[dict[str, Any]]:
    """The legal moves as JSON; a placement that would leave the player without any legal
    build (and so eliminate them, R-ELIM-1) carries ``"eliminates": true``."""
    eliminating = eliminating_placements(game)
    settlements = Settlements(game.board) if game.phase == BUILD else None
    result = []
    for move in game.legal_moves():
        # A placement's facts are not sent (the page rebuilds placements from the state).
        data = move_to_json(game, move, not isinstance(move, Placement), settlements)
        if move in eliminating and isinstance(move, Placement):
            data["eliminates"] = True
        result.append(data)
    return result


def legal_view_json(game: Game) -> dict[str, list[Any]]:
    """The legal moves as the bridge's view sends them: ``{"place": spots}`` at the place step,
    ``{"build": [build JSON]}`` at the build step, ``{}`` otherwise.

    A placement's JSON is ~240 characters and a step has ~350 of them, so placements go grouped
    by volcano hex: ``[q, r, orientations]`` or ``[q, r, orientations, eliminating]``, where bit
    k of ``orientations`` is orientation k (clock ``ORIENTATION_CLOCK[k]``) and bit k of
    ``eliminating`` marks that placement R-ELIM-1's ``eliminates``. The rest of a placement's
    JSON (notation, level, hexes and terrains, ``covers``) follows from the state, so the page
    rebuilds :func:`legal_moves_json`'s list exactly, in the same order, from the spots and the
    state (web/js/game/legal.js). Builds are few and sent whole.

    >>> game = Game(seed=1)
    >>> game.draw()
    >>> legal_view_json(game)
    {'place': [[0, 0, 63]]}
    """
    if game.phase == PLACE:
        eliminating = eliminating_placements(game)
        spots: list[list[int]] = []
        last = -1
        for move in game.legal_placements():  # sorted by volcano, then orientation
            if move.volcano != last:
                last = move.volcano
                spot = [*unpack(last), 0, 0]
                spots.append(spot)
            spot[2] |= 1 << move.orientation
            if move in eliminating:
                spot[3] |= 1 << move.orientation
        for spot in spots:
            if not spot[3]:
                del spot[3]
        return {"place": spots}
    if game.phase == BUILD:
        settlements = Settlements(game.board)  # one look at the board for every build
        return {"build": [move_to_json(game, m, True, settlements) for m in game.legal_builds()]}
    return {}


def eliminating_placements(game: Game) -> set[Placement]:
    """The legal placements after which the player has no legal build (R-ELIM-1).

    Playing a placement to see is the exact test, and costly, so a cheap sufficient one comes
    first: a player with a hut can still found a settlement after any placement that leaves
    one of today's founding sites uncovered. Such a site keeps its level, terrain and
    emptiness, and a placement only removes buildings from the board, so it stays clear of
    the player's settlements (O-FOUND isolated). Four sites, more than a tile covers, clear
    every placement at once.
    """
    result: set[Placement] = set()
    if game.phase != PLACE:
        return result
    sites: list[int] = []
    if game.stock[game.current][0]:
        isolated = game.options.found == "isolated"
        sites = game.board.found_sites(game.current, isolated, limit=4)
        if len(sites) == 4:
            return result
    for move in game.legal_placements():
        if sites:
            covered = tile_hexes(move.volcano, move.orientation)
            if any(p not in covered for p in sites):
                continue
        game.push(move)
        if game.phase != "build":
            result.add(move)
        game.pop()
    return result


def reason_json(reason: Reason | None) -> dict[str, Any] | None:
    """``{rule, code, args, text}`` (:mod:`taluva.rules.reasons`), or None for a legal move."""
    return None if reason is None else reason.to_json()
