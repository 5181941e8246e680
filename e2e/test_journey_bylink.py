"""A game with a friend by link, from both ends, on two phones (390x844 touch) and on two laptops
(1280x800): Ann names her seat in the New game dialog and ticks "by link" (her friend's seat is
then a friend's, not a computer's), and sends the link with Send (the phone's share sheet where
there is one, else a copy); Bo opens it in a fresh profile, is asked his name, joins and sends
the link back. Then at least three exchanges, every later link opened in the tab already open
(as a pasted link is): after each, every panel is checked against the engine's state, the
sentences come from the reader's side, and once per device a reload gives exactly the same
screen. The panel is a readable sheet, never over the board or the step bar.

Printed (with -s): the by-link panel's width on a 390 and a 320 px phone.
"""

from __future__ import annotations

import random

import pytest

from game_driver import UI, legal_moves, perform, wait_game_ready
from support import wait_ready

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "laptop": {"viewport": {"width": 1280, "height": 800}},
}
PANEL = "[data-testid=bylink-panel]"
# Ann's device has a share sheet (recorded here); Bo's has none, so Send copies.
SHARE_SHEET_JS = """navigator.share = async (data) => { window.__shared = data; };"""
# What the screen shows, as a person reads it: every panel, the status line, the step bar.
SCREEN_JS = """() => {
  const text = (sel) => document.querySelector(sel)?.textContent.trim() ?? null;
  const seats = [...document.querySelectorAll(".tg-player")].map((row) => ({
    seat: Number(row.dataset.seat),
    name: row.querySelector(".tg-player-name").textContent,
    huts: Number(row.querySelector(".tg-stock[data-kind=huts] .tg-stock-n").textContent),
    temples: Number(row.querySelector(".tg-stock[data-kind=temples] .tg-stock-n").textContent),
    towers: Number(row.querySelector(".tg-stock[data-kind=towers] .tg-stock-n").textContent),
    current: row.classList.contains("is-current"),
    badge: row.querySelector(".tg-badge-turn")?.textContent ?? null,
  }));
  const tiles = document.querySelector(".tg-progress")?.getAttribute("aria-valuenow");
  const panel = document.querySelector("[data-testid=bylink-panel]");
  return {
    seats, tiles: Number(tiles), banner: text("[data-testid=turn]"),
    step: text(".tg-stepbar .tg-step-title"), panel: text("[data-testid=bylink-text]"),
    stage: panel?.dataset.stage, toAct: panel?.dataset.toAct, mine: panel?.dataset.seat,
    log: document.querySelectorAll(".tg-log li:not(.tg-log-empty)").length,
  };
}"""
# The panel's box beside the board's, the step bar's and the window's.
BOXES_JS = """() => {
  const box = (sel) => document.querySelector(sel).getBoundingClientRect().toJSON();
  return { panel: box("[data-testid=bylink-panel]"), board: box("[data-testid=board]"),
           step: box(".tg-stepbar"), width: innerWidth, height: innerHeight,
           text: box("[data-testid=bylink-text]") };
}"""


def device(browser, size: str, url: str, *, share_sheet: bool):
    context = browser.new_context(**SIZES[size])
    if share_sheet:
        context.add_init_script(script=SHARE_SHEET_JS)
    else:
        context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    page.goto(url)
    wait_ready(page)
    wait_game_ready(page)
    return context, page, errors


def send(page) -> str:
    """Send the link as a person does; the link the friend gets (from the share sheet or the
    clipboard), checked against the one the panel shows."""
    shown = page.input_value("[data-testid=bylink-link]")
    page.click("[data-testid=bylink-send]")
    if page.evaluate("typeof navigator.share === 'function'"):
        sent = page.evaluate("window.__shared.url")
    else:
        page.wait_for_selector("[data-testid=bylink-status]:not(:empty)")
        sent = page.evaluate("navigator.clipboard.readText()")
    assert sent == shown
    return sent


def open_in_tab(page, url: str, to_act: int) -> None:
    """The next link pasted into the address bar of the tab already open (the hash changes)."""
    page.evaluate("url => { location.href = url; }", url)
    page.wait_for_selector(f'{PANEL}[data-to-act="{to_act}"]:not([data-stage="joining"])')
    page.wait_for_selector(f'{UI}[data-busy="0"]', state="attached")


def check_screen(page, me: str, names: list[str]) -> dict:
    """Every panel against the engine's state, and the sentences from the reader's side."""
    shown = page.evaluate(SCREEN_JS)
    state = page.evaluate("taluva.state()")
    for seat, player in zip(shown["seats"], state["players"], strict=True):
        assert seat["name"] == names[player["seat"]]
        for kind in ("huts", "temples", "towers"):
            assert seat[kind] == player["stock"][kind], (kind, seat, player)
        assert seat["current"] == (state["phase"] != "over" and state["current"] == seat["seat"])
        assert (seat["badge"] is not None) == seat["current"], seat
    assert shown["tiles"] == state["tileCount"] - state["tilesLeft"]
    assert shown["log"] == len(state["log"])
    mine = int(shown["mine"])
    if state["phase"] in ("place", "build") and state["current"] == mine:
        assert shown["banner"].startswith("Your turn"), shown["banner"]
    for words in (shown["banner"], shown["step"] or "", shown["panel"]):
        assert f"Waiting for {me}" not in words and f"{me}’s turn" not in words, words
    return shown


