"""Honest signed links changed at random, and by-link requests of every shape.

A changed link is refused with a by-link error, never a crash, and never read as a game that
differs from the honest one: whatever reads must be the same game, every move, name, key and
value. The bridge answers every by-link request with a result or a typed error.
"""

from __future__ import annotations

import base64
import json
import os
from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bylink_table import Table
from taluva.bridge import handle
from taluva.play import bylink
from taluva.rules.options import Options

# TALUVA_HYPOTHESIS_SCALE scales the examples, as in test_properties (a tenth in Pyodide's run).
SCALE = float(os.environ.get("TALUVA_HYPOTHESIS_SCALE", "1"))


def _examples(n: int) -> int:
    return max(25, int(n * SCALE))


@lru_cache(maxsize=1)
def _honest() -> tuple[list[str], dict[int, str]]:
    """Every link of a 3-player game of 12 tiles each, from its first to a few turns in, and
    the link each device kept at the end."""
    table = Table(Options(players=3, tiles="12"), 5)
    table.play_to(5)
    return table.links, dict(table.kept)


def _content(game: bylink.ByLinkGame) -> tuple[object, ...]:
    return (
        game.options,
        game.names,
        game.keys,
        game.commitments,
        game.revealed,
        game.moves,
        sorted(game.seals.items()),
    )


def _mutations() -> st.SearchStrategy[tuple[int, str, int, int]]:
    return st.tuples(
        st.integers(0, 10),
        st.sampled_from(["bit", "char", "delete", "insert", "cut", "swap"]),
        st.integers(0, 2000),
        st.integers(0, 255),
    )


def _mutated(link: str, kind: str, at: int, value: int) -> str:
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    if kind == "bit":
        body = link[1:]
        data = bytearray(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        data[at % len(data)] ^= 1 << (value % 8)
        return link[0] + base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")
    i = 1 + at % (len(link) - 1)
    if kind == "char":
        return link[:i] + alphabet[value % 64] + link[i + 1 :]
    if kind == "delete":
        return link[:i] + link[i + 1 :]
    if kind == "insert":
        return link[:i] + alphabet[value % 64] + link[i:]
    if kind == "cut":
        return link[:i]
    j = 1 + (at + value + 1) % (len(link) - 1)  # two characters swapped
    chars = list(link)
    chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


@settings(max_examples=_examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutations())
def test_a_changed_link_is_refused_or_is_the_same_game(mutation: tuple[int, str, int, int]) -> None:
    links, kept = _honest()
    index, kind, at, value = mutation
    honest = links[index % len(links)]
    changed = _mutated(honest, kind, at, value)
    try:
        game = bylink.read_link(changed)
    except bylink.ByLinkError:
        pass
    else:
        assert _content(game) == _content(bylink.read_link(honest))
    for seat, link in kept.items():
        try:
            relation = bylink.compare(bylink.read_link(link), changed, seat)
        except bylink.ByLinkError:
            continue
        assert relation in ("same", "ahead", "behind", None)
        assert _content(bylink.read_link(changed)) == _content(bylink.read_link(honest))


# ------------------------------------------------------------------------------ the bridge

_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
_PARAMS = {
    "bylinkCreate": ["options", "name"],
    "bylinkJoin": ["link", "name"],
    "bylinkRead": ["link", "kept", "secret"],
    "bylinkOpen": ["link", "secret", "logBase"],
    "bylinkInspect": ["link", "secret"],
    "bylinkHandOn": [],
}
_KINDS = {"bylink", "options", "bad-request"}


@st.composite
def _requests(draw: st.DrawFn) -> object:
    links, _ = _honest()
    method = draw(st.sampled_from(sorted(_PARAMS)))
    value = _JSON | st.sampled_from(links) | st.just("00" * 32)
    names = _PARAMS[method] + ["extra"]
    params = draw(st.dictionaries(st.sampled_from(names), value, max_size=4))
    shape = draw(st.sampled_from(["object", "params-list", "not-object"]))
    if shape == "params-list":
        return {"id": 1, "method": method, "params": list(params.values())}
    if shape == "not-object":
        return [method, params]
    return {"id": 1, "method": method, "params": params}


@settings(max_examples=_examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_requests())
def test_every_by_link_request_gets_a_result_or_a_typed_error(request: object) -> None:
    reply = json.loads(handle(json.dumps(request)))
    if not reply["ok"]:
        assert reply["error"]["kind"] in _KINDS, reply
        assert isinstance(reply["error"]["message"], str)


def test_a_link_that_is_not_text_is_a_by_link_error() -> None:
    for link in (3, None, ["3AA"], {"link": "x"}, 1.5, True):
        reply = json.loads(
            handle(json.dumps({"id": 1, "method": "bylinkRead", "params": {"link": link}}))
        )
        assert not reply["ok"] and reply["error"]["code"] == "bylink-format", reply
