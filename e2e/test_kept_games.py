"""No game is ever lost. Every game the page shows is kept (IndexedDB), a link adds a
game and never overwrites another, the Games list opens, renames and deletes them (with an
undo), storage that is full or blocked is said in words while the game plays on, a corrupt
entry is set aside, the autosave of earlier builds moves in, and a backup goes out and back in.
"""

from __future__ import annotations

import json

from game_driver import new_game, steps, wait_game_ready
from support import watched
from taluva.formats.sharecode import encode
from taluva.play.session import game_at
from taluva.rules.options import Options
from taluva.tools.randomplay import play_random_game
from test_share_links import play_moves, position

SAVE_KEY = "taluva.autosave.v2"


def friend_link(seed: int = 5, step: int = 7, players: int = 3) -> str:
    """A share code made by the engine: a friend's game at `step`."""
    return encode(game_at(play_random_game(Options(players=players), seed=seed), step))


def kept(page) -> list[dict]:
    page.evaluate("taluva.games.saved()")
    return page.evaluate("taluva.games.list()")


def open_games(page) -> None:
    page.click("[data-testid=games]")
    page.wait_for_selector("[data-testid=games-dialog][open] [data-testid=game-item]")


def open_kept(page, entry_id: str) -> None:
    open_games(page)
    page.click(f"[data-testid=game-item][data-id='{entry_id}'] [data-testid=game-open]")
    page.wait_for_selector("[data-testid=games-dialog][open]", state="detached")
    wait_game_ready(page)


def test_a_link_and_a_new_game_each_add_a_game_and_every_game_resumes_where_it_was(game, server):
    new_game(game, {"players": 2}, seed=8)
    play_moves(game, 4)
    a = {"id": game.evaluate("taluva.games.current()"), "at": position(game)}
    game.goto(server.url + f"#g={friend_link()}")
    wait_game_ready(game)
    assert game.get_attribute("body", "data-share") == "link"
    play_moves(game, 1)
    b = {"id": game.evaluate("taluva.games.current()"), "at": position(game)}
    # a third by the New game dialog
    game.click("[data-testid=new-game]")
    game.click("[data-testid=setup-start]")
    game.wait_for_selector("dialog.tg-setup[open]", state="detached")
    wait_game_ready(game)
    play_moves(game, 2)
    c = {"id": game.evaluate("taluva.games.current()"), "at": position(game)}
    entries = kept(game)
    assert {e["id"] for e in entries} == {a["id"], b["id"], c["id"]}
    assert [e["id"] for e in entries][0] == c["id"]  # most recently played first
    open_games(game)
    items = game.locator("[data-testid=game-item]")
    assert items.count() == 3
    current = game.get_attribute(f"[data-testid=game-item][data-id='{c['id']}']", "data-current")
    assert current == "1"
    assert game.locator("[data-testid=game-item] canvas.games-thumb").count() == 3
    game.keyboard.press("Escape")
    for entry in (a, b, c):
        open_kept(game, entry["id"])
        assert position(game) == entry["at"]
    # a visit without a link resumes the game played last (c, opened last)
    game.goto(server.url)
    wait_game_ready(game)
    assert game.get_attribute("body", "data-share") == "kept"
    assert position(game) == c["at"]
    assert len(kept(game)) == 3


def test_the_same_link_twice_opens_the_kept_game_where_it_was_left(game, server):
    code = friend_link(seed=9, step=6, players=2)
    game.goto(server.url + f"#g={code}")
    wait_game_ready(game)
    play_moves(game, 2)
    where = position(game)
    count = len(kept(game))
    # The link pasted again into this tab: a new link there once the address bar has followed
    # the moves (on a busy machine it lags; pasted before, it would be the address already shown).
    game.wait_for_function("code => location.hash.split('&')[0] !== `#g=${code}`", arg=code)
    game.goto(server.url + f"#g={code}")
    game.locator("[data-testid=share-notice]", has_text="played on from this link").wait_for()
    wait_game_ready(game)
    assert position(game) == where  # played on from the link: opens where it was left
    assert len(kept(game)) == count


