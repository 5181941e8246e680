"""The evaluation weights fitted per player count by :mod:`taluva.ai.tune`, shipped as data.

``weights.json`` (in this package, so in the wheel) maps a player count to the fields of
:class:`~taluva.ai.evaluate.Weights`, only for the counts whose fit differs from the defaults
(the defaults live once, in :mod:`taluva.ai.evaluate`). It is read once, when this module is
imported: the page's memory snapshot holds every imported module but not the wheel's files, so a
table read later, on a restored engine, would find no file. The strong and master levels play
free-for-all games with these; the levels below keep the defaults.

>>> tuned(3) is tuned(3), tuned(2) == DEFAULT, set(table()) == {3}
(True, True, True)
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from taluva.ai.evaluate import DEFAULT, Weights

WEIGHTS_FILE = "weights.json"


def table() -> dict[int, Weights]:
    """The fitted weights of every player count that has its own (the others use the defaults)."""
    return _TABLE


def parse_table(text: str) -> dict[int, Weights]:
    """The weights of a ``weights.json`` text; a missing or unknown field is an error, not a
    silent default."""
    raw = json.loads(text)
    out: dict[int, Weights] = {}
    for players, fields in raw.items():
        if set(fields) != set(Weights._fields):
            missing = sorted(set(Weights._fields) - set(fields))
            extra = sorted(set(fields) - set(Weights._fields))
            raise ValueError(
                f"{WEIGHTS_FILE}: {players} players: missing {missing}, unknown {extra}"
            )
        out[int(players)] = Weights(**{k: float(v) for k, v in fields.items()})
    return out


# Beside this module: the wheel installs unpacked. (importlib.resources would cost the page's
# first visit ~14 ms of importing, for zip installs this package never has.)
_TABLE = parse_table(Path(__file__).with_name(WEIGHTS_FILE).read_text())


@cache
def tuned(players: int) -> Weights:
    """The fitted weights for ``players`` seats (the defaults for a count not fitted)."""
    return table().get(players, DEFAULT)
