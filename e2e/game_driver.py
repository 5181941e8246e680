"""Plays Taluva through the game page as a person would: keys, pointer and buttons.

The driver may read ``taluva.legalMoves()`` and ``taluva.state()`` to *choose* a move, but it
performs every move through the UI: it rotates the tile with the R key until the page's rotation
matches, moves the mouse onto the volcano hex (``taluva.hexToScreen``) and clicks; for a build it
presses the action button and clicks the hex (an expansion is then confirmed with the button).
It waits on the data attributes the page sets after each engine answer, never on fixed sleeps.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from support import wait_ready
from taluva.formats.jsonio import legal_moves_json, move_from_json, state_to_json
from taluva.formats.record import replay, write_record
from taluva.formats.sharecode import encode
from taluva.rules.game import DRAW, OVER, Game
from taluva.rules.options import Options

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "e2e" / "artifacts"
ENGINE_MESSAGES = json.loads((ROOT / "web" / "i18n" / "en" / "engine.json").read_text())
# How each ending reads in the end dialog's English line (web/i18n/en/game.json end.headline).
ENDINGS = {
    "last-tile": "the last tile was placed",
    "early-victory": "all the buildings of two kinds are placed",
    "last-player-standing": "every other player was eliminated",
    "last-team-standing": "both members of the other team were eliminated",
}
UI = ".tg-root"
STEP_TIMEOUT_MS = 15_000


def wait_game_ready(page) -> None:
    page.wait_for_selector(f'{UI}[data-ready="1"][data-busy="0"]', state="attached", timeout=90_000)


# What a device needs that only a browser context can set (conftest.py's `devices`): a touch
# screen, and a phone's browser (touch, the page's viewport tag honoured, pixel ratio 3).
TOUCH = {"has_touch": True}
PHONE = {"has_touch": True, "is_mobile": True, "device_scale_factor": 3}


@contextmanager
def phone_game(devices, url: str, *, mobile: bool = True) -> Iterator[tuple]:
    """A touch phone's page, 390x844 (`mobile`: a phone's browser at pixel ratio 3, else a
    touch screen at 1), on `url` with its game shown; yields the page and the list of its
    uncaught errors. The phone is a warm device of conftest.py's `devices` (a touch screen
    that is not a phone's browser is the one test_layout's touch sizes use: one warm-up less)."""
    if mobile:
        page = devices("phone", viewport={"width": 390, "height": 844}, **PHONE)
    else:
        page = devices("", viewport={"width": 390, "height": 844}, **TOUCH)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    wait_ready(page)
    wait_game_ready(page)
    yield page, errors


def data(page, name: str) -> str:
    return page.get_attribute(UI, f"data-{name}") or ""


def steps(page) -> int:
    return int(data(page, "steps"))


def wait_data(page, selector_tail: str, timeout: int = STEP_TIMEOUT_MS) -> None:
    """Wait until the game root matches ``[data-...]`` attribute selectors (no script: the
    page's CSP forbids the eval a polled JavaScript predicate would need)."""
    page.wait_for_selector(f"{UI}{selector_tail}", state="attached", timeout=timeout)


def wait_steps_past(page, before: int) -> None:
    wait_data(page, f'[data-busy="0"]:not([data-steps="{before}"])')


def new_game(page, options: dict, seed: int | None = None) -> dict:
    """Start a game with the page API (tests need a seed; the dialog has its own test)."""
    state = page.evaluate("o => taluva.newGame(o)", {**options, "seed": seed})
    wait_game_ready(page)
    page.wait_for_selector("dialog[open]", state="detached")
    return state


def spread(i: int, game: Game, moves: list) -> object:
    """Move i of a game: the (i * 7919)-th legal move modulo their number (a long thin island)."""
    return moves[(i * 7919) % len(moves)]


def first_move(i: int, game: Game, moves: list) -> object:
    """Move i of a game: always the first legal move."""
    return moves[0]


def play_out(game: Game, choose=spread) -> int:
    """Play `game` to its end here, move i being ``choose(i, game, legal moves)`` (i from 1);
    returns the moves played."""
    i = 1
    while game.phase != OVER:
        if game.phase == DRAW:
            game.draw()
            continue
        game.push(choose(i, game, list(game.legal_moves())))
        i += 1
    return i - 1


def finished_game_code(players: int, seed: int, choose=spread) -> str:
    """The share code of a whole game the engine plays here (a fraction of a second), move i
    being ``choose(i, game, legal moves)``. For tests of what a finished or late game offers,
    not of how it was played."""
    game = Game(Options(players=players), seed)
    play_out(game, choose)
    return encode(game)


def finish_by_record(page, seed: int, pick: int = 0) -> int:
    """The page's game (started with `seed`) played to its end by the engine here, each step the
    `pick`-th legal move modulo their number, and imported into the page as a record with its
    seed (the Share dialog's import). For tests of what a finished game shows, not of how its
    rest was played. Call it when no computer is in its turn. Returns the steps played here."""
    wait_data(page, '[data-busy="0"]')
    game = replay(page.evaluate("taluva.call('record', {})"), seed)
    played = play_out(game, lambda i, game, moves: moves[pick % len(moves)])
    assert page.evaluate("t => taluva.share.importRecord(t)", write_record(game)) is True
    return played


def open_finished(page, url: str, code: str) -> int:
    """Opens the finished game `code` by its link on `page`; its end screen shows. Returns its
    steps."""
    page.goto("about:blank")  # a new document: a hash change alone makes the page reload itself
    page.goto(f"{url}#g={code}")
    page.wait_for_selector("[data-testid=end][open]")
    wait_data(page, '[data-busy="0"]')
    return int(data(page, "steps"))


def screen_of(page, q: int, r: int) -> tuple[float, float]:
    pt = page.evaluate("([q, r]) => taluva.hexToScreen(q, r)", [q, r])
    return pt["x"], pt["y"]


def on_board(page, x: float, y: float) -> bool:
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.dataset.testid ?? ''", [x, y])
    return hit == "board"


# Where hex (q, r) is on screen, and whether the board canvas is what is there: one round trip.
WHERE_JS = """([q, r]) => {
    const { x, y } = taluva.hexToScreen(q, r);
    return { x, y, hit: document.elementFromPoint(x, y)?.dataset.testid ?? "" };
}"""


def reveal(page, q: int, r: int) -> tuple[float, float]:
    """Where hex (q, r) is on screen; zooms out (the - key) as a person would if it is not on the
    board, and fails if it never is."""
    x, y, _ = revealed(page, q, r)
    return x, y


def revealed(page, q: int, r: int) -> tuple[float, float, bool]:
    """reveal's point, and whether it had to zoom out to show it."""
    for presses in range(7):
        at = page.evaluate(WHERE_JS, [q, r])
        if at["hit"] == "board":
            return at["x"], at["y"], presses > 0
        page.keyboard.press("-")
    raise AssertionError(
        f"hex {q},{r} is not on the board canvas at {at['x']:.0f},{at['y']:.0f} ({at['hit']!r})"
    )


def assert_on_board(page, x: float, y: float) -> None:
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.dataset.testid ?? ''", [x, y])
    assert hit == "board", f"point {x:.0f},{y:.0f} is not on the board canvas (it is on {hit!r})"


def rotate_to(page, clock: int) -> None:
    """Turn the tile to `clock` the short way round: R turns it two clock hours forward,
    Shift+R back (web/js/screen/keymap.js), so a turn needs at most three presses."""
    forward = (clock - int(data(page, "clock"))) // 2 % 6
    key, presses = ("r", forward) if forward <= 3 else ("Shift+R", 6 - forward)
    for _ in range(presses):
        page.keyboard.press(key)
    wait_data(page, f'[data-clock="{clock}"]')


# Waits in the page until the root shows the ghost tile `ghost` ("q,r/clock"), then gives its
# legality and the steps so far: one round trip where a wait and two reads were three.
GHOST_JS = """(ghost) => new Promise((resolve, reject) => {
  const root = document.querySelector(ROOT_SELECTOR);
  const timer = setTimeout(() => {
    observer.disconnect();
    reject(new Error(`no ghost tile ${ghost} on the board (it shows ${root.dataset.ghost})`));
  }, TIMEOUT_MS);
  const seen = () => {
    if (root.dataset.ghost !== ghost) return;
    observer.disconnect();
    clearTimeout(timer);
    resolve({ legal: root.dataset.ghostLegal, steps: Number(root.dataset.steps) });
  };
  const observer = new MutationObserver(seen);
  observer.observe(root, { attributes: true, attributeFilter: ["data-ghost"] });
  seen();
})""".replace("ROOT_SELECTOR", json.dumps(UI)).replace("TIMEOUT_MS", str(STEP_TIMEOUT_MS))


def place(page, move: dict, *, confirm_elimination: bool = True) -> None:
    """Rotate, point and click: the tile step of ``move`` (a legal placement JSON)."""
    rotate_to(page, move["clock"])
    q, r = move["volcano"]
    x, y, zoomed = revealed(page, q, r)
    page.mouse.move(x, y)
    ghost = page.evaluate(GHOST_JS, f"{q},{r}/{move['clock']}")
    assert ghost["legal"] == "true"
    before = ghost["steps"]
    page.mouse.click(x, y)
    if move.get("eliminates"):
        # R-ELIM-1: the page asks first. Cancel once (nothing happens), then confirm.
        page.wait_for_selector("[data-testid=confirm-dialog][open]")
        page.click("[data-testid=confirm-cancel]")
        page.wait_for_selector("[data-testid=confirm-dialog][open]", state="detached")
        assert steps(page) == before
        if not confirm_elimination:
            return
        page.mouse.click(x, y)
        page.wait_for_selector("[data-testid=confirm-dialog][open]")
        page.click("[data-testid=confirm-ok]")
    wait_steps_past(page, before)
    if zoomed:
        page.keyboard.press("f")  # frame the whole board again


def build(page, move: dict) -> None:
    """Choose the action with its button and the hex on the board (an expansion: confirm)."""
    kind = move["kind"]
    before = steps(page)
    page.click(f"[data-testid=kind-{kind}]")
    assert data(page, "kind") == kind
    target = move["hexes"][0]
    x, y = reveal(page, target["q"], target["r"])
    page.mouse.click(x, y)
    if kind == "expand":
        if data(page, "selected") != move["notation"]:
            # The clicked hex belongs to more than one expansion: pick it from the list.
            s = move["settlement"]
            page.click(f"[data-testid='expand-{s[0]},{s[1]}-{move['terrain']}']")
        assert data(page, "selected") == move["notation"]
        summary = page.text_content("[data-testid=expand-summary]")
        for h in move["hexes"]:  # each hex's huts by its level, never its coordinates
            assert f"on level {h['count']}" in summary
        assert not re.search(r"-?\d+,-?\d+", summary), summary
        page.click("[data-testid=confirm]")
    wait_steps_past(page, before)


def perform(page, move: dict) -> None:
    if move["type"] == "place":
        place(page, move)
    else:
        build(page, move)


@dataclass
class Tally:
    """What happened in a game, counted from the states before and after each move."""

    steps: int = 0
    destroyed: int = 0  # huts buried by eruptions (R-TILE-3d)
    eruptions: int = 0
    kinds: dict = field(default_factory=lambda: {"found": 0, "expand": 0, "temple": 0, "tower": 0})
    eliminations: int = 0


def _buildings(state: dict) -> dict:
    return {(h["q"], h["r"]): h["building"] for h in state["hexes"] if "building" in h}


def choose(state: dict, legal: list, rnd: random.Random, tally: Tally) -> dict:
    """A greedy chooser that makes eruptions, expansions, temples and towers happen."""
    if legal[0]["type"] == "place":
        safe = [m for m in legal if not m.get("eliminates")] or legal
        built = _buildings(state)

        def destroys(m: dict) -> int:
            spots = [(x["q"], x["r"]) for x in m["hexes"]]
            return sum(built[p]["count"] for p in spots if p in built)

        kills = [m for m in safe if destroys(m)]
        if kills and (not tally.destroyed or rnd.random() < 0.3):
            return max(kills, key=destroys)
        eruptions = [m for m in safe if m["level"] > 1]
        if eruptions and rnd.random() < 0.7:
            top = max(m["level"] for m in eruptions)
            return rnd.choice([m for m in eruptions if m["level"] == top])
        return rnd.choice(safe)
    for kind in ("tower", "temple"):
        options = [m for m in legal if m["kind"] == kind]
        if options:
            return options[0]
    expansions = [m for m in legal if m["kind"] == "expand"]
    if expansions and rnd.random() < 0.8:
        return max(expansions, key=lambda m: sum(h["count"] for h in m["hexes"]))
    return rnd.choice([m for m in legal if m["kind"] == "found"] or legal)


# The state and the legal moves of the step, in one round trip. As one JSON text: Playwright
# copies a returned object value by value, which costs ~0.2 s for a 4-player game's moves.
STATE_AND_MOVES_JS = "() => JSON.stringify([taluva.state(), taluva.legalMoves()])"


def state_and_moves(page) -> tuple[dict, list]:
    state, legal = json.loads(page.evaluate(STATE_AND_MOVES_JS))
    return state, legal


def legal_moves(page) -> list:
    """The legal moves of the step (as one JSON text, for speed: see STATE_AND_MOVES_JS)."""
    return json.loads(page.evaluate("() => JSON.stringify(taluva.legalMoves())"))


def count_move(tally: Tally, state: dict, move: dict, after: dict, page=None) -> None:
    """Count `move` (played from `state` to `after`) into `tally`, checking what it did to the
    buildings; with `page`, that an eruption's notice names it in words."""
    tally.steps += 1
    if move["type"] == "place":
        if move["level"] > 1:
            tally.eruptions += 1
        before_buildings = _buildings(state)
        covered = [(x["q"], x["r"]) for x in move["hexes"]]
        gone = sum(before_buildings[p]["count"] for p in covered if p in before_buildings)
        if gone:
            assert all(p not in _buildings(after) for p in covered)
            if page is not None:
                flash = data(page, "flash")
                assert "Eruption" in flash and "R-TILE" not in flash, flash
        tally.destroyed += gone
        if move.get("eliminates"):
            tally.eliminations += 1
            assert after["players"][state["current"]]["status"] == "eliminated"
    else:
        tally.kinds[move["kind"]] += 1
        placed = _buildings(after)
        for h in move["hexes"]:
            assert placed[(h["q"], h["r"])]["owner"] == state["current"]
            assert placed[(h["q"], h["r"])]["count"] == h["count"]


def play_ahead(page, seed: int, steps: int, rnd: random.Random, tally: Tally) -> dict | None:
    """The page's new game (its options, and `seed`, which it started with) played by the engine
    here, with the moves play_game would choose, for up to `steps` steps, stopping before a move
    that eliminates a seat (that goes through the UI and its warning), then imported into the
    page as a record with its seed (the Share dialog's import): the same game, without the page
    drawing every early step. Returns the chosen move that stopped it, if one did."""
    shown = page.evaluate("taluva.state()")
    assert not shown["hexes"], "play_ahead starts from a new game, with no tile on the board"
    game = Game(Options.from_dict(shown["options"]), seed)
    pending = None
    while tally.steps < steps and game.phase != OVER:
        if game.phase == DRAW:
            game.draw()
            continue
        state, legal = state_to_json(game), legal_moves_json(game)
        move = choose(state, legal, rnd, tally)
        if move.get("eliminates"):
            pending = move
            break
        game.play(move_from_json(move))
        count_move(tally, state, move, state_to_json(game))
    if game.phase == DRAW:
        game.draw()  # as the page does after a build
    assert page.evaluate("t => taluva.share.importRecord(t)", write_record(game)) is True
    wait_data(page, f'[data-busy="0"][data-steps="{tally.steps}"]')
    shown = page.evaluate("taluva.state()")
    assert (shown["turn"], shown["hexes"]) == (len(game.turns), state_to_json(game)["hexes"])
    return pending


def play_game(
    page,
    *,
    strategy_seed: int = 1,
    screenshot: str | None = None,
    max_steps: int = 400,
    ui_from: int = 0,
    seed: int | None = None,
) -> Tally:
    """Play the current game to its end through the UI; returns what happened.

    `ui_from`: the steps before it are played by the engine here and imported as a record
    (play_ahead: the same moves, checked the same way; `seed` is the one the new game was started
    with), for the tests of a variant or a larger table whose early game the 2-player game
    already walks through the UI; a move that eliminates a seat always goes through the UI (its
    warning).
    """
    rnd = random.Random(strategy_seed)
    tally = Tally()
    pending = None
    if ui_from:
        assert seed is not None, "play_ahead needs the new game's seed"
        pending = play_ahead(page, seed, ui_from, rnd, tally)
    state, legal = state_and_moves(page)
    shot_at = max(8, state["tileCount"])  # about the middle of the game, in steps
    while True:
        if screenshot and tally.steps == shot_at:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.mouse.move(0, 0)  # the board itself, without a ghost tile under the pointer
            # The move's animation ended, so that the same game gives the same picture.
            page.wait_for_selector(
                '[data-testid=board]:not([data-motion="glide"]):not([data-motion="fade"])',
                state="attached",
            )
            page.screenshot(path=str(ARTIFACTS / f"{screenshot}-mid-game.png"))
        if state["phase"] == "over":
            break
        assert tally.steps < max_steps, "the game does not end"
        move, pending = pending or choose(state, legal, rnd, tally), None
        perform(page, move)
        after, legal = state_and_moves(page)
        count_move(tally, state, move, after, page)
        state = after
    return tally


def check_end_screen(page) -> dict:
    """The end dialog names the winners and why in one line, and every seat at its engine-given
    place."""
    state = page.evaluate("taluva.state()")
    result = state["result"]
    page.wait_for_selector("[data-testid=end][open]")
    rows = page.locator("[data-testid=ranking] li")
    assert rows.count() == len(state["players"])
    places, names = {}, {}
    for i in range(rows.count()):
        row = rows.nth(i)
        seat = int(row.get_attribute("data-seat"))
        places[seat] = int(row.get_attribute("data-place"))
        names[seat] = row.locator(".tg-player-name").text_content()
    assert places == dict(enumerate(result["places"]))
    # One line, phrased by the page from the result's code and winners (web/i18n: end.headline).
    line = page.locator("[data-testid=end-winners]")
    assert line.get_attribute("data-reason") == result["code"]
    text = line.text_content()
    why = ENDINGS[result["code"]]
    assert why in text, (why, text)
    if result["winners"]:
        assert all(names[w].split(" (")[0] in text for w in result["winners"]), text
        assert text.startswith(names[result["winners"][0]].split(" (")[0]), text
        assert " win" in text.split(":")[0], text
    else:
        assert text.startswith("Nobody wins:"), text
    return state
