"""The board as a PNG (saved, or copied to the clipboard) and a range of steps as an
animated GIF, from the Share dialog and the end screen, drawn by the page's own renderer; the
GIF is drawn and encoded in a worker of its own (pictures/gif-worker.js)."""

from __future__ import annotations

import base64
import struct
from pathlib import Path

from game_driver import finished_game_code, new_game, open_finished
from test_share_links import play_moves

DECODE_JS = """async (data) => {
  const image = new Image();
  image.src = `data:${data.type};base64,${data.b64}`;
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

PICTURES_STATUS = "[data-testid=pictures-status]"


def decode(page, data: bytes, kind: str = "image/png") -> dict:
    """The picture decoded by the browser, on a blank page (the game's CSP has img-src 'self')."""
    blank = page.context.new_page()
    decoded = blank.evaluate(DECODE_JS, {"type": kind, "b64": base64.b64encode(data).decode()})
    blank.close()
    return decoded


def gif_frames(data: bytes) -> dict:
    """Walk a GIF's blocks (GIF89a): its size, each frame's delay (ms) and image descriptors."""
    assert data[:6] == b"GIF89a", data[:6]
    width, height, flags = struct.unpack("<HHB", data[6:11])
    at = 13 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)
    delays: list[int] = []
    images = 0

    def skip_sub_blocks(at: int) -> int:
        while data[at]:
            at += data[at] + 1
        return at + 1

    while data[at] != 0x3B:  # the trailer
        if data[at] == 0x21:  # an extension
            label = data[at + 1]
            if label == 0xF9:  # graphic control: the frame's delay
                delays.append(struct.unpack("<H", data[at + 4 : at + 6])[0] * 10)
            at = skip_sub_blocks(at + 2)
        elif data[at] == 0x2C:  # an image descriptor, its colour table, then its LZW data
            images += 1
            packed = data[at + 9]
            at += 10 + (3 * 2 ** ((packed & 7) + 1) if packed & 0x80 else 0)
            at = skip_sub_blocks(at + 1)  # after the LZW minimum code size
        else:
            raise AssertionError(f"unknown GIF block {data[at]:#x} at {at}")
    return {"width": width, "height": height, "delays": delays, "images": images}


def open_share(page) -> None:
    page.click("[data-testid=share]")
    page.wait_for_selector("[data-testid=share-dialog][open]")


def test_the_share_dialog_saves_the_board_as_a_png_that_decodes_with_the_board_drawn(game):
    new_game(game, {"players": 2}, seed=5)
    play_moves(game, 8)
    open_share(game)
    with game.expect_download() as info:
        game.click("[data-testid=share-dialog] [data-testid=download-png]")
    download = info.value
    assert download.suggested_filename.endswith(".png")
    data = Path(download.path()).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (1200, 900)
    decoded = decode(game, data)
    assert decoded["w"] == 1200 and decoded["warm"] > 0.02, decoded  # the island is in it
    assert "PNG" in game.text_content(f"[data-testid=share-dialog] {PICTURES_STATUS}")


def test_the_board_is_copied_to_the_clipboard_as_a_png_with_the_board_drawn(game, server):
    game.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    new_game(game, {"players": 2}, seed=5)
    play_moves(game, 6)
    open_share(game)
    game.click("[data-testid=share-dialog] [data-testid=copy-png]")
    status = game.locator(f"[data-testid=share-dialog] {PICTURES_STATUS}")
    status.filter(has_text="clipboard").wait_for()
    b64 = game.evaluate(
        """async () => {
            const [item] = await navigator.clipboard.read();
            const blob = await item.getType("image/png");
            const bytes = new Uint8Array(await blob.arrayBuffer());
            let text = "";
            for (const b of bytes) text += String.fromCharCode(b);
            return btoa(text);
        }"""
    )
    data = base64.b64decode(b64)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    decoded = decode(game, data)
    assert decoded["w"] == 1200 and decoded["warm"] > 0.02, decoded


