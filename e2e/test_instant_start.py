"""A return visit draws the game it resumes before the engine is up, and plays it once
the engine answers.

The engine's messages are held back from the page (engine_hold's gate, closed before the page's
own scripts run), so the page is seen with its engine still starting however fast the engine
is, instead of hoping the browser is quicker than Pyodide.
"""

from __future__ import annotations

import re

import pytest

import engine_hold
from game_driver import UI, steps, wait_game_ready
from support import wait_ready, watched
from test_share_links import play_moves, position

# Share of the canvas's pixels in warm colours (red well above blue): the sea and the empty
# table's grid are blue, so a canvas with no tile on it has none; sand, volcanoes, clearings and
# the red seat's huts are warm.
WARM_JS = """(selector) => {
  const canvas = document.querySelector(selector);
  const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let warm = 0;
  let seen = 0;
  for (let i = 0; i < data.length; i += 4 * 5) {
    seen += 1;
    if (data[i] > data[i + 2] + 40) warm += 1;
  }
  return warm / seen;
}"""


def start_a_kept_game(page, server) -> None:
    """A 3-player game five steps in, kept (a new game is kept from its first move)."""
    page.goto(server.url)
    wait_ready(page)
    wait_game_ready(page)
    page.evaluate("taluva.newGame({players: 3, seed: 4})")
    wait_game_ready(page)
    play_moves(page, 5)


def return_visit_held(page, server, errors: list[str]):
    """The return visit to `page`'s kept game: `page` closed, a new page of its browser opened
    with the engine's answers held back; returned once it shows its preview of the kept board."""
    context = page.context
    page.close()
    again = context.new_page()
    again.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    engine_hold.install(again)
    again.add_init_script(script="globalThis.__e2eHold.state = 'holding';")
    again.goto(server.url)
    again.wait_for_selector(f'{UI}[data-preview="1"]', state="visible", timeout=30_000)
    assert again.evaluate(WARM_JS, f"{UI} canvas") > 0.02, "the kept board is not drawn"
    return again


def engine_let_through(page) -> None:
    """The held answers delivered: the engine comes up and the game replaces its preview."""
    page.evaluate("globalThis.__e2eHold.release()")
    wait_ready(page)
    wait_game_ready(page)
    assert page.get_attribute(UI, "data-preview") is None


def test_a_kept_game_is_drawn_before_the_engine_is_up_and_plays_once_it_is(warm_page, server):
    errors: list[str] = []
    page = watched(warm_page, errors)
    start_a_kept_game(page, server)
    kept_at, kept_steps = position(page), steps(page)
    page.evaluate("taluva.games.saved()")

    again = return_visit_held(page, server, errors)
    assert again.get_attribute("body", "data-engine") == "booting"
    assert int(again.get_attribute(UI, "data-steps")) == kept_steps
    assert again.get_attribute(UI, "data-players") == "3"
    assert again.evaluate(f"document.querySelector('{UI}').inert")  # nothing to click yet
    assert again.is_visible("#boot-progress")  # the engine's progress, below the board

    engine_let_through(again)
    assert not again.evaluate(f"document.querySelector('{UI}').inert")
    assert not again.is_visible("#boot")
    assert position(again) == kept_at
    play_moves(again, 1, seed=3)
    assert steps(again) == kept_steps + 1
    assert errors == []


# A kept entry's state rewritten as earlier builds wrote it: the build before the view was
# shrunk (each log entry's moves also as notation and hex lists) and the one before the move
# facts (those only, no move facts).
REWRITE_KEPT_JS = """async (shape) => {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open("taluva");
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const store = db.transaction("games", "readwrite").objectStore("games");
  const entries = await new Promise((resolve) => {
    store.getAll().onsuccess = (e) => resolve(e.target.result);
  });
  const older = (turn) => {
    if (!turn) return turn;
    const { placementMove: p, buildMove: b } = turn;
    const repeated = {
      placement: p ? p.notation : null,
      placementHexes: p ? p.hexes.map((x) => [x.q, x.r]) : [],
      build: b ? b.notation : null,
      buildHexes: b ? b.hexes.map((x) => [x.q, x.r]) : [],
    };
    const kept = { ...turn, ...repeated };
    if (shape === "before-facts") delete kept.placementMove, delete kept.buildMove;
    return kept;
  };
  for (const entry of entries) {
    const { log, lastMove } = entry.state;
    entry.state = { ...entry.state, log: log.map(older), lastMove: older(lastMove) };
    await new Promise((resolve) => (store.put(entry).onsuccess = resolve));
  }
  db.close();
  return entries.length;
}"""
# Each log row's placement, in words (never its coordinates).
LOG_PLACES_JS = """() => [...document.querySelectorAll("[data-testid=log] li")].map(
  (row) => row.querySelector(".tg-log-place").textContent
)"""


@pytest.mark.parametrize("shape", ["previous", "before-facts"])
def test_a_game_kept_by_an_earlier_build_is_drawn_before_the_engine_is_up(warm_page, server, shape):
    """The preview reads the kept state's log and lastMove, whose fields changed with builds:
    the previous build's is drawn whole, one from before the move facts without the marks the
    facts give (the engine's own view replaces it), and neither throws."""
    errors: list[str] = []
    page = watched(warm_page, errors)
    start_a_kept_game(page, server)
    log = page.evaluate("taluva.state()")["log"]
    page.evaluate("taluva.games.saved()")
    assert page.evaluate(REWRITE_KEPT_JS, shape) == 1

    again = return_visit_held(page, server, errors)
    shown = again.evaluate(LOG_PLACES_JS)
    engine_let_through(again)
    placed = again.evaluate(LOG_PLACES_JS)
    assert [p == "…" for p in placed] == [t["placementMove"] is None for t in log]
    assert not any(re.search(r"-?\d+,-?\d+", p) for p in placed), placed
    assert shown == (placed if shape == "previous" else ["…"] * len(log))
    assert errors == []
