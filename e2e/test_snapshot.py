"""Return visits restore the engine from a memory snapshot; a bad snapshot falls back quietly.

One page on one origin goes through every case in turn, so the suite pays for as few Pyodide
boots as it can: each fallback is an install (~4 s), each restore about one second. Which way the
engine started is read from the worker's answer (`window.taluva.ready` → `route`), never guessed
from timings.
"""

from __future__ import annotations

from game_driver import wait_game_ready
from support import boot_config, record_texts, wait_offline_ready, wait_ready, wait_until
from taluva.bridge import METHODS

CACHE = "taluva / snapshot"  # engine/snapshot.js: the store where the file system is missing
DIR = "taluva %2F snapshot"  # engine/snapshot-file.js: the store in the Origin Private File System
META = "x-taluva-snapshot"
FORMAT = "zero-runs-1"  # engine/snapshot.js SNAPSHOT_FORMAT

# Reads a snapshot file: its description's length, the description, the stored bytes.
READ_FILE = """async (handle) => {
    const all = new Uint8Array(await (await handle.getFile()).arrayBuffer());
    const length = new DataView(all.buffer).getUint32(0, true);
    const meta = JSON.parse(new TextDecoder().decode(all.subarray(4, 4 + length)));
    return { meta, bytes: all.slice(4 + length) };
}"""

# The kept snapshot files: [[name, meta]], and how many snapshots Cache Storage holds.
KEPT = f"""async () => {{
    const readFile = {READ_FILE};
    const root = await navigator.storage.getDirectory();
    const out = [];
    const dir = await root.getDirectoryHandle({DIR!r}).catch(() => null);
    for await (const [name, handle] of dir ? dir.entries() : []) {{
        try {{
            out.push([name, (await readFile(handle)).meta]);
        }} catch {{}}  // still being written
    }}
    const cached = (await (await caches.open({CACHE!r})).keys()).length;
    return {{ files: out, cached }};
}}"""

# Rewrites the one kept snapshot: "damaged" flips bytes in the middle (its description stays, so
# only the SHA-256 check can tell); "refused" changes Pyodide's own build id in its header and
# describes the result truthfully, so every check of ours passes and Pyodide itself throws while
# restoring; "other-build" moves it under another build's name and description; "cache-storage"
# moves it to Cache Storage, where the worker keeps it when a file cannot be written.
TAMPER = f"""async (how) => {{
    const readFile = {READ_FILE};
    const root = await navigator.storage.getDirectory();
    const dir = await root.getDirectoryHandle({DIR!r});
    const [name] = await Array.fromAsync(dir.keys());
    const {{ meta, bytes }} = await readFile(await dir.getFileHandle(name));
    let target = name;
    if (how === "damaged") bytes.fill(0x5a, bytes.length >> 1, (bytes.length >> 1) + 4096);
    if (how === "refused") bytes[20] ^= 0xff;
    if (how === "refused") {{
        const digest = await crypto.subtle.digest("SHA-256", bytes);
        const hex = (b) => b.toString(16).padStart(2, "0");
        meta.sha256 = Array.from(new Uint8Array(digest), hex).join("");
    }}
    if (how === "other-build" || how === "cache-storage") await dir.removeEntry(name);
    if (how === "other-build") {{
        target = name.replace(/build-[^ ]*$/, "build-0000000000000000");
        meta.build = "0000000000000000";
    }}
    if (how === "cache-storage") {{
        const path = `engine-snapshot/{FORMAT}/pyodide-${{meta.pyodide}}/build-${{meta.build}}`;
        const key = new URL(path, location.href).href;
        const headers = {{ {META!r}: JSON.stringify(meta) }};
        await (await caches.open({CACHE!r})).put(key, new Response(bytes, {{ headers }}));
        return meta.sha256;
    }}
    const text = new TextEncoder().encode(JSON.stringify(meta));
    const file = new Uint8Array(4 + text.length + bytes.length);
    new DataView(file.buffer).setUint32(0, text.length, true);
    file.set(text, 4);
    file.set(bytes, 4 + text.length);
    const writable = await (await dir.getFileHandle(target, {{ create: true }})).createWritable();
    await writable.write(file);
    await writable.close();
    return meta.sha256;
}}"""


def route(page) -> tuple[str, str | None]:
    info = page.evaluate("window.taluva.ready")
    return info["route"], info["fallback"]


def wait_kept(page, name: str, not_sha: str | None = None) -> dict:
    """Wait until the snapshot directory holds only this build's snapshot (a fresh one) and Cache
    Storage none; its meta."""

    def kept():
        kept = page.evaluate(KEPT)
        files = kept["files"]
        fresh = len(files) == 1 and files[0][0] == name and files[0][1]["sha256"] != not_sha
        return fresh and kept["cached"] == 0 and files[0][1]

    return wait_until(kept)