def test_a_refused_or_missing_image_clipboard_says_so_beside_the_button(game):
    new_game(game, {"players": 2}, seed=5)
    play_moves(game, 2)
    open_share(game)
    status = game.locator(f"[data-testid=share-dialog] {PICTURES_STATUS}")
    game.evaluate(
        """() => {
            navigator.clipboard.write = () =>
                Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));
        }"""
    )
    game.click("[data-testid=share-dialog] [data-testid=copy-png]")
    status.filter(has_text="refused").wait_for()
    assert "save the PNG instead" in status.text_content()
    game.evaluate("() => { delete window.ClipboardItem; }")
    game.click("[data-testid=share-dialog] [data-testid=copy-png]")
    status.filter(has_text="does not let pages copy pictures").wait_for()


def test_the_end_screen_saves_a_png_and_a_gif_of_a_range_with_one_frame_per_step(game, server):
    total = open_finished(game, server.url, finished_game_code(2, seed=4))
    end = "[data-testid=end][open]"
    # The whole game is the range offered: from the first tile placed to the last step.
    assert game.input_value(f"{end} [data-testid=gif-first]") == "1"
    assert game.input_value(f"{end} [data-testid=gif-last]") == str(total)
    with game.expect_download() as info:
        game.click(f"{end} [data-testid=download-png]")
    png = Path(info.value.path()).read_bytes()
    assert decode(game, png)["warm"] > 0.02

    game.fill(f"{end} [data-testid=gif-first]", "3")
    game.fill(f"{end} [data-testid=gif-last]", "10")
    with game.expect_download() as info:
        game.click(f"{end} [data-testid=make-gif]")
    assert info.value.suggested_filename == "taluva-steps-3-10.gif"
    data = Path(info.value.path()).read_bytes()
    frames = gif_frames(data)
    assert (frames["width"], frames["height"]) == (480, 380), frames
    assert frames["images"] == 8 and len(frames["delays"]) == 8, frames  # steps 3..10
    assert frames["delays"][:-1] == [800] * 7 and frames["delays"][-1] == 3000, frames
    decoded = decode(game, data, "image/gif")  # the first frame, as a browser shows it
    assert decoded["w"] == 480 and decoded["warm"] > 0.02, decoded
    game.locator(f"{end} {PICTURES_STATUS}").filter(has_text="8 steps").wait_for()


def test_the_share_dialog_saves_the_whole_game_as_a_gif(game, server):
    total = open_finished(game, server.url, finished_game_code(2, seed=9))
    game.click("[data-testid=end-board]")
    open_share(game)
    dialog = "[data-testid=share-dialog]"
    game.fill(f"{dialog} [data-testid=gif-first]", "0")
    with game.expect_download(timeout=60_000) as info:
        game.click(f"{dialog} [data-testid=make-gif]")
    frames = gif_frames(Path(info.value.path()).read_bytes())
    assert frames["images"] == total + 1, (frames["images"], total)  # steps 0..total


def test_on_a_phone_the_share_dialogs_pictures_open_from_the_embed_row(game):
    game.set_viewport_size({"width": 390, "height": 844})
    new_game(game, {"players": 2}, seed=5)
    play_moves(game, 2)
    if not game.locator("[data-testid=share]").is_visible():
        game.click("[data-testid=more]")  # a narrow header has Share in its More menu
    game.click("[data-testid=share]")
    dialog = "[data-testid=share-dialog][open]"
    game.wait_for_selector(dialog)
    # Folded away (the record's buttons need the room), its opener beside Copy embed code.
    assert not game.locator(f"{dialog} [data-testid=download-png]").is_visible()
    game.click(f"{dialog} [data-testid=pictures-open]")
    game.locator(f"{dialog} [data-testid=download-png]").wait_for()
    with game.expect_download() as info:
        game.click(f"{dialog} [data-testid=download-png]")
    assert info.value.suggested_filename.endswith(".png")
