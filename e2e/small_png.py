"""A screenshot made small enough to commit: scaled in a blank browser page, then written as an
indexed PNG (256 colours) with the standard library alone.

The page's screenshots are truecolour PNGs of 400-500 kB at 1280x720; the UI's flat colours and
the board's few terrain shades fit a palette, so the README's picture stays under 150 kB.
"""

from __future__ import annotations

import base64
import struct
import zlib
from collections import Counter
from pathlib import Path

# Scales the picture on a canvas and hands back its RGB bytes (the alpha dropped), base64.
_SCALED_RGB_JS = """async ([url, width]) => {
  const img = new Image();
  img.src = url;
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = Math.round((img.height * width) / img.width);
  const g = canvas.getContext("2d");
  g.imageSmoothingQuality = "high";
  g.drawImage(img, 0, 0, canvas.width, canvas.height);
  const rgba = g.getImageData(0, 0, canvas.width, canvas.height).data;
  let bytes = "";
  for (let i = 0; i < rgba.length; i += 4) {
    bytes += String.fromCharCode(rgba[i], rgba[i + 1], rgba[i + 2]);
  }
  return [canvas.width, canvas.height, btoa(bytes)];
}"""


def save_small_png(context, png: bytes, path: Path, width: int) -> tuple[int, int]:
    """Write ``png`` scaled to ``width`` as an indexed PNG at ``path``; returns its size in px.

    ``context`` is a Playwright browser context: the scaling runs in a blank page of its own,
    since the game's pages forbid data: images by their CSP."""
    page = context.new_page()
    try:
        url = "data:image/png;base64," + base64.b64encode(png).decode()
        w, h, rgb = page.evaluate(_SCALED_RGB_JS, [url, width])
    finally:
        page.close()
    path.write_bytes(indexed_png(w, h, base64.b64decode(rgb)))
    return w, h


def indexed_png(width: int, height: int, rgb: bytes) -> bytes:
    """An 8-bit palette PNG of RGB pixels: the 256 most frequent colours, every other colour
    drawn with the nearest of them (green weighs most, as it does for the eye)."""
    pixels = [rgb[i : i + 3] for i in range(0, len(rgb), 3)]
    counts = Counter(pixels)
    palette = [colour for colour, _ in counts.most_common(256)]
    index = {colour: i for i, colour in enumerate(palette)}
    for colour in counts:
        if colour not in index:
            index[colour] = min(range(len(palette)), key=lambda i: _distance(palette[i], colour))
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter type None: palette indices compress best unfiltered
        rows.extend(index[p] for p in pixels[y * width : (y + 1) * width])
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit, colour type 3
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"PLTE", b"".join(palette))
        + _chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + _chunk(b"IEND", b"")
    )


def _distance(a: bytes, b: bytes) -> int:
    return 3 * (a[0] - b[0]) ** 2 + 4 * (a[1] - b[1]) ** 2 + 2 * (a[2] - b[2]) ** 2


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))
