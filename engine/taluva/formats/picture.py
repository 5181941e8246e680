"""A picture of a position: what a page needs to draw it, and nothing of the rules, in a few
URL-safe characters (the link's ``b=`` field, web/js/share/hash.js; read by pictures/picture.js).

The page draws a link's board from it before the engine is up (the embed without the engine at
all). It holds the placed tiles (the island's stacks follow from them by geometry alone), each
hex's building, the seats (colour, status, pieces built and left), whose turn, the phase and
how far the game went. Bits, most significant first, then base64url without padding:

====================  ======  ==================================================================
field                 bits    meaning
====================  ======  ==================================================================
version               4       ``PICTURE_VERSION``; a reader refuses a higher one
players - 2           2
current               2       the seat to move (or the last to move when over)
phase                 2       ``PHASES`` index
tiles option          2       ``TILE_OPTIONS`` index; then found, rank, teams: 1 bit each
turn, steps           8 + 8   turns begun; decisions made (the replay's steps)
tile count, left      7 + 7
tile in hand          5       ``TILE_KINDS`` index, 31 for none
per seat              23      colour (3, palette index), status (2, ``STATUSES``), stock huts
                              (5), temples (2), towers (2), built temples (2), towers (2),
                              huts (5)
tiles                 7       how many; then the island's box: min q, min r (7 bits each, +64),
                              bit widths of q and r spans (3 bits each)
per tile              w+w+3+5 volcano q, r in the box, orientation (0-5), landscapes (5 x 5)
per hex (r, q order)  1       has a building; then owner (1 bit for 2 players, else 2), kind
                              (``KIND_CODES``: 0 hut, 10 temple, 11 tower); for huts 0 when
                              they number the hex's level, else 1 and their count (3)
====================  ======  ==================================================================
"""

from __future__ import annotations

import base64
from typing import Any

from taluva.rules.errors import TaluvaError
from taluva.rules.game import Game
from taluva.rules.hexgrid import ORIENTATION_CLOCK, pack, tile_hexes, unpack
from taluva.rules.history import count_decisions
from taluva.rules.tiles import LANDSCAPES, TERRAIN_NAMES, TILE_KINDS, tile_code

PICTURE_VERSION = 1
PHASES = ("draw", "place", "build", "over")
TILE_OPTIONS = ("12", "18", "24", "all")
STATUSES = ("playing", "eliminated", "finished")
KINDS = ("hut", "temple", "tower")
# Huts are most buildings: a prefix code, 0 hut, 10 temple, 11 tower.
KIND_CODES = {"hut": (0, 1), "temple": (2, 2), "tower": (3, 2)}
NO_TILE = 31
OFFSET = 64


class PictureError(TaluvaError):
    """A picture this engine cannot read (newer, cut short or not one)."""

    kind = "corrupt"


