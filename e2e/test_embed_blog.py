"""Games embedded in a blog of another origin, in sandboxed iframes (embed.html).

The embed shows a light preview read from the link, fetches no Pyodide, worker or WebAssembly
until the reader clicks, then shows the position and steps through the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from game_driver import new_game, perform, steps, wait_steps_past
from support import serving
from taluva.formats.jsonio import state_to_json, summary_json
from taluva.formats.sharecode import encode
from taluva.play.session import game_at
from taluva.rules.options import Options
from taluva.tools.randomplay import play_random_game

HEAVY = ("pyodide", ".wasm", "worker.js", "wheels/", "js/engine/")
SANDBOX = "allow-scripts allow-same-origin allow-popups"


def blog_html(site_url: str, games: list[tuple[str, dict, str]]) -> str:
    frames = "\n".join(
        f'<h2>Game {i}</h2><iframe id="game{i}"'
        f' src="{site_url}embed.html#g={code}&amp;p=Ann,Bo&amp;s={s}"'
        f' width="480" height="420" loading="lazy" title="Taluva game" sandbox="{SANDBOX}">'
        "</iframe>"
        for i, (code, _, s) in enumerate(games)
    )
    head = "<!doctype html><html><head><title>My Taluva blog</title></head>"
    return f"{head}<body>{frames}</body></html>"


class BlogServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, html: str) -> None:
        self.html = html.encode()
        super().__init__(("127.0.0.1", 0), BlogHandler)

    @property
    def url(self) -> str:
        # "localhost", not 127.0.0.1, and its own port: another origin than the game's site
        return f"http://localhost:{self.server_address[1]}/"


class BlogHandler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(self.server.html)))
        self.end_headers()
        self.wfile.write(self.server.html)

    def log_message(self, *args) -> None:
        pass


def summary_field(game) -> str:
    """The hash's s= field (layout in web/js/share/hash.js) from the engine's own summary, as
    the page writes it into every link it makes."""
    s = summary_json(game)
    flags = ("r" if s["rank"] else "") + ("t" if s["teams"] else "") or "-"
    fields = (s["players"], s["tiles"], s["found"], flags)
    fields += (s["steps"], s["tilesDrawn"], int(s["over"]))
    return ".".join(map(str, fields))


def games() -> list[tuple[str, dict, str]]:
    """Two games made by the engine itself: one in progress, one finished; their links carry
    the engine's summary (s=) for the preview."""
    finished = play_random_game(Options(players=3), seed=5)
    going = game_at(play_random_game(Options(players=2, found="any"), seed=9), 13)
    return [(encode(g), state_to_json(g), summary_field(g)) for g in (going, finished)]


@pytest.fixture
def blog(server) -> Iterator[tuple[BlogServer, list[tuple[str, dict]]]]:
    made = games()
    with serving(BlogServer(blog_html(server.url, made))) as srv:
        yield srv, made


def test_a_blog_of_another_origin_embeds_two_games_that_load_on_click(page, blog, console):
    srv, made = blog
    requests: list[str] = []
    page.context.on("request", lambda r: requests.append(r.url))
    page.goto(srv.url)
    frames = []
    for i in range(2):
        frame = page.frame_locator(f"#game{i}")
        frame.locator("[data-testid=embed-load]").wait_for()
        frames.append(frame)
    summary = frames[0].locator("[data-testid=embed-summary]").text_content()
    assert "2 players" in summary and "found anywhere" in summary and "13 moves" in summary
    assert "3 players" in frames[1].locator("[data-testid=embed-summary]").text_content()
    assert frames[0].locator("[data-testid=embed-players]").text_content() == "Ann · Bo"
    page.wait_for_timeout(500)
    heavy = [url for url in requests if any(mark in url for mark in HEAVY)]
    assert heavy == []  # the preview costs no engine
    assert any("embed.html" in url for url in requests)

    for (code, expected, s), frame in zip(made, frames, strict=True):
        link = frame.locator("[data-testid=embed-open]")
        assert link.get_attribute("target") == "_blank"
        assert link.get_attribute("href") == f"index.html#g={code}&p=Ann,Bo&s={s}"
        frame.locator("[data-testid=embed-load]").click()
        frame.locator("body[data-embed=ready]").wait_for(state="attached", timeout=90_000)
        replay = frame.locator("[data-testid=replay][data-busy='0']")
        total = int(replay.get_attribute("data-total"))
        assert replay.get_attribute("data-step") == str(total)
        handle = page.frame(url=lambda u, c=code: c in u)
        shown = handle.evaluate("taluvaEmbed.state()")
        assert shown["hexes"] == expected["hexes"]
        assert [p["seat"] for p in shown["players"]] == [p["seat"] for p in expected["players"]]
        turns = int(replay.get_attribute("data-turns"))
        frame.locator("[data-testid=replay-back]").click()  # a turn back
        frame.locator(f"[data-testid=replay][data-busy='0'][data-turn='{turns - 1}']").wait_for()
        assert int(replay.get_attribute("data-step")) < total
        assert "&at=" in link.get_attribute("href")
    assert any("pyodide" in url for url in requests)
    assert console == []


