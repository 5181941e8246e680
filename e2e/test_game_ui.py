"""The game screen's parts: the new-game dialog, the engine's reasons beside the
pointer, undo and redo, keyboard play, a phone with touch, camera controls and the page API."""

from __future__ import annotations

from game_driver import (
    ARTIFACTS,
    assert_on_board,
    build,
    data,
    legal_moves,
    new_game,
    phone_game,
    place,
    reveal,
    rotate_to,
    screen_of,
    steps,
    wait_data,
    wait_game_ready,
    wait_steps_past,
)


def first(moves: list, **fields) -> dict:
    return next(m for m in moves if all(m.get(k) == v for k, v in fields.items()))


def test_new_game_dialog_shows_the_engines_option_errors_then_starts(game):
    """O-TILES, O-TEAMS: the engine validates the options and the dialog shows its message."""
    page = game
    dialog = page.locator("dialog.tg-setup")
    # A first visit is a game at once: the person against the intermediate computer.
    assert not dialog.evaluate("d => d.open")
    assert page.locator("[data-testid=players] li[data-seat='0'] .tg-badge-ai").count() == 0
    # One name for a computer seat: the badge says what the setup menu and the Games list say.
    badge = page.text_content("[data-testid=players] li[data-seat='1'] .tg-badge-ai-long")
    assert badge == "Computer (intermediate)"
    page.click("[data-testid=new-game]")
    assert dialog.evaluate("d => d.open")
    dialog.locator("label:has(input[name=players][value='3'])").click()
    assert dialog.locator(".tg-seat-row").count() == 3
    # Human or one of the computer levels, every choice in view with the chosen one's description
    # (games with computers: test_computer_*.py).
    types = dialog.locator("input[name=type1]")
    assert types.count() > 1
    assert not any(types.nth(i).is_disabled() for i in range(types.count()))
    assert (
        dialog.locator("input[name=type1]:checked").get_attribute("value")
        == "computer:intermediate"
    )
    dialog.locator("label:has(input[name=type1][value='computer:strong'])").click()
    assert "blocks" in page.text_content("[data-testid=type-about-1]")
    dialog.locator("label:has(input[name=type1][value=human])").click()
    # The options are folded under plain words; their rule ids are tooltips only.
    assert not dialog.locator("select[name=tiles]").is_visible()
    assert "O-TILES" not in dialog.inner_text()
    dialog.locator(".tg-options summary").click()
    dialog.locator("select[name=tiles]").select_option("18")
    page.click("[data-testid=setup-start]")
    page.wait_for_selector("[data-testid=setup-error]:has-text('O-TILES')")
    assert dialog.evaluate("d => d.open")
    dialog.locator("select[name=tiles]").select_option("all")
    dialog.locator("input[name=teams]").check()
    page.click("[data-testid=setup-start]")
    page.wait_for_selector("[data-testid=setup-error]:has-text('O-TEAMS')")
    dialog.locator("input[name=teams]").uncheck()
    dialog.locator("input[name=found][value=any]").check()
    dialog.locator("input[name=name0]").fill("Ana")
    dialog.locator("input[name=name1]").fill("Bo")
    dialog.locator("input[name=name2]").fill("Cy")
    dialog.locator("select[name=colour2]").select_option("orange")
    page.click("[data-testid=setup-start]")
    page.wait_for_selector("dialog.tg-setup[open]", state="detached")
    wait_game_ready(page)
    state = page.evaluate("taluva.state()")
    assert state["options"] == {
        "players": 3,
        "tiles": "all",
        "found": "any",
        "rank": False,
        "teams": False,
    }
    assert state["tileCount"] == 48
    names = page.locator("[data-testid=players] .tg-player-name").all_text_contents()
    assert names == ["Ana", "Bo", "Cy"]
    assert "Ana" in page.text_content("[data-testid=turn]")


