// The Games list (header button "Games"): every kept game with a picture of its board, its seats,
// where it stands and when it was played; open, rename, delete (with an undo), clear the
// finished ones, export all as one file and import such a file. The game on screen is marked.
// app.js places the button and loads this module on its first click.

import { list as listOf, onLanguageChange, t } from "../i18n/messages.js";
import { said } from "../i18n/page-text.js";
import { engineErrorText } from "../i18n/engine-text.js";
import { downloadText, fill, h, statusLine } from "../base/dom.js";
import { colourById } from "../base/theme.js";
import { computerLabel } from "../game/seats.js";
import { gameStanding, gameTitle, gameWinners, playedAgo, seatName } from "./describe.js";
import { thumbnail } from "./thumbnail.js";

const btn = (text, attrs) => h("button", { type: "button", class: "tg-btn tg-btn-small", ...attrs }, text);
// A button whose words are the message `key`, said again after a switch of language.
const keyBtn = (key, attrs) => said(btn("", attrs), { text: key });

function seatDots(entry) {
  return h(
    "span",
    { class: "games-seats" },
    entry.seats.map((s, i) => {
      const c = colourById(s.colour);
      return h(
        "span",
        { class: "games-seat" },
        h("span", {
          class: "tg-seat-dot",
          style: { "--seat": c.fill, "--seat-edge": c.edge },
          aria: { hidden: "true" },
        }),
        seatName(entry, i),
        computerLabel(s.type) ? h("span", { class: "tg-badge tg-badge-ai" }, computerLabel(s.type)) : null,
      );
    }),
  );
}

/**
 * `games`: {list(), open(entry), rename(id, name), remove(ids), restore(entries),
 * exportAll(), importText(text)} from app.js; `currentId()`: the game on screen.
 */
