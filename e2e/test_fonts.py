"""The Chinese fallback font "Taluva TC" (web/fonts/taluva-tc.woff2, made by `make font`).

The first tests need no browser: they read the font with fontTools and fail when a catalogue has
a CJK character the font lacks (someone changed the Chinese text and did not run `make font`),
when taluva-tc.chars.txt disagrees with the font, when the CSS's unicode-range drifts from the
script's, or when the font outgrows its budget.

The browser test loads the built site's own stylesheets, font and Content-Security-Policy in a
small fixture page with <html lang="zh-Hant"> (no engine, no catalogue needed: the zh-Hant
catalogue may not be in this tree yet), and checks that Chinese text in each sheet's font lists
is drawn by a real CJK font: "Taluva TC" on a machine without one (this project's CI), a system
CJK font where there is one.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

import subset_font  # noqa: E402
from serve import SiteServer, page_csp  # noqa: E402

# Measured (make font, Noto Sans TC 2.004 outlines, about 0.15 KB a character): 106 KB for the
# zh-Hant catalogue's 490 CJK characters, punctuation and 460 common characters (79 KB without
# the common ones). 160 KB leaves room for a few hundred more characters as the catalogues grow,
# and fails when the subset starts to swallow a whole character set (6,000+ would be ~900 KB).
SIZE_BUDGET = 160_000

CSS_FILES = ("palette.css",)  # the sheet declaring the @font-face (both pages load it first)
STACK_FILES = ("boot.css", "game.css", "share.css")
# The built site's sheets that hold those: game.css and share.css are in the game screen's one
# file there (build/bundle_css.py).
SITE_SHEETS = ("palette.css", "boot.css", "game-screen.css")
SYSTEM_CJK = (
    "PingFang TC",
    "Microsoft JhengHei",
    "Noto Sans CJK TC",
    "Noto Sans TC",
    "Source Han Sans TC",
)


@pytest.fixture(scope="module")
def font() -> TTFont:
    return TTFont(subset_font.WOFF2)


@pytest.fixture(scope="module")
def cmap(font: TTFont) -> set[str]:
    return {chr(code) for code in font.getBestCmap()}


def test_every_cjk_character_of_every_catalogue_is_in_the_font(cmap: set[str]) -> None:
    needed = subset_font.catalogue_chars()
    missing = {char: sorted(tags) for char, tags in needed.items() if char not in cmap}
    assert not missing, (
        f"{len(missing)} CJK characters of the catalogues are not in"
        f" {subset_font.WOFF2.relative_to(ROOT)}: {''.join(sorted(missing))} (languages:"
        f" {sorted({t for tags in missing.values() for t in tags})}); run `make font`"
    )


def test_the_punctuation_a_name_may_use_is_in_the_font(cmap: set[str]) -> None:
    assert set(subset_font.PUNCTUATION) <= cmap


def test_the_character_list_matches_the_font(cmap: set[str]) -> None:
    listed = subset_font.parse_chars_listing(subset_font.CHARS.read_text(encoding="utf-8"))
    assert listed == cmap, (
        f"taluva-tc.chars.txt lists {''.join(sorted(listed - cmap))} not in the font and misses"
        f" {''.join(sorted(cmap - listed))}; run `make font`"
    )


def test_the_font_is_within_its_size_budget() -> None:
    size = subset_font.WOFF2.stat().st_size
    assert size <= SIZE_BUDGET, f"taluva-tc.woff2 is {size:,} bytes, over {SIZE_BUDGET:,}"


def test_the_font_is_named_taluva_tc_and_ships_its_licence(font: TTFont) -> None:
    assert font["name"].getDebugName(1) == "Taluva TC"  # a renamed Modified Version (OFL)
    assert "SIL Open Font License" in (subset_font.FONTS / "OFL.txt").read_text()


def test_the_css_unicode_range_is_the_scripts(cmap: set[str]) -> None:
    """The font is used for CJK_RANGES only: every covered character must be in them."""
    expected = " ".join(subset_font.css_unicode_range().split())
    for name in CSS_FILES:
        css = (ROOT / "web" / "css" / name).read_text()
        ranges = re.findall(r"unicode-range:\s*([^;]+);", css)
        assert [" ".join(r.split()) for r in ranges] == [expected], name
    assert all(subset_font.is_cjk(char) for char in cmap)


def test_every_sheet_with_a_font_list_has_a_chinese_one() -> None:
    for name in STACK_FILES:
        css = re.sub(r"/\*.*?\*/", "", (ROOT / "web" / "css" / name).read_text(), flags=re.S)
        stacks = re.findall(r":lang\(zh\)[^{}]*\{\s*font-family:([^;]+);", css)
        assert stacks, f"{name} has no :lang(zh) font list"
        for stack in stacks:
            fonts = [f.strip().strip('"') for f in stack.split(",")]
            assert "Taluva TC" in fonts, f"{name}: a Chinese font list without Taluva TC"
            taluva = fonts.index("Taluva TC")
            assert all(system in fonts[:taluva] for system in SYSTEM_CJK), name
            # After Taluva TC only system-ui and the generic family: Chromium on Linux draws CJK
            # in system-ui as boxes, never trying the fonts after it.
            assert set(fonts[taluva + 1 : -1]) <= {"system-ui"}, name
            assert fonts[-1] in ("sans-serif", "monospace"), name


# --- in the browser ---------------------------------------------------------------------------

FIXTURE = """<!doctype html>
<html lang="zh-Hant">
<head>
  <meta charset="utf-8">
  <meta http-equiv="Content-Security-Policy" content="{csp}">
  <link rel="stylesheet" href="css/palette.css">
  <link rel="stylesheet" href="css/boot.css">
  <link rel="stylesheet" href="css/game-screen.css">
