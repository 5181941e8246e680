"""The replay as a view of its own.

It opens from the header's Replay button (disabled until there is a move to watch), from a log
row (just after that turn) and from the Share dialog; it steps by turn, each turn said in words
(who, where the tile went, what was built; never a coordinate), plays by itself at the page's
computer speed to the end, answers ←/→, Home/End and Space, and its slider wears the game's
colours. Closing it and opening it again at once leaves it open (a queued "close" event used
to close the new one).
"""

from __future__ import annotations

import base64
import re

from game_driver import new_game, steps, wait_game_ready

DIALOG = "[data-testid=replay-dialog]"
REPLAY = f"{DIALOG}[open] [data-testid=replay]"
COORDINATES = re.compile(r"-?\d+,-?\d+")
NAMES = ["Ana", "Bo", "Chen"]
COLOURS_JS = """async (data) => {
  const image = new Image();
  image.src = `data:image/png;base64,${data}`;
  await image.decode();
  const canvas = document.createElement("canvas");
  [canvas.width, canvas.height] = [image.width, image.height];
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0);
  const px = ctx.getImageData(0, 0, image.width, image.height).data;
  let amber = 0, blue = 0;
  for (let i = 0; i < px.length; i += 4) {
    const [r, g, b] = [px[i], px[i + 1], px[i + 2]];
    if (r > 200 && g > 140 && g < 210 && b < 120) amber += 1;  // #f2b544
    if (b > 200 && r < 80 && g > 90 && g < 150) blue += 1;  // Chromium's #0075ff
  }
  return { amber: amber / (px.length / 4), blue };
}"""


def play_api(page, n: int) -> None:
    for _ in range(n):
        page.evaluate("taluva.play({notation: taluva.legalMoves()[0].notation})")
    wait_game_ready(page)


def three_players(page, moves: int) -> None:
    new_game(page, {"players": 3, "seats": [{"name": n} for n in NAMES]}, seed=7)
    play_api(page, moves)


def shown(page) -> dict:
    return page.evaluate(
        """s => {
          const r = document.querySelector(s);
          const d = r.dataset;
          return {step: +d.step, total: +d.total, turn: +d.turn, turns: +d.turns,
                  playing: d.playing === "1",
                  words: r.querySelector("[data-testid=replay-move]").textContent,
                  label: r.querySelector("[data-testid=replay-label]").textContent};
        }""",
        REPLAY,
    )


def wait_turn(page, turn: int) -> dict:
    page.wait_for_selector(f"{REPLAY}[data-turn='{turn}'][data-busy='0']", state="attached")
    return shown(page)


def test_the_header_opens_the_replay_and_the_keys_step_it_turn_by_turn(game):
    page = game
    new_game(page, {"players": 3, "seats": [{"name": n} for n in NAMES]}, seed=7)
    button = page.locator("[data-testid=show-replay]")
    assert button.is_visible() and button.is_disabled(), "nothing to watch before a move"
    play_api(page, 12)  # six turns of three players
    assert button.is_enabled()
    button.click()
    now = wait_turn(page, 6)
    assert now == {**now, "step": 12, "total": 12, "turns": 6, "playing": False}
    assert now["label"] == "Turn 6 of 6"
    # The last turn in words: its player (Chen, the third), where the tile went, what was built.
    assert now["words"].startswith("Chen: ") and " · " in now["words"], now["words"]
    assert not COORDINATES.search(page.text_content(DIALOG))
    # The seats with what each built, the one to play marked.
    seats = page.locator(f"{REPLAY} [data-testid=replay-seats] [data-testid=embed-seat]")
    assert seats.count() == 3 and "Ana" in seats.nth(0).text_content()
    assert "hut" in seats.nth(0).text_content()

    page.keyboard.press("ArrowLeft")
    now = wait_turn(page, 5)
    assert now["step"] == 10 and now["words"].startswith("Bo: ")
    page.keyboard.press("Home")
    now = wait_turn(page, 0)
    assert now["step"] == 0 and now["words"] == "Before the first tile"
    page.keyboard.press("ArrowRight")
    now = wait_turn(page, 1)
    assert now["step"] == 2 and now["words"].startswith("Ana: ")
    page.keyboard.press("End")
    assert wait_turn(page, 6)["step"] == 12
    # Each turn said is a different sentence (the facts of its own moves).
    sentences = set()
    for turn in range(6, 0, -1):
        sentences.add(wait_turn(page, turn)["words"])
        page.keyboard.press("ArrowLeft")
    assert len(sentences) >= 3, sentences
    assert steps(page) == 12  # the live game is untouched
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{DIALOG}[open]", state="detached")


