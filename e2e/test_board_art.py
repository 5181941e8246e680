"""A readable board at every zoom. Pieces are drawn at least 12 CSS px high at the
smallest zoom the page picks itself (a late four-player game on a phone) and at the smallest
zoom a person can choose; the board reports the smallest piece it drew (data-piece-px)."""

from __future__ import annotations

from game_driver import finished_game_code, new_game, open_finished
from taluva.formats.jsonio import legal_moves_json
from taluva.rules.game import Game

BOARD = "[data-testid=board]"


def raise_and_build(i: int, game: Game, moves: list) -> object:
    """Move i of a late game with raised stacks and every kind of building: a placement on
    level 2 or higher at odd steps where there is one, a build other than a founding at steps
    not divisible by 3 where there is one, else any move (never one that eliminates)."""
    facts = legal_moves_json(game)
    high = [
        m
        for m, f in zip(moves, facts, strict=True)
        if f["type"] == "place" and f["level"] >= 2 and not f.get("eliminates")
    ]
    big = [
        m
        for m, f in zip(moves, facts, strict=True)
        if f["type"] == "build" and f["kind"] != "found"
    ]
    pick = high if high and i % 2 else big if big and i % 3 else moves
    return pick[(i * 7919) % len(pick)]


def board_still(page) -> tuple[float, float]:
    """The drawn camera's scale and the smallest piece drawn, once no animation runs."""
    page.wait_for_selector(f"{BOARD}[data-motion='']:not([data-piece-px=''])", state="attached")
    scale = float(page.get_attribute(BOARD, "data-camera").split(",")[0])
    return scale, float(page.get_attribute(BOARD, "data-piece-px"))


def test_pieces_stay_at_least_12_px_at_the_smallest_zooms(game, server):
    game.set_viewport_size({"width": 390, "height": 760})
    open_finished(game, server.url, finished_game_code(4, 3, raise_and_build))
    game.click("[data-testid=end-board]")  # the board behind the end dialog is what is measured
    game.wait_for_selector("[data-testid=end]:not([open])", state="attached")
    scale, piece = board_still(game)
    # The page's own frame of a whole late game on a phone: a hut of three drawn to scale
    # would be under 12 px (0.38 hex radii), so the pieces grew to stay readable.
    assert 0.38 * scale < 12, scale
    assert piece >= 12, (scale, piece)
    # Zoomed out as far as a person can: still 12 px.
    for _ in range(12):
        game.keyboard.press("-")
    game.wait_for_selector(f"{BOARD}[data-camera^='9.00,']", state="attached")
    scale, piece = board_still(game)
    assert piece >= 12, (scale, piece)


# The colours of a picture: how much of it is island (warm landscapes and volcanoes, not the
# blue sea), how many pixels are a seat's piece colour (red #d8342c, blue #2d63d8), and how many
# are the board renderer's glowing craters (a plain volcano colour is #6e3b30).
PICTURE_COLOURS_JS = """(canvas) => {
  const px = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
  let warm = 0, red = 0, blue = 0, crater = 0;
  const near = (i, [r, g, b]) =>
    Math.abs(px[i] - r) + Math.abs(px[i + 1] - g) + Math.abs(px[i + 2] - b) < 40;
  for (let i = 0; i < px.length; i += 4) {
    if (px[i] > px[i + 2] + 40) warm += 1;
    if (near(i, [0xd8, 0x34, 0x2c])) red += 1;
    if (near(i, [0x2d, 0x63, 0xd8])) blue += 1;
    if (px[i] > 220 && px[i + 1] > 90 && px[i + 2] < 90) crater += 1;
  }
  return { warm: warm / (px.length / 4), red, blue, crater };
}"""


def test_the_games_list_draws_each_kept_board_with_the_board_renderer(game):
    new_game(game, {"players": 2}, seed=5)
    game.evaluate(
        """async () => {
            for (let i = 1; i <= 12; i++) {
                const moves = taluva.legalMoves();
                await taluva.play(moves[(i * 7919) % moves.length]);
            }
        }"""
    )
    game.click("[data-testid=games]")
    thumb = game.locator("[data-testid=game-item] canvas.games-thumb").first
    # Drawn once its row is in view, within a frame or two.
    game.wait_for_selector("[data-testid=game-item] canvas.games-thumb[data-drawn='1']")
    colours = thumb.evaluate(PICTURE_COLOURS_JS)
    assert colours["warm"] > 0.08, colours  # the island fills the picture, framed tight
    assert colours["red"] > 10 and colours["blue"] > 10, colours  # both seats' pieces
    assert colours["crater"] > 10, colours  # drawn by the board's art, not as plain dots
