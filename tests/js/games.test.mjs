// The kept games: the IndexedDB library on an in-memory IndexedDB, the keeper that
// writes the store's game after every change, and the backup text.
// The npm packages live in build/node_modules (the one package.json of the repo).
import "./english.mjs";
import "../../build/node_modules/fake-indexeddb/auto/index.mjs";
import { IDBFactory } from "../../build/node_modules/fake-indexeddb/build/esm/index.js";
import { test } from "node:test";
import assert from "node:assert/strict";
import { openDB } from "../../build/node_modules/idb/build/index.js";
import { exportText, splitBackup } from "../../web/js/games/backup.js";
import { gameStanding, gameTitle, gameWinners, playedAgo } from "../../web/js/games/describe.js";
import { keptGames } from "../../web/js/games/games.js";
import { flushLater } from "../../web/js/base/after-paint.js";
import { GameKeeper } from "../../web/js/games/keeper.js";
import { OLD_KEY, migrateByLinkGames } from "../../web/js/games/bylink-migrate.js";
import { ENTRY_VERSION, LibraryError, STORE, openLibrary, stateOf, validEntry } from "../../web/js/games/library.js";
import { keptGameToShow } from "../../web/js/first-game.js";
import { GameStore } from "../../web/js/game/store.js";
import { FakeEngine } from "./fake-engine.mjs";
import { memoryStorage, nextTask } from "./fixtures/fakes.mjs";

const settle = (keeper) => keeper.save();

// Each test gets an empty IndexedDB of its own.
async function fresh() {
  globalThis.indexedDB = new IDBFactory();
  return openLibrary(openDB);
}

// A store on the fake engine whose every game a keeper keeps in a fresh library; `puts` lists
// the entries the keeper writes, in order.
async function keptStore(keeperOptions) {
  const library = await fresh();
  const puts = counting(library);
  const store = new GameStore(new FakeEngine());
  const keeper = new GameKeeper(store, library, keeperOptions);
  return { library, puts, store, keeper };
}

test("every game the store shows is its own entry, updated after every change", async () => {
  const { library, store, keeper } = await keptStore();
  await store.newGame({ seed: 1 });
  await store.play({ notation: "m0" });
  const first = store.gameId;
  await store.load({ share: "1CODE4", names: ["Ann", "Bo"] });
  await store.play({ notation: "m4" });
  await settle(keeper);
  const { entries } = await library.list();
  assert.equal(entries.length, 2);
  assert.deepEqual(
    entries.map((e) => e.steps),
    [5, 1],
  ); // most recently played first, even when both were written within one millisecond
  assert.equal(entries[1].id, first);
  assert.equal(entries[0].origin, "1CODE4");
  assert.equal(entries[0].seats[0].name, "Ann");
  assert.ok(entries.every((e) => e.v === ENTRY_VERSION && validEntry(e)));
});

test("a new game is kept from its first move; one left untouched is not listed", async () => {
  const { library, store, keeper } = await keptStore();
  await store.newGame({ seed: 1 }); // the game a visit starts with
  await store.newGame({ seed: 2, options: { players: 3 } });
  await store.play({ notation: "m0" });
  await settle(keeper);
  const { entries } = await library.list();
  assert.deepEqual(
    entries.map((e) => e.seats.length),
    [3],
  );
});

test("a rename is kept through later moves; delete and undo put an entry back", async () => {
  const { library, store, keeper } = await keptStore();
  await store.newGame({ seed: 1 });
  await store.play({ notation: "m0" });
  await keeper.rename(store.gameId, "  Sunday game ");
  await store.play({ notation: "m1" });
  await settle(keeper);
  let [entry] = (await library.list()).entries;
  assert.equal(entry.name, "Sunday game");
  assert.equal(gameTitle(entry), "Sunday game");
  const removed = await library.remove([entry.id]);
  assert.equal((await library.list()).entries.length, 0);
  await library.restore(removed);
  [entry] = (await library.list()).entries;
  assert.equal(entry.steps, 2);
});

