"""The text contrast of a form control as the browser really drew it, from a screenshot.

A native control (appearance: auto) paints its own face: its computed CSS colours say nothing of
what is shown (the issue's WebKit selects had light text on a light native face). So this reads
the pixels: the face is the commonest colour inside the control (its border cut off), the text the
colour in it that stands out most from the face; their WCAG 2 contrast ratio is the text's.
Only the left three quarters are read, where the chosen option's text is, not the arrow.
"""

from __future__ import annotations

import struct
import zlib
from collections import Counter

MINIMUM = 4.5  # WCAG 2 AA for text of ordinary size


def decode_png(data: bytes) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Width, height and the RGB pixels (row by row) of an 8-bit RGB or RGBA PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour})")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytearray] = []
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                best = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + best) & 0xFF
        rows.append(line)
        previous = line
    pixels = [
        (row[x * channels], row[x * channels + 1], row[x * channels + 2])
        for row in rows
        for x in range(width)
    ]
    return width, height, pixels


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_contrast(
    png: bytes, box: tuple[float, float, float, float] | None = None, inset: int = 4
) -> tuple[float, tuple, tuple]:
    """(contrast ratio, face colour, text colour) of the control inside `box` (x, y, width,
    height in the PNG's pixels; the whole image if None) of a screenshot."""
    return region_contrast(decode_png(png), box, inset)


def region_contrast(image, box=None, inset: int = 4) -> tuple[float, tuple, tuple]:
    """As text_contrast, on an image decode_png already read (one screenshot, many controls)."""
    width, height, pixels = image
    x0, y0, w, h = (round(v) for v in box) if box else (0, 0, width, height)
    x1, y1 = min(width, x0 + w), min(height, y0 + h)
    inner = [
        pixels[y * width + x]
        for y in range(max(0, y0) + inset, y1 - inset)
        for x in range(max(0, x0) + inset, max(x0 + inset + 1, x0 + w * 3 // 4))
        if x < x1
    ]
    if not inner:
        raise ValueError(f"a {w}x{h} control at {x0},{y0} has no inside to read")
    counts = Counter(inner)
    face = counts.most_common(1)[0][0]
    # A colour drawn by at least two pixels: not a lone speck of anti-aliasing.
    candidates = [c for c, n in counts.items() if n >= 2] or [face]
    text = max(candidates, key=lambda c: ratio(c, face))
    return ratio(text, face), face, text
