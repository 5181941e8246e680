"""Motion and a steady camera.

A move is animated: the board draws frames between the two positions (its `board-drawn` events
carry the animation's progress `t`, its kind, its length `span` and how far the pieces still are
from their places, `moving`), a computer's move too, at the page's computer speed. With
prefers-reduced-motion nothing moves: the in-between frames only fade (FADE_MS, 150 ms), every
piece at its place. The camera keeps its frame while the island stays in view (every hex stays
where it was on screen), glides when it must re-frame, keeps the person's own zoom, and the
replay keeps one frame for all its steps. Frames are counted, never timed.
"""

from __future__ import annotations

from game_driver import data, new_game, steps, wait_data

BOARD = "[data-testid=board]"
REPLAY_BOARD = "[data-testid=replay-board]"
HUMAN = {"name": "You", "colour": "red", "type": "human"}
COMPUTER = {"name": "Computer", "colour": "blue", "type": "computer:beginner"}
MOTION_MS = 320  # web/js/board/anim.js
FADE_MS = 150

# Every board-drawn event of a canvas, kept in window.__frames[selector].
RECORD = """sel => {
  window.__frames = window.__frames || {};
  window.__frames[sel] = [];
  const keep = e => window.__frames[sel].push(e.detail);
  document.querySelector(sel).addEventListener('board-drawn', keep);
}"""


def record(page, sel: str = BOARD) -> None:
    page.evaluate(RECORD, sel)


def frames(page, sel: str = BOARD) -> list[dict]:
    """The frames recorded since the last call (and forget them)."""
    return page.evaluate("sel => window.__frames[sel].splice(0)", sel)


def settle(page, sel: str = BOARD) -> None:
    """Wait until the board has drawn the end of any animation (data-motion is cleared then)."""
    page.wait_for_selector(
        f'{sel}:not([data-motion="glide"]):not([data-motion="fade"])', state="attached"
    )


def runs(drawn: list[dict]) -> list[list[dict]]:
    """The animations among the frames: runs of in-between frames (t set), split where t
    starts again."""
    out: list[list[dict]] = []
    last = None
    for f in drawn:
        t = f["t"]
        if t is None:
            last = None
            continue
        if last is None or t < last:
            out.append([])
        out[-1].append(f)
        last = t
    return out


def play_first(page) -> None:
    before = steps(page)
    page.evaluate("taluva.play(taluva.legalMoves()[0])")
    wait_data(page, f'[data-busy="0"]:not([data-steps="{before}"])')


def screen_positions(page) -> dict:
    """Every hex of the island on screen (viewport px) with its level: {(q, r): (x, y, level)}."""
    got = page.evaluate(
        "() => taluva.state().hexes.map(h => [h.q, h.r, h.level, taluva.hexToScreen(h.q, h.r)])"
    )
    return {(q, r): (pt["x"], pt["y"], level) for q, r, level, pt in got}


def same_camera(cam: tuple, attribute: str | None) -> bool:
    """Whether a frame's camera (scale, x, y) is the one a canvas's data-camera holds (2 places)."""
    held = [float(v) for v in (attribute or "").split(",")]
    return all(abs(a - b) <= 0.006 for a, b in zip(cam, held, strict=True))


def test_a_placement_and_a_build_draw_frames_between_the_two_positions(game):
    new_game(game, {"players": 2}, seed=4)
    record(game)
    for step in ("place", "build", "place"):
        assert data(game, "phase") == step
        play_first(game)
        settle(game)
        drawn = frames(game)
        moves = runs(drawn)
        assert len(moves) == 1, f"one animation per move, not {len(moves)}: {drawn}"
        between = moves[0]  # at least its first frame (t = 0), whatever the machine's load
        assert all(f["motion"] == "glide" and f["span"] == MOTION_MS for f in between)
        assert max(f["moving"] for f in between) > 0.1, f"{step}: nothing moved: {between}"
        # The pieces come down, never go back up, and the last frame shows them in place.
        lifts = [f["moving"] for f in between]
        assert lifts == sorted(lifts, reverse=True)
        assert drawn[-1]["t"] is None and drawn[-1]["moving"] == 0


def test_input_during_an_animation_finishes_it_at_once(game):
    new_game(game, {"players": 2}, seed=4)
    record(game)
    running = game.evaluate(
        """async () => {
          await taluva.play(taluva.legalMoves()[0]);
          const canvas = document.querySelector('[data-testid=board]');
          const before = canvas.dataset.motion;
          window.__frames['[data-testid=board]'].length = 0;
          window.dispatchEvent(new KeyboardEvent('keydown', {key: 'Shift'}));
          return before;
        }"""
    )
    assert running == "glide", "the placement should have started an animation"
    settle(game)
    drawn = frames(game)
    assert drawn and all(f["t"] is None for f in drawn), (
        f"frames after the key still moved: {drawn}"
    )


def test_with_reduced_motion_nothing_moves_the_pieces_only_fade(game):
    game.emulate_media(reduced_motion="reduce")
    new_game(game, {"players": 2}, seed=4)
    record(game)
    for step in ("place", "build"):
        assert data(game, "phase") == step
        play_first(game)
        settle(game)
        drawn = frames(game)
        between = [f for f in drawn if f["t"] is not None]
        assert between, f"{step}: the fade draws at least one frame between"
        for f in between:
            assert f["motion"] == "fade" and f["span"] == FADE_MS, f
            assert f["moving"] == 0, f"{step}: a piece was away from its place: {f}"
        assert len({tuple(f["cam"].values()) for f in drawn}) == 1, (
            "the camera moved during the fade"
        )


