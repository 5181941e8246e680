"""The bridge's methods: one door each, its request's schema and the few lines that hand the
checked request to the feature that answers it (the game on screen, the formats, the lesson,
the computer players, the review, by-link games). web/API.md documents each for the page.

Every method that answers with a view takes the page's ``logBase`` (see
:func:`taluva.play.screen.view`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from taluva import __version__
from taluva.ai import levels
from taluva.bridge.schema import BadRequest, Field, Int, Items, Mapping, Number, Schema, Text
from taluva.formats.jsonio import legal_moves_json, move_from_json, reason_json
from taluva.formats.picture import picture, read_picture
from taluva.formats.record import replay, write_record
from taluva.formats.sharecode import decode, relate
from taluva.play import computer, lesson, review_walk, screen
from taluva.play.bylink import page as bylink
from taluva.play.bylink.errors import LinkFormatError, SecretError
from taluva.play.bylink.linktext import MAX_LENGTH
from taluva.play.bylink.names import MAX_NAME
from taluva.play.live import page as live
from taluva.play.live.errors import LiveMessageError
from taluva.play.live.message import MAX_MESSAGE, MAX_TURN
from taluva.rules.errors import InvalidMoveError, OptionsError
from taluva.rules.options import Options

Params = dict[str, Any]


class Door(NamedTuple):
    schema: Schema
    answer: Callable[[Params], Any]


METHODS: dict[str, Door] = {}


def door(method: str, /, **schema: Field) -> Callable[[Callable[[Params], Any]], Any]:
    """Register ``method``, whose request has the fields ``schema``."""

    def register(answer: Callable[[Params], Any]) -> Callable[[Params], Any]:
        METHODS[method] = Door(schema, answer)
        return answer

    return register


# The fields, with limits far above anything the page sends (a whole 4-player game's share code
# is a few hundred characters, its record a few thousand, its by-link link under 1,600).
LOG_BASE = Text(64)
SEED = Int()
STEP = Int(0, 10_000)
CODE = Text(4096, required=True)
RECORD = Text(100_000, required=True)
LEVEL = Text(40)
MOVE = Mapping(4096, required=True, error=InvalidMoveError)
OPTIONS = Mapping(1024, error=OptionsError)
NODES = Int(1, 10_000_000)
# By-link fields refuse with a by-link error, as the page phrases those.
LINK = Text(8192, required=True, error=LinkFormatError)
KEPT = Text(8192, error=LinkFormatError)
NAME = Text(256, error=LinkFormatError)
SECRET = Text(128, error=SecretError)


@door("ping")
def _ping(p: Params) -> str:
    return "pong"


@door("version")
def _version(p: Params) -> str:
    return __version__


# ---------------------------------------------------------------------- the game on screen


@door("newGame", options=OPTIONS, seed=SEED, logBase=LOG_BASE)
def _new_game(p: Params) -> Any:
    return screen.new_game(Options.from_dict(p["options"] or {}), p["seed"], p["logBase"])


@door("view", logBase=LOG_BASE)
def _view(p: Params) -> Any:
    return screen.view(p["logBase"])


@door("state")
def _state(p: Params) -> Any:
    return screen.state()


@door("legalMoves")
def _legal_moves(p: Params) -> Any:
    return legal_moves_json(screen.current().game)


@door("play", move=MOVE, logBase=LOG_BASE)
def _play(p: Params) -> Any:
    return screen.play(move_from_json(p["move"]), p["logBase"])


@door("explain", move=MOVE)
def _explain(p: Params) -> Any:
    """Why a move is illegal now, ``{rule, code, args, text}``, or null if it is legal."""
    return reason_json(screen.current().game.move_error(move_from_json(p["move"])))


@door("stateAt", step=Int(0, 10_000, required=True))
def _state_at(p: Params) -> Any:
    return screen.state_at(p["step"])


@door("undo", logBase=LOG_BASE)
def _undo(p: Params) -> Any:
    screen.current().undo()
    return screen.view(p["logBase"])


@door("redo", logBase=LOG_BASE)
def _redo(p: Params) -> Any:
    screen.current().redo()
    return screen.view(p["logBase"])


@door("shareCode")
def _share_code(p: Params) -> Any:
    return screen.current().share_code()


@door("record")
def _record(p: Params) -> Any:
    return screen.record()


@door("loadShareCode", code=CODE, logBase=LOG_BASE)
def _load_share_code(p: Params) -> Any:
    """Replace the game by the one a link carries; a bad code leaves the current game alone."""
    return screen.load(decode(p["code"]), p["logBase"])


@door("loadRecord", text=RECORD, logBase=LOG_BASE)
def _load_record(p: Params) -> Any:
    """Replace the game by a replayed record; a bad record leaves the current game alone."""
    return screen.load(replay(p["text"]), p["logBase"])


@door("picture", colours=Items(8, each=Int(0, 255)), step=STEP)
def _picture(p: Params) -> Any:
    """The position's picture for links (:mod:`taluva.formats.picture`), one colour a seat."""
    players = screen.current().game.players
    if p["colours"] is not None and len(p["colours"]) != players:
        raise BadRequest(
            f"picture: colours has one palette index a seat, {players}", field="colours"
        )
    return screen.picture_now(p["colours"], p["step"])


