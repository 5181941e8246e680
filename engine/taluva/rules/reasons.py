"""Why a move is refused, how a game ended, what went wrong: stable codes with their facts.

Every reason the engine gives has a **code** (a stable word, the key of the page's message
``reason.<code>``), the **rule** it cites (a RULES.md id) and its **facts** as data (``args``).
The English sentence of the CLI and the Python API is formatted here, from one template per code,
so the text cannot say something the data does not. The page phrases the same code and facts in
its own language (web/i18n/<tag>/engine.json: ``reason.<code>``, ``result.<code>``,
``error.<code>``; tests/test_reasons.py checks those keys against this registry both ways).

Facts are JSON values: a hex is its notation ``"q,r"`` (a string, so that no language formats
it as a number: in Polish ``2,5`` would be a decimal), levels and counts are integers,
``piece`` is ``hut``/``temple``/``tower``, ``terrain`` one of ``jungle clearing sand rock lake``,
``phase`` one of ``draw place build over``. Multi-word names are camelCase, as in the rest of
the JSON.

>>> why = reason("tower-level", hex="0,1", level=1)
>>> why.rule, why.code, why.args
('R-BUILD-4', 'tower-level', {'hex': '0,1', 'level': 1})
>>> why.text
'a tower goes on level 3 or higher; 0,1 is on level 1'
>>> why.to_json()["text"] == why.text
True
"""

from __future__ import annotations

from string import Formatter
from typing import Any, NamedTuple

Arg = str | int


class Code(NamedTuple):
    """One code: the rule it cites (None for an error kind), its English template (None where
    the English text is the error's own detail) and the names of its facts."""

    rule: str | None
    template: str | None
    args: tuple[str, ...] = ()


# Why a move or a step is refused now (key ``reason.<code>``). An IllegalMoveError carries one.
REASONS: dict[str, Code] = {
    # Placement (Board.placement_error)
    "tile-first-origin": Code("R-TILE-1", "the first tile is placed with its volcano on 0,0"),
    "tile-not-touching": Code(
        "R-TILE-2", "a tile on the table must share an edge with the landscape"
    ),
    "tile-gap": Code(
        "R-TILE-3c",
        "there would be a gap under the tile: all three hexes below must be on one level",
    ),
    "tile-volcano-on-volcano": Code(
        "R-TILE-3a", "in an eruption the volcano must lie on a volcano hex"
    ),
    "tile-uneven-levels": Code(
        "R-TILE-3c",
        "the hexes below are on levels {volcanoLevel}, {firstLevel} and {secondLevel}: "
        "they must be on one level",
        ("volcanoLevel", "firstLevel", "secondLevel"),
    ),
    "tile-same-direction": Code(
        "R-TILE-3b",
        "the volcano may not point the same way as the one it covers "
        "(the tile would lie exactly on one tile)",
    ),
    "tile-covers-piece": Code("R-TILE-3f", "a tile may not cover a {piece}", ("piece",)),
    "tile-covers-settlement": Code("R-TILE-3g", "a tile may not cover a whole settlement"),
    # The step (Game.move_error, Game.draw, Game.random_move, the AI, the session)
    "game-over": Code("R-END", "the game is over"),
    "draw-first": Code("R-TURN", "a tile must be drawn first"),
    "now-build": Code("R-TURN", "the tile is placed; now build (step 2)"),
    "place-first": Code("R-TURN", "place the drawn tile first (step 1)"),
    "not-a-move": Code("R-TURN", "{move} is not a move", ("move",)),
    "no-more-draws": Code("R-END", "the game is over: no more tiles are drawn"),
    "not-draw-step": Code("R-TURN", "it is the {phase} step, not the draw", ("phase",)),
    "no-move-in-step": Code("R-TURN", "there is no move to make in the {phase} step", ("phase",)),
    "no-move-to-choose": Code(
        "R-TURN", "there is no move to choose in the {phase} step", ("phase",)
    ),
    "turn-at-place-step": Code(
        "R-TURN", "a turn is chosen at the place step, not {phase}", ("phase",)
    ),
    "nothing-to-undo": Code("R-TURN", "there is nothing to undo"),
    "nothing-to-redo": Code("R-TURN", "there is nothing to redo"),
    "no-such-step": Code("R-TURN", "there is no step {step}", ("step",)),
    # The tiles (Game.draw with a named tile)
    "not-a-tile": Code("R-MAT-3", "{tile} is not a tile", ("tile",)),
    "tile-used-up": Code(
        "R-MAT-3", "all {count} {tile} tiles are already drawn", ("count", "tile")
    ),
    # Building (Game._build_error)
    "build-no-hex": Code("R-BUILD-0", "there is no hex at {hex}", ("hex",)),
    "build-on-volcano": Code("R-BUILD-0", "nothing is ever built on a volcano ({hex})", ("hex",)),
    "build-occupied": Code("R-BUILD-0", "{hex} already has a building", ("hex",)),
    "no-piece-left": Code("R-BUILD-6", "you have no {piece} left", ("piece",)),
    "tower-level": Code(
        "R-BUILD-4",
        "a tower goes on level 3 or higher; {hex} is on level {level}",
        ("hex", "level"),
    ),
    "temple-not-adjacent": Code(
        "R-BUILD-3", "a temple must share an edge with one of your settlements"
    ),
    "tower-not-adjacent": Code(
        "R-BUILD-4", "a tower must share an edge with one of your settlements"
    ),
    "temple-small-settlement": Code(
        "R-BUILD-3", "a temple needs a settlement of {size} hexes or more", ("size",)
    ),
    "settlement-has-piece": Code("R-BUILD-5", "that settlement already has a {piece}", ("piece",)),
    "found-level": Code(
        "R-BUILD-1",
        "a new settlement starts on a level-1 hex; {hex} is on level {level}",
        ("hex", "level"),
    ),
    "found-isolated": Code(
        "O-FOUND",
        "a new settlement may not touch one of your own settlements "
        "(O-FOUND isolated): expand that settlement instead",
    ),
    "expand-count": Code(
        "R-BUILD-2",
        "an expansion puts as many huts on a hex as its level: {level} on {hex}",
        ("level", "hex"),
    ),
    "expand-one-landscape": Code("R-BUILD-2", "an expansion is onto one landscape only"),
    "expand-not-enough-huts": Code(
        "R-BUILD-6", "this expansion needs {need} huts and you have {have}", ("need", "have")
    ),
    "expand-exact": Code(
        "R-BUILD-2",
        "an expansion covers every empty {terrain} hex next to one of your settlements, "
        "no more and no fewer",
        ("terrain",),
    ),
}

