// The Share button of the full page and its dialogs: copy the link, copy an embed code, export
// and import the game record, and replay the game step by step.
//
// It hooks into the game screen from outside (web/js/ui/ is another module's): a button added to
// the header's action bar, dialogs added to the screen's root, and games loaded through the
// screen's own newGame() (see screen-engine.js). Every text from a link, a record or a file is
// shown with textContent or as a form value, never as markup.

import { h } from "../ui/dom.js";
import { colourById, DEFAULT_SEATS } from "../screen/theme.js";
import { formatHash } from "./hash.js";
import { createReplay } from "./replay.js";
import { seatsFor } from "./start.js";

const EMBED_SIZE = { width: 480, height: 420 };
const MAX_RECORD_BYTES = 256 * 1024; // a whole game's record is a few kilobytes

/** The URL of this page (file: null) or of another page of the site, with `hash`. */
function pageUrl(file, hash) {
  if (!file) return `${location.origin}${location.pathname}${hash}`;
  return new URL(`${file}${hash}`, new URL("./", location.href)).href;
}

/** The <iframe> snippet for a blog; the attributes quoted, the URL escaped for an attribute. */
export function embedSnippet(url) {
  const attr = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `<iframe src="${attr(url)}" width="${EMBED_SIZE.width}" height="${EMBED_SIZE.height}" ` +
    `loading="lazy" title="Taluva game" sandbox="allow-scripts allow-same-origin allow-popups">` +
    `</iframe>`;
}

async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard permission (an embedded or insecure page): select it for Ctrl+C instead.
    field?.focus();
    field?.select();
    return false;
  }
}