// The write waits for the frame of the change (base/after-paint.js): nothing of it runs inside the
// store's change event, changes before it are written once, and leaving the page writes at once.
function counting(library) {
  const puts = [];
  const put = library.put.bind(library);
  library.put = (entry) => {
    puts.push(entry);
    return put(entry);
  };
  return puts;
}

test("the keeper writes after the change, once for changes in a row, and at once when the page is left", async () => {
  const { library, puts, store, keeper } = await keptStore();
  await store.newGame({ seed: 1 });
  for (let i = 0; i < 3; i++) await store.play({ notation: `m${i}` });
  assert.equal(puts.length, 0); // not inside the change
  await nextTask();
  assert.deepEqual(
    puts.map((e) => e.steps),
    [3],
  );
  await store.play({ notation: "m3" });
  flushLater(); // pagehide, or hidden
  assert.deepEqual(
    puts.map((e) => e.steps),
    [3, 4],
  );
  await nextTask();
  assert.equal(puts.length, 2);
  await settle(keeper);
  assert.equal((await library.get(store.gameId)).steps, 4);
});

test("a game deleted before its write is not written back; a rename wins over a waiting write", async () => {
  const { puts, store, keeper } = await keptStore();
  await store.newGame({ seed: 1 });
  await store.play({ notation: "m0" });
  keeper.forget(store.gameId);
  await nextTask();
  assert.equal(puts.length, 0);
  await store.play({ notation: "m1" });
  await keeper.rename(store.gameId, "Evening");
  await nextTask();
  assert.deepEqual(
    puts.map((e) => [e.steps, e.name]),
    [[2, "Evening"]],
  );
});

test("an unreadable entry is listed apart and the others still load", async () => {
  const { library, store, keeper } = await keptStore();
  await store.newGame({ seed: 1 });
  await store.play({ notation: "m0" });
  await settle(keeper);
  const db = await openDB("taluva", 1);
  await db.put(STORE, { id: "broken", v: 1, share: 42 });
  const { entries, unreadable } = await library.list();
  assert.equal(entries.length, 1);
  assert.deepEqual(
    unreadable.map((u) => u.id),
    ["broken"],
  );
  assert.equal(await library.get("broken"), null);
});

test("a full disk is said once in words, nothing is dropped, and saving resumes", async () => {
  const problems = [];
  const { library, store, keeper } = await keptStore({ onProblem: (text) => problems.push(text) });
  await store.newGame({ seed: 1 });
  await store.play({ notation: "m0" });
  await settle(keeper);
  const put = library.put.bind(library);
  library.put = async () => {
    throw new LibraryError("full", "full");
  };
  await store.play({ notation: "m1" });
  await store.play({ notation: "m2" });
  await settle(keeper);
  assert.equal(problems.length, 1);
  assert.match(problems[0], /full/);
  assert.equal((await library.list()).entries[0].steps, 1); // the last good write stays
  library.put = put;
  await store.play({ notation: "m3" });
  await settle(keeper);
  assert.deepEqual(problems.at(-1), null); // the notice goes
  assert.equal((await library.list()).entries[0].steps, 4);
});

test("without IndexedDB the library says it is blocked", async () => {
  const saved = globalThis.indexedDB;
  delete globalThis.indexedDB;
  try {
    await assert.rejects(openLibrary(openDB), (e) => e instanceof LibraryError && e.kind === "blocked");
  } finally {
    globalThis.indexedDB = saved;
  }
});

