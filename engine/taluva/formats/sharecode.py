"""Compact position codes for links: a whole game in about three characters a turn.

A game is the sequence of its choices: each drawn tile, each placement, each build. Each choice
is written as its index in a canonical list (the unseen tile kinds, sorted; the legal moves,
sorted), and the indices are packed into one mixed-radix integer whose radices are the list
lengths, then written in URL-safe base64. Decoding replays the game through the rules.

Layout (format 1)::

    "1"  options (2 chars)  checksum (3 chars)  payload (the integer, base64, big-endian)

The checksum is 18 bits of a CRC of the decoded game's record, so a corrupt, truncated or
tampered code, or one decoded by an engine whose move order differs, is refused rather than
shown as another game. Codes of a newer format are refused with their own message.

>>> from taluva.tools.randomplay import play_random_game
>>> game = play_random_game(Options(players=2), seed=5)
>>> code = encode(game)
>>> again = decode(code, seed=1)
>>> [t.placement for t in again.turns] == [t.placement for t in game.turns]
True
>>> for broken in (code[:-1], code[:6] + "A" + code[7:], "2" + code[1:], "", "1AA#"):
...     try:
...         decode(broken)
...     except ShareCodeError as exc:
...         print(exc.kind)
corrupt
corrupt
newer
empty
corrupt
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from typing import Any

from taluva.formats.record import record_head, turn_line, write_record
from taluva.rules.errors import TaluvaError
from taluva.rules.game import BUILD, DRAW, OVER, PLACE, Game
from taluva.rules.history import Choice, relation, replay_choices, turn_choices
from taluva.rules.moves import Build, Move, Placement
from taluva.rules.options import FOUND_VALUES, TILES_VALUES, Options, OptionsError
from taluva.rules.tiles import TILE_KINDS, Tile, tile_code

FORMAT = "1"
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_DIGIT = {c: i for i, c in enumerate(ALPHABET)}
MAX_STEPS = 48 * 3 + 1  # every tile drawn, placed and built on
MAX_LENGTH = 600  # far above any real game (~150 chars); refuse anything longer unread
SHARE_ERROR_KINDS = ("empty", "newer", "corrupt", "options", "too-long")


class ShareCodeError(TaluvaError):
    """A code that cannot be read. ``kind`` is one of :data:`SHARE_ERROR_KINDS`; the message
    is that keyword (``too long`` with a space), a colon and ``reason``; the kind is also the
    error's ``code``, and ``facts`` are its data (``newer``: the link's ``format``;
    ``too-long``: its ``length``)."""

    def __init__(self, kind: str, reason: str, **facts: Any) -> None:
        assert kind in SHARE_ERROR_KINDS, kind
        super().__init__(f"{kind.replace('-', ' ')}: {reason}")
        self.kind = kind
        self.reason = reason
        self._facts = facts

    @property
    def facts(self) -> dict[str, Any]:
        return dict(self._facts)


def encode(game: Game) -> str:
    """The share code of ``game`` at its current step."""
    return ShareEncoder.of_game(game).code(game)


class ShareEncoder:
    """:func:`encode` kept up to date as a game is played, so that a step costs one digit
    (one list of legal moves) and one record line, not a replay of the whole game.

    Every draw and move of the game must go through the encoder (:meth:`draw`, :meth:`play`,
    :meth:`push`) and every take-back through :meth:`pop` (one per step). It keeps one state per
    step: the choices so far, the mixed-radix number of their digits and the product of their
    radices, and the running CRC of the record's finished turn lines (all but the last, which
    still changes as the turn goes on).

    >>> from taluva.rules.moves import parse_move
    >>> game, encoder = Game(Options(players=2), seed=3), ShareEncoder(Options(players=2))
    >>> encoder.draw(game); encoder.play(game, game.legal_placements()[2])
    >>> encoder.code(game) == encode(game)
    True
    >>> game.pop(); encoder.pop(); encoder.code(game) == encode(game)
    True
    """

    __slots__ = ("_head", "_states")

    def __init__(self, options: Options) -> None:
        self._head = FORMAT + _options_code(options)
        header = record_head(options)
        # (choices, number of their digits, product of their radices, CRC of finished lines)
        self._states: list[tuple[int, int, int, int]] = [(0, 0, 1, zlib.crc32(header.encode()))]

    @classmethod
    def of_game(cls, game: Game) -> ShareEncoder:
        """An encoder that has followed every step of ``game`` (replayed from the start)."""
        encoder = cls(game.options)
        replayed = Game(game.options, 0)
        for choice in turn_choices(game.turns):
            if isinstance(choice, Placement | Build):
                encoder.push(replayed, choice)
            else:
                encoder.draw(replayed, choice)  # type: ignore[arg-type]
        return encoder

    @property
    def choices(self) -> int:
        """How many steps (draws and moves) the encoder has followed."""
        return self._states[-1][0]

    def draw(self, game: Game, tile: Tile | None = None) -> None:
        """``game.draw(tile)``, and its digit."""
        listed = _unseen_kinds(game)
        game.draw(tile)
        choices, number, scale, crc = self._states[-1]
        turns = game.turns
        if len(turns) > 1:  # the turn before is finished: its line joins the running CRC
            crc = zlib.crc32(turn_line(len(turns) - 1, turns[-2]).encode(), crc)
        self._add(listed.index(game.tile), len(listed), crc)

    def play(self, game: Game, move: Move) -> None:
        """``game.play(move)`` (checked), and its digit."""
        listed = _choices(game)
        game.play(move)
        self._add(listed.index(move), len(listed), self._states[-1][3])

    def push(self, game: Game, move: Move) -> None:
        """``game.push(move)`` (unchecked, but the move must be legal), and its digit."""
        listed = _choices(game)
        game.push(move)
        self._add(listed.index(move), len(listed), self._states[-1][3])

    def _add(self, index: int, radix: int, crc: int) -> None:
        choices, number, scale, _ = self._states[-1]
        self._states.append((choices + 1, number + index * scale, scale * radix, crc))

    def pop(self) -> None:
        """Forget the last step (after the game's own ``pop``)."""
        if len(self._states) == 1:
            raise IndexError("the encoder has no step to take back")
        self._states.pop()

    def code(self, game: Game) -> str:
        """The share code now; ``game`` is the one followed (its last record line is read)."""
        choices, number, _, crc = self._states[-1]
        if game.turns:
            crc = zlib.crc32(turn_line(len(game.turns), game.turns[-1]).encode(), crc)
        number = number * (MAX_STEPS + 1) + choices
        return self._head + _checksum_text(crc) + _to_base64(number)


def decode(code: str, seed: int | None = None) -> Game:
    """The game a code describes; the undrawn rest of the deck is shuffled with ``seed``."""
    code = code.strip()
    options = options_of(code)
    checksum, number = code[3:6], _from_base64(code[6:])
    game = Game(options, seed)
    replay_choices(game, _decoded_choices(game, number))
    if _checksum(game) != checksum:
        raise ShareCodeError("corrupt", "the checksum does not match (truncated or altered link)")
    return game


def options_of(code: str) -> Options:
    """The options a code names, read from its head without replaying the game (so the rest
    may still be corrupt); raises :class:`ShareCodeError` as :func:`decode` does for the head."""
    code = code.strip()
    if not code:
        raise ShareCodeError("empty", "the link carries no game")
    if len(code) > MAX_LENGTH:
        raise ShareCodeError(
            "too-long", f"{len(code)} characters, a game needs far fewer", length=len(code)
        )
    if code[0] != FORMAT:
        if code[0].isdigit():
            raise ShareCodeError(
                "newer",
                f"this link was made by a newer version of the game (format {code[0]})",
                format=int(code[0]),
            )
        raise ShareCodeError("corrupt", f"a link starts with the format number, not {code[0]!r}")
    if len(code) < 6:  # a game with no tile drawn yet has no payload: its number is 0
        raise ShareCodeError("corrupt", "the link is cut short")
    bad = sorted({c for c in code[1:] if c not in _DIGIT})
    if bad:
        raise ShareCodeError("corrupt", f"characters {''.join(bad)!r} cannot be in a link")
    return _options_from_code(code[1:3])


def lineage(game: Game) -> str:
    """Eight hex digits for where ``game`` comes from: a CRC-32 of its options' code and its
    first drawn tile, and nothing later, so every position of one game has the same lineage:
    step 0, any later step, and the game reopened from any of its links (whose undrawn deck is
    reshuffled). A game with no tile drawn yet has the lineage of its options alone, which its
    later positions do not share.

    It is only a pre-filter for :func:`relate`: equal lineages do not mean the same game. Step
    0 holds no more than the options and one tile, so two games with the same options share a
    lineage whenever their first tiles are of one kind (about one pair in 17 for the full set's
    mix of kinds); games with other options almost never do.

    >>> from taluva.play.session import game_at
    >>> from taluva.tools.randomplay import play_random_game
    >>> game = play_random_game(Options(players=2), seed=5)
    >>> lineage(game) == lineage(game_at(game, 0)) == lineage(decode(encode(game_at(game, 7))))
    True
    >>> lineage(Game(Options(players=2))), lineage(Game(Options(players=3)))
    ('a9601dbd', '30694c07')
    """
    first = tile_code(game.turns[0].tile) if game.turns else ""
    return f"{zlib.crc32((_options_code(game.options) + first).encode()):08x}"


def relate(code: str, others: list[str]) -> list[str | None]:
    """How each of ``others`` stands to ``code``, by their choices (:func:`history.relation`):
    ``"same"``, ``"ahead"`` (it continues ``code``), ``"behind"`` (``code`` continues it) or
    ``None`` (another game, other options, or a code that cannot be read). A bad ``code``
    raises :class:`ShareCodeError`; a bad other is ``None``. ``code`` is decoded once, and an
    other only if its options match.

    >>> from taluva.play.session import game_at
    >>> from taluva.tools.randomplay import play_random_game
    >>> game = play_random_game(Options(players=2), seed=5)
    >>> link = encode(game_at(game, 4))
    >>> relate(link, [link, encode(game_at(game, 9)), encode(game_at(game, 1)), "1garbage", ""])
    ['same', 'ahead', 'behind', None, None]
    """
    game = decode(code)
    return [_relation_to(game, code.strip(), other) for other in others]


def _relation_to(game: Game, code: str, other: object) -> str | None:
    if not isinstance(other, str):
        return None
    if other.strip() == code:
        return "same"
    try:
        if options_of(other) != game.options:
            return None
        return relation(game.turns, decode(other).turns)
    except ShareCodeError:
        return None


def _decoded_choices(game: Game, number: int) -> Iterator[Choice]:
    """The choices a code's number holds, read digit by digit as ``game`` is replayed (each
    digit's radix is the length of the list it indexes in the position of the moment)."""
    number, steps = divmod(number, MAX_STEPS + 1)
    for _ in range(steps):
        if game.phase == OVER:
            raise ShareCodeError("corrupt", "the link goes on after the end of the game")
        choices = _unseen_kinds(game) if game.phase == DRAW else _choices(game)
        number, index = divmod(number, len(choices))
        yield choices[index]
    if number:
        raise ShareCodeError("corrupt", "the link has more data than its moves")


def _unseen_kinds(game: Game) -> list:
    unseen = game.unseen()
    return [t for t in TILE_KINDS if t in unseen]


def _choices(game: Game) -> list:
    if game.phase == PLACE:
        return game.legal_placements()
    if game.phase == BUILD:
        return game.legal_builds()
    raise ShareCodeError("corrupt", f"no move can be made in the {game.phase} step")


def _checksum(game: Game) -> str:
    return _checksum_text(zlib.crc32(write_record(game, include_seed=False).encode()))


def _checksum_text(crc: int) -> str:
    """Three characters for 18 bits of a CRC-32 of the record without its seed line."""
    value = crc & 0x3FFFF
    return "".join(ALPHABET[(value >> shift) & 63] for shift in (12, 6, 0))


def _options_code(options: Options) -> str:
    value = (
        (options.players - 2)
        + 3 * TILES_VALUES.index(options.tiles)
        + 12 * FOUND_VALUES.index(options.found)
        + 24 * options.rank
        + 48 * options.teams
    )
    return ALPHABET[value >> 6] + ALPHABET[value & 63]


def _options_from_code(text: str) -> Options:
    value = _DIGIT[text[0]] * 64 + _DIGIT[text[1]]
    players, rest = value % 3 + 2, value // 3
    tiles, rest = rest % 4, rest // 4
    found, rest = rest % 2, rest // 2
    rank, rest = rest % 2, rest // 2
    teams, rest = rest % 2, rest // 2
    if rest:
        raise ShareCodeError("options", "the link names options this game does not know")
    try:
        return Options(
            players=players,
            tiles=TILES_VALUES[tiles],
            found=FOUND_VALUES[found],
            rank=bool(rank),
            teams=bool(teams),
        )
    except OptionsError as exc:
        raise ShareCodeError("options", str(exc)) from None


def _to_base64(number: int) -> str:
    chars = []
    while number:
        number, digit = divmod(number, 64)
        chars.append(ALPHABET[digit])
    return "".join(reversed(chars))


def _from_base64(text: str) -> int:
    number = 0
    for c in text:
        number = number * 64 + _DIGIT[c]
    return number
