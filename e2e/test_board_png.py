"""The board as a PNG from the Share dialog, drawn by the page's own renderer."""

from __future__ import annotations

import base64
import struct
from pathlib import Path

from game_driver import new_game
from test_share_links import play_moves

DECODE_JS = """async (data) => {
  const image = new Image();
  image.src = `data:image/png;base64,${data}`;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0);
  const px = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  let warm = 0;
  let seen = 0;
  for (let i = 0; i < px.length; i += 4 * 7) {
    seen += 1;
    if (px[i] > px[i + 2] + 40) warm += 1; // a landscape or a volcano, not the blue sea
  }
  return { w: image.width, h: image.height, warm: warm / seen };
}"""


def test_the_share_dialog_saves_the_board_as_a_png_that_decodes_with_the_board_drawn(game):
    new_game(game, {"players": 2}, seed=5)
    play_moves(game, 8)
    game.click("[data-testid=share]")
    game.wait_for_selector("[data-testid=share-dialog][open]")
    with game.expect_download() as info:
        game.click("[data-testid=download-png]")
    download = info.value
    assert download.suggested_filename.endswith(".png")
    data = Path(download.path()).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1200, 900)
    blank = game.context.new_page()  # decoded outside the game's CSP (img-src 'self')
    decoded = blank.evaluate(DECODE_JS, base64.b64encode(data).decode())
    blank.close()
    assert decoded["w"] == 1200 and decoded["warm"] > 0.02, decoded  # the island is in it
    assert "PNG" in game.text_content("[data-testid=share-status]")