def test_it_plays_itself_to_the_end_at_the_computer_speed_and_space_pauses(game):
    page = game
    three_players(page, 12)
    page.evaluate("taluva.setAiSpeed('fast')")
    page.evaluate("taluva.share.replay(0)")
    wait_turn(page, 0)
    page.evaluate(
        """() => {
          const c = document.querySelector("[data-testid=replay-dialog] canvas");
          window.__moving = 0;
          c.addEventListener("board-drawn", (e) => {
            if (e.detail.moving > 0) window.__moving += 1;
          });
        }"""
    )
    page.click(f"{REPLAY} [data-testid=replay-play]")
    page.wait_for_selector(f"{REPLAY}[data-playing='1']", state="attached")
    # To the end by itself, then it stops.
    page.wait_for_selector(
        f"{REPLAY}[data-playing='0'][data-turn='6']", state="attached", timeout=30_000
    )
    assert shown(page)["step"] == 12
    assert page.evaluate("window.__moving") > 0, "the turns animate on the board"

    # Space plays from the start again (at the end), and Space pauses. At the slow pace (a turn
    # every 2 s) a busy machine still finds it playing mid-game when the pause comes.
    page.evaluate("taluva.setAiSpeed('slow')")
    page.keyboard.press(" ")
    page.wait_for_selector(f"{REPLAY}[data-playing='1']", state="attached")
    page.wait_for_function(
        """(sel) => {
          const el = document.querySelector(sel);
          return el.dataset.playing === "1" && Number(el.dataset.turn) >= 1;
        }""",
        arg=REPLAY,
    )
    page.keyboard.press(" ")
    page.wait_for_selector(f"{REPLAY}[data-playing='0']", state="attached")
    paused = shown(page)["turn"]
    page.wait_for_timeout(2400)  # slow: a turn every 2 s, were it still playing
    assert shown(page)["turn"] == paused < 6
    # A step by hand pauses it too.
    page.keyboard.press(" ")
    page.wait_for_selector(f"{REPLAY}[data-playing='1']", state="attached")
    page.click(f"{REPLAY} [data-testid=replay-back]")
    page.wait_for_selector(f"{REPLAY}[data-playing='0']", state="attached")


def test_a_log_row_opens_it_after_that_turn_even_right_after_it_closed(game):
    page = game
    three_players(page, 8)
    page.locator("[data-testid=log] li[data-turn='2']").click()
    now = wait_turn(page, 2)
    assert now["step"] == 4 and now["words"].startswith("Bo: ")
    # Closed and opened again in one go, before the dialog's "close" event has run.
    page.evaluate(
        """() => {
          document.querySelector("[data-testid=replay-close]").click();
          document.querySelector("[data-testid=log] li[data-turn='1']").click();
        }"""
    )
    wait_turn(page, 1)
    page.wait_for_timeout(300)  # the queued close event has run by now
    assert page.locator(f"{DIALOG}[open]").count() == 1
    assert "&at=2&" in page.evaluate("location.hash")
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{DIALOG}[open]", state="detached")
    page.wait_for_function("() => !location.hash.includes('&at=')")


def test_the_share_dialog_keeps_its_way_into_the_replay(game):
    page = game
    three_players(page, 6)
    page.click("[data-testid=share]")
    page.wait_for_selector("[data-testid=share-dialog][open]")
    page.click("[data-testid=open-replay]")
    assert wait_turn(page, 3)["step"] == 6
    assert page.locator("[data-testid=share-dialog][open]").count() == 0


def test_the_slider_wears_the_games_colours(game):
    page = game
    three_players(page, 6)
    page.click("[data-testid=show-replay]")
    wait_turn(page, 3)
    slider = f"{REPLAY} [data-testid=replay-range]"
    look = page.evaluate(
        """s => {
          const el = document.querySelector(s);
          return {appearance: getComputedStyle(el).appearance, max: el.max, value: el.value,
                  filled: el.style.getPropertyValue("--filled")};
        }""",
        slider,
    )
    assert look == {"appearance": "none", "max": "3", "value": "3", "filled": "100%"}
    # Drawn in the game's amber, with no pixel of the browser's default blue.
    shot = base64.b64encode(page.locator(slider).screenshot()).decode()
    blank = page.context.new_page()  # a page without the site's CSP, to decode the shot
    colours = blank.evaluate(COLOURS_JS, shot)
    blank.close()
    assert colours["amber"] > 0.1 and colours["blue"] == 0, colours
    # The slider moves by turns, with its own keys.
    page.focus(slider)
    page.keyboard.press("ArrowLeft")
    assert wait_turn(page, 2)["step"] == 4
