"""Make "Taluva TC", the page's Traditional Chinese fallback font: a subset of Noto Sans TC.

Machines without a CJK font (bare Linux desktops, this project's CI) show Chinese as boxes. The
page's CSS lists the usual system CJK fonts first and this subset after them, with a
`unicode-range` limited to CJK, so the browser fetches it only when no system font has a
character. It holds only what the page needs:

* every CJK character (Han, CJK punctuation, full-width forms, bopomofo...) of every message in
  every catalogue, web/i18n/<tag>/*.json (zh-Hant's above all);
* a few CJK punctuation marks a player may type into a name, whether or not a message uses them;
* the most frequent Traditional Chinese characters, so that most player names typed in Chinese
  render too. Their ranking is the one Google Fonts slices Noto Sans TC by for the web: its
  unicode-range slices are numbered from rare to frequent, and the @fontsource package's CSS
  lists them. Whole slices are taken, most frequent first, until `--common` characters are in:
  the default, 450, takes the three most frequent slices, 460 characters. Measured with the
  zh-Hant catalogue (490 characters): 79 KB without them, 106 KB with them, 126 KB with four
  slices (670). They cover only some names: 16 of the 100 most common surnames (24 with four).

Source (both npm packages pinned, fetched with `npm pack` into build/.cache/font, never
committed; the extracted files are checked against their SHA-256):

* outlines: @expo-google-fonts/noto-sans-tc, NotoSansTC_400Regular.ttf, Google Fonts' full
  Noto Sans TC 2.004 Regular with TrueType outlines (15,383 Han characters, full-width forms).
  @fontsource/noto-sans-tc's single chinese-traditional-400-normal.woff2 has the same outlines
  but lacks the full-width forms (，：？！（）), which every Chinese sentence uses;
* licence: the SIL Open Font License 1.1 text shipped beside the TTF. Noto Sans TC has no
  Reserved Font Name of its own (Source Han Sans, which it derives from, reserves "Source"); the
  subset is a Modified Version and is renamed "Taluva TC".

Writes web/fonts/taluva-tc.woff2, web/fonts/taluva-tc.chars.txt (the covered characters, one per
line, sorted, with where each came from) and web/fonts/OFL.txt. Same inputs, same bytes: no time
stamp is written and fontTools and brotli are pinned (build/requirements-dev.txt).

    python build/subset_font.py [--common 450] [--out web/fonts]

`make font` runs it. Run it after changing a catalogue's Chinese text: e2e/test_fonts.py fails
until then.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / ".cache" / "font"
I18N = ROOT / "web" / "i18n"
FONTS = ROOT / "web" / "fonts"
WOFF2 = FONTS / "taluva-tc.woff2"
CHARS = FONTS / "taluva-tc.chars.txt"
LICENCE = FONTS / "OFL.txt"

FAMILY = "Taluva TC"
POSTSCRIPT_NAME = "TaluvaTC-Regular"


@dataclass(frozen=True)
class PackedFile:
    """One file inside a pinned npm package, with the SHA-256 it must have."""

    package: str
    version: str
    member: str
    sha256: str

    @property
    def tarball(self) -> Path:
        # npm pack's own naming: "@scope/name" becomes "scope-name-<version>.tgz"
        return CACHE / f"{self.package.lstrip('@').replace('/', '-')}-{self.version}.tgz"


OUTLINES = PackedFile(
    "@expo-google-fonts/noto-sans-tc",
    "0.4.3",
    "package/400Regular/NotoSansTC_400Regular.ttf",
    "add35d53f70727657b4509531677c4e3712b67df3d54661efdee5d3a0c16d954",
)
OFL_TEXT = PackedFile(
    "@expo-google-fonts/noto-sans-tc",
    "0.4.3",
    "package/LICENSE_FONT",
    "1c05c68c34f9708415aada51f17e1b0092d2cea709bf4a94cd38114f9e73d7d9",
)
RANKING = PackedFile(
    "@fontsource/noto-sans-tc",
    "5.3.0",
    "package/400.css",
    "62a02700db69179706be9fcb1b4bf0dd31607f2292fe9575b7e0a0392c3c2568",
)

# The code points "Taluva TC" may be used for: the CSS's unicode-range says the same (keep them
# in step; e2e/test_fonts.py checks). Catalogue characters in these ranges go into the font.
CJK_RANGES: tuple[tuple[int, int], ...] = (
    (0x2E80, 0x2FDF),  # CJK radicals, Kangxi radicals
    (0x3000, 0x303F),  # CJK symbols and punctuation: 、。「」『』〈〉《》【】
    (0x3100, 0x312F),  # bopomofo
    (0x31A0, 0x31BF),  # bopomofo extended
    (0x3400, 0x4DBF),  # CJK unified ideographs extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFE10, 0xFE1F),  # vertical forms
    (0xFE30, 0xFE4F),  # CJK compatibility forms
    (0xFF00, 0xFFEF),  # half-width and full-width forms: ，：；？！（）～
    (0x20000, 0x2FA1F),  # supplementary ideographic plane
)

# Punctuation a Chinese name or message may use even if no message does yet.
PUNCTUATION = "　、。〈〉《》「」『』【】〔〕！（），．：；？～"

_UNICODE_RANGE = re.compile(r"unicode-range:\s*([^;]+);")
_SLICE = re.compile(r"/\* noto-sans-tc-\[(\d+)\]-400-normal \*/")


def is_cjk(char: str) -> bool:
    """Whether a character is one the font is for (inside CJK_RANGES)."""
    code = ord(char)
    return any(low <= code <= high for low, high in CJK_RANGES)


def css_unicode_range() -> str:
    """CJK_RANGES written as a CSS unicode-range value."""
    return ", ".join(f"U+{low:X}-{high:X}" for low, high in CJK_RANGES)


def messages(data: object) -> Iterable[str]:
    """Every string value of a catalogue (flat {key: message}; nested objects are walked)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from messages(value)
    elif isinstance(data, list):
        for value in data:
            yield from messages(value)