export function mountShareTools({ screen, engine, proxy, live, setAt }) {
  const root = screen.root;
  const status = h("p", { class: "share-status", role: "status", "aria-live": "polite", dataset: { testid: "share-status" } });
  const say = (text) => {
    status.textContent = text;
  };

  // ---- the share dialog ------------------------------------------------------------------
  const linkField = h("input", { type: "text", readonly: true, class: "share-field", aria: { label: "Link to this game" }, dataset: { testid: "share-link" } });
  const embedField = h("textarea", { readonly: true, rows: "3", class: "share-field", aria: { label: "Embed code" }, dataset: { testid: "embed-code" } });
  const recordField = h("textarea", { rows: "8", class: "share-field share-record", spellcheck: "false", aria: { label: "Game record" }, dataset: { testid: "record-text" } });
  const recordError = h("p", { class: "share-error", role: "alert", hidden: true, dataset: { testid: "record-error" } });
  const fileInput = h("input", { type: "file", accept: ".txt,text/plain", class: "share-file", dataset: { testid: "record-file" } });
  const btn = (text, testid, onclick, extra = {}) => h("button", { type: "button", class: "tg-btn", dataset: { testid }, onclick, ...extra }, text);

  const dialog = h(
    "dialog",
    { class: "tg-dialog share-dialog", aria: { labelledby: "share-title" }, dataset: { testid: "share-dialog" } },
    h("h2", { id: "share-title" }, "Share this game"),
    h("section", { class: "share-section" },
      h("h3", {}, "Link"),
      h("p", { class: "share-help" }, "The link holds the whole game: whoever opens it sees this position and can play on."),
      linkField,
      h("div", { class: "share-row" },
        btn("Copy link", "copy-link", async () => say((await copyText(linkField.value, linkField)) ? "Link copied." : "Press Ctrl+C to copy the selected link.")),
        btn("Replay", "open-replay", () => openReplay(null)))),
    h("section", { class: "share-section" },
      h("h3", {}, "Embed in a page"),
      h("p", { class: "share-help" }, "Paste this into a blog post: it shows the game with step controls and loads the engine only when a reader clicks."),
      embedField,
      h("div", { class: "share-row" },
        btn("Copy embed code", "copy-embed", async () => say((await copyText(embedField.value, embedField)) ? "Embed code copied." : "Press Ctrl+C to copy the selected code.")))),
    h("section", { class: "share-section" },
      h("h3", {}, "Game record"),
      h("p", { class: "share-help" }, "The record lists every tile and move as text. Edit or paste a record here, or open a .txt file, then Import."),
      recordField,
      recordError,
      h("div", { class: "share-row" },
        btn("Copy record", "copy-record", async () => say((await copyText(recordField.value, recordField)) ? "Record copied." : "Press Ctrl+C to copy the selected record.")),
        btn("Download .txt", "download-record", () => download()),
        h("label", { class: "tg-btn share-file-label" }, "Open a file…", fileInput),
        btn("Import", "import-record", () => importRecord(recordField.value)))),
    status,
    h("div", { class: "share-row share-end" }, btn("Close", "share-close", () => dialog.close())),
  );

  fileInput.addEventListener("change", async () => {
    const file = fileInput.files?.[0];
    fileInput.value = "";
    if (!file) return;
    if (file.size > MAX_RECORD_BYTES) {
      showRecordError(`That file is ${Math.round(file.size / 1024)} KB; a game record is a few KB of text.`);
      return;
    }
    const text = await file.text();
    recordField.value = text;
    await importRecord(text);
  });

  function showRecordError(message) {
    recordError.textContent = message;
    recordError.hidden = !message;
    root.dataset.recordError = message;
  }

  async function fillDialog() {
    const hash = formatHash({ code: live.share, names: namesOf(screen.seats) });
    linkField.value = pageUrl(null, hash);
    embedField.value = embedSnippet(pageUrl("embed.html", hash));
    showRecordError("");
    say("");
    try {
      recordField.value = await engine.call("record");
    } catch (error) {
      recordField.value = "";
      showRecordError(`The record could not be written: ${error.message}`);
    }
  }

  async function openShare() {
    await fillDialog();
    if (!dialog.open) dialog.showModal();
    linkField.focus();
    linkField.select();
  }

  function download() {
    const blob = new Blob([recordField.value], { type: "text/plain;charset=utf-8" });
    const a = h("a", { href: URL.createObjectURL(blob), download: `taluva-game-${new Date().toISOString().slice(0, 10)}.txt` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    say("Record downloaded.");
  }

  async function importRecord(text) {
    showRecordError("");
    if (!text.trim()) {
      showRecordError("The record is empty: paste a record or open a file first.");
      return false;
    }
    // Check it first (the engine leaves its current game alone on an error), then show it.
    let view;
    try {
      view = await engine.call("loadRecord", { text });
    } catch (error) {
      showRecordError(`This record cannot be read: ${error.message}`);
      await restoreLive();
      return false;
    }
    const seats = seatsFor(view.state.players.length, { seats: screen.seats.length === view.state.players.length ? screen.seats : [] });
    try {
      await proxy.loadInto(screen, async () => view, seats);
    } catch (error) {
      showRecordError(`This record cannot be shown: ${error.message}`);
      return false;
    }
    dialog.close();
    say("");
    root.dataset.imported = String(Number(root.dataset.imported || 0) + 1);
    return true;
  }

  // A refused record leaves the engine's game as it was, but make sure of it.
  async function restoreLive() {
    try {
      const view = await engine.call("view");
      if (view.share !== live.share && live.share) await engine.call("loadShareCode", { code: live.share });
    } catch {
      /* nothing better to do */
    }
  }

  // ---- the replay dialog -----------------------------------------------------------------
  const replay = createReplay({
    engine,
    colours: () => screen.seats.map((s) => colourById(s.colour)),
    onStep: (step) => {
      if (!replayDialog.open) return; // a late answer after the dialog closed
      root.dataset.replayStep = String(step);
      setAt(step);
    },
    extra: [h("div", { class: "share-row" }, btn("Back to the game", "replay-close", () => closeReplay()))],
  });
  const replayDialog = h(
    "dialog",
    { class: "tg-dialog replay-dialog", aria: { labelledby: "replay-title" }, dataset: { testid: "replay-dialog" } },
    h("h2", { id: "replay-title" }, "Replay"),
    replay.el,
  );
  // Closed by the button or by Escape: the link points at the live game again.
  function closeReplay() {
    if (replayDialog.open) replayDialog.close();
    delete root.dataset.replayStep;
    setAt(null);
  }
  replayDialog.addEventListener("close", closeReplay);

  async function openReplay(at) {
    if (dialog.open) dialog.close();
    const steps = screen.view?.steps ?? 0;
    if (!replayDialog.open) replayDialog.showModal();
    await replay.open(steps, at === null || at === undefined ? steps : Math.min(at, steps));
    replay.el.querySelector("[data-testid=replay-back]")?.focus();
  }

  root.append(dialog, replayDialog);

  // The header button, beside the screen's own (before Help).
  const shareButton = h(
    "button",
    { type: "button", class: "tg-btn", title: "Link, embed code, record and replay of this game", "aria-label": "Share", dataset: { testid: "share" }, onclick: () => openShare() },
    h("span", { class: "tg-ico", aria: { hidden: "true" } }, "⇪"),
    h("span", { class: "tg-btn-label" }, "Share"),
  );
  const actions = root.querySelector(".tg-actions");
  const help = actions?.querySelector("[data-testid=help]");
  if (actions) actions.insertBefore(shareButton, help ?? null);
  else root.prepend(shareButton);

  return {
    openReplay,
    api: {
      /** The current game's share code. */
      code: () => live.share,
      /** The link to the current game (index.html#g=...). */
      link: () => pageUrl(null, formatHash({ code: live.share, names: namesOf(screen.seats) })),
      /** The embed snippet for the current game. */
      embedCode: () => embedSnippet(pageUrl("embed.html", formatHash({ code: live.share, names: namesOf(screen.seats) }))),
      /** Import a record (text): resolves true, or false with the engine's message shown. */
      importRecord: (text) => importRecord(text),
      /** Open the replay at a step (null: the last). */
      replay: (at = null) => openReplay(at),
    },
  };
}

function namesOf(seats) {
  const names = seats.map((s) => s.name);
  return names.every((n, i) => n === (DEFAULT_SEATS[i]?.name ?? "")) ? [] : names;
}
