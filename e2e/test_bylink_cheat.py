"""A 3-player game by link on three devices (three browser contexts), one of whom cheats.

Ann starts it, Bo and Cy join, the link goes back through Bo to Ann, and Ann plays the first
turn. Bo, whose turn it is next, passes Cy a link in which he rewrote Ann's move (made as a
modified page would make it: the rewrite signed by Bo's own key, with tests/bylink_table.py).
Cy pastes it into her open page: it is refused, and her page says in words who changed what. Ann,
shown the same link, is told that Bo changed her move, never that she did.
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import unquote

from game_driver import legal_moves, wait_game_ready
from support import wait_ready

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from bylink_table import rewritten_link  # noqa: E402
from taluva.play import bylink  # noqa: E402

PANEL = "[data-testid=bylink-panel]"
NOTICE = "[data-testid=share-notice]"


def device(page, url: str, errors: list[str], *, joins: bool = False):
    """A device of its own (a warm page of conftest.py's) opening `url`; a friend it invites
    (`joins`) takes the name the link gave their seat, as the page asks before they join."""
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    page.goto(url)
    wait_ready(page)
    wait_game_ready(page)
    if joins:
        page.wait_for_selector("[data-testid=bylink-name]")
        page.click("[data-testid=bylink-join]")
    return page


def offered(page, to_act: int) -> str:
    """The page URL the device offers to send, once its panel says it goes to ``to_act``."""
    page.wait_for_selector(f'{PANEL}[data-to-act="{to_act}"]', state="attached")
    return page.input_value("[data-testid=bylink-link]")


def engine_link(url: str) -> tuple[str, list[str]]:
    fields = dict(part.split("=", 1) for part in url.split("#", 1)[1].split("&"))
    return fields["f"], [unquote(n) for n in fields.get("p", "").split(",")]


def open_link(page, url: str) -> None:
    """The person opens a link sent to them in the page they have open."""
    page.evaluate("([l, n]) => taluva.bylink.open(l, n)", list(engine_link(url)))


def paste(page, url: str) -> None:
    """The person pastes a link into the address bar of the page they have open."""
    page.evaluate("h => { location.hash = h }", "#" + url.split("#", 1)[1])
    page.wait_for_load_state("load")
    wait_ready(page)
    wait_game_ready(page)


def kept(page) -> dict:
    """The device's one kept by-link game's facts (its seat, secret and last link)."""
    entries = page.evaluate("taluva.games.saved().then(() => taluva.games.list())")
    (game,) = [e["bylink"] for e in entries if "bylink" in e]
    return game


def play_turn(page) -> None:
    for _ in range(2):
        moves = legal_moves(page)
        page.evaluate("m => taluva.play(m)", moves[len(moves) // 2])


def test_a_relayed_rewrite_is_refused_naming_who_changed_whose_move(
    server, warm_page, devices
) -> None:
    errors: list[str] = []
    ann = device(warm_page, server.url, errors)
    ann.evaluate(
        "taluva.bylink.create({options: {players: 3, tiles: '12'},"
        " seats: [{name: 'Ann'}, {name: 'Bo'}, {name: 'Cy'}]})"
    )
    url = offered(ann, 1)
    bo = device(devices("bo"), url, errors, joins=True)  # Bo joins, and sends it on to Cy
    url = offered(bo, 2)
    # Cy joins: back to Bo, who checks the table
    cy = device(devices("cy"), url, errors, joins=True)
    url = offered(cy, 1)
    assert "back to Bo" in cy.text_content(PANEL)
    open_link(bo, url)
    url = offered(bo, 0)
    open_link(ann, url)
    ann.wait_for_selector(f'{PANEL}[data-to-act="0"][data-seat="0"]', state="attached")
    play_turn(ann)
    url = offered(ann, 1)

    # Bo, next to move, rewrites Ann's move and plays his own turn over it, signed by his key.
    bo_secret = bytes.fromhex(kept(bo)["secret"])
    received, names = engine_link(url)
    forged = rewritten_link(bylink.read_link(received), bo_secret, 0)
    assert names == ["Ann", "Bo", "Cy"]
    forged_url = f"{server.url}#f={forged}&p=Ann,Bo,Cy"

    before = kept(cy)["link"]  # her own, from her joining; written before she pastes the link
    paste(cy, forged_url)
    said = cy.text_content(NOTICE)
    assert "Bo changed Ann’s move in turn 1 before passing the link on." in said, said
    assert cy.evaluate("document.body.dataset.share") == "bad-link"
    assert kept(cy)["link"] == before  # the refused link changed nothing she keeps

    kept(ann)
    paste(ann, forged_url)
    said = ann.text_content(NOTICE)
    assert "Bo changed your move in turn 1 before passing the link on." in said, said
    assert errors == []
