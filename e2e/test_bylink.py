"""Two devices (two browser contexts) play a whole 2-player by-link game by passing
links, each seeing the other's moves, the game kept on both; a tampered link is refused and the
game on screen stays.
"""

from __future__ import annotations

import json
import random
from urllib.parse import unquote

from game_driver import wait_game_ready
from support import wait_ready

PANEL = "[data-testid=bylink-panel]"


def device(browser, server, url: str, errors: list[str]):
    context = browser.new_context()
    page = context.new_page()
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    page.goto(url)
    wait_ready(page)
    wait_game_ready(page)
    return context, page


def sent_link(page, to_act: int) -> str:
    """The link the page offers once it says it is seat ``to_act``'s turn (or the game is over)."""
    page.wait_for_selector(f'{PANEL}[data-to-act="{to_act}"]', timeout=30_000)
    return page.input_value("[data-testid=bylink-link]")


def raw(url: str) -> tuple[str, list[str]]:
    """The engine's link and the names in a page URL's ``#f=<link>&p=<names>``."""
    fields = dict(part.split("=", 1) for part in url.split("#", 1)[1].split("&"))
    return fields["f"], [unquote(n) for n in fields.get("p", "").split(",")]


def open_link(page, url: str) -> None:
    """A person opens a link sent to them, on the page already open on their device."""
    link, names = raw(url)
    page.evaluate("([l, n]) => taluva.bylink.open(l, n)", [link, names])


def play_turn(page, rng: random.Random) -> None:
    for _ in range(2):
        moves = page.evaluate("taluva.legalMoves()")
        page.evaluate("m => taluva.play(m)", rng.choice(moves))


def kept(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('taluva.bylink.v1')") or "{}")


def test_two_devices_play_a_whole_game_by_passing_links(server, browser) -> None:
    errors: list[str] = []
    ann_context, ann = device(browser, server, server.url, errors)
    # Ann starts it from the New game dialog (a first visit starts a game against the computer).
    ann.click("[data-testid=new-game]")
    dialog = ann.locator("dialog.tg-setup")
    dialog.locator("input[name=name0]").fill("Ann")
    dialog.locator("input[name=name1]").fill("Bo")
    ann.check("[data-testid=setup-bylink]")
    ann.click("[data-testid=setup-start]")
    ann.wait_for_selector("dialog.tg-setup[open]", state="detached")
    url = sent_link(ann, 1)
    assert "Bo" in ann.text_content(PANEL) and "#f=" in url and url.endswith("&p=Ann,Bo")

    # Bo opens the link on his own device: he joins, and sends the link back to Ann.
    bo_context, bo = device(browser, server, url, errors)
    url = sent_link(bo, 0)
    assert "Ann" in bo.text_content(PANEL)
    assert bo.evaluate("location.hash").startswith("#f=")
    first = url

    pages, rng, turns, seat = {0: ann, 1: bo}, random.Random(5), 0, 0
    while True:
        mover, other = pages[seat], pages[1 - seat]
        open_link(mover, url)
        mover.wait_for_selector(f'{PANEL}[data-to-act="{seat}"][data-seat="{seat}"]')
        assert mover.evaluate("taluva.state().phase") == "place"
        play_turn(mover, rng)
        mover.wait_for_selector(f'{PANEL}[data-to-act="{1 - seat}"], {PANEL}[data-stage="over"]')
        url, turns = mover.input_value("[data-testid=bylink-link]"), turns + 1
        board = mover.evaluate("taluva.state().hexes")
        # The other device opens the link and sees the move just made.
        open_link(other, url)
        if mover.get_attribute(PANEL, "data-stage") == "over":
            other.wait_for_selector(f'{PANEL}[data-stage="over"]')
            break
        other.wait_for_selector(f'{PANEL}[data-to-act="{1 - seat}"][data-seat="{1 - seat}"]')
        seen = other.evaluate("taluva.state()")
        assert seen["phase"] == "place" and all(h in seen["hexes"] for h in board)
        seat = 1 - seat
    assert 2 <= turns <= 24
    final = [p.evaluate("taluva.state()") for p in (ann, bo)]
    assert final[0]["phase"] == final[1]["phase"] == "over"
    assert final[0]["hexes"] == final[1]["hexes"]
    # Kept on both devices: the same game, each with its own seat and the last link.
    ann_kept, bo_kept = kept(ann), kept(bo)
    assert ann_kept.keys() == bo_kept.keys() and len(ann_kept) == 1
    (game_id,) = ann_kept
    assert (ann_kept[game_id]["seat"], bo_kept[game_id]["seat"]) == (0, 1)
    assert ann_kept[game_id]["link"] == bo_kept[game_id]["link"] == raw(url)[0]

    # An older link of the game is recognised: said, and the game stays where it is.
    open_link(ann, first)
    ann.wait_for_selector("[data-testid=bylink-notice]")
    assert ann.evaluate("taluva.state()") == final[0]

    # A tampered link is refused in words, and the game on screen stays as it was.
    link, names = raw(url)
    tampered = link[:40] + ("A" if link[40] != "A" else "B") + link[41:]
    before = bo.evaluate("taluva.state()")
    refused = bo.evaluate(
        "([l, n]) => taluva.bylink.open(l, n).then(() => null, (e) => e.code)", [tampered, names]
    )
    assert refused and refused.startswith("bylink-")
    assert bo.evaluate("taluva.state()") == before
    ann_context.close()
    bo_context.close()
    assert errors == []