export function createGamesDialog({ screen, games, currentId }) {
  const list = h("ul", { class: "games-list", dataset: { testid: "games-list" } });
  const status = statusLine("games-status", "games-status");
  const count = h("span", { class: "games-count" });
  const file = h("input", {
    type: "file",
    accept: ".txt,text/plain",
    class: "share-file",
    dataset: { testid: "games-import-file" },
  });
  const dialog = h(
    "dialog",
    { class: "tg-dialog games-dialog", aria: { labelledby: "games-title" }, dataset: { testid: "games-dialog" } },
    h("h2", { id: "games-title" }, said(h("span"), { text: "games.title" }), " ", count),
    h(
      "div",
      { class: "share-row games-tools" },
      keyBtn("games.clear-finished", { dataset: { testid: "games-clear-finished" }, onclick: () => clearFinished() }),
      keyBtn("games.export", { dataset: { testid: "games-export" }, onclick: () => exportAll() }),
      h("label", { class: "tg-btn tg-btn-small share-file-label" }, said(h("span"), { text: "games.import" }), file),
    ),
    status,
    list,
    h(
      "div",
      { class: "share-row share-end" },
      keyBtn("help.close", { dataset: { testid: "games-close" }, onclick: () => dialog.close() }),
    ),
  );
  let lastRemoved = [];

  function say(text, undo = null) {
    fill(status, text, undo ? btn(t("layout.undo"), { dataset: { testid: "games-undo" }, onclick: undo }) : null);
  }

  function item(entry) {
    const current = entry.id === currentId();
    const winners = gameWinners(entry);
    const title = h("span", { class: "games-title" }, gameTitle(entry));
    const li = h(
      "li",
      {
        class: `games-item${current ? " is-current" : ""}`,
        dataset: { testid: "game-item", id: entry.id, current: current ? "1" : "0" },
        aria: current ? { current: "true" } : {},
      },
      thumbnail(entry),
      h(
        "div",
        { class: "games-info" },
        title,
        current ? h("span", { class: "tg-badge tg-badge-turn" }, t("games.on-screen")) : null,
        entry.bylink ? h("span", { class: "tg-badge", dataset: { testid: "game-bylink" } }, t("bylink.badge")) : null,
        seatDots(entry),
        h("span", { class: "games-standing" }, gameStanding(entry)),
        winners ? h("span", { class: "games-winner", dataset: { testid: "game-winner" } }, winners) : null,
        h("span", { class: "games-when" }, playedAgo(entry.playedAt)),
      ),
      h(
        "div",
        { class: "games-actions" },
        btn(t(current ? "games.on-screen" : "games.open"), {
          disabled: current,
          dataset: { testid: "game-open" },
          onclick: () => open(entry),
          "aria-label": t("games.open.label", { title: gameTitle(entry) }),
        }),
        btn(t("games.rename"), {
          dataset: { testid: "game-rename" },
          onclick: () => startRename(li, title, entry),
          "aria-label": t("games.rename.label", { title: gameTitle(entry) }),
        }),
        btn(t("games.delete"), {
          disabled: current,
          title: current ? t("games.delete.current") : null,
          dataset: { testid: "game-delete" },
          onclick: () => remove([entry]),
          "aria-label": t("games.delete.label", { title: gameTitle(entry) }),
        }),
      ),
    );
    return li;
  }

  function unreadableItem({ id }) {
    return h(
      "li",
      { class: "games-item is-unreadable", dataset: { testid: "game-unreadable", id: String(id) } },
      h(
        "div",
        { class: "games-info" },
        h("span", { class: "games-title" }, t("games.unreadable")),
        h("span", { class: "games-standing" }, t("games.unreadable.help")),
      ),
      h(
        "div",
        { class: "games-actions" },
        btn(t("games.delete"), { dataset: { testid: "game-delete" }, onclick: () => remove([{ id }]) }),
      ),
    );
  }

  function startRename(li, title, entry) {
    const input = h("input", {
      type: "text",
      value: entry.name ?? "",
      maxlength: "60",
      placeholder: gameTitle({ ...entry, name: null }),
      class: "games-rename",
      "aria-label": t("games.name"),
      dataset: { testid: "game-name" },
    });
    const done = async (save) => {
      if (save) await games.rename(entry.id, input.value);
      await refresh();
      dialog.querySelector(`[data-id="${entry.id}"] [data-testid=game-rename]`)?.focus();
    };
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") done(true);
      else if (e.key === "Escape") done(false);
      else return;
      e.preventDefault();
      e.stopPropagation(); // Escape ends the rename, not the dialog
    });
    title.replaceWith(
      input,
      btn(t("games.save"), { dataset: { testid: "game-name-save" }, onclick: () => done(true) }),
    );
    input.focus();
  }

  async function refresh() {
    const { entries, unreadable } = await games.list();
    count.textContent = `(${entries.length})`;
    fill(
      list,
      entries.length || unreadable.length
        ? [entries.map(item), unreadable.map(unreadableItem)]
        : h("li", { class: "games-empty" }, t("games.none")),
    );
    dialog.dataset.count = String(entries.length);
  }

  async function open(entry) {
    try {
      await games.open(entry);
      dialog.close();
    } catch (error) {
      say(t("games.open-failed", { reason: engineErrorText(error) }));
    }
  }

  async function remove(entries) {
    lastRemoved = await games.remove(entries.map((e) => e.id));
    await refresh();
    const title = lastRemoved[0]?.seats ? gameTitle(lastRemoved[0]) : t("games.unreadable");
    say(t("games.deleted", { count: lastRemoved.length, title }), lastRemoved.length ? undo : null);
  }

  async function undo() {
    await games.restore(lastRemoved);
    say(t("games.restored", { count: lastRemoved.length }));
    lastRemoved = [];
    await refresh();
  }

  async function clearFinished() {
    const { entries } = await games.list();
    const finished = entries.filter((e) => e.phase === "over" && e.id !== currentId());
    if (!finished.length) return say(t("games.none-finished"));
    await remove(finished);
  }

  async function exportAll() {
    downloadText(await games.exportAll(), "taluva-games");
    say(t("games.exported"));
  }

  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    file.value = "";
    if (!chosen) return;
    const { added, known, failed } = await games.importText(await chosen.text());
    await refresh();
    const parts = [t("games.imported.added", { count: added })];
    if (known) parts.push(t("games.imported.known", { count: known }));
    if (failed.length) parts.push(t("games.imported.failed", { count: failed.length, reasons: failed.join("; ") }));
    say(t("games.imported", { parts: listOf(parts) }));
  });

  screen.slot("dialogs").append(dialog);

  // An open list says its rows again in the new language (a closed one does when it opens); a
  // name being typed stays as it is, in its field. What the status line said is past.
  onLanguageChange(async () => {
    if (!dialog.open) return;
    const typing = dialog.querySelector("[data-testid=game-name]");
    const renaming = typing && { id: typing.closest("[data-id]")?.dataset.id, value: typing.value };
    say("");
    await refresh();
    if (!renaming) return;
    dialog.querySelector(`[data-id="${renaming.id}"] [data-testid=game-rename]`)?.click();
    const field = dialog.querySelector("[data-testid=game-name]");
    if (field) field.value = renaming.value;
  });

  async function show() {
    say("");
    await refresh();
    if (!dialog.open) dialog.showModal();
    (list.querySelector("[data-testid=game-open]:not([disabled])") ?? dialog.querySelector("button"))?.focus();
  }

  return { show, refresh, dialog };
}
