"""The board keeps its picture through every resize: on a 390x844 phone the step bar changes
with each computer turn ("is thinking…", the move shown, the next step), and the board canvas
used to be blank for a frame or several each time its size changed. Sampled every 50 ms
through three computer turns (the person's turns played by the API), it is never blank."""

from __future__ import annotations

from game_driver import ARTIFACTS, wait_game_ready
from support import wait_ready

# Every 50 ms: the board's backing store drawn into an 8x8 canvas; blank when no pixel of it is
# opaque (a canvas whose size was just set holds transparent black until it is drawn again).
SAMPLER_JS = r"""() => {
  const board = document.querySelector("[data-testid=board]");
  const small = document.createElement("canvas");
  small.width = small.height = 8;
  const ctx = small.getContext("2d", { willReadFrequently: true });
  const seen = (window.__boardSamples = { samples: 0, blank: 0, sizes: new Set(), at: [] });
  window.__boardSampler = setInterval(() => {
    if (!board.width || !board.height) return;
    ctx.clearRect(0, 0, 8, 8);
    ctx.drawImage(board, 0, 0, 8, 8);
    const px = ctx.getImageData(0, 0, 8, 8).data;
    let opaque = 0;
    for (let i = 3; i < px.length; i += 4) if (px[i] > 200) opaque++;
    seen.samples++;
    seen.sizes.add(`${board.width}x${board.height}`);
    if (opaque === 0) {
      seen.blank++;
      const steps = document.querySelector(".tg-root").dataset.steps;
      seen.at.push(`${board.width}x${board.height} steps ${steps}`);
    }
  }, 50);
}"""

RESULT_JS = r"""() => {
  clearInterval(window.__boardSampler);
  const s = window.__boardSamples;
  return { samples: s.samples, blank: s.blank, sizes: [...s.sizes], at: s.at.slice(0, 10) };
}"""


def test_the_phone_board_is_never_blank_through_three_computer_turns(warm_page, server, console):
    page = warm_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server.url)
    wait_ready(page)
    wait_game_ready(page)
    seats = [{"type": "human"}, {"type": "computer:beginner"}]
    page.evaluate("s => taluva.newGame({players: 2, seed: 4, seats: s})", seats)
    wait_game_ready(page)
    page.evaluate("taluva.setAiSpeed('normal')")
    page.evaluate(SAMPLER_JS)
    for turn in range(3):  # the person's turn by the API, then the computer's whole turn
        for _ in range(2):
            page.evaluate("taluva.play({notation: taluva.legalMoves()[0].notation})")
        steps = 4 * (turn + 1)
        page.wait_for_selector(
            f".tg-root[data-steps='{steps}'][data-computer='0'][data-busy='0']",
            state="attached",
            timeout=60_000,
        )
    result = page.evaluate(RESULT_JS)
    page.screenshot(path=str(ARTIFACTS / "board-steady-390x844.png"))
    print(f"\n{result['samples']} samples, canvas sizes {result['sizes']}")
    assert result["samples"] > 20
    assert result["blank"] == 0, result
    assert console == []
