"""The Games list with many kept games: how long importing them, opening the list and the page's
start (which reads the list to resume the game played last, and draws it before the engine is
up) take, in headless Chromium on the built site. Prints figures; asserts nothing about time.

    python build/bench_games.py [--games 100 200] [--runs 5] [--site DIR]   (DIR: another build)
"""

from __future__ import annotations

import argparse
import sys

from bench_stats import READY, Column, Table, add_site_option, built_site, median, served_chromium
from serve import ROOT

sys.path.insert(0, str(ROOT / "engine"))
from taluva.formats.record import write_record  # noqa: E402
from taluva.play.session import game_at  # noqa: E402
from taluva.rules.options import Options  # noqa: E402
from taluva.tools.randomplay import play_random_game  # noqa: E402

# After navigation: the resumed board drawn (before the engine is up), and the page ready.
TABLE = Table(
    Column("kept games", "d"),
    Column("import s", ".1f"),
    Column("import ms a game", ".0f"),
    Column("open the list: median ms", ".0f"),
    Column("max ms", ".0f"),
    Column("first thumbnail: median ms", ".0f"),
    Column("board drawn: median ms", ".0f"),
    Column("max ms", ".0f"),
    Column("page ready: median ms", ".0f"),
)


def backup(count: int) -> str:
    """`count` different games of 2-4 players at various steps, as one backup text."""
    blocks = []
    for i in range(count):
        game = play_random_game(Options(players=2 + i % 3), seed=1000 + i)
        blocks.append(write_record(game_at(game, 6 + (i * 7) % 40)))
    return "\n".join(blocks)


def open_list_ms(page) -> tuple[float, float]:
    """From the click on Games to the list shown, and to its first row's picture drawn (a
    picture is drawn when its row comes into view: games/thumbnail.js)."""
    page.evaluate(
        """() => {
        window.__t0 = performance.now();
        document.querySelector("[data-testid=games]").click();
      }"""
    )
    page.wait_for_selector("[data-testid=games-dialog][open] [data-testid=game-item]")
    ms = page.evaluate("performance.now() - window.__t0")
    # (Builds before lazy pictures have no data-drawn: their pictures come with the list.)
    first = "[data-testid=games-dialog][open] [data-testid=game-item] canvas.games-thumb"
    page.wait_for_selector(f"{first}:not([data-drawn='0'])")
    drawn_ms = page.evaluate("performance.now() - window.__t0")
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-testid=games-dialog][open]", state="detached")
    return ms, drawn_ms


def mark_ms(page, name: str) -> float | None:
    """When the page set performance mark `name`, in ms after navigation (None: it did not)."""
    return page.evaluate(
        "n => performance.getEntriesByName(n).map(e => e.startTime)[0] ?? null", name
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="The Games list with many kept games.")
    parser.add_argument("--games", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--runs", type=int, default=5)
    add_site_option(parser)
    args = parser.parse_args(argv)
    built_site(args.site, "bench-games")
    with served_chromium(args.site) as (server, browser):
        print(f"browser: Chromium {browser.version}; {args.runs} runs each", flush=True)
        TABLE.print_header()
        for count in args.games:
            context = browser.new_context()
            page = context.new_page()
            page.goto(server.url)
            page.wait_for_selector(READY, state="attached", timeout=180_000)
            text = backup(count)
            t0 = page.evaluate("performance.now()")
            result = page.evaluate("t => taluva.games.importText(t)", text)
            import_ms = page.evaluate("performance.now()") - t0
            assert result["added"] == count, result
            opened = [open_list_ms(page) for _ in range(args.runs)]
            lists = [ms for ms, _ in opened]
            pictures = [ms for _, ms in opened]
            starts, drawn = [], []
            for _ in range(args.runs):
                page.goto(server.url + "?bench")
                page.wait_for_selector(READY, state="attached", timeout=180_000)
                starts.append(page.evaluate("performance.now()"))
                drawn.append(mark_ms(page, "taluva:preview"))
            if None in drawn:
                raise SystemExit("the kept game was not drawn before the engine was up")
            TABLE.print_row(
                count,
                import_ms / 1000,
                import_ms / count,
                median(lists),
                max(lists),
                median(pictures),
                median(drawn),
                max(drawn),
                median(starts),
            )
            context.close()


if __name__ == "__main__":
    main()
