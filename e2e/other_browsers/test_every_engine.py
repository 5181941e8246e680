"""The site in Firefox ESR and WebKitGTK (Safari's engine), as a visitor goes through it: a first
visit, a whole game against the computer started from the New game dialog, a return visit restored
from the engine's snapshot, a shared link and the embed. In the order written, on one origin per
engine (conftest.py). Every test fails on a console error or uncaught exception (the `run`
fixture), and where a dropdown shows text under 4.5:1 contrast (contrast.py, from screenshots),
in a dark system theme and in a light one (native controls follow the system's theme, the page's
colours its prefers-color-scheme: WebKitGTK's light native face under the page's light text was
the issue's 1.1:1).

Moves are chosen from the page API's legal moves (game_driver.choose) and played with
taluva.play(); the pointer-and-keys play is Chromium's (e2e/test_game_play.py).
"""

from __future__ import annotations

import json
import random

from contrast import MINIMUM, decode_png, region_contrast

from game_driver import ARTIFACTS, Tally, choose
from test_language_switch import SCREEN_JS, SWITCH_JS
from test_languages import english_only, messages, words

ROOT_SEL = ".tg-root"
# WebKitGTK's first visit took 20-60 s on this machine when busy: this only bounds a broken boot.
BOOT_TIMEOUT_S = 240
ENGINE_SETTLED = "() => ['ready', 'error'].includes(document.body.dataset.engine)"
GAME_READY = (
    f"""() => document.querySelector('{ROOT_SEL}[data-ready="1"][data-busy="0"]') !== null"""
)
# The person to move (no computer thinking or showing a move), or the game over.
PERSON_OR_OVER = f"""() => {{
    const root = document.querySelector('{ROOT_SEL}');
    if (root?.dataset.over === '1') return 'over';
    const d = root?.dataset ?? {{}};
    return d.busy === '0' && d.computer === '0' && d.thinking === '0' ? 'person' : '';
}}"""
ROUTE = "async () => { const i = await taluva.ready; return [i.route, i.fallback]; }"
READY_MS = "() => performance.getEntriesByName('taluva:engine-ready')[0]?.startTime ?? null"
# Every shown <select> inside `scope`: its name and where it is, in screenshot pixels. One in a
# closed <details> is not shown, though Firefox gives it a box (its content-visibility: hidden).
SHOWN_SELECTS = """(scope) => [...document.querySelectorAll(`${scope} select`)]
    .filter((s) => s.getClientRects().length > 0 && !s.closest("details:not([open])"))
    .map((s) => {
        const r = s.getBoundingClientRect(), k = devicePixelRatio;
        const name = s.name || s.dataset.testid || s.className;
        return [name, [r.x * k, r.y * k, r.width * k, r.height * k]];
    })"""
STEPS = f"() => Number(document.querySelector('{ROOT_SEL}').dataset.steps)"
# The page's background as a person sees it: its relative luminance, 0 (black) to 1 (white).
BACKGROUND_LUMINANCE = """() => {
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/[\\d.]+/g).map(Number);
    const linear = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}"""
# Resolves once what the page last changed is on screen: two frames on.
PAINTED = "() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))"
SETUP_OPEN = "() => document.querySelector('dialog.tg-setup[open]') !== null"
SET_SELECT = """(selector, value) => {
    const select = document.querySelector(selector);
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
    return select.value;
}"""

# A seat's choice is a radio button (Human or a computer level) drawn as a button.
CHOOSE = """(selector, value) => {
    const choice = document.querySelector(`${selector}[value="${value}"]`);
    choice.click();
    return choice.checked;
}"""

# The end dialog's one line: who won and why, with the result's code as data-reason.
END_LINE = """() => {
    const line = document.querySelector("[data-testid=end-winners]");
    return { reason: line.dataset.reason, text: line.textContent };
}"""


def boot(run, visit: str, route: str) -> None:
    """Wait for the engine and the game screen; check the boot's route; note its time."""
    driver = run.driver
    driver.wait(ENGINE_SETTLED, "the engine's boot", timeout_s=BOOT_TIMEOUT_S)
    state = driver.evaluate("() => document.body.dataset.engine")
    if state != "ready":
        message = driver.evaluate("() => document.getElementById('boot-error')?.textContent")
        raise AssertionError(f"{run.engine}: the engine did not boot: {message}")
    driver.wait(GAME_READY, "the game screen")
    taken, fallback = driver.evaluate(ROUTE)
    assert taken == route, f"{run.engine} {visit}: booted by {taken} ({fallback})"
    if visit in ("first visit", "return visit"):
        run.note_boot(visit, driver.evaluate(READY_MS))
    run.booted = True


def assert_readable(run, scope: str) -> None:
    """Every dropdown shown in `scope` has text of at least 4.5:1 contrast on its face."""
    poor = unreadable(run, scope)
    assert not poor, f"{run.engine}: dropdown text under {MINIMUM}:1: {poor}"


