"""The bridge's view sends the legal moves compactly (:func:`legal_view_json`) and the
page expands them (web/js/game/legal.js) into exactly :func:`legal_moves_json`, in its order.

The round trip runs the page's own module on Node over positions of random games of every option
set; the structural check of the compact form runs in both interpreters (a small sample in
Pyodide, which has no Node to call).
"""

from __future__ import annotations

import contextlib
import json
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from taluva.formats.jsonio import (
    eliminating_placements,
    legal_moves_json,
    legal_view_json,
    state_to_json,
)
from taluva.rules.errors import OptionsError
from taluva.rules.game import BUILD, DRAW, OVER, PLACE, Game
from taluva.rules.hexgrid import pack
from taluva.rules.moves import Placement
from taluva.rules.options import FOUND_VALUES, TILES_VALUES, Options

ROOT = Path(__file__).resolve().parent.parent
LEGAL_JS = ROOT / "web" / "js" / "game" / "legal.js"
NODE = shutil.which("node") if sys.platform != "emscripten" else None

OPTION_SETS = []
for _p in (2, 3, 4):
    for _t in TILES_VALUES:
        for _f in FOUND_VALUES:
            for _rank, _teams in ((False, False), (True, False), (False, True)):
                with contextlib.suppress(OptionsError):
                    OPTION_SETS.append(
                        Options(players=_p, tiles=_t, found=_f, rank=_rank, teams=_teams)
                    )


def positions(count: int, seed: int, rate: float = 0.15) -> Iterator[Game]:
    """Place and build steps (a ``rate`` of them) of ``count`` random games over the option
    sets, late ones too."""
    rng = random.Random(seed)
    for i in range(count):
        game = Game(OPTION_SETS[i % len(OPTION_SETS)], rng.randrange(2**32))
        while game.phase != OVER:
            if game.phase == DRAW:
                game.draw()
                continue
            if rng.random() < rate:
                yield game.copy()
            game.push(game.random_move(rng))


def check_compact(game: Game) -> None:
    moves = legal_view_json(game)
    if game.phase == BUILD:
        assert moves == {"build": [m for m in legal_moves_json(game) if m["type"] == "build"]}
        return
    assert game.phase == PLACE and list(moves) == ["place"]
    eliminating = eliminating_placements(game)
    listed, marked = [], set()
    for spot in moves["place"]:
        q, r, bits, *rest = spot
        assert 0 < bits < 64 and len(rest) <= 1
        assert not rest or (rest[0] and not rest[0] & ~bits)  # marks only listed placements
        for k in range(6):
            if bits >> k & 1:
                listed.append(Placement(pack(q, r), k))
                if rest and rest[0] >> k & 1:
                    marked.add(listed[-1])
    assert listed == game.legal_placements() and marked == eliminating


def test_the_compact_moves_are_the_legal_moves_grouped_by_volcano_R_ELIM_1() -> None:
    count = 4 if sys.platform == "emscripten" else len(OPTION_SETS)
    for game in positions(count, seed=21):
        check_compact(game)
    assert legal_view_json(Game(seed=1)) == {}  # the draw step has no moves


# The page's expansion, run by Node on each view: one JSON line in, one list of moves out.
EXPAND = f"""
import {{ createInterface }} from "node:readline";
import {{ legalMoves }} from {json.dumps(LEGAL_JS.as_uri())};
for await (const line of createInterface({{ input: process.stdin }})) {{
  console.log(JSON.stringify(legalMoves(JSON.parse(line))));
}}
"""


@pytest.mark.skipif(NODE is None, reason="needs Node (not in Pyodide)")
def test_the_page_expands_the_compact_moves_into_exactly_the_legal_move_json() -> None:
    games = list(positions(len(OPTION_SETS), seed=22, rate=0.05))
    views = [{"state": state_to_json(g), "moves": legal_view_json(g)} for g in games]
    lines = "".join(json.dumps(v) + "\n" for v in views)
    out = subprocess.run(
        [NODE, "--input-type=module", "-e", EXPAND],
        input=lines,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.splitlines()
    assert len(out) == len(games)
    covers = eliminates = placements = 0
    for game, line in zip(games, out, strict=True):
        expected = json.loads(json.dumps(legal_moves_json(game)))
        assert json.loads(line) == expected, state_to_json(game)["log"][-1:]
        placements += sum(m["type"] == "place" for m in expected)
        covers += sum("covers" in m for m in expected)
        eliminates += sum("eliminates" in m for m in expected)
    # The sample exercises what the compact form leaves to the state: buried huts, R-ELIM-1 marks.
    assert placements > 5_000 and covers > 50 and eliminates > 0