def panel_fits(page, size: str) -> float:
    boxes = page.evaluate(BOXES_JS)
    panel, board, step = boxes["panel"], boxes["board"], boxes["step"]
    assert panel["top"] >= board["bottom"] - 0.5, boxes  # never over the board
    assert panel["top"] >= step["bottom"] - 0.5 or panel["bottom"] <= step["top"] + 0.5, boxes
    assert panel["right"] <= boxes["width"] + 0.5 and panel["bottom"] <= boxes["height"] + 0.5
    assert boxes["text"]["width"] >= min(250, boxes["width"] - 60), boxes  # a sheet, not a column
    return panel["width"]


@pytest.mark.parametrize("size", SIZES)
def test_two_friends_play_by_link_each_on_their_own_device(browser, server, size):
    rng = random.Random(11)
    ann_context, ann, ann_errors = device(browser, size, server.url, share_sheet=True)
    bo_context = None
    try:
        # Ann names her seat and ticks "by link": her friend's seat is a friend's.
        ann.click("[data-testid=new-game]")
        dialog = ann.locator("dialog.tg-setup")
        dialog.locator("input[name=name0]").fill("Ann")
        assert dialog.locator("input[name=type1][value='computer:intermediate']").is_checked()
        ann.check("[data-testid=setup-bylink]")
        assert dialog.locator("input[name^=type]").count() == 0  # no computers to choose
        assert dialog.locator("[data-testid=bylink-seat-1]").is_visible()
        assert dialog.locator("input[name=name1]").input_value() == ""  # Bo names himself
        ann.click("[data-testid=setup-start]")
        ann.wait_for_selector(f'{PANEL}[data-stage="joining"][data-to-act="1"]')
        shown = ann.evaluate(SCREEN_JS)
        assert "Ann" not in shown["banner"] and "Ann" not in shown["step"], shown
        assert shown["panel"] == "Send this link to a friend so that they join the game."
        widths = {size: panel_fits(ann, size)}
        if size == "phone":
            ann.set_viewport_size({"width": 320, "height": 640})
            widths["320 px phone"] = panel_fits(ann, size)
            ann.set_viewport_size(SIZES[size]["viewport"])
        print(f"\n{size}: the by-link panel's width: {widths}")
        url = send(ann)

        # Bo opens it in a fresh profile: asked his name first, then he sends it back.
        bo_context, bo, bo_errors = device(browser, size, url, share_sheet=False)
        bo.wait_for_selector("[data-testid=bylink-name]")
        invited = bo.text_content("[data-testid=bylink-text]")
        assert invited == "Ann invites you to a game of Taluva."
        bo.fill("[data-testid=bylink-name]", "Bo")
        bo.click("[data-testid=bylink-join]")
        bo.wait_for_selector(f'{PANEL}[data-stage="playing"][data-to-act="0"][data-seat="1"]')
        told = bo.text_content("[data-testid=bylink-text]")
        assert told == "It is Ann’s turn: send them this link."
        check_screen(bo, "Bo", ["Ann", "Bo"])
        url = send(bo)
        assert url.endswith("&p=Ann,Bo")

        devices = [(ann, "Ann"), (bo, "Bo")]
        reloaded: set[str] = set()
        for exchange in range(4):  # after the join's two: Ann, Bo, Ann, Bo (six links in all)
            seat = exchange % 2
            page, me = devices[seat]
            open_in_tab(page, url, seat)
            assert page.get_attribute(PANEL, "data-seat") == str(seat)
            shown = check_screen(page, me, ["Ann", "Bo"])
            assert shown["panel"].startswith(f"Your turn, {me}"), shown["panel"]
            if me not in reloaded:  # the same tab gives what a fresh load gives
                reloaded.add(me)
                page.reload()
                wait_ready(page)
                wait_game_ready(page)
                page.wait_for_selector(f'{PANEL}[data-to-act="{seat}"]')
                assert page.evaluate(SCREEN_JS) == shown
            if exchange:
                said = page.text_content("[data-testid=bylink-friends-turns]")
                assert said.startswith(f"{devices[1 - seat][1]} played: tile "), said
            for _ in range(2):  # the turn: its placement, then its build, by pointer
                moves = legal_moves(page)
                perform(page, rng.choice(moves))
            page.wait_for_selector(f'{PANEL}[data-to-act="{1 - seat}"], {PANEL}[data-stage="over"]')
            shown = check_screen(page, me, ["Ann", "Bo"])
            assert shown["panel"] == f"It is {devices[1 - seat][1]}’s turn: send them this link."
            panel_fits(page, size)
            url = send(page)
        assert ann_errors == [] and bo_errors == []
    finally:
        ann_context.close()
        if bo_context:
            bo_context.close()
