"""Return visits restore the engine from a memory snapshot; a bad snapshot falls back quietly.

One page on one origin goes through every case in turn, so the suite pays for as few Pyodide
boots as it can: each fallback is an install (~4 s), each restore about one second. Which way the
engine started is read from the worker's answer (`window.taluva.ready` → `route`), never guessed
from timings.
"""

from __future__ import annotations

from game_driver import wait_game_ready
from support import boot_config, wait_offline_ready, wait_ready, wait_until
from taluva.bridge import _METHODS

CACHE = "taluva / snapshot"
META = "x-taluva-snapshot"
FORMAT = "zero-runs-1"  # engine/snapshot.js SNAPSHOT_FORMAT

# The kept snapshots: [[url, meta]] (meta parsed from the header).
KEPT = f"""async () => {{
    const cache = await caches.open({CACHE!r});
    const out = [];
    for (const request of await cache.keys()) {{
        const response = await cache.match(request);
        if (!response) continue;  // deleted meanwhile: a new snapshot replacing the old one
        out.push([request.url, JSON.parse(response.headers.get({META!r}))]);
    }}
    return out;
}}"""

# Rewrites the one kept snapshot: "damaged" flips bytes in the middle (its description stays, so
# only the SHA-256 check can tell); "refused" changes Pyodide's own build id in its header and
# describes the result truthfully, so every check of ours passes and Pyodide itself throws while
# restoring; "other-build" moves it under another build's key and description; "previous-format"
# leaves it where and as the build before the zero-runs format kept it (no format in key or header).
TAMPER = f"""async (how) => {{
    const cache = await caches.open({CACHE!r});
    const [request] = await cache.keys();
    const kept = await cache.match(request);
    const meta = JSON.parse(kept.headers.get({META!r}));
    const bytes = new Uint8Array(await kept.arrayBuffer());
    let url = request.url;
    if (how === "damaged") bytes.fill(0x5a, bytes.length >> 1, (bytes.length >> 1) + 4096);
    if (how === "refused") bytes[20] ^= 0xff;
    if (how === "refused") {{
        const digest = await crypto.subtle.digest("SHA-256", bytes);
        const hex = (b) => b.toString(16).padStart(2, "0");
        meta.sha256 = Array.from(new Uint8Array(digest), hex).join("");
    }}
    if (how === "other-build") {{
        url = url.replace(/build-[^/]*$/, "build-0000000000000000");
        meta.build = "0000000000000000";
        await cache.delete(request);
    }}
    if (how === "previous-format") {{
        url = url.replace("/{FORMAT}/", "/");
        delete meta.format;
        delete meta.memory;
        await cache.delete(request);
    }}
    const headers = {{ {META!r}: JSON.stringify(meta) }};
    await cache.put(url, new Response(bytes, {{ headers }}));
    return meta.sha256;
}}"""


def route(page) -> tuple[str, str | None]:
    info = page.evaluate("window.taluva.ready")
    return info["route"], info["fallback"]


def wait_kept(page, key: str, not_sha: str | None = None) -> dict:
    """Wait until the snapshot cache holds only this build's snapshot (a fresh one); its meta."""

    def kept():
        entries = page.evaluate(KEPT)
        fresh = len(entries) == 1 and entries[0][0] == key and entries[0][1]["sha256"] != not_sha
        return fresh and entries[0][1]

    return wait_until(kept)


def play_a_move(page) -> None:
    """Through the page, as the game screen does: the engine answers and the game moves on."""
    wait_game_ready(page)
    before = page.evaluate("window.taluva.state()")
    after = page.evaluate("window.taluva.play(window.taluva.legalMoves()[0])")
    assert after != before


# Every bridge method, each called once on the restored engine: a module it imports lazily that
# the snapshot lacked would fail here. `aiChoose` at the strongest level is the computer's move.
EVERY_METHOD = """async () => {
    const call = (method, params = {}) => window.taluva.call(method, params);
    const done = {};
    const note = async (method, params) => (done[method] = await call(method, params));
    await note("ping");
    await note("version");
    await note("aiLevels");
    await note("computerLevels");
    await note("newGame", { options: { players: 2 }, seed: 11 });
    await note("view");
    await note("state");
    const legal = await note("legalMoves");
    await note("explain", { move: legal[0] });
    const move = await note("aiChoose", { level: "strong", seed: 1 });
    await note("play", { move });
    await note("hint", { seed: 2 });
    await call("play", { move: (await call("legalMoves"))[0] }); // the turn's build: one to review
    const code = await note("shareCode");
    await note("reviewGame", { code });
    await note("reviewTurn", { code, number: 1 });
    await note("stateAt", { step: 0 });
    await note("undo");
    await note("redo");
    const text = await note("record");
    await note("loadRecord", { text });
    await note("loadShareCode", { code });
    await note("relateCodes", { code, others: [code] });
    await note("inspectCode", { code });
    await note("inspectRecord", { text });
    await note("recordOfCode", { code });
    return { methods: Object.keys(done), move, code, steps: done.inspectCode.steps };
}"""


def test_return_visits_restore_the_snapshot_and_bad_ones_fall_back(page, server, site_dir, console):
    boot = boot_config(site_dir)
    version, build = boot["pyodideVersion"], boot["build"]
    key = f"{server.url}engine-snapshot/{FORMAT}/pyodide-{version}/build-{build}"

    # Every status line the boot screen shows, from the first one on (per page load).
    page.add_init_script(
        """
        window.__statusLines = [];
        new MutationObserver(() => {
            const line = document.getElementById('boot-status')?.textContent;
            if (line && line !== window.__statusLines.at(-1)) window.__statusLines.push(line);
        }).observe(document, { subtree: true, childList: true, characterData: true });
        """
    )

    # First visit: installed as always, then the snapshot is kept (and the build, for offline).
    page.goto(server.url)
    wait_ready(page)
    assert route(page) == ("install", "missing")
    wait_kept(page, key)
    wait_offline_ready(page)

    # Return visit: restored, and every bridge method works, the computer's move included.
    page.reload()
    wait_ready(page)
    assert route(page) == ("snapshot", None)
    lines = page.evaluate("window.__statusLines")
    assert any("copy on this device" in line for line in lines), lines
    assert not any("Installing" in line or "Python runtime" in line for line in lines), lines
    result = page.evaluate(EVERY_METHOD)
    assert sorted(result["methods"]) == sorted(_METHODS), "call each bridge method here"
    assert result["move"]["type"] == "place" and result["steps"] >= 1
    page.reload()  # the page's own game again, after the raw calls above replaced it
    wait_ready(page)
    play_a_move(page)

    # Damaged, refused by Pyodide, or another build's (ours deleted): each boot installs, plays,
    # and keeps a fresh snapshot of this build in place of the bad one.
    for how, why in [
        ("damaged", "SHA-256"),
        ("refused", "build id mismatch"),
        ("other-build", "missing"),
        ("previous-format", "missing"),
    ]:
        bad_sha = page.evaluate(TAMPER, how)
        page.reload()
        wait_ready(page)
        taken, fallback = route(page)
        assert taken == "install" and why in fallback, (how, fallback)
        play_a_move(page)
        wait_kept(page, key, not_sha=bad_sha)

    page.reload()
    wait_ready(page)
    assert route(page) == ("snapshot", None)
    assert console == []
