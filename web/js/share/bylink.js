// Play a friend by link (docs/formats.md, "By-link links"): the page's side of a game
// passed from device to device. The engine checks every link and draws every tile (bridge
// bylink*); this module keeps each game's secret and last link on this device, opens links, and
// offers the link to send after each turn. It holds no rule and never reads a link itself.
// Its hash is share/bylink-hash.js's.

import { t } from "../i18n/messages.js";
import { formatByLinkHash } from "./bylink-hash.js";
import { showNotice } from "./notice.js";
import { pageUrl } from "./share-dialog.js";

const STORAGE_KEY = "taluva.bylink.v1";
const ERRORS = {
  "bylink-format": "fair.error.format",
  "bylink-chain": "fair.error.chain",
  "bylink-move": "fair.error.move",
  "bylink-secret": "fair.error.secret",
  "bylink-history": "fair.error.history",
};

/**
 * This device's by-link games, by the engine's game id: {seat, secret, link, names}. A secret
 * is kept here and sent to this page's own engine only. Storage that is blocked keeps them for
 * the visit.
 */
export class ByLinkKeeper {
  #memory = {};

  constructor(storage = globalThis.localStorage) {
    this.storage = storage;
  }

  #read() {
    try {
      const data = JSON.parse(this.storage?.getItem(STORAGE_KEY) ?? "{}");
      return data && typeof data === "object" ? data : {};
    } catch {
      return this.#memory;
    }
  }

  get(id) {
    return this.#read()[id] ?? null;
  }

  put(id, entry) {
    const all = this.#read();
    all[id] = { ...all[id], ...entry, updatedAt: Date.now() };
    this.#memory = all;
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify(all));
    } catch {
      /* blocked or full: kept for this visit */
    }
    return all[id];
  }
}

/** A person's sentence for a by-link error (the engine's code; its facts name seats from 0). */
export function byLinkProblem(error, names = []) {
  const key = ERRORS[error?.code];
  if (!key) return error?.message ?? String(error);
  const args = error.args ?? {};
  const seat = Number.isInteger(args.seat) ? args.seat : 0;
  return t(key, { name: names[seat] || t("seat.default-name", { n: seat + 1 }), turn: args.turn ?? 0 });
}

/**
 * The by-link flow over `store`: create(), open() and the panel that says whose turn it is and
 * offers the link. `keeper`: where secrets are kept (a ByLinkKeeper).
 */
export function createByLink({ store, keeper = new ByLinkKeeper() }) {
  let panel = null;
  let names = [];
  let handing = false;

  const nameOf = (seat) => names[seat] || t("seat.default-name", { n: seat + 1 });
  const idOf = (gameId) => `bylink-${gameId}`;

  async function show(link, secret, gameId) {
    await store.openByLink({ link, secret, names, id: idOf(gameId) });
  }

  async function create({ options, seats = [] }) {
    const made = await store.call("bylinkCreate", { options });
    names = seats.map((s) => s.name ?? "");
    keeper.put(made.gameId, { seat: 0, secret: made.secret, link: made.link, names });
    await show(made.link, made.secret, made.gameId);
    return made.link;
  }

  /** The newer of `link` and the one this device kept of its game (an older link is said). */
  async function newest(link, mine) {
    if (!mine?.link) return link;
    const { relation } = await store.call("bylinkRead", { link, kept: mine.link });
    if (relation !== "behind") return link;
    showNotice(t("fair.older"), { kind: "info", testid: "bylink-notice" });
    return mine.link;
  }

  /** Open a by-link game's link on this device: join it, play, or show it. */
  async function open(link, linkNames = []) {
    const info = await store.call("bylinkRead", { link });
    let mine = keeper.get(info.gameId);
    link = await newest(link, mine);
    names = linkNames.length ? linkNames : (mine?.names ?? []);
    if (!mine && info.stage === "joining") {
      const joined = await store.call("bylinkJoin", { link });
      mine = keeper.put(joined.gameId, { seat: joined.seat, secret: joined.secret, link: joined.link, names });
    } else {
      mine = keeper.put(info.gameId, { seat: mine?.seat ?? null, secret: mine?.secret ?? null, link, names });
    }
    await show(mine.link, mine.secret, info.gameId);
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
        const mine = keeper.put(passed.gameId, { link: passed.link });
        await show(passed.link, mine.secret, passed.gameId);
      } finally {
        handing = false;
      }
      return;
    }
    render(game);
  }

  function message(game) {
    if (game.stage === "over") return t("fair.over");
    if (game.stage === "joining") return t("fair.send-join", { name: nameOf(game.toAct) });
    if (game.toAct === game.seat) return t("fair.your-turn", { name: nameOf(game.seat) });
    if (game.seat === null) return t("fair.waiting", { name: nameOf(game.toAct) });
    return t("fair.send-turn", { name: nameOf(game.toAct) });
  }

  function render(game) {
    panel?.remove();
    const url = pageUrl(null, formatByLinkHash(game.link, names));
    const box = document.createElement("section");
    box.className = "share-notice share-notice-info bylink-panel";
    box.dataset.testid = "bylink-panel";
    box.dataset.stage = game.stage;
    box.dataset.toAct = String(game.toAct ?? "");
    box.dataset.seat = String(game.seat ?? "");
    box.setAttribute("role", "status");
    const text = document.createElement("p");
    text.textContent = message(game);
    box.append(text);
    if (!(game.stage === "playing" && game.toAct === game.seat)) {
      const field = document.createElement("input");
      field.readOnly = true;
      field.value = url;
      field.dataset.testid = "bylink-link";
      field.setAttribute("aria-label", t("fair.link-label"));
      const copy = button(t("fair.copy"), "bylink-copy", async () => {
        try {
          await navigator.clipboard.writeText(url);
          copy.textContent = t("fair.copied");
        } catch {
          field.select(); // no clipboard permission: selected for Ctrl+C
        }
      });
      box.append(field, copy);
      if (navigator.share && matchMedia("(pointer: coarse)").matches) {
        box.append(button(t("fair.share"), "bylink-share", () => navigator.share({ url }).catch(() => {})));
      }
    }
    document.body.append(box);
    panel = box;
  }

  store.subscribe((change) => {
    follow(change).catch((error) =>
      showNotice(t("fair.refused", { problem: byLinkProblem(error, names) }), { testid: "bylink-notice" }),
    );
  });

  return {
    create,
    open,
    /** The link to send now (the last one this device made or opened), or null. */
    link: () => (store.view?.bylink ? pageUrl(null, formatByLinkHash(store.view.bylink.link, names)) : null),
  };
}

function button(label, testid, onclick) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = "share-notice-close";
  el.dataset.testid = testid;
  el.textContent = label;
  el.addEventListener("click", onclick);
  return el;
}
