"""The page's single entry point into the engine: JSON text in, JSON text out.

The Web Worker calls :func:`handle` with a request ``{"id": .., "method": .., "params": {..}}``
and posts back the response. Only strings cross the JS-Python bridge, so nothing of Python's
object model leaks into the page.

>>> import json
>>> json.loads(handle('{"id": 1, "method": "ping", "params": {}}'))
{'id': 1, 'ok': True, 'result': 'pong'}
>>> json.loads(handle('{"id": 2, "method": "nope", "params": {}}'))["error"]["kind"]
'unknown-method'

An error is data with fields, so the page never parses message text: ``type`` and ``message``
(the exception's class and text), ``kind`` (a stable word), ``rule`` (the RULES.md id of an
illegal move, else null), ``reason`` (the sentence without its prefix), ``code`` and ``args``
(what the page phrases: for an illegal move the reason's code, message ``reason.<code>``, else
the error's, message ``error.<code>``; see :mod:`taluva.rules.reasons`) and, for a record, ``line``
where known.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import Any

from taluva import __version__
from taluva.ai import levels, ponder, think
from taluva.formats.jsonio import (
    legal_moves_json,
    legal_view_json,
    log_keys,
    move_from_json,
    move_to_json,
    reason_json,
    state_to_json,
    summary_json,
)
from taluva.formats.picture import picture, read_picture
from taluva.formats.record import replay, write_record
from taluva.formats.sharecode import ShareCodeError, decode, relate
from taluva.play import bylink, lesson
from taluva.play.bylink.session import ByLinkSession, bylink_json
from taluva.play.review import (
    REVIEW_NODES,
    TurnReview,
    marked_turns,
    review_json,
    review_turn,
    reviewed_turns,
    standings,
    turn_positions,
)
from taluva.play.session import Session, game_at
from taluva.rules.errors import IllegalMoveError, OptionsError, RecordError, TaluvaError
from taluva.rules.game import OVER, Game
from taluva.rules.options import Options
from taluva.rules.where import WhereMemo

Handler = Callable[..., Any]
# JSON without the spaces after "," and ":": the view crosses to the page after every step,
# and the spaces were an eighth of it.
_SEPARATORS = (",", ":")
_METHODS: dict[str, Handler] = {}


def method(name: str) -> Callable[[Handler], Handler]:
    """Register a bridge method under ``name``."""

    def register(fn: Handler) -> Handler:
        _METHODS[name] = fn
        return fn

    return register


@method("ping")
def _ping() -> str:
    return "pong"


@method("version")
def _version() -> str:
    return __version__


# The worker runs one game at a time; a new game or a loaded record replaces it.
_session: Session | None = None


def _current() -> Session:
    global _session
    if _session is None:
        _session = Session()
    return _session


# What the log entries the page was last sent were made from (:func:`log_keys`), under the id it
# was given for them: the page echoes the id (``logBase``) with its next call and gets only the
# entries that changed since. An id is random, so a page whose copy the bridge never sent (a
# restarted worker, a second caller, a lost answer) cannot match one, and gets the whole log.
_sent_log: tuple[str, list[tuple[Any, ...]]] | None = None
# The facts of the moves the log tells (where each went, in words the page phrases).
_where = WhereMemo()


def view(log_base: str | None = None) -> dict[str, Any]:
    """What the page draws after every change: the state, the legal moves (``moves``: compact,
    see :func:`taluva.formats.jsonio.legal_view_json`; the ``legalMoves`` method gives them whole),
    undo/redo, the share code and a summary for link previews.

    The log grows by a turn every two steps and was half of the view, so it goes as a change:
    ``state.log`` holds the entries from ``logFrom`` on, and the page keeps the ones before from
    the answer whose ``logId`` it passes back as ``log_base``. Without a ``log_base`` that is the
    bridge's last ``logId``, ``logFrom`` is 0 and the log is whole. Only the entries sent are
    built: the turns before are compared by what their entries are made from.
    """
    global _sent_log
    session = _current()
    keys = log_keys(session.game)
    start = 0
    if _sent_log is not None and log_base is not None and log_base == _sent_log[0]:
        start = _common_prefix(_sent_log[1], keys)
    log_id = os.urandom(6).hex()  # not `secrets`: its import costs a first visit ~16 ms
    _sent_log = (log_id, keys)
    return {
        "state": state_to_json(session.game, log_from=start, where=_where),
        "logFrom": start,
        "logId": log_id,
        "moves": legal_view_json(session.game),
        "canUndo": session.can_undo(),
        "canRedo": session.can_redo(),
        "steps": session.steps(),
        "share": session.share_code(),
        "summary": summary_json(session.game),
        **({"bylink": session.info()} if isinstance(session, ByLinkSession) else {}),
    }


def _common_prefix(a: list[Any], b: list[Any]) -> int:
    """How many leading items ``a`` and ``b`` share (a turn's entry changes when its build is
    played or undone, and undo, a new game or a load replace entries)."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _replace_game(game: Game, log_base: str | None) -> dict[str, Any]:
    """Make ``game`` the current one. Callers build it first, so a bad link or record raises
    before anything is replaced and the game in progress survives."""
    global _session
    _session = Session.from_game(game)
    return view(log_base)


