"""contrast.py reads a control's text contrast from a screenshot: checked on PNGs made here."""

from __future__ import annotations

import struct
import zlib

import pytest
from contrast import decode_png, ratio, text_contrast


def png(width: int, height: int, pixel, channels: int = 3, filter_kind: int = 0) -> bytes:
    """A PNG of `pixel(x, y)`; every row filtered with `filter_kind` 0 (none) or 1 (sub)."""
    raw = bytearray()
    for y in range(height):
        line = bytearray()
        for x in range(width):
            line += bytes(pixel(x, y)) + (b"\xff" if channels == 4 else b"")
        if filter_kind == 1:
            line = bytearray(
                (line[i] - (line[i - channels] if i >= channels else 0)) & 0xFF
                for i in range(len(line))
            )
        raw += bytes([filter_kind]) + line

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2 if channels == 3 else 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(raw)))
        + chunk(b"IEND", b"")
    )


def control(text, face, border=(0, 0, 0)):
    """A 60x24 'select': a border of `border`, a face, and a word of `text` on the left."""

    def pixel(x, y):
        if x < 2 or y < 2 or x >= 58 or y >= 22:
            return border
        if 8 <= x < 30 and 9 <= y < 15 and (x + y) % 3:
            return text
        return face

    return pixel


def test_the_wcag_ratio_of_black_on_white_is_21_and_of_a_colour_on_itself_1():
    assert ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
    assert ratio((120, 40, 200), (120, 40, 200)) == 1


@pytest.mark.parametrize(("channels", "filter_kind"), [(3, 0), (4, 1)])
def test_pixels_are_decoded_as_drawn(channels, filter_kind):
    data = png(5, 3, lambda x, y: (x * 40, y * 80, 7), channels, filter_kind)
    width, height, pixels = decode_png(data)
    assert (width, height) == (5, 3)
    assert pixels[2 * 5 + 4] == (160, 160, 7)


def test_light_text_on_a_light_face_fails_though_its_border_is_dark():
    # The WebKit select: #f0e8d0 on a light native face, with a dark frame.
    found, face, text = text_contrast(png(60, 24, control((0xF0, 0xE8, 0xD0), (250, 250, 250))))
    assert face == (250, 250, 250) and text == (0xF0, 0xE8, 0xD0)
    assert found < 1.5


def test_dark_text_on_a_light_face_passes():
    found, _, _ = text_contrast(png(60, 24, control((30, 30, 30), (245, 245, 245), (200, 0, 0))))
    assert found > 4.5
