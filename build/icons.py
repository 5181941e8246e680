"""The app icon, drawn by code: one Taluva tile (volcano above jungle and clearing) on the sea.

The same polygons become an SVG (for browsers that take vector icons) and PNGs (for install
prompts, home screens and iOS), so there is no binary art to keep in the repo. PNGs are rendered
by a small anti-aliased scanline rasterizer and written with zlib; no imaging library needed.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

Color = tuple[int, int, int]
Point = tuple[float, float]

SEA = (23, 66, 92)
VOLCANO = (196, 68, 36)
CRATER = (92, 30, 20)
LAVA = (245, 166, 35)
JUNGLE = (47, 110, 52)
CLEARING = (141, 190, 74)
THEME_COLOR = "#17425c"
BACKGROUND_COLOR = "#0d2a3b"

# (file name, pixel size, purpose) of every PNG the site ships.
PNG_ICONS = (
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("maskable-512.png", 512, "maskable"),
    ("apple-touch-icon.png", 180, "apple"),
)


def _hexagon(cx: float, cy: float, radius: float) -> list[Point]:
    """Pointy-top hexagon (y grows downwards, as in images)."""
    return [
        (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
        for a in range(-90, 270, 60)
    ]


def _rounded_square(size: float, corner: float, steps: int = 12) -> list[Point]:
    points: list[Point] = []
    corners = (
        (size - corner, corner, -90),
        (size - corner, size - corner, 0),
        (corner, size - corner, 90),
        (corner, corner, 180),
    )
    for cx, cy, start in corners:
        for i in range(steps + 1):
            a = math.radians(start + 90 * i / steps)
            points.append((cx + corner * math.cos(a), cy + corner * math.sin(a)))
    return points


def shapes(size: float, purpose: str = "any") -> list[tuple[list[Point], Color]]:
    """Polygons, back to front, for an icon of `size` pixels.

    `maskable` fills the whole square (the platform crops it) and keeps the tile inside the
    central safe zone; `apple` fills the square too (iOS rounds the corners itself).
    """
    full_bleed = purpose in ("maskable", "apple")
    background = (
        [(0.0, 0.0), (size, 0.0), (size, size), (0.0, size)]
        if full_bleed
        else _rounded_square(size, size * 0.18)
    )
    scale = size * (0.62 if purpose == "maskable" else 0.8)
    # Three hexes meeting at one point P: the volcano's bottom corner and the upper corners of
    # the two landscape hexes. Centred so the tile's bounding box sits in the middle.
    r = scale / (2 * math.sqrt(3))
    px, py = size / 2, size / 2 + r * 0.25
    gap = 0.93  # hexes drawn slightly smaller, so the sea shows between them like tile seams
    dx, dy = r * math.cos(math.radians(30)), r * math.sin(math.radians(30))
    volcano = (px, py - r)
    jungle = (px - dx, py + dy)
    clearing = (px + dx, py + dy)
    crater_r = r * 0.42
    cone = [
        (volcano[0] - crater_r, volcano[1] + crater_r * 0.75),
        (volcano[0] - crater_r * 0.35, volcano[1] - crater_r * 0.55),
        (volcano[0] + crater_r * 0.35, volcano[1] - crater_r * 0.55),
        (volcano[0] + crater_r, volcano[1] + crater_r * 0.75),
    ]
    lava = [
        (volcano[0] - crater_r * 0.35, volcano[1] - crater_r * 0.55),
        (volcano[0] + crater_r * 0.35, volcano[1] - crater_r * 0.55),
        (volcano[0] + crater_r * 0.12, volcano[1] - crater_r * 0.05),
        (volcano[0] - crater_r * 0.12, volcano[1] - crater_r * 0.05),
    ]
    return [
        (background, SEA),
        (_hexagon(*volcano, r * gap), VOLCANO),
        (_hexagon(*jungle, r * gap), JUNGLE),
        (_hexagon(*clearing, r * gap), CLEARING),
        (cone, CRATER),
        (lava, LAVA),
    ]


def svg(size: int = 512) -> str:
    def hex_color(c: Color) -> str:
        return "#{:02x}{:02x}{:02x}".format(*c)

    polys = "\n".join(
        f'  <polygon fill="{hex_color(color)}" points="'
        + " ".join(f"{x:.2f},{y:.2f}" for x, y in points)
        + '"/>'
        for points, color in shapes(size)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'width="{size}" height="{size}">\n{polys}\n</svg>\n'
    )


def _spans(points: list[Point], y: float) -> list[tuple[float, float]]:
    """x-intervals where the horizontal line at y is inside the polygon (even-odd rule)."""
    xs = []
    n = len(points)
    for i in range(n):
        (x0, y0), (x1, y1) = points[i], points[(i + 1) % n]
        if (y0 <= y < y1) or (y1 <= y < y0):
            xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    xs.sort()
    return list(zip(xs[::2], xs[1::2], strict=True))


def render_png(size: int, purpose: str = "any", supersample: int = 4) -> bytes:
    """RGBA PNG: polygons painted into a supersampled palette buffer, then box-filtered down."""
    ss = supersample
    width = size * ss
    palette: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]  # index 0: transparent
    buffer = bytearray(width * width)
    for points, color in shapes(size, purpose):
        palette.append((*color, 255))
        index = len(palette) - 1
        scaled = [(x * ss, y * ss) for x, y in points]
        for row in range(width):
            base = row * width
            for x0, x1 in _spans(scaled, row + 0.5):
                a, b = max(0, round(x0)), min(width, round(x1))
                if b > a:
                    buffer[base + a : base + b] = bytes((index,)) * (b - a)

    raw = bytearray()
    area = ss * ss
    for oy in range(size):
        raw.append(0)  # PNG filter type: none
        rows = [buffer[(oy * ss + k) * width : (oy * ss + k + 1) * width] for k in range(ss)]
        for ox in range(size):
            counts: dict[int, int] = {}
            for sub in rows:
                for idx in sub[ox * ss : (ox + 1) * ss]:
                    counts[idx] = counts.get(idx, 0) + 1
            if len(counts) == 1:
                raw.extend(palette[next(iter(counts))])
                continue
            alpha = sum(n * palette[i][3] for i, n in counts.items())
            if alpha == 0:
                raw.extend((0, 0, 0, 0))
                continue
            rgb = [
                round(sum(n * palette[i][3] * palette[i][c] for i, n in counts.items()) / alpha)
                for c in range(3)
            ]
            raw.extend((*rgb, round(alpha / area)))
    return _png(size, size, bytes(raw))


def _png(width: int, height: int, raw_rgba_rows: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw_rgba_rows, 9))
        + chunk(b"IEND", b"")
    )


def manifest_entries() -> list[dict[str, str]]:
    """The web-app-manifest `icons` entries for the files write_icons() makes."""
    entries = [{"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"}]
    entries += [
        {"src": f"icons/{name}", "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
        for name, size, purpose in PNG_ICONS
        if purpose != "apple"
    ]
    return entries


def write_icons(dest: Path) -> None:
    """Write every icon file into `dest`."""
    dest.mkdir(parents=True, exist_ok=True)
    (dest / "icon.svg").write_text(svg())
    for name, size, purpose in PNG_ICONS:
        (dest / name).write_bytes(render_png(size, purpose))