def catalogue_chars(i18n: Path = I18N) -> dict[str, set[str]]:
    """CJK characters of every catalogue's messages, each with the language tags using it."""
    found: dict[str, set[str]] = {}
    for path in sorted(i18n.glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for message in messages(data):
            for char in message:
                if is_cjk(char):
                    found.setdefault(char, set()).add(path.parent.name)
    return found


def read_packed(file: PackedFile) -> bytes:
    """A file of a pinned npm package, fetched once with `npm pack` into build/.cache/font."""
    if not file.tarball.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        spec = f"{file.package}@{file.version}"
        print(f"fetching {spec} with npm pack (once; kept in {CACHE.relative_to(ROOT)})")
        subprocess.run(
            ["npm", "pack", spec, "--silent", "--pack-destination", str(CACHE)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    with tarfile.open(file.tarball) as tar:
        member = tar.extractfile(file.member)
        if member is None:
            raise SystemExit(f"{file.tarball.name} has no file {file.member}")
        data = member.read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != file.sha256:
        raise SystemExit(
            f"{file.package}@{file.version} {file.member}: SHA-256 {digest}, expected"
            f" {file.sha256}; delete {file.tarball} and run again, or update the pin"
        )
    return data


def frequency_slices(css: str) -> list[list[str]]:
    """Han characters of each Noto Sans TC web slice, most frequent slice first."""
    slices: list[tuple[int, list[str]]] = []
    names = list(_SLICE.finditer(css))
    for i, name in enumerate(names):
        end = names[i + 1].start() if i + 1 < len(names) else len(css)
        found = _UNICODE_RANGE.search(css, name.end(), end)
        if not found:
            continue
        chars: list[str] = []
        for part in found.group(1).split(","):
            low, _, high = part.strip().removeprefix("U+").partition("-")
            start = int(low, 16)
            for code in range(start, int(high, 16) + 1 if high else start + 1):
                if 0x4E00 <= code <= 0x9FFF:
                    chars.append(chr(code))
        slices.append((int(name.group(1)), chars))
    return [chars for _, chars in sorted(slices, reverse=True) if chars]


def common_chars(css: str, count: int) -> list[str]:
    """Whole frequency slices, most frequent first, until at least `count` characters."""
    chosen: list[str] = []
    for chars in frequency_slices(css):
        if len(chosen) >= count:
            break
        chosen.extend(chars)
    return chosen


def make_font(source: bytes, chars: Iterable[str]) -> bytes:
    """The WOFF2 subset of `source` for `chars`, renamed "Taluva TC", with no time stamp."""
    font = TTFont(io.BytesIO(source), recalcTimestamp=False)
    options = subset.Options()
    options.flavor = "woff2"
    options.hinting = False  # unhinted outlines; CJK hinting adds bytes and little on screens
    # Horizontal text only: no vertical metrics; STAT describes the variable family we left.
    options.drop_tables += ["vhea", "vmtx", "VORG", "STAT"]
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted({ord(char) for char in chars}))
    subsetter.subset(font)
    rename(font)
    out = io.BytesIO()
    font.flavor = "woff2"
    font.save(out, reorderTables=True)
    return out.getvalue()


def rename(font: TTFont) -> None:
    """Name the subset "Taluva TC": a Modified Version under the OFL, not Noto Sans TC itself."""
    names = {
        1: FAMILY,
        3: f"{POSTSCRIPT_NAME};subset of Noto Sans TC 2.004",
        4: f"{FAMILY} Regular",
        6: POSTSCRIPT_NAME,
    }
    table = font["name"]
    for record in list(table.names):
        if record.nameID in (16, 17, 21, 22, 25):  # typographic names of the original family
            table.removeNames(nameID=record.nameID)
    for name_id, text in names.items():
        table.setName(text, name_id, 3, 1, 0x409)  # Windows, Unicode BMP, English (US)
        if table.getName(name_id, 1, 0, 0) is not None:
            table.setName(text, name_id, 1, 0, 0)  # Macintosh, Roman, English


def chars_listing(sources: dict[str, list[str]]) -> str:
    """taluva-tc.chars.txt: one covered character a line, sorted, with where it came from."""
    lines = [
        "# Characters in web/fonts/taluva-tc.woff2, made by build/subset_font.py (make font).",
        "# code point, character, why: catalogue language tags, punctuation, common",
    ]
    for char in sorted(sources):
        shown = char if char != "\u3000" else "(ideographic space)"
        lines.append(f"U+{ord(char):04X}\t{shown}\t{' '.join(sources[char])}")
    return "\n".join(lines) + "\n"


def parse_chars_listing(text: str) -> set[str]:
    """The characters a taluva-tc.chars.txt lists (its first column)."""
    return {
        chr(int(line.split("\t", 1)[0].removeprefix("U+"), 16))
        for line in text.splitlines()
        if line and not line.startswith("#")
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--common",
        type=int,
        default=450,
        help="at least this many frequent Han characters (whole slices; 0 for none)",
    )
    parser.add_argument(
        "--out", type=Path, default=FONTS, help="folder for the three files (web/fonts)"
    )
    args = parser.parse_args(argv)

    source = read_packed(OUTLINES)
    source_cmap = TTFont(io.BytesIO(source), lazy=True).getBestCmap()

    sources: dict[str, list[str]] = {}
    for char, tags in sorted(catalogue_chars().items()):
        sources.setdefault(char, []).extend(sorted(tags))
    for char in PUNCTUATION:
        sources.setdefault(char, []).append("punctuation")
    common = common_chars(read_packed(RANKING).decode(), args.common) if args.common else []
    for char in common:
        sources.setdefault(char, []).append("common")

    missing = sorted(c for c, why in sources.items() if ord(c) not in source_cmap)
    needed = [c for c in missing if any(tag not in ("common", "punctuation") for tag in sources[c])]
    if needed:
        print(f"Noto Sans TC lacks catalogue characters: {''.join(needed)}", file=sys.stderr)
        return 1
    for char in missing:
        del sources[char]

    woff2 = make_font(source, sources)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / WOFF2.name).write_bytes(woff2)
    (args.out / CHARS.name).write_text(chars_listing(sources), encoding="utf-8")
    (args.out / LICENCE.name).write_bytes(read_packed(OFL_TEXT))
    catalogue = sum(1 for why in sources.values() if why[0] not in ("common", "punctuation"))
    print(
        f"{args.out / WOFF2.name}: {len(woff2):,} bytes, {len(sources)} characters"
        f" ({catalogue} from catalogues, {len(common)} common)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
