"""Play a friend by link: two devices (two browser contexts) play a whole 2-player by-link game
by passing links, each seeing the other's moves (animated, and said in words), the game kept in
both devices' Games lists; an older link is said and changes nothing; a tampered link is refused
and the game on screen stays. The by-link store of earlier builds moves into the Games list.
"""

from __future__ import annotations

import json
import random
from urllib.parse import unquote

from game_driver import legal_moves, wait_game_ready
from support import wait_ready, watched

PANEL = "[data-testid=bylink-panel]"
BOARD = "[data-testid=board]"


def device(page, url: str, errors: list[str]):
    """A person's device (a warm page of conftest.py's), opening `url`."""
    watched(page, errors).goto(url)
    wait_ready(page)
    wait_game_ready(page)
    return page


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
        moves = legal_moves(page)
        page.evaluate("m => taluva.play(m)", rng.choice(moves))


def kept(page) -> dict:
    """The device's kept by-link games, by the engine's game id: their entries' ``bylink``."""
    entries = page.evaluate("taluva.games.saved().then(() => taluva.games.list())")
    return {e["bylink"]["gameId"]: {**e["bylink"], "entry": e} for e in entries if "bylink" in e}


def listed(page, game_id: str) -> str:
    """The Games list's row of a by-link game, as the person reads it (the dialog then closes)."""
    page.evaluate("taluva.games.saved().then(() => taluva.games.show())")
    row = page.locator(f"[data-testid=game-item][data-id='bylink-{game_id}']")
    row.locator("[data-testid=game-bylink]").wait_for()
    text = row.inner_text()
    page.click("[data-testid=games-close]")
    return text


RECORD = """() => {
  window.__frames = [];
  document.querySelector('[data-testid=board]')
    .addEventListener('board-drawn', (e) => window.__frames.push(e.detail));
}"""


def test_two_devices_play_a_whole_game_by_passing_links(server, warm_page, devices) -> None:
    errors: list[str] = []
    ann = device(warm_page, server.url, errors)
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
    bo = device(devices("bo"), url, errors)
    # Asked his name first, the one Ann gave him filled in.
    assert bo.input_value("[data-testid=bylink-name]") == "Bo"
    bo.click("[data-testid=bylink-join]")
    url = sent_link(bo, 0)
    assert "Ann" in bo.text_content(PANEL)
    assert bo.evaluate("location.hash").startswith("#f=")
    first = url
    # Kept in Bo's Games list from his joining on, marked and waiting for Ann.
    (game_id,) = kept(bo)
    assert "Waiting for Ann" in listed(bo, game_id)

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
        if turns == 1:  # the mover's Games list waits for the other
            assert f"Waiting for {('Ann', 'Bo')[1 - seat]}" in listed(mover, game_id)
            other.evaluate(RECORD)
        # The other device opens the link and sees the move just made, animated and in words.
        open_link(other, url)
        if mover.get_attribute(PANEL, "data-stage") == "over":
            other.wait_for_selector(f'{PANEL}[data-stage="over"]')
            break
        other.wait_for_selector(f'{PANEL}[data-to-act="{1 - seat}"][data-seat="{1 - seat}"]')
        seen = other.evaluate("taluva.state()")
        assert seen["phase"] == "place" and all(h in seen["hexes"] for h in board)
        said = other.text_content("[data-testid=bylink-friends-turns]")
        assert said.startswith(f"{('Ann', 'Bo')[seat]} played: tile "), said
        if turns == 1:
            other.wait_for_selector(f"{BOARD}:not([data-motion=glide])", state="attached")
            moving = [f for f in other.evaluate("window.__frames") if f["t"] is not None]
            assert moving and all(f["motion"] == "glide" for f in moving), moving
            assert f"Your turn, {('Ann', 'Bo')[1 - seat]}" in listed(other, game_id)
        seat = 1 - seat
    assert 2 <= turns <= 24
    final = [p.evaluate("taluva.state()") for p in (ann, bo)]
    assert final[0]["phase"] == final[1]["phase"] == "over"
    assert final[0]["hexes"] == final[1]["hexes"]
    # Kept on both devices' Games lists: the same game, each with its own seat and the last link.
    ann_kept, bo_kept = kept(ann), kept(bo)
    assert ann_kept.keys() == bo_kept.keys() == {game_id}
    assert (ann_kept[game_id]["seat"], bo_kept[game_id]["seat"]) == (0, 1)
    assert ann_kept[game_id]["link"] == bo_kept[game_id]["link"] == raw(url)[0]
    assert "Finished" in listed(ann, game_id) and "Finished" in listed(bo, game_id)

    # An older link of the game is recognised: said, and nothing changes, on screen or kept.
    open_link(ann, first)
    ann.wait_for_selector("[data-testid=bylink-notice]")
    assert ann.evaluate("taluva.state()") == final[0]
    unchanged = ("link", "seat", "secret", "stage", "toAct")
    after = kept(ann)[game_id]
    assert [after[k] for k in unchanged] == [ann_kept[game_id][k] for k in unchanged]
    assert after["entry"]["state"] == ann_kept[game_id]["entry"]["state"]

    # A tampered link is refused in words, and the game on screen stays as it was.
    link, names = raw(url)
    tampered = link[:40] + ("A" if link[40] != "A" else "B") + link[41:]
    before = bo.evaluate("taluva.state()")
    refused = bo.evaluate(
        "([l, n]) => taluva.bylink.open(l, n).then(() => null, (e) => e.code)", [tampered, names]
    )
    assert refused and refused.startswith("bylink-")
    assert bo.evaluate("taluva.state()") == before
    assert errors == []


