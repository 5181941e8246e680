// The store's transitions: what it asks the engine, what it keeps, what it tells subscribers.
import "./english.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { GameStore } from "../../web/js/game/store.js";
import { wholeLog } from "../../web/js/game/view-log.js";
import { FakeEngine } from "./fake-engine.mjs";

function recording(store) {
  const changes = [];
  const busy = [];
  const errors = [];
  store.subscribe((c) => changes.push(c));
  store.onBusy((b) => busy.push(b));
  store.onError((e) => errors.push(e));
  return { changes, busy, errors };
}

const human = { type: "human" };
const cpu = { type: "computer:beginner" };

test("a new game fills in its seats and reports one change, with busy around the call", async () => {
  const store = new GameStore(new FakeEngine());
  const seen = recording(store);
  await store.newGame({ options: { players: 3 }, seats: [{ name: "Ann" }], seed: 7 });
  assert.equal(store.seats.length, 3);
  assert.equal(store.seats[0].name, "Ann");
  assert.equal(store.seed, 7);
  assert.equal(store.source, "new");
  assert.deepEqual(seen.busy, [true, false]);
  assert.equal(seen.changes.length, 1);
  assert.equal(seen.changes[0].cause, "new");
  assert.equal(seen.changes[0].prev, null);
});

test("play, undo and redo each report a change with the previous view", async () => {
  const store = new GameStore(new FakeEngine());
  await store.newGame({ seed: 1 });
  const seen = recording(store);
  await store.play({ notation: "m0" });
  await store.undo();
  await store.redo();
  assert.deepEqual(
    seen.changes.map((c) => [c.cause, c.prev.steps, c.view.steps]),
    [
      ["play", 0, 1],
      ["undo", 1, 0],
      ["redo", 0, 1],
    ],
  );
  assert.equal(store.version, 4);
});

test("an illegal move is reported and rejected, and the view stays", async () => {
  const store = new GameStore(new FakeEngine());
  await store.newGame({ seed: 1 });
  const seen = recording(store);
  const before = store.view;
  await assert.rejects(store.play({ notation: "nope" }), /R-TURN/);
  assert.equal(store.view, before);
  assert.equal(seen.changes.length, 0);
  assert.equal(seen.errors[0].kind, "illegal-move");
});

test("a link that cannot be read leaves the game on screen as it was", async () => {
  const store = new GameStore(new FakeEngine());
  await store.newGame({ seed: 1 });
  await store.play({ notation: "m0" });
  const before = store.view;
  await assert.rejects(store.load({ share: "XBAD" }), (e) => e.kind === "corrupt");
  assert.equal(store.view, before);
  assert.equal(store.source, "new");
});

test("a loaded game takes the link's names and a seed derived from its code", async () => {
  const store = new GameStore(new FakeEngine());
  const seen = recording(store);
  await store.load({ share: "1CODE3", names: ["Ann", "Bo"] });
  assert.equal(store.view.steps, 3);
  assert.deepEqual(
    store.seats.map((s) => s.name),
    ["Ann", "Bo"],
  );
  assert.ok(Number.isInteger(store.seed));
  assert.equal(store.source, "link");
  assert.equal(seen.changes[0].cause, "load");
});

test("undo to a person walks back over the computers' steps and reports once", async () => {
  const store = new GameStore(new FakeEngine());
  await store.newGame({ seats: [human, cpu], seed: 1 });
  for (let i = 0; i < 4; i++) await store.play({ notation: `m${i}` }); // person's turn, computer's turn
  const seen = recording(store);
  await store.undo({ toPerson: true });
  assert.equal(seen.changes.length, 1);
  assert.equal(store.view.steps, 1); // back to the person's build, the last decision they made
  assert.equal(store.personToMove(), true);
});