def test_rename_delete_with_undo_and_clear_finished(game, server):
    finished = encode(play_random_game(Options(players=2), seed=3))
    game.goto(server.url + f"#g={finished}")
    wait_game_ready(game)
    new_game(game, {"players": 2}, seed=4)
    play_moves(game, 2)
    open_games(game)
    mine = game.evaluate("taluva.games.current()")
    item = f"[data-testid=game-item][data-id='{mine}']"
    game.click(f"{item} [data-testid=game-rename]")
    game.fill("[data-testid=game-name]", "Sunday's game")
    game.keyboard.press("Enter")
    game.wait_for_selector(f'{item} .games-title:has-text("Sunday\'s game")')
    assert game.locator(f"{item} [data-testid=game-delete]").is_disabled()  # on screen
    game.click("[data-testid=games-clear-finished]")
    game.wait_for_selector("[data-testid=games-status]:has-text('Deleted')")
    assert [e["phase"] for e in kept(game)] == ["build" if steps(game) % 2 else "place"]
    game.click("[data-testid=games-undo]")
    game.wait_for_selector("[data-testid=games-status]:has-text('back')")
    assert len(kept(game)) == 2
    assert next(e for e in kept(game) if e["id"] == mine)["name"] == "Sunday's game"
    game.keyboard.press("Escape")
    play_moves(game, 1)
    assert next(e for e in kept(game) if e["id"] == mine)["name"] == "Sunday's game"


def test_full_storage_is_said_the_game_plays_on_and_nothing_kept_is_lost(game):
    new_game(game, {"players": 2}, seed=5)
    play_moves(game, 2)
    before = kept(game)
    game.evaluate(
        """() => {
        const put = IDBObjectStore.prototype.put;
        window.__restorePut = () => {
          IDBObjectStore.prototype.put = put;
        };
        IDBObjectStore.prototype.put = function () {
          throw new DOMException("the disk is full", "QuotaExceededError");
        };
      }"""
    )
    play_moves(game, 2)
    notice = game.wait_for_selector("[data-testid=storage-notice]")
    assert "full" in notice.text_content()
    assert game.get_attribute("body", "data-storage") == "problem"
    assert steps(game) == 4  # the game plays on
    assert kept(game) == before  # nothing dropped to make room
    game.evaluate("window.__restorePut()")
    play_moves(game, 1)
    game.wait_for_selector("[data-testid=storage-notice]", state="detached")
    assert kept(game)[0]["steps"] == 5


def test_blocked_storage_is_said_and_the_game_still_plays(warm_page, server):
    errors: list[str] = []
    page = watched(warm_page, errors)
    no_database = "Object.defineProperty(window, 'indexedDB', {get() { return undefined; }})"
    page.add_init_script(no_database)
    page.goto(server.url)
    wait_game_ready(page)
    notice = page.text_content("[data-testid=share-notice]")
    assert "no game is kept" in notice
    assert page.locator("dialog[open]").count() == 0  # a first visit is a game at once
    # Its computer seat waits, so that the count is the person's steps alone (it answered before
    # the count under load: 3 steps).
    page.evaluate("taluva.setAiPaused(true)")
    play_moves(page, 2)
    assert steps(page) == 2
    assert page.evaluate("taluva.games.list()") == []
    assert errors == []


def test_a_corrupt_entry_is_set_aside_and_the_others_still_load(game, server):
    new_game(game, {"players": 2}, seed=6)
    play_moves(game, 3)
    where = position(game)
    kept(game)
    game.evaluate(
        """() => new Promise((resolve, reject) => {
        const open = indexedDB.open("taluva");
        open.onsuccess = () => {
          const tx = open.result.transaction("games", "readwrite");
          tx.objectStore("games").put({ id: "broken", v: 1, share: 42 });
          tx.oncomplete = () => { open.result.close(); resolve(); };
          tx.onerror = () => reject(tx.error);
        };
      })"""
    )
    game.goto(server.url)
    wait_game_ready(game)
    assert position(game) == where
    assert "could not be read" in game.text_content("[data-testid=share-notice]")
    open_games(game)
    assert game.locator("[data-testid=game-unreadable]").count() == 1
    assert game.locator("[data-testid=game-item]").count() == 1


def test_the_autosave_of_earlier_builds_moves_into_the_list(warm_page, server):
    errors: list[str] = []
    page = watched(warm_page, errors)
    page.goto(server.url)
    wait_game_ready(page)
    code = friend_link(seed=2, step=9, players=2)
    seats = [{"name": "Ann", "colour": "red"}, {"name": "Bo", "colour": "blue"}]
    save = {"v": 2, "share": code, "seats": seats}
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps(save)])
    page.goto(server.url)
    wait_game_ready(page)
    assert page.evaluate("taluva.share.code()").startswith(code[:1])
    assert steps(page) == 9
    assert "Ann" in page.text_content("[data-testid=players]")
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None
    entries = kept(page)
    assert [e["steps"] for e in entries] == [9]
    assert errors == []