def test_a_computers_turn_is_animated_at_the_pages_computer_speed(game):
    new_game(game, {"players": 2, "seats": [HUMAN, COMPUTER]}, seed=7)
    game.evaluate("taluva.setAiSpeed('slow')")  # shown 1.6 s, then animated for 400 ms
    record(game)
    play_first(game)  # the person's placement and build
    play_first(game)
    wait_data(
        game,
        '[data-current="0"][data-phase="place"][data-busy="0"][data-thinking="0"]',
        timeout=60_000,
    )
    settle(game)
    moves = [run for run in runs(frames(game)) if run[0]["span"] == 400]
    assert len(moves) == 2, f"the computer's placement and build each animate: {moves}"
    for run in moves:
        assert max(f["moving"] for f in run) > 0.1, run


def test_the_camera_stays_while_the_island_fits_glides_when_it_must_and_keeps_your_zoom(game):
    new_game(game, {"players": 2}, seed=9)
    record(game)
    kept = reframed = 0
    far = (  # the legal move farthest from the first tile (a build: the first)
        "() => { const ms = taluva.legalMoves(), d = m => m.type !== 'place' ? 0 :"
        " Math.max(Math.abs(m.volcano[0]), Math.abs(m.volcano[1]),"
        " Math.abs(m.volcano[0] + m.volcano[1]));"
        " return taluva.play(ms.reduce((a, b) => (d(b) > d(a) ? b : a))); }"
    )
    for _ in range(16):  # eight turns, each tile laid as far out as it may go
        settle(game)
        before = screen_positions(game)
        camera = game.get_attribute(BOARD, "data-camera")
        frames(game)
        n = steps(game)
        game.evaluate(far)
        wait_data(game, f'[data-busy="0"]:not([data-steps="{n}"])')
        settle(game)
        cams = [tuple(f["cam"].values()) for f in frames(game)]
        after = screen_positions(game)
        if len(set(cams)) == 1:
            kept += 1
            for hx, (x, y, level) in before.items():
                if after[hx][2] == level:  # a covered hex rises by its new level; the rest stay
                    assert (after[hx][0], after[hx][1]) == (x, y), f"hex {hx} moved on screen"
        else:
            reframed += 1
            # A glide, not a jump: the move's first frame is drawn with the camera as it was, its
            # last with the new one (between them as many as the machine draws in 320 ms).
            assert same_camera(cams[0], camera), f"the camera jumped: {camera} -> {cams}"
            assert same_camera(cams[-1], game.get_attribute(BOARD, "data-camera"))
            assert not same_camera(cams[-1], camera)
    assert kept >= 4, "the camera re-framed on moves that left the island in view"
    assert reframed >= 1, "the island grew out of view and the camera never re-framed"

    # Your own zoom is kept: after it, moves never move the camera.
    game.keyboard.press("+")
    settle(game)
    frames(game)
    zoomed = game.get_attribute(BOARD, "data-camera")
    for _ in range(4):
        n = steps(game)
        game.evaluate(far)
        wait_data(game, f'[data-busy="0"]:not([data-steps="{n}"])')
        settle(game)
    cams = {tuple(f["cam"].values()) for f in frames(game)}
    assert len(cams) == 1 and game.get_attribute(BOARD, "data-camera") == zoomed


def test_the_replay_keeps_one_frame_for_the_whole_game(game):
    new_game(game, {"players": 2}, seed=6)
    for _ in range(14):
        play_first(game)
    game.evaluate("taluva.share.replay(0)")
    replay = "[data-testid=replay-dialog][open] [data-testid=replay]"
    game.wait_for_selector(f"{replay}[data-busy='0'][data-step='0']")
    settle(game, REPLAY_BOARD)
    record(game, REPLAY_BOARD)
    start = game.get_attribute(REPLAY_BOARD, "data-camera")
    for step in range(2, 15, 2):  # a turn at a time: its placement and its build
        game.click("[data-testid=replay-forward]")
        game.wait_for_selector(f"{replay}[data-busy='0'][data-step='{step}']")
        settle(game, REPLAY_BOARD)
    drawn = frames(game, REPLAY_BOARD)
    assert len(runs(drawn)) >= 5, "stepping forward animates the turns"
    cams = {tuple(f["cam"].values()) for f in drawn}
    assert len(cams) == 1 and game.get_attribute(REPLAY_BOARD, "data-camera") == start, cams


def test_a_hint_off_a_phones_frame_is_brought_into_view(game):
    """On a phone the island's frame leaves little room around it. A hint asked for on a wide
    window, the window then narrowed to a phone's and the board fitted: the hint's tile (as a
    computer's chosen turn) is framed with the island, its volcano hex whole on the board."""
    page = game
    page.evaluate("taluva.newGame({players: 2, seed: 11})")
    wait_data(page, '[data-busy="0"][data-steps="0"]')
    play_first(page)
    play_first(page)
    settle(page)
    page.keyboard.press("h")
    wait_data(page, ':not([data-hint="pending"]):not([data-hint=""])')
    page.set_viewport_size({"width": 390, "height": 844})  # the tablet turned, the window narrowed
    page.click("[data-testid=fit]")
    settle(page)
    q, r = (int(v) for v in data(page, "hint").split("/")[0].split(","))
    box = page.locator(BOARD).bounding_box()
    radius = float(page.get_attribute(BOARD, "data-camera").split(",")[0])  # px a hex radius
    pt = page.evaluate("([q, r]) => taluva.hexToScreen(q, r)", [q, r])
    inside = (
        box["x"] + 0.8 * radius <= pt["x"] <= box["x"] + box["width"] - 0.8 * radius
        and box["y"] + 0.8 * radius <= pt["y"] <= box["y"] + box["height"] - 0.8 * radius
    )
    assert inside, f"the hint's volcano {q},{r} at {pt} is not whole on the board {box}"