def unreadable(run, scope: str) -> list[str]:
    """The dropdowns shown in `scope` whose text contrast is under 4.5:1, and theirs."""
    driver = run.driver
    shown = driver.evaluate(SHOWN_SELECTS, scope)
    assert shown, f"no dropdown shown in {scope}"
    # The whole viewport, cut here: WebKit's screenshots of single elements in a modal dialog
    # (the top layer) come out black.
    driver.evaluate(PAINTED)
    image = decode_png(driver.screenshot())
    poor = []
    for name, box in shown:
        found, face, text = region_contrast(image, box)
        if found < MINIMUM:
            poor.append(f"{scope} {name}: {found:.2f}:1 (text {text} on {face})")
    return poor


def test_a_first_visit_installs_the_engine(run):
    run.driver.goto(run.url)
    boot(run, "first visit", "install")


def open_new_game_dialog(driver) -> None:
    """The dialog (a first visit opens it by itself, and its backdrop then covers the button)."""
    if not driver.evaluate(SETUP_OPEN):
        driver.click("[data-testid=new-game]")
    driver.wait(SETUP_OPEN, "the New game dialog")


def test_the_new_game_dialog_dropdowns_are_readable(run):
    driver = run.driver
    open_new_game_dialog(driver)
    try:
        assert_readable(run, "dialog.tg-setup")
    finally:
        driver.evaluate("() => document.querySelector('dialog.tg-setup[open]')?.close()")


def show_the_speed_dropdown(driver) -> None:
    """Play the person's first turn with the computer paused: the step bar then shows the
    computer's turn with its speed dropdown."""
    driver.evaluate("() => taluva.setAiPaused(true)")
    for _ in range(2):  # the placement, then the build
        driver.evaluate("() => taluva.play(taluva.legalMoves()[0])")
    driver.wait("() => document.querySelector('[data-testid=ai-speed]') !== null", "speed")


def test_a_whole_game_against_the_computer_from_the_new_game_dialog(run):
    driver = run.driver
    open_new_game_dialog(driver)
    assert driver.evaluate(CHOOSE, "dialog.tg-setup input[name=type1]", "computer:beginner")
    assert driver.evaluate(SET_SELECT, "dialog.tg-setup select[name=tiles]", "12") == "12"
    driver.click("[data-testid=setup-start]")
    driver.wait("() => !document.querySelector('dialog.tg-setup[open]')", "the dialog to close")
    driver.wait(GAME_READY, "the new game")
    show_the_speed_dropdown(driver)
    assert_readable(run, ".tg-root")
    driver.evaluate("() => { taluva.setAiSpeed('instant'); taluva.setAiPaused(false); }")

    rnd, tally = random.Random(3), Tally()
    while (turn := driver.wait(PERSON_OR_OVER, "the person's turn", timeout_s=120)) != "over":
        state = driver.evaluate("() => taluva.state()")
        assert state["current"] == 0, f"{run.engine}: the computer's turn did not end"
        assert tally.steps < 120, f"{run.engine}: the game does not end"
        move = choose(state, driver.evaluate("() => taluva.legalMoves()"), rnd, tally)
        driver.evaluate("(m) => taluva.play(m)", move)
        tally.steps += 1
    assert turn == "over" and tally.steps >= 10
    state = driver.evaluate("() => taluva.state()")
    driver.wait("() => document.querySelector('[data-testid=end][open]') !== null", "the end")
    line = driver.evaluate(END_LINE)
    assert line["reason"] == state["result"]["code"] and line["text"], line
    levels = {(t["seat"], t["level"]) for t in driver.evaluate("() => taluva.aiTimes()")}
    assert levels == {(1, "beginner")}
    run.share_code = driver.evaluate("() => taluva.share.code()")
    run.final_hexes = state["hexes"]


def test_a_return_visit_restores_the_engine_from_its_snapshot(run):
    driver = run.driver
    # The snapshot is kept after the first visit's ready, and the build cached for offline.
    driver.wait("() => document.body.dataset.offline === 'ready'", "the offline copy")
    # ... and then restored once in the background (boot-page.js), which must have worked.
    rehearsal = driver.wait("() => document.body.dataset.rehearsal", "the rehearsal", timeout_s=90)
    assert rehearsal == "done", f"{run.engine}: the kept snapshot did not restore ({rehearsal})"
    driver.goto(run.url)
    boot(run, "return visit", "snapshot")
    assert driver.evaluate("() => taluva.call('ping', {})") == "pong"


