"""Touch screens have no hover: a long press on a control without a label (the header's icons)
or on a shortened seat name shows its full title in a bubble beside it, and does not also act
as a tap; a short tap still acts. Real touches, through Chromium's input pipeline (CDP)."""

from __future__ import annotations

from game_driver import new_game, phone_game

LONG_NAME = "Bartholomäus Ost"
TIP = "[data-testid=press-tip]"


def touch(cdp, x: float, y: float, kind: str) -> None:
    points = [] if kind == "touchEnd" else [{"x": x, "y": y, "radiusX": 4, "radiusY": 4}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def long_press(page, cdp, selector: str, hold_ms: int = 800) -> None:
    box = page.locator(selector).bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    touch(cdp, x, y, "touchStart")
    page.wait_for_timeout(hold_ms)
    touch(cdp, x, y, "touchEnd")


def test_a_long_press_shows_the_full_title_on_a_phone(devices, server):
    with phone_game(devices, server.url, mobile=False) as (page, errors):
        new_game(page, {"players": 3, "seats": [{"name": LONG_NAME}]}, seed=7)
        cdp = page.context.new_cdp_session(page)
        tip = page.locator(TIP)

        # The header's New game button shows its icon alone on a phone: its name is its title.
        button = "[data-testid=new-game]"
        assert not page.locator(f"{button} .tg-btn-label").is_visible()
        title = page.get_attribute(button, "title")
        assert title
        long_press(page, cdp, button)
        tip.wait_for(state="visible")
        assert tip.text_content() == title
        tip_box, button_box = tip.bounding_box(), page.locator(button).bounding_box()
        assert tip_box["x"] >= 0 and tip_box["x"] + tip_box["width"] <= 390
        assert tip_box["y"] >= button_box["y"] + button_box["height"]  # under it, not over it
        page.wait_for_timeout(300)
        assert page.locator("dialog.tg-setup[open]").count() == 0  # the press did not tap it

        # A seat's name shortened in the seat strip: the press shows it whole.
        name = f"[data-testid=players] [data-seat-name][title='{LONG_NAME}']"
        shortened = page.locator(name).evaluate("e => e.scrollWidth > e.clientWidth")
        assert shortened, "the long name fits the strip: nothing to show"
        long_press(page, cdp, name)
        page.wait_for_function(
            "n => document.querySelector('[data-testid=press-tip]')?.textContent === n",
            arg=LONG_NAME,
        )
        assert tip.is_visible()

        # A short tap still acts (and hides the bubble).
        box = page.locator(button).bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_selector("dialog.tg-setup[open]")
        assert not tip.is_visible()
    assert errors == []