# Every method that answers with a view takes the page's ``logBase`` (see :func:`view`).


@method("newGame")
def _new_game(
    options: dict[str, Any] | None = None, seed: int | None = None, logBase: str | None = None
) -> dict[str, Any]:
    global _session
    _session = Session(Options.from_dict(options or {}), seed)
    return view(logBase)


@method("view")
def _view(logBase: str | None = None) -> dict[str, Any]:
    return view(logBase)


@method("state")
def _state() -> dict[str, Any]:
    return state_to_json(_current().game, where=_where)


@method("legalMoves")
def _legal_moves() -> list[dict[str, Any]]:
    return legal_moves_json(_current().game)


@method("play")
def _play(move: Any, logBase: str | None = None) -> dict[str, Any]:
    session = _current()
    chosen = move_from_json(move)
    if session.game.move_error(chosen) is None:  # noted only if legal: no facts of a refusal
        _where.note(session.game, chosen)
    session.play(chosen)
    return view(logBase)


@method("explain")
def _explain(move: Any) -> dict[str, Any] | None:
    """Why a move is illegal now, ``{rule, code, args, text}``, or null if it is legal."""
    return reason_json(_current().game.move_error(move_from_json(move)))


@method("stateAt")
def _state_at(step: int) -> dict[str, Any]:
    """The state after the first ``step`` decisions of the current game (for replays)."""
    return state_to_json(game_at(_current().game, step))


@method("shareCode")
def _share_code() -> str:
    return _current().share_code()


@method("loadShareCode")
def _load_share_code(code: str, logBase: str | None = None) -> dict[str, Any]:
    """Replace the game by the one a link carries; a bad code leaves the current game alone."""
    return _replace_game(decode(code), logBase)


@method("picture")
def _picture(colours: list[Any] | None = None, step: int | None = None) -> str:
    """The picture of the current game's position (at ``step`` decisions, else now) for links:
    :mod:`taluva.formats.picture`; ``colours`` are the seats' palette indices."""
    game = _current().game
    return picture(game if step is None else game_at(game, step), colours)


@method("readPicture")
def _read_picture(text: str) -> dict[str, Any]:
    """A link's picture read back (what the page's own reader, share/picture.js, makes of it)."""
    return read_picture(text)


@method("relateCodes")
def _relate_codes(code: str, others: list[Any]) -> list[str | None]:
    """How each of ``others`` (share codes) stands to ``code``, one entry each: "same",
    "ahead" (it continues ``code``, e.g. the same game played on), "behind" (``code``
    continues it) or null (another game, other options, or unreadable). A bad ``code`` is an
    error, a bad other only null."""
    if not isinstance(code, str) or not isinstance(others, list):
        raise TypeError("relateCodes takes a code (a string) and others (a list of strings)")
    return relate(code, others)


@method("lesson")
def _lesson() -> list[dict[str, Any]]:
    """The lesson's steps (taluva.play.lesson): id, rules, record, seat, phase, marked hexes."""
    return lesson.steps_json()