class _Bits:
    def __init__(self) -> None:
        self.value = 0
        self.length = 0

    def put(self, value: int, width: int) -> None:
        if not 0 <= value < 1 << width:
            raise ValueError(f"{value} does not fit in {width} bits")
        self.value = (self.value << width) | value
        self.length += width

    def text(self) -> str:
        pad = -self.length % 8
        data = (self.value << pad).to_bytes((self.length + pad) // 8, "big")
        return base64.urlsafe_b64encode(data).decode().rstrip("=")


class _Reader:
    def __init__(self, text: str) -> None:
        try:
            data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        except ValueError as exc:
            raise PictureError("the picture is not base64url") from exc
        self.value = int.from_bytes(data, "big")
        self.left = len(data) * 8

    def get(self, width: int) -> int:
        if width > self.left:
            raise PictureError("the picture is cut short")
        self.left -= width
        return (self.value >> self.left) & ((1 << width) - 1)


def _width(span: int) -> int:
    return max(span.bit_length(), 0)


def picture(game: Game, colours: list[int] | None = None) -> str:
    """The picture of ``game``'s position; ``colours`` are the seats' palette indices (0-7)."""
    options = game.options
    colours = list(colours or range(options.players))
    bits = _Bits()
    bits.put(PICTURE_VERSION, 4)
    bits.put(options.players - 2, 2)
    bits.put(game.current, 2)
    bits.put(PHASES.index(game.phase), 2)
    bits.put(TILE_OPTIONS.index(options.tiles), 2)
    bits.put(options.found == "any", 1)
    bits.put(bool(options.rank), 1)
    bits.put(bool(options.teams), 1)
    bits.put(min(len(game.turns), 255), 8)
    bits.put(min(count_decisions(game.turns), 255), 8)
    bits.put(game.tile_count, 7)
    bits.put(game.tiles_left, 7)
    bits.put(TILE_KINDS.index(game.tile) if game.tile else NO_TILE, 5)
    for seat in range(options.players):
        huts, temples, towers = game.stock[seat]
        built_temples, built_towers, built_huts = game.score(seat)
        bits.put(colours[seat] % 8, 3)
        bits.put(STATUSES.index(game.status[seat]), 2)
        for value, width in ((huts, 5), (temples, 2), (towers, 2)):
            bits.put(value, width)
        for value, width in ((built_temples, 2), (built_towers, 2), (built_huts, 5)):
            bits.put(value, width)
    placements = game.board.placements
    bits.put(len(placements), 7)
    if placements:
        spots = [unpack(v) for v, _, _, _ in placements]
        min_q = min(q for q, _ in spots)
        min_r = min(r for _, r in spots)
        wq = _width(max(q for q, _ in spots) - min_q)
        wr = _width(max(r for _, r in spots) - min_r)
        for value, width in ((min_q + OFFSET, 7), (min_r + OFFSET, 7), (wq, 3), (wr, 3)):
            bits.put(value, width)
        for (q, r), (_, orientation, _, tile) in zip(spots, placements, strict=True):
            bits.put(q - min_q, wq)
            bits.put(r - min_r, wr)
            bits.put(orientation, 3)
            bits.put(LANDSCAPES.index(tile[0]) * 5 + LANDSCAPES.index(tile[1]), 5)
    owner_width = _width(options.players - 1)
    stacks = game.board.stacks()
    for pos in _hex_order(stacks):
        building = game.piece_at(pos)
        bits.put(building is not None, 1)
        if building:
            owner, kind, count = building
            bits.put(owner, owner_width)
            bits.put(*KIND_CODES[kind])
            if kind == "hut":
                # Huts usually number the hex's level; only other counts are written out.
                bits.put(count != len(stacks[pos]), 1)
                if count != len(stacks[pos]):
                    bits.put(min(count, 7), 3)
    return bits.text()


def _hex_order(positions: Any) -> list[int]:
    return sorted(positions, key=lambda p: unpack(p)[::-1])


def read_picture(text: str) -> dict[str, Any]:
    """A picture read back, in the shapes of :func:`taluva.formats.jsonio.state_to_json` (what a
    drawing needs of them: hexes with stacks and buildings, tiles, players, the turn)."""
    if not isinstance(text, str) or len(text) > 2000:
        raise PictureError("a picture is a short base64url text")
    bits = _Reader(text)
    version = bits.get(4)
    if version != PICTURE_VERSION:
        raise PictureError(f"picture version {version} is not {PICTURE_VERSION}")
    players = bits.get(2) + 2
    current, phase, tiles_option = bits.get(2), PHASES[bits.get(2)], TILE_OPTIONS[bits.get(2)]
    found, rank, teams = (
        ("any" if bits.get(1) else "isolated"),
        bool(bits.get(1)),
        bool(bits.get(1)),
    )
    turn, steps, tile_count, tiles_left = bits.get(8), bits.get(8), bits.get(7), bits.get(7)
    hand = bits.get(5)
    seats = []
    for seat in range(players):
        colour, status = bits.get(3), STATUSES[bits.get(2)]
        stock = {"huts": bits.get(5), "temples": bits.get(2), "towers": bits.get(2)}
        built = {"temples": bits.get(2), "towers": bits.get(2), "huts": bits.get(5)}
        seats.append(
            {
                "seat": seat,
                "colour": colour,
                "status": status,
                "stock": stock,
                "built": built,
                "team": seat % 2 if teams else None,
            }
        )
    count = bits.get(7)
    tiles: list[dict[str, Any]] = []
    stacks: dict[int, list[dict[str, Any]]] = {}
    if count:
        min_q, min_r = bits.get(7) - OFFSET, bits.get(7) - OFFSET
        wq, wr = bits.get(3), bits.get(3)
        for tile_id in range(count):
            q, r = bits.get(wq) + min_q, bits.get(wr) + min_r
            orientation, kinds = bits.get(3), bits.get(5)
            if orientation > 5 or kinds >= 25:
                raise PictureError("the picture has a tile no game has")
            tile = (LANDSCAPES[kinds // 5], LANDSCAPES[kinds % 5])
            volcano = pack(q, r)
            level = len(stacks.get(volcano, [])) + 1
            for pos, terrain in zip(tile_hexes(volcano, orientation), (0, *tile), strict=True):
                stacks.setdefault(pos, []).append(
                    {"terrain": TERRAIN_NAMES[terrain], "tile": tile_id}
                )
            tiles.append(
                {
                    "id": tile_id,
                    "code": tile_code(tile),
                    "volcano": [q, r],
                    "clock": ORIENTATION_CLOCK[orientation],
                    "level": level,
                }
            )
    hexes = []
    owner_width = _width(players - 1)
    for pos in _hex_order(stacks):
        q, r = unpack(pos)
        level = len(stacks[pos])
        entry: dict[str, Any] = {"q": q, "r": r, "level": level, "stack": stacks[pos]}
        if bits.get(1):
            owner = bits.get(owner_width)
            kind = "hut" if not bits.get(1) else ("tower" if bits.get(1) else "temple")
            huts = (bits.get(3) if bits.get(1) else level) if kind == "hut" else 1
            entry["building"] = {"owner": owner, "kind": kind, "count": huts}
        hexes.append(entry)
    return {
        "version": version,
        "options": {
            "players": players,
            "tiles": tiles_option,
            "found": found,
            "rank": rank,
            "teams": teams,
        },
        "phase": phase,
        "current": current,
        "turn": turn,
        "steps": steps,
        "tile": None if hand == NO_TILE else tile_code(TILE_KINDS[hand]),
        "tilesLeft": tiles_left,
        "tileCount": tile_count,
        "players": seats,
        "hexes": hexes,
        "tiles": tiles,
    }