test("explain is asked once per view and dropped once the view changed", async () => {
  const engine = new FakeEngine();
  const store = new GameStore(engine);
  await store.newGame({ seed: 1 });
  const move = { type: "place", volcano: [5, 5], clock: 2 };
  assert.equal((await store.explain(move)).rule, "R-TILE-2");
  await store.explain(move);
  assert.equal(engine.calls.filter((m) => m === "explain").length, 1);
  const played = store.play({ notation: "m0" }); // its answer comes first: a new view
  const stale = store.explain({ ...move, clock: 4 });
  await played;
  assert.equal(await stale, undefined);
});

test("who is to move: people and computers", async () => {
  const store = new GameStore(new FakeEngine());
  await store.newGame({ seats: [cpu, human], seed: 1 });
  assert.equal(store.hasComputers(), true);
  assert.equal(store.hasHumans(), true);
  assert.equal(store.personToMove(), false);
  assert.equal(store.isComputer(0), true);
});

// ---- the move log, sent as a change (game/view-log.js) ------------------------------------------

const wholeLogOf = (engine) => JSON.parse(JSON.stringify(engine.log()));

test("the log the subscribers see is whole after every play, undo, redo, new game and load", async () => {
  const engine = new FakeEngine();
  const store = new GameStore(engine);
  const logs = [];
  store.subscribe(({ view }) => logs.push([view.logFrom, view.state.log]));
  const check = () => assert.deepEqual(store.state.log, wholeLogOf(engine));
  await store.newGame({ seed: 1 });
  check();
  for (let i = 0; i < 5; i++) {
    await store.play({ notation: `m${i}` });
    check();
  }
  // Entries the page holds were sent once: a build step sends only its turn's entry again.
  assert.equal(logs.at(-1)[0], 2);
  await store.undo(); // takes back a placement: the last turn's entry goes
  check();
  await store.undo(); // takes back a build: the last turn's entry changes
  check();
  await store.redo();
  check();
  await store.play({ notation: "m4" });
  check();
  await store.load({ share: "1CODE7" });
  check();
  await store.newGame({ seed: 2 });
  assert.deepEqual(store.state.log, []);
});

test("a view the store did not ask for (another caller of the engine) makes the next log whole", async () => {
  const engine = new FakeEngine();
  const store = new GameStore(engine);
  await store.newGame({ seed: 1 });
  await store.play({ notation: "m0" });
  await store.play({ notation: "m1" });
  await engine.call("play", { move: { notation: "m2" } }); // e.g. window.taluva.call("play", …)
  await engine.call("undo", {});
  await store.play({ notation: "m2" });
  assert.equal(store.view.logFrom, 0);
  assert.deepEqual(store.state.log, wholeLogOf(engine));
  await store.play({ notation: "m3" });
  assert.equal(store.view.logFrom, 1);
  assert.deepEqual(store.state.log, wholeLogOf(engine));
});

test("an undo back to a person's step completes each answer from the one before", async () => {
  const engine = new FakeEngine();
  const store = new GameStore(engine);
  await store.newGame({ options: { players: 3 }, seed: 1, seats: [human, cpu, cpu] });
  for (let i = 0; i < 5; i++) await store.play({ notation: `m${i}` });
  await store.undo({ toPerson: true }); // four answers: the computers' steps, then the person's
  assert.equal(store.view.steps, 1);
  assert.deepEqual(store.state.log, wholeLogOf(engine));
});

test("wholeLog appends to the held entries, and refuses a change that skips some", () => {
  const held = [{ a: 1 }, { b: 2 }, { c: 3 }];
  assert.deepEqual(wholeLog(held, { logFrom: 2, state: { log: [{ c: 4 }, { d: 5 }] } }), [
    { a: 1 },
    { b: 2 },
    { c: 4 },
    { d: 5 },
  ]);
  assert.deepEqual(wholeLog(held, { logFrom: 0, state: { log: [{ z: 0 }] } }), [{ z: 0 }]);
  // A view of an earlier build, or any caller's, without logFrom: the log is whole.
  assert.deepEqual(wholeLog(held, { state: { log: [{ z: 0 }] } }), [{ z: 0 }]);
  assert.throws(() => wholeLog(held, { logFrom: 4, state: { log: [] } }), /after entry 4, but the page holds 3/);
});