@method("lessonCheck")
def _lesson_check(step: str, move: Any) -> dict[str, Any]:
    """Whether ``move`` passes lesson ``step``: ``{pass}``, with the ``reason`` when not."""
    return lesson.check(step, move)


@method("lessonPictures")
def _lesson_pictures(steps: list[Any]) -> dict[str, str]:
    """Help's pictures: each named lesson step's position after a passing move, as a picture
    (taluva.formats.picture) the page draws with its board renderer."""
    return {str(s): picture(lesson.picture_of(str(s))) for s in steps}


@method("aiLevels")
def _ai_levels() -> list[str]:
    """The computer levels' ids, weakest first."""
    return list(levels.LEVELS)


@method("computerLevels")
def _computer_levels() -> list[dict[str, Any]]:
    """The computer levels, weakest first, with a line for people and which is the strongest
    (the hint's), so that the page lists them without knowing any."""
    best = levels.strongest()
    return [
        {"id": level.id, "description": level.description, "strongest": level == best}
        for level in levels.REGISTRY
    ]


@method("aiChoose")
def _ai_choose(level: str, seed: int = 0) -> dict[str, Any]:
    """The move a computer ``level`` makes now (not played: the page shows it, then plays it),
    with what it took (``think``: the work its search counted, whether the clock's safety cap
    cut it, whether it was pondered; see :class:`taluva.ai.Thought`)."""
    game = _current().game
    thought = think(game, level, seed)
    answer = move_to_json(game, thought.move)
    answer["think"] = {"nodes": thought.nodes, "cut": thought.cut, "pondered": thought.pondered}
    return answer


@method("aiPonder")
def _ai_ponder(seats: list[Any]) -> bool:
    """Think on the others' time for the computer ``seats`` of the game on screen (a list of
    ``[seat, level, seed]``; empty: stop); the worker then calls ``ponderStep`` while the page
    has nothing to ask (:mod:`taluva.ai.ponder`). Whether pondering is on: never in a by-link
    game, whose next tile no device knows."""
    session = _current()
    table: dict[int, tuple[str, int]] = {}
    for entry in seats:
        seat, level, seed = entry
        levels.get(level)  # an unknown level is an error, not a silent skip
        table[int(seat)] = (str(level), int(seed))
    if not table or isinstance(session, ByLinkSession):
        ponder.stop()
        return False
    ponder.expect(session.game, table)
    return True


@method("ponderStep")
def _ponder_step(ms: float = 8.0) -> bool:
    """The worker's own call between the page's: ponder for about ``ms`` milliseconds; whether
    there is more to do."""
    return ponder.step(_current().game, ms / 1000)


@method("hint")
def _hint(seed: int = 0) -> dict[str, Any]:
    """The strongest level's suggestion for the human to move."""
    return _ai_choose(levels.strongest().id, seed)


@method("undo")
def _undo(logBase: str | None = None) -> dict[str, Any]:
    _current().undo()
    return view(logBase)


@method("redo")
def _redo(logBase: str | None = None) -> dict[str, Any]:
    _current().redo()
    return view(logBase)


@method("record")
def _record() -> str:
    """The game's record; the seed line only once the game is over, since while it is played
    the seed would tell every tile still to come."""
    game = _current().game
    return write_record(game, include_seed=game.phase == OVER)


@method("loadRecord")
def _load_record(text: str, logBase: str | None = None) -> dict[str, Any]:
    """Replace the game by a replayed record; a bad record leaves the current game alone."""
    return _replace_game(replay(text), logBase)


# The kept games of the page: questions about codes and records that never touch the game in
# play (the page asks them while another game is on screen).


def _inspect(game: Game) -> dict[str, Any]:
    """What the page keeps of a game it does not show: its code, steps, summary and state."""
    return _inspect_session(Session.from_game(game))


def _inspect_session(session: Session) -> dict[str, Any]:
    return {
        "share": session.share_code(),
        "steps": session.steps(),
        "summary": summary_json(session.game),
        # Without the moves' facts: a replay each, for games the page only lists (a game
        # opened later gets them from the view).
        "state": state_to_json(session.game),
    }