# ---------------------------------------------------- kept games: codes and records, not shown


@door("readPicture", text=Text(8192, required=True))
def _read_picture(p: Params) -> Any:
    """A link's picture read back (what the page's own reader makes of it)."""
    return read_picture(p["text"])


@door("relateCodes", code=CODE, others=Items(10_000, required=True))
def _relate_codes(p: Params) -> Any:
    """How each of ``others`` (share codes) stands to ``code``: "same", "ahead", "behind" or
    null (another game, other options, or unreadable). A bad ``code`` is an error, a bad other
    only null."""
    return relate(p["code"], p["others"])


@door("inspectCode", code=CODE)
def _inspect_code(p: Params) -> Any:
    """The game of a share code, as {share, steps, summary, state}, without loading it."""
    return screen.inspect_game(decode(p["code"]))


@door("inspectRecord", text=RECORD)
def _inspect_record(p: Params) -> Any:
    """The game of a record, as {share, steps, summary, state}, without loading it."""
    return screen.inspect_game(replay(p["text"]))


@door("recordOfCode", code=CODE)
def _record_of_code(p: Params) -> Any:
    """The record of a share code (for a backup of every kept game), without a seed line: a code
    carries none (the undrawn rest of the deck is shuffled afresh when it is opened)."""
    return write_record(decode(p["code"]), include_seed=False)


# ------------------------------------------------------------------------------ the lesson


@door("lesson")
def _lesson(p: Params) -> Any:
    """The lesson's steps (taluva.play.lesson): id, rules, record, seat, phase, marked hexes."""
    return lesson.steps_json()


@door("lessonCheck", step=Text(40, required=True), move=MOVE)
def _lesson_check(p: Params) -> Any:
    """Whether ``move`` passes lesson ``step``: ``{pass}``, with the ``reason`` when not."""
    return lesson.check(p["step"], p["move"])


@door("lessonPictures", steps=Items(64, each=Text(40), required=True))
def _lesson_pictures(p: Params) -> Any:
    """Help's pictures: each named lesson step's position after a passing move."""
    return {step: picture(lesson.picture_of(step)) for step in p["steps"]}


# -------------------------------------------------------------------- the computer players


@door("aiLevels")
def _ai_levels(p: Params) -> Any:
    """The computer levels' ids, weakest first."""
    return list(levels.LEVELS)


@door("computerLevels")
def _computer_levels(p: Params) -> Any:
    return computer.levels_json()


@door("aiChoose", level=Text(40, required=True), seed=SEED)
def _ai_choose(p: Params) -> Any:
    return computer.choose(p["level"], p["seed"] or 0)


@door("hint", seed=SEED)
def _hint(p: Params) -> Any:
    return computer.hint(p["seed"] or 0)


