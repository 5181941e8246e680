// Live games (docs/sharing.md, "Live games"; issue 43): a by-link game whose links travel over a
// WebRTC data channel instead of a chat. The inviter's device makes the by-link game and an
// invitation per friend seat; each friend answers; once a channel is open, every link a device
// makes (join, confirm, hand-on) goes over it, and every link received is opened as a pasted one
// is (bylink.js open): the engine checks it all, draws every tile, and the game is a kept game.
// A placement goes over as it is made (the engine's step message). At 3-4 players each friend
// is connected to the inviter, who relays. A channel that drops leaves the by-link panel's link
// to send: the game goes on by link from where it is, and "Play live" connects again.

import { answer, invite } from "./peer.js";
import { liveHash, readAnswer, readInvite, readLiveHash } from "./signal.js";
import { iceServers } from "./ice-config.js";
import { deliverAnswer, listenForAnswers } from "./handoff.js";
import { createLivePanel } from "./live-panel.js";
import { canConnectLive } from "./webrtc.js";
import { answerSeat, direct, joinsNow, linkProblemKey, refusalKind, relayTargets } from "./live-table.js";
import { createPresence } from "./live-presence.js";
import { cleanName, unnamed } from "../game/seats.js";
import { byLinkEntryId } from "../games/library.js";
import { t } from "../i18n/messages.js";
import { byLinkProblem } from "../share/bylink-problem.js";
import { showNotice } from "../share/notice.js";
import { pageUrl } from "../share/share-dialog.js";

/** localStorage: "1" once the page said what a direct connection shows (docs/formats.md). */
export const PRIVACY_KEY = "taluva.live.privacy-said";

// The engine's doors for live messages (bridge doors.py; web/API.md).
const DOOR = { read: "liveRead", write: "liveWrite", stepOut: "liveStepOut", stepIn: "liveStepIn" };

/**
 * The live table of the game on screen over `store`: `byLink` opens and makes its links
 * (bylink.js), `games` keeps them, `say(text)` tells the status area, `mount(panel)` puts the
 * panel in the layout, `hold(on)` holds the game on screen out of reach while a friend's
 * invited game is on its way, `storage` remembers that the privacy note was said.
 */