</head>
<body>
  <p><span id="boot">{text}</span></p>
  <div class="tg-root"><span id="game">{text}</span> <span class="tg-rule" id="mono">{text}</span>
  </div>
  <div class="share-notice"><span id="share">{text}</span></div>
  <div class="tg-root" lang="en">Language: <span lang="zh-Hant" id="marked">{text}</span></div>
</body>
</html>
"""


@pytest.fixture(scope="module")
def text(cmap: set[str]) -> str:
    """Ten characters the font has: eight Han and full-width and ideographic punctuation."""
    han = sorted(char for char in cmap if 0x4E00 <= ord(char) <= 0x9FFF)
    return "".join(han[:: max(1, len(han) // 8)][:8]) + "，。"


@pytest.fixture
def fixture_site(site_dir: Path, tmp_path: Path, text: str) -> Path:
    """The built site's css/ and fonts/ under a page with lang="zh-Hant" and the site's CSP."""
    (tmp_path / "css").mkdir()
    for name in SITE_SHEETS:
        (tmp_path / "css" / name).write_bytes((site_dir / "css" / name).read_bytes())
    (tmp_path / "fonts").mkdir()
    woff2 = site_dir / "fonts" / subset_font.WOFF2.name
    (tmp_path / "fonts" / woff2.name).write_bytes(woff2.read_bytes())
    csp = page_csp(site_dir).replace('"', "&quot;")
    (tmp_path / "index.html").write_text(FIXTURE.format(csp=csp, text=text), encoding="utf-8")
    return tmp_path


def test_chinese_text_is_drawn_with_a_cjk_font_not_boxes(page, fixture_site: Path, text) -> None:
    server = SiteServer(fixture_site).start()
    try:
        font_types: dict[str, str | None] = {}
        page.on(
            "response",
            lambda r: (
                font_types.update({r.url: r.headers.get("content-type")})
                if r.url.endswith(".woff2")
                else None
            ),
        )
        page.goto(server.url + "index.html")
        # As on the page: laying out the text, not a script, makes the browser fetch the font
        # (where no system CJK font has the characters), and swap redraws the text with it.
        page.evaluate(
            """async () => {
                await document.fonts.ready;
                await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
                await document.fonts.ready;
            }"""
        )
        cdp = page.context.new_cdp_session(page)
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        # One per sheet's font list, and Chinese marked with lang= in an English page (as the
        # language menu names the languages).
        for element in ("boot", "game", "mono", "share", "marked"):
            # A CJK glyph is one em wide; a box for a missing glyph (.notdef) is narrower.
            size, width = page.evaluate(
                """(id) => {
                    const node = document.getElementById(id);
                    const range = document.createRange();
                    range.selectNodeContents(node);  // the text alone, without padding
                    return [parseFloat(getComputedStyle(node).fontSize),
                            range.getBoundingClientRect().width];
                }""",
                element,
            )
            assert width == pytest.approx(len(text) * size, abs=1), f"{element}: boxes?"
            node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": f"#{element}"})
            used = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
            # "Taluva TC" where no system CJK font is installed (CI); else a system CJK font.
            assert used and all(
                f["isCustomFont"] or any(name in f["familyName"] for name in SYSTEM_CJK)
                for f in used
            ), f"{element}: drawn with {[f['familyName'] for f in used]}"

        loaded = page.evaluate(
            """async (text) => {
                const faces = await document.fonts.load('16px "Taluva TC"', text);
                return {
                    faces: faces.map((face) => face.status),
                    check: document.fonts.check('16px "Taluva TC"', text),
                };
            }""",
            text,
        )
        # One rule (palette.css, which both pages load), one file.
        assert loaded == {"faces": ["loaded"], "check": True}
        assert font_types == {server.url + "fonts/taluva-tc.woff2": "font/woff2"}
        assert server.csp_reports == []  # font-src 'self' lets it in
    finally:
        server.stop()