@door("aiPonder", seats=Items(4, row=(Int(0, 3), Text(40), SEED), required=True))
def _ai_ponder(p: Params) -> Any:
    """Think on the others' time for the computer ``seats`` (``[seat, level, seed]`` each);
    the worker then calls ``ponderStep`` while the page has nothing to ask."""
    return computer.ponder_for(p["seats"])


@door("ponderStep", ms=Number(0, 10_000))
def _ponder_step(p: Params) -> Any:
    """The worker's own call between the page's: ponder for about ``ms`` milliseconds."""
    return computer.ponder_step(8.0 if p["ms"] is None else p["ms"])


# ------------------------------------------------------------------------------ the review

REVIEW = {"code": CODE, "steps": STEP, "level": LEVEL, "seed": SEED, "nodes": NODES}


@door("reviewGame", **REVIEW)
def _review_game(p: Params) -> Any:
    return review_walk.review_game(_review_ask(p))


@door("reviewTurn", number=Int(1, 10_000, required=True), **REVIEW)
def _review_turn(p: Params) -> Any:
    return review_walk.review_turn_json(_review_ask(p), p["number"])


def _review_ask(p: Params) -> review_walk.Ask:
    return review_walk.Ask(p["code"], p["steps"], p["level"], p["seed"] or 0, p["nodes"])


# ------------------------------------------------------------------------------ by link


@door("bylinkCreate", options=OPTIONS, name=NAME)
def _bylink_create(p: Params) -> Any:
    return bylink.create(Options.from_dict(p["options"] or {}), p["name"])


@door("bylinkJoin", link=LINK, name=NAME)
def _bylink_join(p: Params) -> Any:
    return bylink.join(p["link"], p["name"])


@door("bylinkRead", link=LINK, kept=KEPT, secret=SECRET)
def _bylink_read(p: Params) -> Any:
    return bylink.read(p["link"], p["kept"], p["secret"])


@door("bylinkOpen", link=LINK, secret=SECRET, logBase=LOG_BASE)
def _bylink_open(p: Params) -> Any:
    return bylink.open_on_screen(p["link"], p["secret"], p["logBase"])


@door("bylinkInspect", link=LINK, secret=SECRET)
def _bylink_inspect(p: Params) -> Any:
    return bylink.inspect(p["link"], p["secret"])


@door("bylinkHandOn")
def _bylink_hand_on(p: Params) -> Any:
    return bylink.hand_on()


# ------------------------------------------------------------------------------ live play

# A live message's fields refuse as a message the engine cannot read (live-message): the
# schema's limits are the message's own (taluva.play.live.message), which checks their form.
MESSAGE = Text(MAX_MESSAGE, required=True, error=LiveMessageError)
WRITE = {
    "type": Text(8, required=True, error=LiveMessageError),
    "name": Text(MAX_NAME, error=LiveMessageError),
    "gameId": Text(16, error=LiveMessageError),
    "seat": Int(0, 3, error=LiveMessageError),
    "link": Text(MAX_LENGTH, error=LiveMessageError),
    "turn": Int(1, MAX_TURN, error=LiveMessageError),
    "value": Text(64, error=LiveMessageError),
    "placement": Text(32, error=LiveMessageError),
}


@door("liveRead", text=MESSAGE)
def _live_read(p: Params) -> Any:
    """A message received over the channel, checked: ``{v, type, ...}``."""
    return live.read(p["text"])


@door("liveWrite", **WRITE)
def _live_write(p: Params) -> Any:
    """The text of a message to send: ``type`` and that type's fields."""
    kind = p.pop("type")
    return live.write(kind, p)


@door("liveStepOut")
def _live_step_out(p: Params) -> Any:
    """The step message of the placement just made on this device."""
    return live.step_out_on_screen()


@door("liveStepIn", link=LINK, text=MESSAGE, secret=SECRET, logBase=LOG_BASE)
def _live_step_in(p: Params) -> Any:
    """A friend's placement shown, checked against ``link``: a view as ``bylinkOpen``'s."""
    return live.step_in(p["link"], p["text"], p["secret"], p["logBase"])