def test_an_illegal_spot_shows_the_engines_rule_beside_the_pointer(game):
    """R-TILE-2 and R-TILE-3: the reason comes from the engine's explain, in words; a click on
    the spot says it in the error line with a "rule" button, which opens Help at that rule."""
    page = game
    new_game(page, {"players": 2}, seed=3)
    legal = legal_moves(page)
    place(page, first(legal, clock=6))
    build(page, legal_moves(page)[0])
    # Far from the island: a tile on the table must touch the landscape.
    page.keyboard.press("Escape")
    state = page.evaluate("taluva.state()")
    qs = [h["q"] for h in state["hexes"]]
    rs = [h["r"] for h in state["hexes"]]
    page.click("[data-testid=fit]")
    target = (min(qs) - 2, max(rs) + 2)
    x, y = reveal(page, *target)  # zoomed out if the board's height leaves it off screen
    page.mouse.move(x, y)
    wait_data(page, '[data-reason="R-TILE-2"]')
    tip = page.locator("[data-testid=tip]")
    assert tip.is_visible()
    assert "share an edge" in tip.text_content()
    assert "R-TILE" not in tip.text_content()  # the rule's id is no word of the game
    assert data(page, "ghost-legal") == "false"
    # An eruption with the volcano on a landscape hex: R-TILE-3a.
    land = next(h for h in state["hexes"] if h["stack"][-1]["terrain"] != "volcano")
    x, y = screen_of(page, land["q"], land["r"])
    page.mouse.move(x, y)
    spot = f"{land['q']},{land['r']}/"
    wait_data(page, f'[data-reason^="R-TILE"][data-ghost^="{spot}"]')
    reason = data(page, "reason")
    before = steps(page)
    page.mouse.click(x, y)  # clicking an illegal spot says why, in the alert region
    link = page.locator(f"[data-testid=error] [data-testid=rule-link][data-rule='{reason}']")
    link.wait_for()
    assert reason not in page.text_content("[data-testid=error]")
    assert steps(page) == before
    page.screenshot(path=str(ARTIFACTS / "illegal-spot.png"))
    link.click()
    page.wait_for_selector(f".tg-help[open][data-target='{reason}'] .tg-help-target")
    target = page.locator(".tg-help .tg-help-target")
    assert reason.split("-")[1] in target.get_attribute("data-rules")
    box, dialog = target.bounding_box(), page.locator(".tg-help").bounding_box()
    assert dialog["y"] <= box["y"] < dialog["y"] + dialog["height"], (box, dialog)  # scrolled to it
    page.keyboard.press("Escape")


def test_no_reason_pops_up_on_the_volcano_just_placed(game):
    """R-BUILD-0 is told at the build step when the person points at a volcano, not because the
    pointer still rests where the tile was just placed; once it leaves and comes back, it is."""
    page = game
    new_game(page, {"players": 2}, seed=3)
    page.evaluate("taluva.play({notation: taluva.legalMoves()[0].notation})")
    page.evaluate("taluva.play({notation: taluva.legalMoves()[0].notation})")
    wait_data(page, '[data-phase="place"][data-busy="0"]')
    move = first(legal_moves(page), level=1)
    rotate_to(page, move["clock"])
    x, y = reveal(page, *move["volcano"])
    page.mouse.move(x, y)
    wait_data(page, f'[data-ghost="{move["volcano"][0]},{move["volcano"][1]}/{move["clock"]}"]')
    before = steps(page)
    page.mouse.click(x, y)
    wait_steps_past(page, before)
    wait_data(page, '[data-phase="build"][data-busy="0"]')
    x, y = screen_of(page, *move["volcano"])  # where the volcano is now (the camera may follow)
    page.mouse.move(x, y)
    page.mouse.move(x + 1, y)
    tip = page.locator("[data-testid=tip]")
    assert not tip.is_visible(), tip.text_content()
    assert data(page, "reason") == ""
    box = page.locator("[data-testid=board]").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] + 40)  # off the board
    page.mouse.move(x, y)
    wait_data(page, '[data-reason="R-BUILD-0"]')
    assert tip.is_visible()


def test_undo_and_redo_whole_steps_with_keys_and_buttons(game):
    page = game
    new_game(page, {"players": 2}, seed=5)
    place(page, legal_moves(page)[0])
    build(page, legal_moves(page)[0])
    assert steps(page) == 2
    assert "Player 2" in page.text_content("#tg-turn-live")  # aria-live: whose turn now
    before = steps(page)
    page.keyboard.press("Control+z")
    wait_steps_past(page, before)
    assert steps(page) == 1 and data(page, "phase") == "build"
    page.click("[data-testid=undo]")
    wait_steps_past(page, 1)
    assert steps(page) == 0 and page.is_disabled("[data-testid=undo]")
    page.keyboard.press("Control+y")
    wait_steps_past(page, 0)
    page.click("[data-testid=redo]")
    wait_steps_past(page, 1)
    assert steps(page) == 2 and page.is_disabled("[data-testid=redo]")