def wait_rehearsed(page) -> None:
    """The snapshot this visit kept has been restored once in the background (boot-page.js), and
    that worked: the next visit finds Pyodide's code compiled."""
    state = wait_until(lambda: page.evaluate("document.body.dataset.rehearsal"))
    assert state == "done", state


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
    // Thinking on the others' time: seat 1 ponders a step, then pondering stops.
    await note("aiPonder", { seats: [[1, "strong", 3]] });
    await note("ponderStep", { ms: 4 });
    await call("aiPonder", { seats: [] });
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
    // What a link draws before the engine is up.
    const picture = await note("picture", { colours: [0, 1] });
    await note("readPicture", { text: picture });
    // The lesson: its steps, a learner's move checked, Help's pictures.
    const steps = await note("lesson");
    await note("lessonCheck", { step: steps[0].id, move: { notation: steps[0].example } });
    await note("lessonPictures", { steps: [steps[0].id] });
    // A by-link game: made, joined, read, opened on seat 0's device, a turn handed on.
    const made = await note("bylinkCreate", { options: { players: 2 } });
    const joined = await note("bylinkJoin", { link: made.link });
    await note("bylinkRead", { link: joined.link, kept: made.link });
    await note("bylinkInspect", { link: joined.link, secret: joined.secret });
    await note("bylinkOpen", { link: joined.link, secret: made.secret });
    await call("play", { move: (await call("legalMoves"))[0] });
    const step = await note("liveStepOut"); // a live table's placement as it is made
    await call("play", { move: (await call("legalMoves"))[0] });
    await note("bylinkHandOn");
    // A live table's messages: written, read, and the placement seen on a friend's screen.
    await note("liveWrite", { type: "hello", name: "Ann", gameId: "", seat: 0 });
    await note("liveRead", { text: step });
    await note("liveStepIn", { link: joined.link, text: step });
    return { methods: Object.keys(done), move, code, steps: done.inspectCode.steps };
}"""


def test_return_visits_restore_the_snapshot_and_bad_ones_fall_back(page, server, site_dir, console):
    boot = boot_config(site_dir)
    version, build = boot["pyodideVersion"], boot["build"]
    key = f"{FORMAT} pyodide-{version} build-{build}"  # the file's name

    # Every status line the boot screen shows, from the first one on (per page load).
    status_lines = record_texts(page, "boot-status")

    # First visit: installed as always, then the snapshot is kept (and the build, for offline).
    page.goto(server.url)
    wait_ready(page)
    assert route(page) == ("install", "missing")
    wait_kept(page, key)
    wait_offline_ready(page)
    wait_rehearsed(page)  # it reads the snapshot: tampering with it comes after

    # Return visit: restored, and every bridge method works, the computer's move included.
    page.reload()
    wait_ready(page)
    assert route(page) == ("snapshot", None)
    lines = page.evaluate(status_lines)
    assert any("copy on this device" in line for line in lines), lines
    assert not any("Installing" in line or "Python runtime" in line for line in lines), lines
    result = page.evaluate(EVERY_METHOD)
    assert sorted(result["methods"]) == sorted(METHODS), "call each bridge method here"
    assert result["move"]["type"] == "place" and result["steps"] >= 1
    page.reload()  # the page's own game again, after the raw calls above replaced it
    wait_ready(page)
    play_a_move(page)

    # Damaged, refused by Pyodide, or another build's (ours deleted): each boot installs, plays,
    # and keeps a fresh snapshot of this build in place of the bad one, in the file store.
    for how, why in [
        ("damaged", "SHA-256"),
        ("refused", "build id mismatch"),
        ("other-build", "missing"),
    ]:
        bad_sha = page.evaluate(TAMPER, how)
        page.reload()
        wait_ready(page)
        taken, fallback = route(page)
        assert taken == "install" and why in fallback, (how, fallback)
        play_a_move(page)
        wait_kept(page, key, not_sha=bad_sha)
        wait_rehearsed(page)

    # This build's snapshot in Cache Storage (where it is kept when a file cannot be written) and
    # none in a file: restored from there.
    page.evaluate(TAMPER, "cache-storage")
    page.reload()
    wait_ready(page)
    assert route(page) == ("snapshot", None)
    assert page.evaluate(KEPT) == {"files": [], "cached": 1}

    page.reload()
    wait_ready(page)
    assert route(page) == ("snapshot", None)
    assert console == []