@method("inspectCode")
def _inspect_code(code: str) -> dict[str, Any]:
    """The game of a share code, as {share, steps, summary, state}, without loading it."""
    return _inspect(decode(code))


@method("inspectRecord")
def _inspect_record(text: str) -> dict[str, Any]:
    """The game of a record, as {share, steps, summary, state}, without loading it."""
    return _inspect(replay(text))


# The game review (taluva.play.review), asked turn by turn so that the worker is never busy for
# longer
# than one turn: the page counts the answers for its progress bar and cancels by not asking on.
# The turns' start positions of the last game asked about are kept (the page asks for each
# turn of one game in a row); the reviews themselves too, for the marks.


class _Review:
    def __init__(self, game: Game, level: str | None, seed: int, nodes: int) -> None:
        self.turns = list(reviewed_turns(game))
        self.players = game.players
        self.level, self.seed, self.nodes = level, seed, nodes
        self.done: dict[int, TurnReview] = {}


_review: tuple[tuple[Any, ...], _Review] | None = None


def _reviewing(
    code: str, steps: int | None, level: str | None, seed: int, nodes: int | None
) -> _Review:
    global _review
    if level is not None:
        levels.get(level)  # an unknown level is refused here, by name
    if nodes is None:
        nodes = REVIEW_NODES
    if not isinstance(nodes, int) or nodes < 1:
        raise ValueError(f"nodes is a number of positions above 0, not {nodes!r}")
    key = (code, steps, level, seed, nodes)
    if _review is None or _review[0] != key:
        game = decode(code)
        if steps is not None:
            game = game_at(game, steps)
        _review = (key, _Review(game, level, seed, nodes))
    return _review[1]


@method("reviewGame")
def _review_game(
    code: str,
    steps: int | None = None,
    level: str | None = None,
    seed: int = 0,
    nodes: int | None = None,
) -> dict[str, Any]:
    """What a review of the game of ``code`` (as it was after ``steps`` decisions, default all)
    covers: ``turns`` (complete turns, each asked with ``reviewTurn``), ``players``, ``start``
    (the standings before the first turn) and ``level`` (the reviewing one); ``nodes``: the
    search's size (default the review's own, for benchmarks)."""
    review = _reviewing(code, steps, level, seed, nodes)
    start = review.turns[0][0] if review.turns else Game(decode(code).options)
    return {
        "turns": len(review.turns),
        "players": review.players,
        "start": [round(v, 4) for v in standings(start)],
        "level": level or levels.strongest().id,
    }


@method("reviewTurn")
def _review_turn(
    code: str,
    number: int,
    steps: int | None = None,
    level: str | None = None,
    seed: int = 0,
    nodes: int | None = None,
) -> dict[str, Any]:
    """Turn ``number`` (from 1) of the review of ``code`` (see ``reviewGame``):
    ``{review: {number, seat, tile, played, preferred, same, before, after, best, loss},
    state, playedState, line, marked, turns}``; ``state`` is the position before the turn (its
    tile drawn), ``playedState`` the one after the turn played, ``line`` the positions after the
    preferred placement and after its build (states without their log), for the board;
    ``played`` and ``preferred`` hold the ``notation`` of the turn and its ``placement`` and
    ``build`` as move JSON; ``marked`` lists the numbers of the marked turns among those
    reviewed so far (all of them once every turn was asked)."""
    review = _reviewing(code, steps, level, seed, nodes)
    if not isinstance(number, int) or not 1 <= number <= len(review.turns):
        raise ValueError(f"the review has turns 1 to {len(review.turns)}, not {number!r}")
    start, turn = review.turns[number - 1]
    done = review.done.get(number)
    if done is None:
        done = review_turn(start, turn, number, review.level, review.seed, review.nodes)
        review.done[number] = done
    reviews = [review.done[n] for n in sorted(review.done)]
    position = start.copy()
    position.draw(turn.tile)
    played, line = turn_positions(start, done)
    return {
        "review": review_json(start, done),
        "state": state_to_json(position),
        "playedState": _board_state(played),
        "line": [_board_state(game) for game in line],
        "marked": marked_turns(reviews),
        "turns": len(review.turns),
    }