def test_a_shared_link_opens_its_game(run):
    assert run.share_code, "the game test did not finish"
    driver = run.driver
    driver.goto("about:blank")
    driver.goto(f"{run.url}#g={run.share_code}")
    driver.wait(ENGINE_SETTLED, "the engine's boot", timeout_s=BOOT_TIMEOUT_S)
    driver.wait(GAME_READY, "the game screen")
    driver.wait(
        "(code) => taluva.share.code() === code", "the linked game", run.share_code, timeout_s=30
    )
    assert driver.evaluate("() => taluva.state()")["hexes"] == run.final_hexes


def test_the_language_and_the_theme_switch_in_place_and_the_game_goes_on(run):
    """Mid-turn, German from the language menu: the same game on the same engine, the screen in
    German; then the Light theme chosen on a device whose system is dark: the page light, and
    the computer's speed dropdown still readable (its native face follows the page's scheme)."""
    driver = run.driver
    seats = [{"type": "human"}, {"type": "computer:beginner"}]
    driver.evaluate("(seats) => taluva.newGame({ players: 2, seed: 4, seats })", seats)
    driver.wait(GAME_READY, "the new game")
    driver.evaluate("() => taluva.setAiPaused(true)")
    driver.evaluate("() => taluva.play(taluva.legalMoves()[0])")  # placed: the build to come
    driver.wait(GAME_READY, "the placement")
    steps = driver.evaluate(STEPS)
    try:
        driver.evaluate(SWITCH_JS, "de")
        seen = json.loads(driver.evaluate(SCREEN_JS))
        de = messages("de")
        assert (seen["lang"], seen["engine"], seen["bootHidden"]) == ("de", "ready", True)
        assert seen["steps"] == steps, f"{run.engine}: the switch changed the game"
        assert (seen["stepTitle"], seen["newGame"]) == (
            de["stepbar.build.title"],
            de["layout.new-game"],
        ), run.engine
        text = driver.evaluate("() => document.body.innerText")
        left = sorted(words([text]) & english_only("de"))
        assert not left, f"{run.engine}: English words on screen after the switch: {left}"

        assert driver.evaluate(SET_SELECT, "[data-testid=theme]", "light") == "light"
        driver.wait("() => document.documentElement.dataset.theme === 'light'", "the light theme")
        assert driver.evaluate(BACKGROUND_LUMINANCE) > 0.6, f"{run.engine}: the page stayed dark"
        driver.evaluate("() => taluva.play(taluva.legalMoves()[0])")  # built: the computer's turn
        driver.wait("() => document.querySelector('[data-testid=ai-speed]') !== null", "speed")
        shot = driver.screenshot()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / f"{run.engine}-de-light-computer-turn.png").write_bytes(shot)
        assert_readable(run, ".tg-root")
    finally:  # the later tests' page as it was: the system's theme, English
        driver.evaluate(SET_SELECT, "[data-testid=theme]", "system")
        driver.evaluate(SWITCH_JS, "en")
        driver.evaluate("() => taluva.setAiPaused(false)")


def test_the_embed_loads_on_click_and_steps_back(run):
    assert run.share_code, "the game test did not finish"
    driver = run.driver
    driver.goto(f"{run.url}embed.html#g={run.share_code}")
    driver.wait("() => document.querySelector('[data-testid=embed-load]') !== null", "preview")
    driver.click("[data-testid=embed-load]")
    driver.wait("() => document.body.dataset.embed === 'ready'", "the embed", timeout_s=120)
    replay = "[data-testid=replay][data-busy='0']"
    total = driver.wait(
        f'() => document.querySelector("{replay}")?.dataset.total', "the replay", timeout_s=30
    )
    assert driver.evaluate(f'() => document.querySelector("{replay}").dataset.step') == total
    turns = driver.evaluate(f'() => document.querySelector("{replay}").dataset.turns')
    driver.click("[data-testid=replay-back]")  # the replay steps by turn: a turn back
    driver.wait(
        f'(turn) => document.querySelector("{replay}[data-turn=\'" + turn + "\']") !== null',
        "a turn back",
        str(int(turns) - 1),
    )
    back = driver.evaluate(f'() => document.querySelector("{replay}").dataset.step')
    assert int(back) < int(total), f"a turn back shows step {back} of {total}"


def test_the_dropdowns_are_readable_in_a_light_system_theme(light_run):
    driver = light_run.driver
    driver.goto(light_run.url)
    # The journey's browser switched to light comes back (Firefox), a new one installs (WebKit).
    route = "snapshot" if light_run.booted else "install"
    boot(light_run, "light theme", route)
    open_new_game_dialog(driver)
    poor = unreadable(light_run, "dialog.tg-setup")
    seats = [{"type": "human"}, {"type": "computer:beginner"}]
    driver.evaluate("(seats) => taluva.newGame({ players: 2, seats })", seats)
    show_the_speed_dropdown(driver)
    poor += unreadable(light_run, ".tg-root")
    assert not poor, f"{light_run.engine}: dropdown text under {MINIMUM}:1: {poor}"