def test_a_turn_by_keyboard_alone(game):
    """Arrows move the board cursor, Enter acts; 1-4 choose the build action."""
    page = game
    new_game(page, {"players": 2}, seed=7)
    page.focus("[data-testid=board]")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")  # back on the first legal spot for this rotation
    wait_data(page, '[data-ghost-legal="true"]')
    page.keyboard.press("Enter")
    wait_steps_past(page, 0)
    assert data(page, "phase") == "build"
    page.keyboard.press("1")
    assert data(page, "kind") == "found"
    page.keyboard.press("Enter")  # choose the hex under the cursor ...
    wait_data(page, ':not([data-selected=""])')
    page.keyboard.press("Enter")  # ... and build
    wait_steps_past(page, 1)
    assert steps(page) == 2
    focus_ring = page.evaluate(
        "getComputedStyle(document.querySelector('[data-testid=board]')).outlineStyle"
    )
    assert focus_ring != "none"


def test_rotation_by_buttons_keys_and_wheel(game):
    page = game
    new_game(page, {"players": 2}, seed=2)
    assert data(page, "clock") == "6"
    page.keyboard.press("r")
    assert data(page, "clock") == "8"
    page.keyboard.press("Shift+R")
    page.keyboard.press("Shift+R")
    assert data(page, "clock") == "4"
    page.click("[data-testid=rotate-right]")
    assert data(page, "clock") == "6"
    box = page.locator("[data-testid=board]").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.down("Shift")
    page.mouse.wheel(0, 120)
    page.keyboard.up("Shift")
    wait_data(page, '[data-clock="8"]')
    preview = page.get_attribute("[data-testid=tile-preview]", "data-clock")
    assert preview == "8"


def test_pan_zoom_and_fit(game):
    page = game
    new_game(page, {"players": 2}, seed=2)
    place(page, legal_moves(page)[0])
    x0, y0 = screen_of(page, 0, 0)
    page.mouse.move(x0 + 40, y0 + 40)
    page.mouse.down()
    page.mouse.move(x0 + 100, y0 + 70, steps=5)
    page.mouse.up()
    x1, y1 = screen_of(page, 0, 0)
    assert (round(x1 - x0), round(y1 - y0)) == (60, 30)
    assert steps(page) == 1  # a drag is not a click
    a, b = screen_of(page, 0, 0), screen_of(page, 1, 0)
    page.mouse.wheel(0, -400)  # zoom in around the pointer
    a2, b2 = screen_of(page, 0, 0), screen_of(page, 1, 0)
    assert b2[0] - a2[0] > 1.2 * (b[0] - a[0])
    page.keyboard.press("f")
    x2, y2 = screen_of(page, 0, 0)
    assert_on_board(page, x2, y2)


def test_page_api_reports_engine_errors(game):
    page = game
    message = page.evaluate(
        "taluva.newGame({players: 4, teams: true, rank: true}).then(() => '', e => e.message)"
    )
    assert "O-TEAMS" in message
    new_game(page, {"players": 2}, seed=9)
    message = page.evaluate(
        "taluva.play({type: 'place', volcano: [9, 9], clock: 6}).then(() => '', e => e.message)"
    )
    assert "R-TILE-1" in message  # the first tile goes on 0,0 (the API's message names it)
    assert data(page, "error-rule") == "R-TILE-1"  # the error line: in words, its rule a button
    assert "R-TILE" not in data(page, "error")
    state = page.evaluate("taluva.play({notation: taluva.legalMoves()[0].notation})")
    assert state["phase"] == "build"
    assert page.evaluate("taluva.rotation()") in (2, 4, 6, 8, 10, 12)


