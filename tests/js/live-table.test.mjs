// A live table's pure rules (web/js/live/live-table.js): who a message goes on to, when a
// friend's device joins, which invitation an answer is for, and how a refusal is said.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  answerSeat,
  direct,
  joinsNow,
  linkProblemKey,
  othersFor,
  othersHere,
  presenceSeat,
  refusalKind,
  relayTargets,
} from "../../web/js/live/live-table.js";
import { canConnectLive, isLiveHash } from "../../web/js/live/entry.js";

const friends = [
  { seat: 1, open: true, state: "here", name: "Bo" },
  { seat: 2, open: true, state: "here", name: "Cy" },
  { seat: 3, open: false, state: "left", name: "Di" },
];

test("a message goes on to every open friend but the one it came from", () => {
  assert.deepEqual(relayTargets(friends), [1, 2]);
  assert.deepEqual(relayTargets(friends, 1), [2]);
  assert.deepEqual(relayTargets(friends, 2), [1]);
  assert.deepEqual(relayTargets([{ seat: 0, open: true }], 0), []); // a friend's device: back to nobody
  assert.deepEqual(othersHere(friends), ["Bo", "Cy"]);
});

test("a friend's device joins only with a link asking for the seat its invitation named", () => {
  const joining = { stage: "joining", confirming: false, joined: 1 };
  assert.equal(joinsNow(joining, 1), true);
  assert.equal(joinsNow(joining, 2), false); // seat 1 joins first: seat 2 waits for the next link
  assert.equal(joinsNow({ ...joining, joined: 2 }, 2), true);
  assert.equal(joinsNow({ ...joining, confirming: true }, 1), false); // on its way back down
  assert.equal(joinsNow({ stage: "playing", joined: 2 }, 1), false);
  assert.equal(joinsNow(null, 1), false);
});

test("an answer is for the seat it names, the field it was pasted in, or the only one waiting", () => {
  assert.equal(answerSeat({ seat: 2 }, [1, 2]), 2);
  assert.equal(answerSeat({ seat: 2 }, [1, 2], 1), 1); // the row's own field wins
  assert.equal(answerSeat({}, [3]), 3);
  assert.equal(answerSeat({}, [1, 2]), null); // two waiting, the answer names none
  assert.equal(answerSeat({ seat: 1 }, [2]), 2); // seat 1 answered already: the one still waiting
  assert.equal(answerSeat({ seat: 1 }, []), null);
});

test("a refused message is said by what was wrong, an illegal move as one", () => {
  assert.deepEqual(refusalKind({ code: "bylink-move", args: { rule: "R-TILE-1" } }), {
    key: "live.refused.move",
    problem: null,
  });
  assert.deepEqual(refusalKind({ code: "bylink-chain" }), { key: "live.refused", problem: null });
  const said = (error) => refusalKind(error).problem;
  assert.equal(said({ code: "live-message", args: { problem: "too-long", length: 20000 } }), "live.problem.too-long");
  assert.equal(said({ code: "too-long" }), "live.problem.too-long"); // the channel's own refusal
  assert.equal(said({ code: "live-version", args: { version: 2 } }), "live.problem.version");
  assert.equal(said({ code: "live-step", args: { problem: "game" } }), "live.problem.other-game");
  assert.equal(said({ code: "live-message", args: { problem: "not-json" } }), "live.problem.damaged");
  assert.equal(said(new Error("anything")), "live.problem.damaged");
});

test("a live link that does not read is said by its kind", () => {
  assert.equal(linkProblemKey({ code: "kind" }), "live.link.kind");
  assert.equal(linkProblemKey({ code: "version" }), "live.link.version");
  for (const code of ["encoding", "compression", "format", "too-long", undefined])
    assert.equal(linkProblemKey({ code }), "live.link.damaged");
});

test("the page's start knows a live link by its hash alone (live.js reads it whole)", () => {
  assert.equal(isLiveHash("#live=eJx"), true);
  assert.equal(isLiveHash("#live-answer=eJx"), true);
  assert.equal(isLiveHash("#f=3abc"), false);
  assert.equal(isLiveHash("#g=ABC&live=1"), false);
  assert.equal(isLiveHash(undefined), false);
});

test("the inviter names to a friend who arrives every other friend here, and no one gone", () => {
  const arriving = { seat: 3, open: true, state: "connecting", name: "Di" };
  const table = [...friends.slice(0, 2), arriving];
  assert.deepEqual(
    othersFor(table, 3).map((f) => f.name),
    ["Bo", "Cy"],
  );
  assert.deepEqual(
    othersFor(table, 1).map((f) => f.name),
    ["Cy"],
  );
  assert.deepEqual(othersFor(friends, 2), [friends[0]]); // Di left: not named
  assert.deepEqual(othersFor([], 1), []);
});

test("a hello or bye from the inviter is about another friend when it names another seat", () => {
  const fromAnn = 0;
  assert.equal(presenceSeat({ type: "hello", name: "Ann", seat: 0 }, fromAnn), null); // Ann's own
  assert.equal(presenceSeat({ type: "hello", name: "Cy", seat: 2 }, fromAnn), 2);
  assert.equal(presenceSeat({ type: "bye", seat: 2 }, fromAnn), 2);
  assert.equal(presenceSeat({ type: "bye" }, fromAnn), null); // Ann leaves
  assert.equal(presenceSeat({ type: "hello", name: "Ann", seat: null }, fromAnn), null);
});

test("a friend's panel knows the inviter's row from the friends the inviter named", () => {
  const table = [
    { seat: 0, open: true, state: "here", name: "Ann" },
    { seat: 2, state: "here", name: "Cy", relayed: true },
  ];
  assert.deepEqual(
    direct(table).map((f) => f.seat),
    [0],
  );
  assert.deepEqual(othersHere(table), ["Ann", "Cy"]); // "Ann and Cy are here"
  assert.deepEqual(relayTargets(table), [0]); // nothing is sent to a friend named, only to Ann
});

test("a browser without WebRTC is known before any connection is tried", () => {
  assert.equal(canConnectLive({}), false);
  assert.equal(canConnectLive({ RTCPeerConnection: undefined }), false);
  assert.equal(canConnectLive({ RTCPeerConnection: {} }), false);
  assert.equal(canConnectLive({ RTCPeerConnection: class {} }), true);
  assert.equal(canConnectLive(null), false);
  assert.equal(canConnectLive(), typeof globalThis.RTCPeerConnection === "function");
});
