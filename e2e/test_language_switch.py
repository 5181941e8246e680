"""The language menu switches the page in place (issue 39): the same game on the same engine,
no start screen, every word on screen in the new language soon after the choice (300 ms on a
quiet machine, printed), and the seat names no one typed in it too, while a typed name stays as
it was.

One page, one game, a tour through the six languages mid-turn; per language the switch is
timed in the page (from the choice to the frame after its words are in) and the screen read in
one round trip.
"""

from __future__ import annotations

import json

from game_driver import ARTIFACTS, legal_moves, place, steps, wait_game_ready
from test_languages import LANGUAGES, english_only, messages, visible_text, words

# The target is 300 ms a switch on a quiet machine (measured 34-189 ms; printed by the test). A
# busy machine doubles that (zh-Hant 380 ms at a load of 21), so the test holds only a bound that
# no switch in place comes near and any reload or engine boot passes by seconds.
SWITCH_TARGET_MS = 300
SWITCH_BOUND_MS = 1500
TOUR = [*LANGUAGES, "en"]  # de, fr, pl, ru, zh-Hant, and back to English

# The choice made as a person makes it (the select's change), timed from there to the first
# frame after the page speaks the new language (the frame its words are painted in has begun).
SWITCH_JS = """async (tag) => {
  const select = document.querySelector("[data-testid=language]");
  select.dispatchEvent(new Event("focus")); // the other languages join the list (language-menu.js)
  const started = performance.now();
  select.value = tag;
  select.dispatchEvent(new Event("change"));
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  while (document.documentElement.lang !== tag) await frame();
  await frame();
  return performance.now() - started;
}"""

# What the screen says, in one round trip.
SCREEN_JS = """() => {
  const text = (selector) => document.querySelector(selector)?.textContent.trim() ?? null;
  return JSON.stringify({
    lang: document.documentElement.lang,
    engine: document.body.dataset.engine,
    bootHidden: document.getElementById("boot").hidden,
    appHidden: document.getElementById("app").hidden,
    steps: Number(document.querySelector(".tg-root").dataset.steps),
    logRows: document.querySelectorAll("[data-testid=log] > li").length,
    stepTitle: text("[data-testid=stepbar] .tg-step-title"),
    newGame: text("[data-testid=new-game] .tg-btn-label"),
    names: [...document.querySelectorAll("[data-testid=players] [data-seat-name]")]
      .map((e) => e.textContent),
    languageTag: text(".tg-lang-tag"),
    theme: [document.querySelector("[data-testid=theme]")?.getAttribute("aria-label"),
      document.querySelector("[data-testid=theme] option[value=dark]")?.textContent],
    hash: location.hash,
  });
}"""


def default_name(tag: str, n: int) -> str:
    return messages(tag)["seat.default-name"].replace("{n}", str(n))


def test_the_language_switches_in_place_mid_game_in_every_language(game):
    page = game
    page.set_viewport_size({"width": 1024, "height": 768})
    page.evaluate(
        "taluva.newGame({players: 2, seed: 12, seats: "
        "[{name: 'Ann', colour: 'red'}, {name: 'Player 2', colour: 'blue'}]})"
    )
    wait_game_ready(page)
    place(page, legal_moves(page)[0])  # mid-turn: the build is still to come
    at = steps(page)
    before = json.loads(page.evaluate(SCREEN_JS))
    assert before["names"] == ["Ann", "Player 2"]
    page.evaluate("taluva.games.saved()")
    times = {}
    for tag in TOUR:
        times[tag] = page.evaluate(SWITCH_JS, tag)
        seen = json.loads(page.evaluate(SCREEN_JS))
        catalogue = messages(tag)
        assert seen["lang"] == tag
        # The same game on the same engine: no start screen, no step lost or added.
        assert (seen["engine"], seen["bootHidden"], seen["appHidden"]) == ("ready", True, False)
        assert (seen["steps"], seen["logRows"]) == (at, before["logRows"]), tag
        assert page.evaluate("taluva.state().phase") == "build"
        # Its words are the language's: the step bar, the header, the menu's own tag.
        assert seen["stepTitle"] == catalogue["stepbar.build.title"], tag
        assert seen["newGame"] == catalogue["layout.new-game"], tag
        assert seen["languageTag"] == tag.split("-")[0].upper()
        assert seen["theme"] == [catalogue["theme.menu"], catalogue["theme.dark"]], tag
        assert "lang=" not in seen["hash"]
        # The name no one typed follows the language; the typed one stays.
        assert seen["names"] == ["Ann", default_name(tag, 2)], tag
        if tag != "en":
            left = sorted(words([visible_text(page)]) & english_only(tag))
            assert not left, f"{tag}: English words on screen after the switch: {left}"
        # A dialog built before the switch is built again in the new language.
        page.click("[data-testid=new-game]")
        page.wait_for_selector("dialog.tg-setup[open]")
        assert page.text_content("#tg-setup-title") == catalogue["layout.new-game"]
        assert page.input_value("dialog.tg-setup [name=name1]") == default_name(tag, 2)
        assert page.input_value("dialog.tg-setup [name=name0]") == "Ann"
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog.tg-setup[open]", state="detached")
        if tag == "de":
            page.screenshot(path=str(ARTIFACTS / "language-switch-de-1024x768.png"))
    print("switch times (ms):", {tag: round(ms) for tag, ms in times.items()})
    over = {tag: round(ms) for tag, ms in times.items() if ms > SWITCH_TARGET_MS}
    if over:
        print(f"over the {SWITCH_TARGET_MS} ms target (a busy machine?): {over}")
    slow = {tag: round(ms) for tag, ms in times.items() if ms > SWITCH_BOUND_MS}
    assert not slow, f"switches over {SWITCH_BOUND_MS} ms, as long as a reload: {slow}"


def test_the_games_list_and_a_phone_follow_the_switch(game):
    """The kept games' default names in the language of the list, and the phone's layout after a
    switch (its screenshot in German)."""
    page = game
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("taluva.newGame({players: 2, seed: 5})")  # "Player 1" vs "Player 2"
    wait_game_ready(page)
    place(page, legal_moves(page)[0])  # kept from its first move on
    page.evaluate("taluva.games.saved()")
    page.click("[data-testid=more]")
    page.select_option("[data-testid=language]", "pl")
    page.wait_for_selector("html[lang=pl]")
    page.select_option("[data-testid=language]", "de")  # the menu is still open
    page.wait_for_selector("html[lang=de]")
    wait_game_ready(page)
    page.click("[data-testid=tab-log]")
    page.screenshot(path=str(ARTIFACTS / "language-switch-de-390x844.png"))
    page.click("[data-testid=tab-log]")
    if not page.is_visible("[data-testid=games]"):
        page.click("[data-testid=more]")
    page.click("[data-testid=games]")
    page.wait_for_selector(
        "dialog[data-testid=games-dialog][open] [data-testid=game-item]", state="attached"
    )
    title = page.text_content("[data-testid=game-item][data-current='1'] .games-title")
    de = messages("de")
    assert title == f"{default_name('de', 1)}{de['games.vs']}{default_name('de', 2)}"
    # The frame's own ✕, made when the dialog was first framed, says its name in German too.
    assert (
        page.get_attribute("dialog[open] [data-testid=dialog-x]", "aria-label") == de["help.close"]
    )