export function createLive({ store, games, byLink, say = () => {}, mount, hold = () => {}, storage = null }) {
  let table = null; // {gameId, seat, name, hub, friends: Map<seat, friend>, inviteText, asking, note}
  let incoming = null; // {link, from}: a received link being opened, and whose it was
  let sentLink = null; // the last link of the table's game sent on (or received)
  let inbox = Promise.resolve(); // received messages, one at a time and in order
  let outbox = Promise.resolve(); // sent ones likewise
  let stopListening = () => {};
  const panel = createLivePanel({
    mount,
    actions: {
      answer: (text, seat) => takeAnswer(text, seat),
      join: (name) => answerInvite(name),
      again: () => host().catch(problem),
    },
  });

  const friends = () => [...(table?.friends.values() ?? [])];
  const game = () => store.view?.bylink ?? null;
  const onTable = () => table !== null && game()?.gameId === table.gameId;
  const seatName = (seat) => (unnamed(store.seats, seat) ? null : store.seats[seat]?.name);
  const problem = (error) => console.warn("Taluva: live table:", error);
  const nameOf = (friend) => friend.name || seatName(friend.seat) || t("seat.default-name", { n: friend.seat + 1 });
  const { presence, dropped } = createPresence({
    table: () => table,
    friends,
    post,
    say,
    nameOf,
    refused,
    render,
  });

  /** A new by-link game from the New game dialog, its friends invited live. */
  async function start({ options, seats }) {
    await byLink.create({ options, seats });
    await host();
  }

  /** Invite every other seat of the by-link game on screen (new, or in progress: a reconnection). */
  async function host() {
    const on = game();
    if (!on || on.seat === null || !canConnectLive()) return;
    close();
    table = { gameId: on.gameId, seat: on.seat, name: seatName(on.seat), hub: true, friends: new Map() };
    const servers = await iceServers();
    tellPrivacy(servers);
    const names = store.seats.map((s, i) => seatName(i) ?? "");
    for (let seat = 0; seat < on.players; seat++) {
      if (seat === on.seat) continue;
      const friend = { seat, name: seatName(seat), state: "invite" };
      table.friends.set(seat, friend);
      const made = await invite({
        iceServers: servers,
        label: "taluva",
        game: { gameId: on.gameId, seat, from: on.seat, name: table.name ?? "", players: names },
      });
      Object.assign(friend, {
        url: pageUrl(null, liveHash("invite", made.text)),
        accept: made.accept,
        end: made.close,
      });
    }
    stopListening = listenForAnswers((text) => takeAnswer(text));
    render();
  }

  /** An answer (pasted, opened in this tab, or handed over from another): connect its friend. */
  async function takeAnswer(text, given = null) {
    const clean = String(text)
      .trim()
      .replace(/^.*#live-answer=/, "");
    let read;
    try {
      read = await readAnswer(clean);
    } catch (error) {
      return refuseLink("live.answer.bad", error);
    }
    const friend = answerFor(read.game ?? {}, given);
    if (!friend) return refuseLink("live.answer.bad", { code: "other" });
    friend.name = cleanName(read.game?.name ?? "") || friend.name;
    friend.state = "connecting";
    render();
    friend.accept(clean).then(
      (channel) => connected(friend, channel),
      (error) => failed(friend, error),
    );
    return true; // taken (handoff.js tells the tab it came from); the channel opens meanwhile
  }

  /** The friend waiting for the answer whose `game` is this (`given`: the seat of its field). */
  function answerFor(answered, given) {
    if (!table?.hub || (answered.gameId && answered.gameId !== table.gameId)) return null;
    const waiting = friends().filter((f) => f.state === "invite");
    const seat = answerSeat(
      answered,
      waiting.map((f) => f.seat),
      given,
    );
    return table.friends.get(seat) ?? null;
  }

  /** Open a `#live=` or `#live-answer=` hash; false when it is neither. */
  async function openHash(hash) {
    const link = readLiveHash(hash);
    if (!link) return false;
    if (link.kind === "answer") {
      if (table?.hub && friends().some((f) => f.state === "invite")) await takeAnswer(link.text);
      else {
        const took = await deliverAnswer(link.text);
        showNotice(t(took ? "live.answer.handed" : "live.answer.nobody"), { kind: "info", testid: "live-notice" });
      }
      return true;
    }
    await openInvite(link.text);
    return true;
  }

  /** A friend opens an invitation: asked their name first, unless this device keeps the game. */
  async function openInvite(text) {
    if (!canConnectLive()) return cannotConnect(text);
    let read;
    try {
      read = await readInvite(text);
    } catch (error) {
      return refuseLink("live.invite.bad", error);
    }
    const { gameId, seat, from, name } = read.game ?? {};
    close();
    const host = { seat: from, name: cleanName(name ?? "") || null, state: "asking" };
    table = { gameId, seat, name: null, hub: false, friends: new Map([[from, host]]), inviteText: text };
    const entry = games.available ? await games.entry(byLinkEntryId(gameId)).catch(() => null) : null;
    if (entry?.bylink?.secret) {
      await byLink.open(entry.bylink.link); // the kept game on screen, then a new pair of links
      return answerInvite(seatName(entry.bylink.seat) ?? "");
    }
    table.asking = true;
    render();
  }

  /**
   * No WebRTC here: said in the panel before anything else, the inviter named when the
   * invitation reads, and by link offered instead; the game on screen stays as it is.
   */
  async function cannotConnect(text) {
    const read = await readInvite(text).catch(() => null);
    const name = cleanName(read?.game?.name ?? "");
    close();
    table = {
      gameId: null,
      hub: false,
      friends: new Map(),
      unable: t("live.unable", { named: name ? "yes" : "no", name }),
    };
    render();
  }

  /** The friend's answer to the invitation, made once they gave their name. */
  async function answerInvite(name) {
    if (!table || table.hub) return;
    table.name = cleanName(name);
    table.asking = false;
    const host = friends()[0];
    const servers = await iceServers();
    tellPrivacy(servers);
    const made = await answer(table.inviteText, {
      iceServers: servers,
      game: { gameId: table.gameId, seat: table.seat, name: table.name },
    });
    Object.assign(host, { state: "answer", url: pageUrl(null, liveHash("answer", made.text)), end: made.close });
    render();
    made.channel.then(
      (channel) => connected(host, channel),
      (error) => failed(host, error),
    );
  }

  /** A channel open to `friend`: say hello, and hand them this device's latest link. */
  async function connected(friend, channel) {
    Object.assign(friend, { channel, open: true });
    if (friend.state !== "here") friend.state = "connecting";
    stopListening();
    channel.onMessage((text) => (inbox = inbox.then(() => receive(friend, text)).catch(problem)));
    channel.onRefused(() => refused(friend, { code: "too-long" }));
    channel.onClose(() => dropped(friend));
    post([friend.seat], "hello", { name: table.name ?? "", gameId: table.gameId, seat: table.seat });
    if (onTable()) {
      sentLink = game().link;
      post([friend.seat], "link", { link: sentLink });
    }
    render();
  }

  /** A message from `friend`'s device, checked by the engine before anything acts on it. */
  async function receive(friend, text) {
    if (!friend.open) return;
    let message;
    try {
      message = await store.call(DOOR.read, { text });
    } catch (error) {
      return refused(friend, error);
    }
    if (["hello", "bye"].includes(message.type)) return presence(friend, message);
    if (!["link", "step"].includes(message.type)) return;
    // The inviter passes it on at once: every device checks all it receives, so the relay adds
    // no trust, only its hop.
    if (table.hub) relay(text, friend.seat);
    try {
      if (message.type === "link") await takeLink(message.link, friend);
      else await takeStep(text, friend);
    } catch (error) {
      refused(friend, error);
    }
  }

  /** A link from `friend`: joined with (a seat's turn to join), moved on to, or left as older. */
  async function takeLink(link, friend) {
    const on = onTable() ? game() : null;
    if (on?.seat === null || (!on && !(await keptSecret()))) {
      // No seat of the game here yet: join when the link asks for this seat, else wait for it.
      const info = await store.call("bylinkRead", { link });
      if (!joinsNow(info, table.seat)) return;
      incoming = { link, from: friend.seat };
      return byLink.open(link, [], { name: table.name || t("seat.default-name", { n: table.seat + 1 }) });
    }
    if (on && !friend.swapped) {
      // The first link of a connection: the devices swap their latest, and the one ahead wins.
      friend.swapped = true;
      const { relation } = await store.call("bylinkRead", { link, kept: on.link, secret: store.byLinkSecret });
      if (relation !== "ahead") return;
    }
    incoming = { link, from: friend.seat };
    await (on ? byLink.openOnScreen(link) : byLink.open(link, []));
  }

  async function keptSecret() {
    const entry = games.available ? await games.entry(byLinkEntryId(table.gameId)).catch(() => null) : null;
    return entry?.bylink?.secret ?? null;
  }

  /** A friend's placement, as it is made: on screen within the turn, checked against the last link. */
  async function takeStep(text) {
    if (!onTable()) return;
    await store.openLiveStep({ method: DOOR.stepIn, link: game().link, text, secret: store.byLinkSecret });
  }

  // ---- sending ------------------------------------------------------------------------------

  /** Write a message through the engine and send it to `seats`, in order after the ones before. */
  function post(seats, type, body) {
    if (!seats.length) return;
    outbox = outbox
      .then(async () => {
        const message = await store.call(DOOR.write, { type, ...body });
        send(seats, message);
      })
      .catch(problem);
  }

  /** The inviter passes a friend's checked message on to the others, as it came. */
  function relay(text, from) {
    const seats = relayTargets(friends(), from);
    if (seats.length) outbox = outbox.then(() => send(seats, JSON.parse(text))).catch(problem);
  }

  function send(seats, message) {
    for (const seat of seats) {
      const friend = table?.friends.get(seat);
      try {
        if (friend?.open) friend.channel.send(typeof message === "string" ? JSON.parse(message) : message);
      } catch (error) {
        problem(error);
      }
    }
  }

  // A link this device makes goes out at once, before it is shown here.
  byLink.onLink((link) => {
    if (!table || !friends().some((f) => f.open)) return;
    sentLink = link;
    post(relayTargets(friends()), "link", { link });
  });

  // Every new link of the table's game goes to the friends; a placement this device makes goes
  // over as it is made.
  store.subscribe((change) => {
    if (onTable()) {
      const link = game().link;
      // A link received went on already (the inviter relays what it reads); one made here, or
      // shown here first (a kept game reopened), goes to every friend.
      if (link !== sentLink) {
        sentLink = link;
        if (incoming?.link !== link) post(relayTargets(friends()), "link", { link });
      }
      if (change.cause === "play" && change.by !== "friend" && change.view.state.phase === "build") {
        outbox = outbox
          .then(() => store.call(DOOR.stepOut))
          .then((message) => send(relayTargets(friends()), message))
          .catch(problem);
      }
    }
    render();
  });

  // ---- presence and trouble -----------------------------------------------------------------

  // A connection that never opened (no direct path within 10 s, or given up): by link it goes on.
  function failed(friend, error) {
    problem(error);
    Object.assign(friend, { open: false, state: "failed" });
    table.note = t("live.no-connection");
    render();
  }

  /** A message the engine (or the channel) refused: said, and the game on screen is unchanged. */
  function refused(friend, error) {
    const { key, problem } = refusalKind(error);
    const names = store.seats.map((s) => s.name);
    const said = problem ? t(problem) : byLinkProblem(error, names, game()?.seat);
    showNotice(t(key, { name: nameOf(friend), problem: said }), { testid: "live-refused" });
  }

  function refuseLink(key, error) {
    showNotice(t(key, { problem: t(linkProblemKey(error)) }), { testid: "live-notice" });
    return false;
  }

  /** Once per device, before its first connection: a direct connection shows the addresses. */
  function tellPrivacy(servers) {
    try {
      if (storage?.getItem(PRIVACY_KEY)) return;
      storage?.setItem(PRIVACY_KEY, "1");
    } catch {
      /* a storage that refuses: said each time */
    }
    // In the panel, beside the links it is about, until a friend is here: a notice over the
    // screen would cover the status line and the seats while the player sets the table up.
    if (table) table.privacy = t("live.privacy", { stun: servers.length ? "yes" : "no" });
  }

  /** End the table (a new one, or a game that left the screen): a bye to each friend. */
  function close() {
    if (!table) return;
    stopListening();
    for (const friend of friends()) {
      if (friend.open) send([friend.seat], { v: 1, type: "bye" }); // the engine's own form
      friend.open = false;
      friend.channel?.close();
      friend.end?.();
    }
    table = null;
    sentLink = null;
  }

  // A tab closed or left: the friends hear a bye at once rather than a channel gone quiet.
  addEventListener("pagehide", () => close());

  function render() {
    const all = direct(friends());
    // The by-link panel's link to send gives way while the table is being set up or every
    // friend is here (live.css); it comes back when a connection fails or drops.
    const live = onTable() && all.length > 0 && !all.some((f) => ["left", "failed"].includes(f.state));
    if (live) document.body.dataset.live = "on";
    else delete document.body.dataset.live;
    // A friend answering an invitation, its game not yet here: the game on screen is another one.
    hold(
      Boolean(table && !table.hub && !table.unable && !onTable()) &&
        friends().some((friend) => ["asking", "answer", "connecting"].includes(friend.state)),
    );
    panel.render({
      table: table && { ...table, friends: friends().map((f) => ({ ...f, named: Boolean(f.name), name: nameOf(f) })) },
      onTable: onTable(),
      canHost: canConnectLive(),
      bylink: game(),
      seats: store.seats,
    });
  }
  render();

  return {
    start,
    host,
    openHash,
    takeAnswer,
    close,
    /** For the tests (e2e/test_live.py): raw text to a friend's device, and a dropped channel. */
    test: {
      raw: (seat, text) => table?.friends.get(seat)?.channel?.dataChannel.send(text),
      drop: (seat) => table?.friends.get(seat)?.channel?.close(),
      state: () => friends().map(({ seat, name, state }) => ({ seat, name, state })),
    },
  };
}