test("a backup is the games' records with a line naming each; it splits back the same", async () => {
  const entries = [
    { id: "a", name: "One", seats: [{ name: "Ann", colour: "red" }], seed: 3, createdAt: 1, playedAt: 2, share: "1X" },
    {
      id: "b",
      name: null,
      seats: [{ name: "Bo", colour: "blue" }],
      seed: 5,
      summary: { over: true },
      createdAt: 3,
      playedAt: 4,
      share: "1Y",
    },
  ];
  const text = await exportText(entries, async (code) => `taluva 1\noptions players=2\n1 JC 0,0/6 hut 1,0 # ${code}\n`);
  assert.match(text, /^# Taluva games: 2 kept/);
  const games = splitBackup(text);
  assert.deepEqual(
    games.map((g) => g.meta.id),
    ["a", "b"],
  );
  assert.equal(games[0].meta.name, "One");
  // A game in progress does not show its seed (it would tell the tiles to come); a finished one does.
  assert.deepEqual(
    games.map((g) => g.meta.seed),
    [null, 5],
  );
  assert.ok(games.every((g) => g.record.startsWith("taluva 1") && g.record.includes("1 JC")));
});

test("plain records one after another split too; a damaged name line loses only the name", () => {
  const games = splitBackup("taluva 1\n1 JC\n\ntaluva 1\n1 LS\n# game {broken\ntaluva 1\n2 RR\n");
  assert.equal(games.length, 3);
  assert.deepEqual(
    games.map((g) => g.meta),
    [null, null, null],
  );
  assert.ok(games[2].record.includes("2 RR"));
  assert.deepEqual(splitBackup("nothing here"), []);
});

test("a kept game in words", () => {
  const entry = { name: null, seats: [{ name: "Ann" }, { name: "Bo" }], phase: "build", current: 1, steps: 7 };
  assert.equal(gameTitle(entry), "Ann vs Bo");
  assert.equal(gameStanding(entry), "Bo to build · step 7");
  assert.equal(gameStanding({ ...entry, phase: "over", steps: 40 }), "Finished · 40 steps");
  assert.equal(playedAgo(1000, 1000 + 5 * 60_000, "en"), "played 5 minutes ago");
  assert.equal(playedAgo(1000, 1500, "en"), "played just now");
});

test("a finished game names its winners from the engine's result; a game in progress none", () => {
  const seats = [{ name: "Ann" }, { name: "Bo" }, { name: "Cy" }];
  const over = (winners) => ({ seats, phase: "over", state: { result: { reason: "last-tile", winners } } });
  assert.equal(gameWinners(over([1])), "Won by Bo");
  assert.equal(gameWinners(over([0, 2])), "Won by Ann and Cy");
  assert.equal(gameWinners(over([])), "Nobody won");
  assert.equal(gameWinners({ seats, phase: "build", state: { result: null } }), null);
  assert.equal(gameWinners({ seats, phase: "over" }), null); // an entry of an earlier build keeps no state
});

test("the game a visit resumes is drawn from its kept state before the engine is up", async () => {
  const library = await fresh();
  const engine = new FakeEngine();
  const store = new GameStore(engine);
  const games = keptGames(store, library);
  await store.load({ share: "1CODE4", names: ["Ann", "Bo"] }); // a link's game, played on
  await store.play({ notation: "m4" });
  await games.keeper.save();
  await new Promise((resolve) => setTimeout(resolve, 5)); // played later, by the clock too
  await store.newGame({ seed: 1 });
  await store.play({ notation: "m0" });
  await games.keeper.save();
  const { entries } = await library.list();
  const [last, linked] = entries;
  assert.deepEqual(stateOf(last), { ...store.state }); // what the engine said, as it said it
  const engineCalls = engine.calls.length;
  // No link: the game played last; a link: the kept game that came from it, or is it.
  assert.equal((await keptGameToShow(games, { hash: "" })).entry.id, last.id);
  assert.equal((await keptGameToShow(games, { hash: "#g=1CODE4" })).entry.id, linked.id);
  assert.equal((await keptGameToShow(games, { hash: `#g=${linked.share}` })).entry.id, linked.id);
  // A link no kept game knows, or a bad one, needs the engine: nothing is drawn before it.
  assert.equal(await keptGameToShow(games, { hash: "#g=1CODE9" }), null);
  assert.equal(await keptGameToShow(games, { hash: "#g=%%%" }), null);
  assert.equal(engine.calls.length, engineCalls);
  // An entry of an earlier build (no state) or a finished game is not drawn.
  const { state: _state, ...old } = last;
  assert.equal(stateOf(old), null);
  await library.put(old);
  assert.equal(await keptGameToShow(games, { hash: "" }), null);
  await library.put({ ...last, phase: "over" });
  assert.equal(await keptGameToShow(games, { hash: "" }), null);
  assert.equal(await keptGameToShow(keptGames(store, null), { hash: "" }), null);
});

test("the game played last is read alone for the early board, and the list answers when that is unknown", async () => {
  globalThis.indexedDB = new IDBFactory();
  const hints = memoryStorage();
  const library = await openLibrary(openDB, { hints });
  const store = new GameStore(new FakeEngine());
  const games = keptGames(store, library);
  assert.equal(await library.latest(), null); // nothing played yet
  await store.load({ share: "1CODE4", names: ["Ann", "Bo"] });
  await store.play({ notation: "m4" });
  await games.keeper.save();
  await new Promise((resolve) => setTimeout(resolve, 5));
  await store.newGame({ seed: 1 });
  await store.play({ notation: "m0" });
  await games.keeper.save();
  const [last, earlier] = (await library.list()).entries;
  assert.equal((await library.latest()).id, last.id);

  // The early board reads that one entry, not the list.
  let listed = 0;
  const counted = { ...games, list: () => (listed++, games.list()) };
  assert.equal((await keptGameToShow(counted, { hash: "" })).entry.id, last.id);
  assert.equal(listed, 0);

  // An older entry written later (an import) does not pass for the last played.
  await library.put({ ...earlier, playedAt: earlier.playedAt - 1000 });
  assert.equal((await library.latest()).id, last.id);
  // Undoing a delete of the last played game notes it again.
  const removed = await games.remove([last.id]);
  assert.equal(await library.latest(), null); // deleted: unknown here, so the list says
  assert.equal((await keptGameToShow(counted, { hash: "" })).entry.id, earlier.id);
  assert.equal(listed, 1);
  await games.restore(removed);
  assert.equal((await library.latest()).id, last.id);
  // A note that does not match the entry (written some other way) or cannot be read is not used.
  hints.setItem("taluva.games.latest", JSON.stringify({ id: last.id, playedAt: 1 }));
  assert.equal(await library.latest(), null);
  hints.setItem("taluva.games.latest", "{not json");
  assert.equal(await library.latest(), null);
  assert.equal((await keptGameToShow(counted, { hash: "" })).entry.id, last.id);
});

test("a by-link game is kept from its first link with this device's secret, moved on by its next links, reopened from its link", async () => {
  const library = await fresh();
  const engine = new FakeEngine();
  const store = new GameStore(engine);
  const games = keptGames(store, library);
  const causes = [];
  store.subscribe(({ cause, by }) => causes.push(`${cause}:${by}`));
  await store.openByLink({ link: "1LINK0", secret: "ab1", names: ["Ann", "Bo"], id: "bylink-g1" });
  await games.keeper.save();
  let { entries } = await games.list();
  assert.equal(entries.length, 1); // kept at once, before any move
  assert.equal(entries[0].id, "bylink-g1");
  assert.deepEqual(entries[0].bylink, {
    gameId: "g1",
    seat: 1,
    secret: "ab1",
    link: "1LINK0",
    stage: "playing",
    toAct: 0,
  });
  assert.ok(validEntry(entries[0]));
  // The next link of the game on screen moves the same entry on, as a change (it animates).
  await store.openByLink({ link: "1LINK2", secret: "ab1", id: "bylink-g1" });
  await games.keeper.save();
  ({ entries } = await games.list());
  assert.equal(entries.length, 1);
  assert.equal(entries[0].bylink.link, "1LINK2");
  assert.equal(entries[0].steps, 2);
  assert.equal(entries[0].seats[0].name, "Ann");
  assert.deepEqual(causes, ["load:person", "link:friend"]);
  // A next link that names a seat (a friend who named themselves on joining) names it on screen,
  // as a fresh load of that link would; a seat the link leaves empty keeps its name.
  await store.openByLink({ link: "1LINK2", secret: "ab1", names: ["", "Bea"], id: "bylink-g1" });
  assert.deepEqual(
    store.seats.map((seat) => seat.name),
    ["Ann", "Bea"],
  );
  causes.pop();
  // Another game, then the by-link one again from the list: from its link and secret.
  await store.newGame({ seed: 1 });
  assert.equal(store.byLinkSecret, null);
  await games.open(entries[0]);
  assert.equal(engine.calls.at(-1), "bylinkOpen");
  assert.equal(store.byLinkSecret, "ab1");
  assert.equal(store.gameId, "bylink-g1");
  assert.equal(store.view.steps, 2);
  // A share code's relatives are never a by-link game (its links are its own).
  assert.deepEqual(await games.relatives("1CODE2", entries[0].lineage), []);
  assert.equal((await games.entry("bylink-g1")).bylink.secret, "ab1");
  assert.equal(await games.entry("bylink-none"), null);
});

test("by-link games of earlier builds move into the kept games once; one the engine refuses is set aside", async () => {
  const library = await fresh();
  const store = new GameStore(new FakeEngine());
  const games = keptGames(store, library);
  const old = {
    g1: { seat: 1, secret: "ab1", link: "1LINK3", names: ["Ann", "Bo"], updatedAt: 5000 },
    g9: { seat: 0, secret: "cd0", link: "garbled", names: [] },
  };
  const backend = memoryStorage([[OLD_KEY, JSON.stringify(old)]]);
  const { data } = backend;
  const notices = [];
  assert.equal(await migrateByLinkGames(store, games, notices, backend), 1);
  const { entries } = await games.list();
  assert.equal(entries.length, 1);
  const [entry] = entries;
  assert.equal(entry.id, "bylink-g1");
  assert.deepEqual(entry.bylink, { gameId: "g1", seat: 1, secret: "ab1", link: "1LINK3", stage: "playing", toAct: 1 });
  assert.deepEqual(
    entry.seats.map((s) => s.name),
    ["Ann", "Bo"],
  );
  assert.equal(entry.playedAt, 5000);
  assert.equal(entry.steps, 3);
  assert.equal(data.has(OLD_KEY), false);
  const aside = [...data.keys()].find((k) => k.startsWith(`${OLD_KEY}-corrupt-`));
  assert.deepEqual(JSON.parse(data.get(aside)), { g9: old.g9 }); // nothing lost
  assert.equal(notices.length, 1);
  assert.match(notices[0], new RegExp(aside));
  assert.equal(await migrateByLinkGames(store, games, notices, backend), 0); // once
  // A game kept already is not doubled.
  data.set(OLD_KEY, JSON.stringify({ g1: old.g1 }));
  assert.equal(await migrateByLinkGames(store, games, notices, backend), 0);
  assert.equal((await games.list()).entries.length, 1);
  assert.equal(data.has(OLD_KEY), false);
});

test("a by-link game in the list says whose device it waits for", () => {
  const seats = [{ name: "Ann" }, { name: "Bo" }];
  const entry = (bylink) => ({ seats, phase: "draw", current: 0, steps: 6, bylink: { seat: 0, ...bylink } });
  assert.equal(gameStanding(entry({ stage: "playing", toAct: 0 })), "Your turn, Ann · step 6");
  assert.equal(gameStanding(entry({ stage: "playing", toAct: 1 })), "Waiting for Bo · step 6");
  assert.equal(gameStanding(entry({ stage: "joining", toAct: 1 })), "Waiting for Bo to join");
  assert.equal(gameStanding({ ...entry({ stage: "over", toAct: null }), phase: "over" }), "Finished · 6 steps");
});
