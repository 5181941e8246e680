"""The game screen's stylesheets as one file for the site.

index.html links the game screen's sheets ``media="print" data-later``: no screen matches print,
so they do not hold up the first paint, and the page turns them on before it builds the screen
(web/js/base/sheets.js). In web/ they are a sheet per feature, linked one after the other; in
the site they are one file, their texts joined in the links' order, which is the cascade's, and
one link in their place: one request instead of nine. minify.py then minifies it (esbuild) as
it does every sheet. A sheet another page links too (embed.html: share.css, replay.css) stays a
file of its own; the others go, so the service worker's manifest lists only what the site uses.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

# One link of index.html's later sheets, as index.html writes them (its whole line).
LATER = re.compile(
    r'^[ \t]*<link rel="stylesheet" href="([^"]+)" media="print" data-later>\n', re.M
)
STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)"')


def later_sheets(html: str) -> list[re.Match[str]]:
    """The later sheets' links of ``html``, in order; a build error unless they follow each other
    (a sheet linked between them would then come before some of them in the cascade, not after)
    and each is written as LATER reads it."""
    links = list(LATER.finditer(html))
    if not links or len(links) != html.count("data-later"):
        raise SystemExit(
            "bundle_css: a data-later link of index.html is not written as LATER reads it"
            ' (<link rel="stylesheet" href="…" media="print" data-later>, a line of its own)'
        )
    if any(a.end() != b.start() for a, b in zip(links, links[1:], strict=False)):
        raise SystemExit(
            "bundle_css: index.html's data-later links must follow each other, the cascade's order"
        )
    return links


def bundle_later_sheets(site: Path, page: str, out: str, keep_for: tuple[str, ...]) -> list[str]:
    """Join ``page``'s later sheets (site paths, in its folder) into ``out``, link that instead,
    and delete those that none of the pages ``keep_for`` links. Returns the sheets joined."""
    html = (site / page).read_text()
    links = later_sheets(html)
    sheets = [link.group(1) for link in links]
    texts = []
    for sheet in sheets:
        # url() is relative to the sheet: the bundle must be in the same folder.
        if PurePosixPath(sheet).parent != PurePosixPath(out).parent:
            raise SystemExit(f"bundle_css: {sheet} is not in the folder of {out}")
        text = (site / sheet).read_text()
        if re.search(r"@(import|charset)\b", text):
            raise SystemExit(f"bundle_css: {sheet} has an @import or @charset, which a join breaks")
        texts.append(f"/* {sheet} */\n{text}")
    (site / out).write_text("\n".join(texts))
    indent = re.match(r"[ \t]*", links[0].group(0)).group(0)
    one = f'{indent}<link rel="stylesheet" href="{out}" media="print" data-later>\n'
    (site / page).write_text(html[: links[0].start()] + one + html[links[-1].end() :])
    kept = {href for other in keep_for for href in STYLESHEET.findall((site / other).read_text())}
    for sheet in sheets:
        if sheet not in kept:
            (site / sheet).unlink()
    return sheets
