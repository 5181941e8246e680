// Play a friend by link (docs/sharing.md, "Games by link in the page"): the page's side of a game passed from
// device to device. The engine checks every link and draws every tile (bridge bylink*); this
// module opens links (joining, moving the kept game on, or saying a link is older than the kept
// one), says what the friends did since this device's last turn, and offers the link to send
// after each turn. The game, this device's secret of it and its last link are a kept game
// (games/library.js `bylink`), written by the keeper like any other. It holds no rule and never
// reads a link itself. Its hash is share/bylink-hash.js's.

import { cleanName, linkNames, unnamed } from "../game/seats.js";
import { byLinkEntryId } from "../games/library.js";
import { list, onLanguageChange, t } from "../i18n/messages.js";
import { moveText } from "../i18n/move-text.js";
import { formatByLinkHash } from "../share/bylink-hash.js";
import { byLinkProblem } from "../share/bylink-problem.js";
import { showNotice } from "../share/notice.js";
import { h } from "../base/dom.js";
import { pageUrl } from "../share/share-dialog.js";
import { sendRow as linkRow } from "./send-row.js";

/**
 * The turns the friends played since this device's seat last moved (the last `players - 1` at
 * most), in words: ["Bo played: tile beside the jungle and new settlement on the lake."].
 */
export function friendsTurns(state, seats, seat) {
  const said = [];
  const log = state?.log ?? [];
  // The turn in play (this device's, its tile drawn) is nobody's news.
  const played = ["place", "build"].includes(state?.phase) ? log.slice(0, -1) : log;
  for (const turn of [...played].reverse()) {
    if (turn.seat === seat || said.length >= seats.length - 1 || !turn.placementMove) break;
    const moves = [
      moveText(turn.placementMove, { seats, covered: turn.covered }),
      moveText(turn.buildMove, { seats }),
    ].filter(Boolean);
    const name = seats[turn.seat]?.name ?? t("seat.default-name", { n: turn.seat + 1 });
    said.unshift(t("bylink.played", { name, moves: list(moves) }));
  }
  return said;
}

/**
 * The by-link flow over `store`: create(), open() and the panel that says whose turn it is and
 * offers the link. `games`: the kept games (games/games.js), where each game's secret and last
 * link are kept; without storage, they are kept for the visit. `mount(panel)` puts the panel in
 * the game screen's layout (under the step bar: never over the board).
 */
