// The Share dialog: the link to the game, an embed code for a blog, and the game record (copy,
// download, or paste or open one and import it). Every text from a link, a record or a file is
// shown with textContent or as a form value, never as markup.

import { t } from "../i18n/messages.js";
import { said } from "../i18n/page-text.js";
import { downloadText, h, statusLine } from "../base/dom.js";
import { headerButton } from "../screen/layout.js";
import { ICONS } from "../base/icons.js";
import { engineErrorText } from "../i18n/engine-text.js";
import { hashOf } from "./link-sync.js";
import { colourIndices } from "../pictures/picture.js";
import { createPictureExport } from "../pictures/picture-export.js";

/** Where the Share dialog folds its Pictures section away: phones, upright or sideways. */
const PICTURES_FOLD_MEDIA = "(max-width: 599px), (max-height: 640px)";

const EMBED_SIZE = { width: 480, height: 420 };
const MAX_RECORD_BYTES = 256 * 1024; // a whole game's record is a few kilobytes

/** The URL of this page (file: null) or of another page of the site, with `hash`. */
export function pageUrl(file, hash) {
  if (!file) return `${location.origin}${location.pathname}${hash}`;
  return new URL(`${file}${hash}`, new URL("./", location.href)).href;
}

/** The <iframe> snippet for a blog; the attributes quoted, the URL escaped for an attribute. */
export function embedSnippet(url) {
  const attr = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return (
    // No style attribute: a blog whose CSP allows no inline style (default-src 'none') refuses
    // it. frameborder="0" drops the bevelled border without one (HTML's rendering section).
    `<iframe src="${attr(url)}" width="${EMBED_SIZE.width}" height="${EMBED_SIZE.height}" frameborder="0" ` +
    `loading="lazy" title="${attr(t("share.embed.iframe"))}" sandbox="allow-scripts allow-same-origin allow-popups">` +
    `</iframe>`
  );
}