def test_phone_with_touch(devices, server):
    """390x844, touch only, high-DPI: tap to aim, tap again to place; pinch zooms."""
    with phone_game(devices, server.url) as (page, errors):
        new_game(page, {"players": 2}, seed=11)
        width = page.evaluate("document.scrollingElement.scrollWidth")
        assert width <= 390
        unnamed = page.evaluate(
            "[...document.querySelectorAll('button')].filter(b => b.offsetParent)"
            ".filter(b => !(b.getAttribute('aria-label') || b.innerText.trim())).length"
        )
        assert unnamed == 0  # icon-only buttons keep a label
        canvas = page.evaluate(
            "(() => { const c = document.querySelector('[data-testid=board]');"
            " return [c.width, c.clientWidth]; })()"
        )
        assert canvas[0] == canvas[1] * 3  # drawn at the device's pixel ratio
        for turn in range(2):
            legal = legal_moves(page)
            move = next(m for m in legal if hex_on_board(page, *m["volcano"]))
            while int(data(page, "clock")) != move["clock"]:
                page.tap("[data-testid=rotate-right]")
            x, y = screen_of(page, *move["volcano"])
            page.touchscreen.tap(x, y)  # aim
            wait_data(page, f'[data-ghost="{move["notation"]}"]')
            assert page.is_enabled("[data-testid=confirm]")
            before = steps(page)
            if turn == 0:
                page.touchscreen.tap(x, y)  # a second tap on the same hex places it ...
            else:
                page.tap("[data-testid=confirm]")  # ... and so does the Place button
            wait_steps_past(page, before)
            legal = legal_moves(page)
            move = next(m for m in legal if hex_on_board(page, *first_hex(m)))
            page.tap(f"[data-testid=kind-{move['kind']}]")
            x, y = screen_of(page, move["hexes"][0]["q"], move["hexes"][0]["r"])
            page.touchscreen.tap(x, y)
            if move["kind"] == "expand" and data(page, "selected") != move["notation"]:
                s = move["settlement"]
                page.tap(f"[data-testid='expand-{s[0]},{s[1]}-{move['terrain']}']")
            wait_data(page, f'[data-selected="{move["notation"]}"]')
            before = steps(page)
            page.tap("[data-testid=confirm]")
            wait_steps_past(page, before)
        assert steps(page) == 4
        page.screenshot(path=str(ARTIFACTS / "phone.png"))
        # Pinch out: two fingers moving apart zoom in around their middle.
        a = screen_of(page, 0, 0)
        b = screen_of(page, 1, 0)
        box = page.locator("[data-testid=board]").bounding_box()
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        cdp = page.context.new_cdp_session(page)
        touch = "Input.dispatchTouchEvent"
        cdp.send(
            touch,
            {
                "type": "touchStart",
                "touchPoints": [{"x": cx - 30, "y": cy, "id": 1}, {"x": cx + 30, "y": cy, "id": 2}],
            },
        )
        for d in (45, 60, 80, 100):
            cdp.send(
                touch,
                {
                    "type": "touchMove",
                    "touchPoints": [
                        {"x": cx - d, "y": cy, "id": 1},
                        {"x": cx + d, "y": cy, "id": 2},
                    ],
                },
            )
        cdp.send(touch, {"type": "touchEnd", "touchPoints": []})
        a2 = screen_of(page, 0, 0)
        b2 = screen_of(page, 1, 0)
        assert abs(b2[0] - a2[0]) > 1.5 * abs(b[0] - a[0])
        assert steps(page) == 4  # a pinch is not a tap
        assert errors == []


def first_hex(move: dict) -> tuple[int, int]:
    return move["hexes"][0]["q"], move["hexes"][0]["r"]


def hex_on_board(page, q: int, r: int) -> bool:
    x, y = screen_of(page, q, r)
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.dataset.testid ?? ''", [x, y])
    return hit == "board"


def frames(page, n: int = 3) -> None:
    page.evaluate(
        "n => new Promise(done => {"
        " const f = k => k ? requestAnimationFrame(() => f(k - 1)) : done(); f(n); })",
        n,
    )


def test_the_board_redraws_only_when_something_changes(game):
    page = game
    new_game(page, {"players": 2}, seed=4)
    x, y = screen_of(page, 0, 0)
    page.mouse.move(x, y)
    frames(page)
    draws = int(page.get_attribute("[data-testid=board]", "data-draws"))
    for dx, dy in ((3, 0), (-3, 2), (0, -3), (2, 2)):
        page.mouse.move(x + dx, y + dy)  # the same hex: nothing new to draw
    frames(page)
    assert int(page.get_attribute("[data-testid=board]", "data-draws")) == draws
    page.keyboard.press("r")  # the ghost turns: one new frame
    frames(page)
    assert int(page.get_attribute("[data-testid=board]", "data-draws")) == draws + 1