export function createByLink({ store, games, mount = (panel) => document.body.append(panel) }) {
  let panel = null;
  let handing = false;
  let asking = null; // {id, link, info, seen}: a friend invited by a link, asked their name before joining
  const visit = new Map(); // entry id -> {seat, secret, link, seats}: kept when storage is not
  const makers = new Set(); // onLink's listeners: told each link this device makes, before it shows
  const made = (link) => makers.forEach((fn) => fn(link));

  const names = () => store.seats.map((s) => s.name);
  const nameOf = (seat) => names()[seat] || t("seat.default-name", { n: seat + 1 });

  /** This device's kept facts of a game: {seat, secret, link, seats}, or null. */
  async function kept(gameId) {
    const id = byLinkEntryId(gameId);
    const entry = games.available ? await games.entry(id).catch(() => null) : null;
    if (!entry?.bylink) return visit.get(id) ?? null;
    const { seat, secret, link } = entry.bylink;
    return { seat, secret, link, seats: entry.seats };
  }

  /** Show a link of the game `gameId` with this device's secret, the kept seats or the link's names. */
  async function show(link, secret, gameId, { seats = [], names = [] } = {}) {
    const id = byLinkEntryId(gameId);
    await store.openByLink({ link, secret, seats, names, id });
    visit.set(id, { seat: store.view.bylink.seat, secret, link, seats: store.seats });
  }

  async function create({ options, seats = [] }) {
    // The creator signs its own name into the game (a default name stays unsaid).
    const made = await store.call("bylinkCreate", { options, name: linkNames(seats)[0] ?? "" });
    await show(made.link, made.secret, made.gameId, { names: seats.map((s) => s.name ?? "") });
    return made.link;
  }

  /**
   * Open a by-link game's link on this device: ask a friend invited by it their name and join,
   * move the kept game on (its new turns animate), or show it. An older link than the kept one is
   * said, and changes nothing. `name`: a friend who gave their name already (a live table's,
   * live/live.js) joins with it, unasked.
   */
  async function open(link, hashNames = [], { name = null } = {}) {
    const info = await read(link);
    const mine = await kept(info.gameId);
    // The kept seats, named as the link names them where it does.
    const seen = { seats: mine?.seats ?? [], names: hashNames };
    if (isInvitation(info, mine)) return invited(link, info, seen, name);
    if (!info.signed) showNotice(t("fair.weaker"), { kind: "info", testid: "bylink-weaker" });
    if (!mine?.link) return show(link, mine?.secret ?? null, info.gameId, seen);
    return moveOn(link, mine, info.gameId, seen);
  }

  // A joining link that asks this device to join: not on its way back down to seat 0 (confirming),
  // and no seat of it kept here.
  const isInvitation = (info, mine) => info.stage === "joining" && !info.confirming && !mine?.secret;

  /**
   * A friend invited by `link`: the game as it stands, and the panel asks their name first, since
   * joining signs it into the game (the name the link gave the seat, to keep or change).
   */
  async function invited(link, info, seen, name = null) {
    if (name) return join({ link, info, seen }, name);
    asking = { id: byLinkEntryId(info.gameId), link, info, seen };
    await show(link, null, info.gameId, seen);
  }

  /** Join the game of `link` as the next seat, which signs `name` into it. */
  async function join({ link, info, seen }, name) {
    const joined = await store.call("bylinkJoin", { link, name });
    made(joined.link);
    const names = [...seen.names];
    names[info.joined] = name;
    return show(joined.link, joined.secret, joined.gameId, { ...seen, names });
  }

  /**
   * A link checked by the engine; one it refuses for a change is checked again against the game
   * this device keeps of it, which says who changed what (the error then carries this device's
   * seat and kept names, for byLinkProblem).
   */
  async function read(link) {
    try {
      return await store.call("bylinkRead", { link });
    } catch (error) {
      const mine = error?.args?.gameId ? await kept(error.args.gameId) : null;
      if (!mine?.link) throw error;
      throw await against(link, mine).then(
        () => error,
        (precise) => precise,
      );
    }
  }

  /** The engine's word on `link` against this device's kept game `mine`: {relation}, or its refusal. */
  function against(link, mine) {
    return store.call("bylinkRead", { link, kept: mine.link, secret: mine.secret }).catch((error) => {
      error.bylinkSeat = mine.seat;
      error.bylinkNames = mine.seats?.map((s) => s.name);
      throw error;
    });
  }

  /** A link of a game this device keeps (`mine`): shown if it is not older than the kept one. */
  async function moveOn(link, mine, gameId, seen) {
    const { relation } = await against(link, mine);
    const onScreen = store.gameId === byLinkEntryId(gameId);
    if (relation === "behind") {
      showNotice(t("fair.older"), { kind: "info", testid: "bylink-notice" });
      if (!onScreen) await show(mine.link, mine.secret, gameId, seen);
      return;
    }
    if (onScreen && relation === "same") return; // shown already (a turn begun stays as it is)
    // The kept position first, so that the turns the link adds play on the board.
    if (!onScreen && relation === "ahead") await show(mine.link, mine.secret, gameId, seen);
    await show(link, mine.secret, gameId, seen);
  }

  /**
   * A link of the by-link game on screen (a live table's, live/live.js), checked against the
   * game as shown rather than its kept copy (no storage read: a friend's move shows sooner).
   */
  function openOnScreen(link) {
    const game = store.view.bylink;
    const mine = { seat: game.seat, secret: store.byLinkSecret, link: game.link, seats: store.seats };
    return moveOn(link, mine, game.gameId, { seats: store.seats, names: [] });
  }

  /** After each change: hand a finished turn on, and say whose turn it is. */
  async function follow({ view }) {
    const game = view?.bylink;
    if (!game) {
      panel?.remove();
      panel = null;
      return;
    }
    if (game.canHandOn && !handing) {
      handing = true;
      try {
        const passed = await store.call("bylinkHandOn");
        made(passed.link);
        await show(passed.link, store.byLinkSecret, passed.gameId, { seats: store.seats });
      } finally {
        handing = false;
      }
      return;
    }
    render(game, view.state);
  }

  // Every sentence from the reader's side: "Your turn", "Send this link to Bo".
  function message(game) {
    if (game.stage === "over") return t("fair.over");
    const friend = unnamed(store.seats, game.toAct) ? null : nameOf(game.toAct);
    if (game.stage === "joining" && game.confirming) return t("fair.send-confirm", { name: nameOf(game.toAct) });
    if (game.stage === "joining") return friend ? t("fair.send-join", { name: friend }) : t("bylink.send-join-friend");
    if (game.toAct === game.seat) return t("fair.your-turn", { name: nameOf(game.seat) });
    if (game.seat === null) return t("fair.waiting", { name: nameOf(game.toAct) });
    return t("fair.send-turn", { name: nameOf(game.toAct) });
  }

  // What the share sheet's message says to the friend it goes to, from their side.
  const SEND_TEXT = { joining: "bylink.send.join", playing: "bylink.send.turn", over: "bylink.send.over" };
  const sendText = (game) => t(SEND_TEXT[game.stage] ?? "bylink.send.turn");

  function render(game, state) {
    const box = h("section", {
      class: "tg-bylink",
      dataset: {
        testid: "bylink-panel",
        stage: game.stage,
        toAct: String(game.toAct ?? ""),
        seat: String(game.seat ?? ""),
      },
      role: "region",
      aria: { label: t("fair.option") },
    });
    if (asking?.id === store.gameId && game.seat === null) {
      box.append(...nameQuestion());
    } else {
      const said = game.stage === "joining" ? [] : friendsTurns(state, store.seats, game.seat);
      if (said.length)
        box.append(h("p", { class: "tg-bylink-news", dataset: { testid: "bylink-friends-turns" } }, said.join(" ")));
      box.append(
        h("p", { class: "tg-bylink-text", role: "status", dataset: { testid: "bylink-text" } }, message(game)),
      );
      if (!(game.stage === "playing" && game.toAct === game.seat)) box.append(...sendRow(game));
    }
    if (panel) panel.replaceWith(box);
    else mount(box);
    panel = box;
  }

  // The link to send, and Send: the phone's share sheet where there is one, a copy elsewhere.
  function sendRow(game) {
    const url = pageUrl(null, formatByLinkHash(game.link, linkNames(store.seats)));
    const name = unnamed(store.seats, game.toAct) ? null : nameOf(game.toAct);
    return linkRow({ url, text: sendText(game), name });
  }

  // A friend invited by a link: their name first (the one the link gave their seat, to change or
  // keep), then they join with it.
  function nameQuestion() {
    const { info, seen } = asking;
    const creator = unnamed(store.seats, 0) ? null : nameOf(0);
    const given = cleanName(seen.names[info.joined] ?? "");
    const input = h("input", {
      class: "tg-bylink-name",
      name: "bylink-name",
      maxlength: "24",
      autocomplete: "nickname",
      required: true,
      value: given,
      dataset: { testid: "bylink-name" },
      aria: { label: t("bylink.your-name") },
    });
    const submit = (event) => {
      event.preventDefault();
      const name = cleanName(input.value);
      if (!name || !asking) return input.focus();
      const invitation = asking;
      asking = null;
      join(invitation, name).catch((error) => {
        asking = invitation;
        showNotice(t("fair.refused", { problem: byLinkProblem(error, names()) }), { testid: "bylink-notice" });
      });
    };
    return [
      h(
        "p",
        { class: "tg-bylink-text", dataset: { testid: "bylink-text" } },
        creator ? t("bylink.invited", { name: creator }) : t("bylink.invited-anon"),
      ),
      h(
        "form",
        { class: "tg-bylink-row", onsubmit: submit },
        h("label", { class: "tg-bylink-label" }, t("bylink.your-name"), input),
        h(
          "button",
          { type: "submit", class: "tg-btn tg-btn-primary", dataset: { testid: "bylink-join" } },
          t("bylink.join"),
        ),
      ),
    ];
  }

  // A switch of language: the panel says it all again, a name being typed kept in its field.
  onLanguageChange(() => {
    const game = store.view?.bylink;
    if (!panel || !game) return;
    const typed = panel.querySelector("[data-testid=bylink-name]")?.value;
    render(game, store.view.state);
    const field = panel.querySelector("[data-testid=bylink-name]");
    if (field && typed !== undefined) field.value = typed;
  });

  const onChange = (change) =>
    follow(change).catch((error) =>
      showNotice(t("fair.refused", { problem: byLinkProblem(error, names(), store.view?.bylink?.seat) }), {
        testid: "bylink-notice",
      }),
    );
  store.subscribe(onChange);
  // The page makes this on first use (app.js): a by-link game may be on screen already.
  if (store.view?.bylink) onChange({ view: store.view });

  return {
    create,
    open,
    openOnScreen,
    /** `fn(link)` for each link this device makes (joining, confirming, handing on), at once. */
    onLink: (fn) => makers.add(fn),
    /** The link to send now (the last one this device made or opened), or null. */
    link: () =>
      store.view?.bylink ? pageUrl(null, formatByLinkHash(store.view.bylink.link, linkNames(store.seats))) : null,
  };
}