/** The engine's picture of the game on screen, for links to draw at once (null if it cannot). */
async function pictureOf(store) {
  try {
    return await store.call("picture", { colours: colourIndices(store.seats.map((s) => s.colour)) });
  } catch {
    return null; // the link only loses its early drawing
  }
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

function fields() {
  const field = (tag, label, testid, attrs = {}) =>
    said(h(tag, { class: "tg-input share-field", dataset: { testid }, ...attrs }), { label });
  return {
    link: field("input", "share.link.label", "share-link", { type: "text", readonly: true }),
    embed: field("textarea", "share.embed.label", "embed-code", { readonly: true, rows: "3" }),
    record: field("textarea", "share.record", "record-text", {
      rows: "8",
      class: "tg-input share-field share-record",
      spellcheck: "false",
    }),
    recordError: h("p", { class: "share-error", role: "alert", hidden: true, dataset: { testid: "record-error" } }),
    file: h("input", {
      type: "file",
      accept: ".txt,text/plain",
      class: "share-file",
      dataset: { testid: "record-file" },
    }),
    status: statusLine("share-status", "share-status"),
  };
}

// A window too short for the three sections at once (a small phone, one held sideways) shows
// one at a time, chosen by these tabs (share.css); a taller one shows them all and no tabs.
function sectionTabs(sections) {
  const tabs = sections.map(([id, label], i) =>
    h(
      "button",
      {
        type: "button",
        role: "tab",
        class: "tg-btn share-tab",
        id: `share-tab-${id}`,
        aria: { selected: String(i === 0), controls: `share-${id}` },
        dataset: { testid: `share-tab-${id}` },
        onclick: () => choose(id),
      },
      said(h("span"), { text: label }),
    ),
  );
  const bar = h("div", { class: "share-tabs", role: "tablist", dataset: { section: sections[0][0] } }, tabs);
  function choose(id) {
    bar.dataset.section = id;
    for (const tab of tabs) tab.setAttribute("aria-selected", String(tab.id === `share-tab-${id}`));
  }
  return bar;
}

/** The Share dialog of the game on `screen`; `onReplay()` opens the replay. */
export function createShareDialog({ store, screen, onReplay }) {
  const root = screen.root;
  const f = fields();
  // A phone, upright or sideways: the Pictures section folded away, opened by a button beside
  // Copy embed code (which has the row alone). This one query decides, for the script (folded)
  // and the style (the dialog's class "pictures-fold", picture-export.css).
  const phone = window.matchMedia?.(PICTURES_FOLD_MEDIA) ?? { matches: false };
  const pictures = createPictureExport({ store, colours: () => screen.colours, folded: () => phone.matches });
  // A notice stands under the buttons of the control that caused it ("Link copied." under Copy
  // link), not at the foot of the dialog.
  const say = (text, control = null) => {
    control?.closest(".share-row")?.after(f.status);
    f.status.textContent = text;
  };
  // Words marked with their messages (i18n/page-text.js): a switch of language re-says them.
  const btn = (key, testid, onclick) =>
    said(h("button", { type: "button", class: "tg-btn", dataset: { testid }, onclick }), { text: key });
  const copy = (field, what) => async (event) => {
    const button = event?.currentTarget;
    say((await copyText(field.value, field)) ? t("share.copied", { what }) : t("share.copy-by-hand", { what }), button);
  };
  const section = (id, title, help, ...body) =>
    h(
      "section",
      { class: "share-section", id: `share-${id}`, role: "tabpanel", aria: { labelledby: `share-tab-${id}` } },
      said(h("h3"), { text: title }),
      said(h("p", { class: "share-help" }), { text: help }),
      ...body,
    );
  const row = (...children) => h("div", { class: "share-row" }, ...children);

  const dialog = h(
    "dialog",
    { class: "tg-dialog share-dialog", aria: { labelledby: "share-title" }, dataset: { testid: "share-dialog" } },
    said(h("h2", { id: "share-title" }), { text: "share.title" }),
    sectionTabs([
      ["link", "share.link"],
      ["embed", "share.embed"],
      ["record", "share.record"],
    ]),
    section(
      "link",
      "share.link",
      "share.link.help",
      f.link,
      row(
        btn("share.link.copy", "copy-link", copy(f.link, "link")),
        btn("share.replay", "open-replay", () => {
          dialog.close(); // the replay takes the screen; back to the game from there
          onReplay(null);
        }),
      ),
    ),
    section(
      "embed",
      "share.embed",
      "share.embed.help",
      f.embed,
      row(btn("share.embed.copy", "copy-embed", copy(f.embed, "embed")), pictures.opener),
    ),
    pictures.el,
    section(
      "record",
      "share.record",
      "share.record.help",
      f.record,
      f.recordError,
      row(
        btn("share.record.copy", "copy-record", copy(f.record, "record")),
        btn("share.record.download", "download-record", (event) => download(event.currentTarget)),
        h("label", { class: "tg-btn share-file-label" }, said(h("span"), { text: "share.record.open" }), f.file),
        btn("share.record.import", "import-record", () => importRecord(f.record.value)),
      ),
    ),
    f.status,
    h(
      "div",
      { class: "share-row share-end" },
      btn("help.close", "share-close", () => dialog.close()),
    ),
  );
  const fold = () => dialog.classList.toggle("pictures-fold", phone.matches);
  fold();
  phone.addEventListener?.("change", fold);

  function showRecordError(message) {
    f.recordError.textContent = message;
    f.recordError.hidden = !message;
    root.dataset.recordError = message;
  }

  f.file.addEventListener("change", async () => {
    const file = f.file.files?.[0];
    f.file.value = "";
    if (!file) return;
    if (file.size > MAX_RECORD_BYTES) {
      showRecordError(t("share.record.too-big", { kb: Math.round(file.size / 1024) }));
      return;
    }
    f.record.value = await file.text();
    await importRecord(f.record.value);
  });

  function download(button) {
    downloadText(f.record.value, "taluva-game");
    say(t("share.record.downloaded"), button);
  }

  /** Import a record: the engine replays it; a refused one leaves the game on screen as it was. */
  async function importRecord(text) {
    showRecordError("");
    if (!text.trim()) {
      showRecordError(t("share.record.empty"));
      return false;
    }
    try {
      await store.load({ record: text, seats: store.seats, source: "record" });
    } catch (error) {
      showRecordError(t("share.record.unreadable", { reason: engineErrorText(error) }));
      return false;
    }
    dialog.close();
    say("");
    root.dataset.imported = String(Number(root.dataset.imported || 0) + 1);
    return true;
  }

  async function open() {
    const picture = await pictureOf(store);
    f.link.value = pageUrl(null, hashOf(store, null, { picture }));
    f.embed.value = embedSnippet(pageUrl("embed.html", hashOf(store, null, { preview: true, picture })));
    showRecordError("");
    say("");
    pictures.refresh();
    try {
      f.record.value = await store.call("record");
    } catch (error) {
      f.record.value = "";
      showRecordError(t("share.record.unwritable", { reason: engineErrorText(error) }));
    }
    if (!dialog.open) dialog.showModal();
    f.link.focus();
    f.link.select();
  }

  screen.slot("dialogs").append(dialog);
  const button = headerButton({
    label: "share.button",
    icon: ICONS.share(),
    title: "share.button.title",
    testid: "share",
    onclick: () => open(),
  });
  screen.placeButton("share", button);
  return { importRecord };
}