# How a game ended (key ``result.<code>``): the state JSON's ``result.reason``. Who won and the
# places are data of their own there (``winners``, ``places``).
RESULTS: dict[str, Code] = {
    "early-victory": Code("R-END-1", "early victory: all pieces of two kinds placed (R-END-1)"),
    "last-tile": Code("R-END-2", "the last tile was placed (R-END-2)"),
    "last-player-standing": Code("R-ELIM-2", "only one player was left in the game (R-ELIM-2)"),
    "last-team-standing": Code(
        "O-TEAMS", "both members of the other team were eliminated (O-TEAMS)"
    ),
}

# What sort of error an engine call met (key ``error.<code>``), beside an illegal move's reason.
# The English detail stays the exception's own message (``reason`` in the error JSON): these are
# the kinds, with the few facts they have as data.
ERRORS: dict[str, Code] = {
    "error": Code(None, None),  # TaluvaError itself (the CLI's argument checks)
    "illegal-move": Code(None, None),  # the lead; the reason itself is a REASONS code
    "invalid-move": Code(None, None),
    "options": Code(None, None),  # bad game options, or a link naming unknown ones
    "record": Code(None, None),
    "record-line": Code(None, None, ("line",)),  # a record error at a known line
    # an illegal move in a record: ``reason`` is its English; the page phrases the error's cause
    "record-move": Code(None, None, ("line", "reason")),
    "empty": Code(None, None),  # share codes: sharecode.SHARE_ERROR_KINDS
    "newer": Code(None, None, ("format",)),
    "corrupt": Code(None, None),
    "too-long": Code(None, None, ("length",)),
    "unknown-method": Code(None, None, ("method",)),  # the bridge
    "bad-request": Code(None, None),
}


class Reason:
    """A reason with its facts: ``rule``, ``code``, ``args`` and the English ``text``.

    Made by :func:`reason`; compared by code and facts.
    """

    __slots__ = ("code", "args")

    def __init__(self, code: str, args: dict[str, Arg]) -> None:
        self.code = code
        self.args = args

    @property
    def rule(self) -> str:
        return REASONS[self.code].rule  # type: ignore[return-value]

    @property
    def text(self) -> str:
        """The English sentence, without the rule id."""
        return REASONS[self.code].template.format_map(self.args)  # type: ignore[union-attr]

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "code": self.code, "args": dict(self.args), "text": self.text}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and (self.code, self.args) == (other.code, other.args)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.args.items())
        return f"reason({self.code!r}{args})"


def reason(code: str, **args: Arg) -> Reason:
    """The reason ``code`` with its facts; they must be exactly the code's declared ones."""
    assert tuple(args) == REASONS[code].args, (code, tuple(args))
    return Reason(code, args)


def template_fields(template: str) -> set[str]:
    """The names a ``str.format`` template uses (for the registry's own tests)."""
    return {name for _, name, _, _ in Formatter().parse(template) if name}
