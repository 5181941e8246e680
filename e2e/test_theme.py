"""The light theme and the choice of theme (issue 39, point 8). A light system gets the light
theme, a dark one the dark theme (the calm start of both: test_calm_start.py); the header's menu
chooses System, Light or Dark, which outvotes the system's theme from the first paint of the next
visit on this device, and System follows a change of the system's theme at once. Screenshots of
a game in the light theme at 1280x800 and 390x844 go to e2e/artifacts for a person to judge (the
contrast of every text colour is tests/js/palette.test.mjs's)."""

from __future__ import annotations

from pathlib import Path

from game_driver import PHONE, new_game, wait_game_ready
from support import pixel_at, wait_ready
from test_layout import open_laptop_game

ARTIFACTS = Path(__file__).parent / "artifacts"
# palette.css --bg in each theme, and a point of the page's own background on the boot screen
# and its strip, as test_calm_start reads it (the game screen's side column there is a shade of
# it: --bg-side).
BACKGROUND = {"dark": (0x0F, 0x21, 0x30), "light": (0xF4, 0xEF, 0xE6)}
BACKGROUND_AT = (1277, 797)
SAME_SHADE = 12


def theme(page) -> str | None:
    return page.get_attribute("html", "data-theme")


def play_a_few_moves(page, count: int = 5) -> None:
    """A three-player game a few steps in: every kind of row and mark on screen."""
    new_game(page, {"players": 3}, seed=4)
    for _ in range(count):
        page.evaluate("taluva.play(taluva.legalMoves()[0])")
        wait_game_ready(page)


def first_paint_background(page) -> tuple[int, int, int]:
    """Reload, and the page's background in its first painted frame."""
    page.reload(wait_until="commit")
    page.wait_for_function(
        "() => performance.getEntriesByType('paint').length > 0", polling=20, timeout=60_000
    )
    return pixel_at(page, *BACKGROUND_AT)


def assert_shade_of(pixel: tuple, scheme: str) -> None:
    apart = max(abs(a - b) for a, b in zip(pixel, BACKGROUND[scheme], strict=True))
    assert apart <= SAME_SHADE, f"{pixel} is not the {scheme} background {BACKGROUND[scheme]}"


def test_the_menu_choice_outvotes_the_system_from_the_first_paint_and_system_follows_it(
    warm_page, server, console
):
    page = warm_page
    open_laptop_game(page, server, scheme="light")
    assert theme(page) == "light"
    assert page.input_value("[data-testid=theme]") == "system"
    play_a_few_moves(page)
    # The pointer on the first tile's volcano: its tooltip over the sea, in the light theme.
    at = page.evaluate("taluva.hexToScreen(0, 0)")
    page.mouse.move(at["x"], at["y"])
    page.wait_for_selector("[data-testid=tip]", state="visible")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "theme-light-1280.png"))

    # Dark, chosen on a light system: at once, and from the next visit's first paint.
    page.select_option("[data-testid=theme]", "dark")
    assert theme(page) == "dark"
    assert_shade_of(first_paint_background(page), "dark")
    assert theme(page) == "dark"
    wait_ready(page)
    wait_game_ready(page)
    assert page.input_value("[data-testid=theme]") == "dark"

    # System again: light, and then whatever the system turns to, while the page is open.
    page.select_option("[data-testid=theme]", "system")
    assert theme(page) == "light"
    page.emulate_media(color_scheme="dark")
    page.wait_for_selector("html[data-theme=dark]", state="attached")

    # Light, chosen on a dark system, likewise.
    page.select_option("[data-testid=theme]", "light")
    assert theme(page) == "light"
    assert_shade_of(first_paint_background(page), "light")
    wait_ready(page)
    wait_game_ready(page)
    assert theme(page) == "light"
    assert console == []


def test_a_phone_in_the_light_theme_has_the_choice_in_its_more_menu(devices, server):
    page = devices("phone", viewport={"width": 390, "height": 844}, **PHONE)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.emulate_media(color_scheme="light")
    page.goto(server.url)
    wait_ready(page)
    wait_game_ready(page)
    assert theme(page) == "light"
    play_a_few_moves(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "theme-light-390.png"), scale="css")
    # Folded into More on a phone, with its name beside its icon.
    theme_menu = page.locator(".tg-theme")
    assert not theme_menu.is_visible()
    page.click("[data-testid=more]")
    assert theme_menu.is_visible()
    assert "Theme" in theme_menu.inner_text()
    page.screenshot(path=str(ARTIFACTS / "theme-light-390-menu.png"), scale="css")
    page.select_option("[data-testid=theme]", "dark")
    assert theme(page) == "dark"
    assert errors == []
