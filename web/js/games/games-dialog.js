// The Games list (header button "Games"): every kept game with a picture of its board, its seats,
// where it stands and when it was played; open, rename, delete (with an undo), clear the
// finished ones, export all as one file and import such a file. The game on screen is marked.

import { downloadText, h, fill } from "../screen/dom.js";
import { headerButton } from "../screen/layout.js";
import { colourById } from "../screen/theme.js";
import { gameStanding, gameTitle, playedAgo } from "./describe.js";
import { thumbnail } from "./thumbnail.js";

const btn = (text, attrs) => h("button", { type: "button", class: "tg-btn tg-btn-small", ...attrs }, text);

function seatDots(entry) {
  return h(
    "span",
    { class: "games-seats" },
    entry.seats.map((s) => {
      const c = colourById(s.colour);
      return h(
        "span",
        { class: "games-seat" },
        h("span", {
          class: "tg-seat-dot",
          style: { "--seat": c.fill, "--seat-edge": c.edge },
          aria: { hidden: "true" },
        }),
        s.name,
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
  const status = h("p", {
    class: "games-status",
    role: "status",
    "aria-live": "polite",
    dataset: { testid: "games-status" },
  });
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
    h("h2", { id: "games-title" }, "Your games ", count),
    h(
      "div",
      { class: "share-row games-tools" },
      btn("Clear finished games", { dataset: { testid: "games-clear-finished" }, onclick: () => clearFinished() }),
      btn("Export all…", { dataset: { testid: "games-export" }, onclick: () => exportAll() }),
      h("label", { class: "tg-btn tg-btn-small share-file-label" }, "Import…", file),
    ),
    status,
    list,
    h(
      "div",
      { class: "share-row share-end" },
      btn("Close", { dataset: { testid: "games-close" }, onclick: () => dialog.close() }),
    ),
  );
  let lastRemoved = [];

  function say(text, undo = null) {
    fill(status, text, undo ? btn("Undo", { dataset: { testid: "games-undo" }, onclick: undo }) : null);
  }

  function item(entry) {
    const current = entry.id === currentId();
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
        current ? h("span", { class: "tg-badge tg-badge-turn" }, "On screen") : null,
        seatDots(entry),
        h("span", { class: "games-standing" }, gameStanding(entry)),
        h("span", { class: "games-when" }, playedAgo(entry.playedAt)),
      ),
      h(
        "div",
        { class: "games-actions" },
        btn(current ? "On screen" : "Open", {
          disabled: current,
          dataset: { testid: "game-open" },
          onclick: () => open(entry),
          "aria-label": `Open ${gameTitle(entry)}`,
        }),
        btn("Rename", {
          dataset: { testid: "game-rename" },
          onclick: () => startRename(li, title, entry),
          "aria-label": `Rename ${gameTitle(entry)}`,
        }),
        btn("Delete", {
          disabled: current,
          title: current ? "The game on screen cannot be deleted" : null,
          dataset: { testid: "game-delete" },
          onclick: () => remove([entry]),
          "aria-label": `Delete ${gameTitle(entry)}`,
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
        h("span", { class: "games-title" }, "Unreadable game"),
        h("span", { class: "games-standing" }, "This kept game cannot be read; it is set aside and never opened."),
      ),
      h(
        "div",
        { class: "games-actions" },
        btn("Delete", { dataset: { testid: "game-delete" }, onclick: () => remove([{ id }]) }),
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
      "aria-label": "Name of the game",
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
    title.replaceWith(input, btn("Save", { dataset: { testid: "game-name-save" }, onclick: () => done(true) }));
    input.focus();
  }

  async function refresh() {
    const { entries, unreadable } = await games.list();
    count.textContent = `(${entries.length})`;
    fill(
      list,
      entries.length || unreadable.length
        ? [entries.map(item), unreadable.map(unreadableItem)]
        : h("li", { class: "games-empty" }, "No kept games yet."),
    );
    dialog.dataset.count = String(entries.length);
  }

  async function open(entry) {
    try {
      await games.open(entry);
      dialog.close();
    } catch (error) {
      say(`This game could not be opened: ${error?.reason ?? error?.message ?? error}`);
    }
  }

  async function remove(entries) {
    lastRemoved = await games.remove(entries.map((e) => e.id));
    await refresh();
    const what =
      lastRemoved.length === 1
        ? `“${gameTitle(lastRemoved[0]?.seats ? lastRemoved[0] : { name: "Unreadable game" })}”`
        : `${lastRemoved.length} games`;
    say(`Deleted ${what}.`, lastRemoved.length ? undo : null);
  }

  async function undo() {
    await games.restore(lastRemoved);
    say(`${lastRemoved.length === 1 ? "The game is" : `${lastRemoved.length} games are`} back.`);
    lastRemoved = [];
    await refresh();
  }

  async function clearFinished() {
    const { entries } = await games.list();
    const finished = entries.filter((e) => e.phase === "over" && e.id !== currentId());
    if (!finished.length) return say("No finished games to clear.");
    await remove(finished);
  }

  async function exportAll() {
    downloadText(await games.exportAll(), "taluva-games");
    say("Every kept game was exported as one file.");
  }

  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    file.value = "";
    if (!chosen) return;
    const { added, known, failed } = await games.importText(await chosen.text());
    await refresh();
    const parts = [`${added} game${added === 1 ? "" : "s"} added`];
    if (known) parts.push(`${known} already kept`);
    if (failed.length) parts.push(`${failed.length} could not be read (${failed.join("; ")})`);
    say(`${parts.join(", ")}.`);
  });

  screen.slot("dialogs").append(dialog);
  screen.slot("games").append(
    headerButton({
      label: "Games",
      icon: "☰",
      title: "Your kept games: open, rename, delete, export",
      testid: "games",
      onclick: () => show(),
    }),
  );

  async function show() {
    say("");
    await refresh();
    if (!dialog.open) dialog.showModal();
    (list.querySelector("[data-testid=game-open]:not([disabled])") ?? dialog.querySelector("button"))?.focus();
  }

  return { show, refresh, dialog };
}