def test_the_by_link_games_of_an_earlier_build_move_into_the_games_list(server, warm_page) -> None:
    """A device of an earlier build kept its by-link games in localStorage: on the first visit
    they become kept games (a game the engine refuses is set aside and said), and open."""
    errors: list[str] = []
    page = device(warm_page, server.url, errors)
    made = page.evaluate("taluva.call('bylinkCreate', {options: {players: 2}})")
    joined = page.evaluate("l => taluva.call('bylinkJoin', {link: l})", made["link"])
    old = {
        joined["gameId"]: {
            "seat": 1,
            "secret": joined["secret"],
            "link": joined["link"],
            "names": ["Ann", "Bo"],
            "updatedAt": 1_700_000_000_000,
        },
        "0" * 16: {"seat": 0, "secret": "00" * 32, "link": "1garbled", "names": []},
    }
    page.evaluate("v => localStorage.setItem('taluva.bylink.v1', v)", json.dumps(old))
    page.reload()
    wait_ready(page)
    wait_game_ready(page)
    notice = page.text_content("[data-testid=share-notice]")
    moved = kept(page)
    assert list(moved) == [joined["gameId"]]
    assert (moved[joined["gameId"]]["seat"], moved[joined["gameId"]]["link"]) == (1, joined["link"])
    assert [s["name"] for s in moved[joined["gameId"]]["entry"]["seats"]] == ["Ann", "Bo"]
    assert page.evaluate("localStorage.getItem('taluva.bylink.v1')") is None
    aside = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('taluva.bylink.v1-corrupt-'))"
    )
    assert len(aside) == 1 and aside[0] in notice
    assert list(json.loads(page.evaluate("k => localStorage.getItem(k)", aside[0]))) == ["0" * 16]
    assert "Waiting for Ann" in listed(page, joined["gameId"])
    # Another game, then the by-link one opened from the list: from its link, on this seat.
    page.evaluate("taluva.newGame({players: 2})")
    page.wait_for_selector(PANEL, state="detached")
    page.evaluate("taluva.games.show()")
    row = f"[data-testid=game-item][data-id='bylink-{joined['gameId']}']"
    page.click(f"{row} [data-testid=game-open]")
    page.wait_for_selector(f'{PANEL}[data-seat="1"][data-to-act="0"]')
    assert errors == []