def test_export_then_import_into_a_fresh_profile_gives_the_same_list(game, server, devices):
    new_game(game, {"players": 2}, seed=7)
    play_moves(game, 3)
    game.goto(server.url + f"#g={friend_link(seed=4, step=5)}")
    wait_game_ready(game)
    open_games(game)
    game.click("[data-testid=game-rename]")
    game.fill("[data-testid=game-name]", "From Ann")
    game.keyboard.press("Enter")
    game.wait_for_selector(".games-title:has-text('From Ann')")
    with game.expect_download() as download:
        game.click("[data-testid=games-export]")
    backup = download.value.path().read_text()
    assert backup.startswith("# Taluva games: 2 kept")
    before = sorted((e["name"] or "", e["steps"], len(e["seats"])) for e in kept(game))

    errors: list[str] = []
    page = watched(devices("bo"), errors)  # another device, its storage empty
    page.goto(server.url)
    wait_game_ready(page)
    assert page.locator("dialog[open]").count() == 0  # a first visit is a game at once
    assert kept(page) == []  # nothing kept yet: the untouched new game is not listed
    page.click("[data-testid=games]")
    page.wait_for_selector("[data-testid=games-dialog][open]")
    files = [{"name": "games.txt", "mimeType": "text/plain", "buffer": backup.encode()}]
    page.set_input_files("[data-testid=games-import-file]", files=files)
    page.wait_for_selector("[data-testid=games-status]:has-text('2 games added')")
    after = sorted((e["name"] or "", e["steps"], len(e["seats"])) for e in kept(page))
    assert after == before
    page.set_input_files("[data-testid=games-import-file]", files=files)
    page.wait_for_selector("[data-testid=games-status]:has-text('2 already kept')")
    assert len(kept(page)) == 2
    assert errors == []


def test_the_last_move_survives_a_reload_right_after_it(game):
    """The kept game's write and the URL hash wait for the move's frame
    (web/js/base/after-paint.js), and leaving the page writes them at once: a reload right after
    a click, or from the very task of the move, still resumes at that move."""
    new_game(game, {"players": 2}, seed=4)
    play_moves(game, 3)  # the last one a click on the board, then at once:
    code = game.evaluate("taluva.share.code()")
    game.reload()
    wait_game_ready(game)
    assert game.evaluate("taluva.share.code()") == code
    game.wait_for_function("hash => location.hash.split('&b=')[0] === hash", arg=f"#g={code}")

    # The worst case: the page is left in the task of the move, before any frame is drawn.
    # The hash is the move before's (the reload's address was fixed before pagehide), so the
    # page opens that link and finds the kept game played on from it.
    # The evaluation returns at once and the move's code crosses the reload in sessionStorage:
    # returning it from the reloading task raced the page's teardown ("Execution context was
    # destroyed") on a busy machine.
    with game.expect_navigation():
        game.evaluate(
            """() => {
                taluva.play(taluva.legalMoves()[0]).then(() => {
                    sessionStorage.setItem("test:code", taluva.share.code());
                    location.reload();
                });
            }"""
        )
    wait_game_ready(game)
    code = game.evaluate("sessionStorage.getItem('test:code')")
    assert code
    assert game.evaluate("taluva.share.code()") == code
    game.wait_for_function("hash => location.hash.split('&b=')[0] === hash", arg=f"#g={code}")


def test_the_list_names_the_winner_marks_computer_seats_and_lines_up_its_buttons(game, server):
    """A finished game shows who won (the engine's winners), a computer seat is
    "Computer (level)" as in the seat badge, and the button column is one column for all rows."""
    finished = encode(play_random_game(Options(players=2), seed=3))
    game.goto(server.url + f"#g={finished}")
    wait_game_ready(game)
    seats = [
        {"name": "Ann", "colour": "red", "type": "human"},
        {"name": "Bo", "colour": "blue", "type": "computer:beginner"},
    ]
    new_game(game, {"players": 2, "seats": seats}, seed=4)
    play_moves(game, 1)
    open_games(game)
    over = next(e for e in kept(game) if e["phase"] == "over")
    winners = [over["seats"][s]["name"] for s in over["state"]["result"]["winners"]]
    assert winners
    finished_item = f"[data-testid=game-item][data-id='{over['id']}']"
    line = game.text_content(f"{finished_item} [data-testid=game-winner]")
    assert line.startswith("Won by") and all(name in line for name in winners), line
    mine = f"[data-testid=game-item][data-id='{game.evaluate('taluva.games.current()')}']"
    assert game.locator(f"{mine} [data-testid=game-winner]").count() == 0  # not over yet
    assert game.text_content(f"{mine} .tg-badge-ai") == "Computer (beginner)"
    renames = game.locator("[data-testid=game-item] [data-testid=game-rename]").all()
    boxes = [b.bounding_box() for b in renames]
    assert len(boxes) == 2
    assert boxes[0]["x"] == boxes[1]["x"] and boxes[0]["width"] == boxes[1]["width"], boxes