def test_an_embed_link_with_at_opens_at_that_step(page, server, console):
    code, _, _ = games()[0]
    page.goto(server.url + f"embed.html#g={code}&at=4")
    page.click("[data-testid=embed-load]")
    page.wait_for_selector("body[data-embed=ready]", state="attached", timeout=90_000)
    page.wait_for_selector("[data-testid=replay][data-busy='0'][data-step='4']", state="attached")
    page.click("[data-testid=replay-forward]")  # a turn: its placement and its build
    page.wait_for_selector("[data-testid=replay][data-busy='0'][data-step='6']", state="attached")
    assert page.evaluate("location.hash") == f"#g={code}&at=6"
    assert page.evaluate("localStorage.length") == 0  # an embed never saves
    assert console == []


@pytest.mark.parametrize("hash_", ["#g=%%%", "#g=<script>", "#g=", ""])
def test_a_broken_embed_link_says_so_and_loads_nothing(page, server, console, hash_):
    requests: list[str] = []
    page.context.on("request", lambda r: requests.append(r.url))
    page.goto(server.url + "embed.html" + hash_)
    error = page.wait_for_selector("[data-testid=embed-error]:not([hidden])")
    assert error.text_content()
    assert page.get_attribute("body", "data-embed") == "bad-link"
    assert page.locator("[data-testid=embed-load]").is_hidden()
    assert [url for url in requests if any(mark in url for mark in HEAVY)] == []
    assert console == []


@pytest.mark.parametrize(
    ("code", "words"), [("1AAAAAA", "damaged"), ("1A", "damaged"), ("9AAAAAAAA", "newer")]
)
def test_a_code_only_the_engine_can_judge_is_refused_in_its_words_after_the_click(
    page, server, console, code, words
):
    """The preview never decodes a share code: a code that only the engine can tell
    is broken shows the plain preview, and the engine's refusal after the click."""
    page.goto(server.url + f"embed.html#g={code}")
    page.wait_for_selector("[data-testid=embed-load]")  # the words follow the picture
    assert "click" in page.text_content("[data-testid=embed-summary]")
    page.click("[data-testid=embed-load]")
    error = page.wait_for_selector("[data-testid=embed-error]:not([hidden])", timeout=90_000)
    assert words in error.text_content()
    page.click("[data-testid=embed-load]")  # it may be tried again, with the same answer
    error = page.wait_for_selector("[data-testid=embed-error]:not([hidden])", timeout=90_000)
    assert words in error.text_content()
    assert console == []


def test_the_full_game_gives_a_ready_embed_code(game, server):
    new_game(game, {"players": 2}, seed=3)
    before = steps(game)
    perform(game, game.evaluate("taluva.legalMoves()[0]"))
    wait_steps_past(game, before)
    code = game.evaluate("taluva.share.code()")
    game.click("[data-testid=share]")
    game.wait_for_selector("[data-testid=share-dialog][open]")
    snippet = game.input_value("[data-testid=embed-code]")
    # the link carries the engine's summary for the embed's preview: 2 players, 1 move, 1 tile
    assert snippet.startswith(f'<iframe src="{server.url}embed.html#g={code}&amp;s=2.12.')
    assert ".-.1.1.0&amp;b=" in snippet  # and the picture of the board
    for part in (
        'loading="lazy"',
        'title="Taluva game"',
        "width=",
        "height=",
        SANDBOX,
        'frameborder="0"',
    ):
        assert part in snippet
    assert "style=" not in snippet  # a blog whose CSP allows no inline style would refuse it
    response = game.request.get(server.url + "embed.html")
    policy = response.headers["content-security-policy"]
    assert "frame-ancestors 'none'" not in policy
    assert "x-frame-options" not in response.headers
    index = game.request.get(server.url)
    assert "frame-ancestors 'none'" in index.headers["content-security-policy"]


def test_the_embed_ships_and_is_precached(site_dir):
    text = (site_dir / "sw.js").read_text()
    # The player is a chunk of the embed's bundle (build/bundle_embed.py), named by its content.
    player = [p.relative_to(site_dir).as_posix() for p in site_dir.glob("js/embed/player-*.js")]
    assert len(player) == 1, player
    sheets = ("css/share.css", "css/replay.css", "css/embed.css", "css/pictures.css")
    for path in ("embed.html", "js/embed/embed.js", *player, *sheets):
        assert (site_dir / path).is_file()
        assert f'"{path}"' in text, path