def _board_state(game: Game) -> dict[str, Any]:
    """A position for a board only: its state without the log (lastMove stays)."""
    return state_to_json(game, log_from=len(game.turns))


# By-link games (taluva.play.bylink): links that pass a game from device to device. A
# secret crosses as hex; it is kept by the page on its owner's device and sent nowhere else.
# Every parameter is checked here, so that a malformed request is refused with a by-link error.


def _secret(text: Any) -> bytes | None:
    if text is None:
        return None
    try:
        secret = bytes.fromhex(text)
    except (TypeError, ValueError):
        raise bylink.SecretError("a secret is 64 hex digits") from None
    if len(secret) != 32:
        raise bylink.SecretError("a secret is 64 hex digits")
    return secret


def _text(name: str, value: Any, optional: bool = True) -> str | None:
    """A text parameter of a by-link method (a link, a kept link, a name)."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise bylink.LinkFormatError(f"{name} is text, not {type(value).__name__}")
    return value


def _read(link: Any) -> bylink.ByLinkGame:
    return bylink.read_link(_text("a link", link, optional=False))


def _options(options: Any) -> Options:
    if options is None:
        return Options()
    if not isinstance(options, dict):
        raise OptionsError(
            f"options are a mapping of option to value, not {type(options).__name__}"
        )
    return Options.from_dict(options)


def _log_base(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ValueError(f"logBase is the id of the last view, not {type(value).__name__}")
    return value


def _link_info(game: bylink.ByLinkGame) -> dict[str, Any]:
    return bylink_json(game, turns=len(game.game.turns), summary=summary_json(game.game))


@method("bylinkCreate")
def _bylink_create(options: Any = None, name: Any = None) -> dict[str, Any]:
    """A new by-link game for seat 0, named ``name``: ``{link, secret, ...}`` (the link goes to
    seat 1). The game on screen is not replaced."""
    link, secret = bylink.create(_options(options), name=_text("a name", name) or "")
    return {"link": link, "secret": secret.hex(), "seat": 0, **_link_info(bylink.read_link(link))}


@method("bylinkJoin")
def _bylink_join(link: Any, name: Any = None) -> dict[str, Any]:
    """The next seat joins the game of ``link`` as ``name``: ``{link, secret, seat, ...}``, the
    link to send on (to the next seat to join; the last joiner's goes back down the seats to
    seat 0, who plays first)."""
    joined, secret = bylink.join(_read(link), name=_text("a name", name) or "")
    game = bylink.read_link(joined)
    seat = len(game.commitments) - 1
    return {"link": joined, "secret": secret.hex(), "seat": seat, **_link_info(game)}


@method("bylinkRead")
def _bylink_read(link: Any, kept: Any = None, secret: Any = None) -> dict[str, Any]:
    """A link checked, without loading it: ``{gameId, stage, toAct, players, joined, turns,
    summary, relation}``; ``relation`` is how it stands to the ``kept`` link of this device
    (same, ahead, behind, or null for another game), whose seat the device's ``secret`` names.
    A link that does not check, or differs from the kept game, is an error naming what (and,
    for a signed link, who changed it)."""
    text = _text("a link", link, optional=False)
    kept_text = _text("the kept link", kept)
    relation = None
    if kept_text:
        mine = bylink.read_link(kept_text)
        key = _secret(secret)
        seat = bylink.seat_of(mine, key) if key is not None else None
        relation = bylink.compare(mine, text, seat)  # type: ignore[arg-type]
    return {**_link_info(bylink.read_link(text)), "relation": relation}


@method("bylinkOpen")
def _bylink_open(link: Any, secret: Any = None, logBase: Any = None) -> dict[str, Any]:
    """Show the game of ``link`` on this device (``secret``: its seat's, if it has one): when
    it is that seat's turn its tile is drawn and it plays; the view has ``bylink``
    ``{gameId, stage, toAct, seat, players, joined, confirming, signed, names, link,
    canHandOn}``. A link or secret that does not check leaves the game on screen as it was."""
    global _session
    session = ByLinkSession.open(_read(link), _secret(secret))
    base = _log_base(logBase)
    _session = session
    return view(base)


@method("bylinkInspect")
def _bylink_inspect(link: Any, secret: Any = None) -> dict[str, Any]:
    """The game of ``link`` as a device holding ``secret`` (or none) would open it, for the
    kept games, without loading it: ``{share, steps, summary, state, bylink}`` as
    ``inspectCode`` with the view's ``bylink``. No tile is drawn: the game as the link left it."""
    session = ByLinkSession.open(_read(link), _secret(secret), draw=False)
    return {**_inspect_session(session), "bylink": session.info()}


@method("bylinkHandOn")
def _bylink_hand_on() -> dict[str, Any]:
    """The link that hands the turn on, once this device's turn is played whole, or that
    confirms the table on the join's way back: ``{link, ...}`` (the game on screen stays as it
    is)."""
    session = _current()
    if not isinstance(session, ByLinkSession):
        raise bylink.SecretError("the game on screen is not a by-link game")
    link = session.hand_on()
    return {"link": link, **_link_info(bylink.read_link(link))}


@method("recordOfCode")
def _record_of_code(code: str) -> str:
    """The game record of a share code (for a backup of every kept game), without a seed line:
    a code carries none (the undrawn rest of the deck is shuffled afresh when it is opened)."""
    return write_record(decode(code), include_seed=False)


def handle(request_json: str) -> str:
    """Answer one JSON request; errors come back as data, never as a Python exception."""
    request_id: Any = None
    try:
        request = json.loads(request_json)
        if not isinstance(request, dict):
            raise ValueError("a request is a JSON object {id, method, params}")
        request_id = request.get("id")
        name = request["method"]
        params = request.get("params") or {}
        if not isinstance(params, dict):
            raise ValueError("a request's params are a JSON object")
        fn = _METHODS.get(name)
        if fn is None:
            message = f"no engine method named {name!r}"
            fields = _fields("UnknownMethod", "unknown-method", message)
            fields["args"] = {"method": str(name)}
            return _error(request_id, fields)
        return json.dumps(
            {"id": request_id, "ok": True, "result": fn(**params)}, separators=_SEPARATORS
        )
    except TaluvaError as exc:
        return _error(request_id, error_json(exc))
    except (ValueError, KeyError, TypeError) as exc:
        message = f"{type(exc).__name__}: {exc}"
        return _error(request_id, _fields("BadRequest", "bad-request", message))


def error_json(exc: TaluvaError) -> dict[str, Any]:
    """An engine error as the page gets it: see the module docstring.

    >>> from taluva.rules.reasons import reason
    >>> error = error_json(IllegalMoveError(reason("tower-level", hex="0,1", level=1)))
    >>> error["rule"], error["code"], error["args"]
    ('R-BUILD-4', 'tower-level', {'hex': '0,1', 'level': 1})
    """
    fields = _fields(type(exc).__name__, exc.kind, str(exc))
    fields["code"], fields["args"] = exc.code, exc.facts
    if isinstance(exc, IllegalMoveError):
        fields["rule"], fields["reason"] = exc.rule, exc.reason
    elif isinstance(exc, OptionsError):
        fields["rule"] = exc.rule
    elif isinstance(exc, ShareCodeError):
        fields["reason"] = exc.reason
    elif isinstance(exc, RecordError) and exc.line is not None:
        fields["line"] = exc.line
        if exc.cause is not None:  # the illegal move that stopped the replay, as data
            cause = exc.cause
            fields["rule"] = cause.rule
            fields["cause"] = {"rule": cause.rule, "code": cause.code, "args": cause.facts}
    return fields


def _fields(type_name: str, kind: str, message: str) -> dict[str, Any]:
    return {
        "type": type_name,
        "message": message,
        "kind": kind,
        "rule": None,
        "reason": message,
        "code": kind,
        "args": {},
    }


def _error(request_id: Any, error: dict[str, Any]) -> str:
    return json.dumps({"id": request_id, "ok": False, "error": error}, separators=_SEPARATORS)
