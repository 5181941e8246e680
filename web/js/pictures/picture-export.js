// The "Pictures" controls of the Share dialog and the end screen: the board as a PNG (saved, or
// copied to the clipboard) and a range of steps as an animated GIF (pictures/gif.js). Each notice
// stands under these controls, beside the button that caused it.

import { t } from "../i18n/messages.js";
import { said } from "../i18n/page-text.js";
import { h, saveBlob, statusLine } from "../base/dom.js";
import { engineErrorText } from "../i18n/engine-text.js";
import { copyBoardPng, downloadBoardPng } from "./board-png.js";

/**
 * `store`: the game store (view, seats, call); `colours()`: the seats' colour objects;
 * `folded()`: whether the section opens folded (a phone's Share dialog has no room for it open).
 * Returns {el, opener, refresh()}: `opener` is a button that opens the section (for a place
 * where it is folded away, CSS decides); refresh() sets the GIF's range to the whole game on
 * screen.
 */
export function createPictureExport({ store, colours, folded = () => false }) {
  const status = statusLine("share-status pictures-status", "pictures-status");
  const say = (text) => (status.textContent = text);
  // Words marked with their messages (i18n/page-text.js): a switch of language re-says them.
  const stepAttrs = { type: "number", min: "0", step: "1", class: "tg-input pictures-step" };
  const stepInput = (testid, label) => said(h("input", { ...stepAttrs, dataset: { testid } }), { label });
  const first = stepInput("gif-first", "pictures.gif.from");
  const last = stepInput("gif-last", "pictures.gif.to");
  const btn = (key, testid, onclick) =>
    said(h("button", { type: "button", class: "tg-btn", dataset: { testid }, onclick }), { text: key });
  const gifButton = btn("pictures.gif.make", "make-gif", () => saveGif());
  const el = h(
    "details",
    { class: "share-section pictures-section", dataset: { testid: "pictures" }, open: true },
    said(h("summary", { class: "pictures-title" }), { text: "pictures.section" }),
    said(h("p", { class: "share-help" }), { text: "pictures.section.help" }),
    h(
      "div",
      { class: "share-row" },
      btn("pictures.png", "download-png", () => savePng()),
      btn("pictures.png.copy", "copy-png", () => copyPng()),
    ),
    h(
      "div",
      { class: "share-row pictures-gif" },
      h("label", { class: "pictures-label" }, said(h("span"), { text: "pictures.gif.from" }), " ", first),
      h("label", { class: "pictures-label" }, said(h("span"), { text: "pictures.gif.to" }), " ", last),
      gifButton,
    ),
    status,
  );

  const opener = btn("pictures.section", "pictures-open", () => {
    el.open = true;
    el.scrollIntoView({ block: "nearest" });
  });
  opener.classList.add("pictures-opener");

  const stem = () => `taluva-${store.view.steps}`;

  async function savePng() {
    try {
      await downloadBoardPng(store.state, colours(), stem());
      say(t("pictures.png.saved"));
    } catch (error) {
      say(t("pictures.png.failed", { reason: engineErrorText(error) }));
    }
  }

  async function copyPng() {
    try {
      await copyBoardPng(store.state, colours());
      say(t("pictures.png.copied"));
    } catch (error) {
      if (error.kind === "unsupported") say(t("pictures.png.copy-unsupported"));
      else say(t("pictures.png.copy-refused", { reason: engineErrorText(error) }));
    }
  }

  async function saveGif() {
    gifButton.disabled = true;
    el.dataset.busy = "1";
    try {
      // Loaded on the first GIF asked for (a chunk of its own in the built site).
      const { gifRange, makeGif } = await import("./gif.js");
      const total = store.view.steps;
      const range = gifRange(first.valueAsNumber, last.valueAsNumber, total);
      first.value = String(range.first);
      last.value = String(range.last);
      const blob = await makeGif({
        engine: store,
        ...range,
        total,
        names: store.seats.map((s) => s.name),
        colours: colours(),
        onProgress: (phase, done, count) =>
          say(t(phase === "read" ? "pictures.gif.reading" : "pictures.gif.drawing", { done, count })),
      });
      saveBlob(blob, `taluva-steps-${range.first}-${range.last}.gif`);
      const count = range.last - range.first + 1;
      say(t("pictures.gif.saved", { count, kb: Math.max(1, Math.round(blob.size / 1024)) }));
    } catch (error) {
      say(t("pictures.gif.failed", { reason: engineErrorText(error) }));
    } finally {
      gifButton.disabled = false;
      el.dataset.busy = "0";
    }
  }

  return {
    el,
    opener,
    refresh() {
      const total = store.view?.steps ?? 0;
      for (const input of [first, last]) input.max = String(total);
      // A GIF of the whole game by default; its first step shows the first tile placed.
      first.value = String(Math.min(1, total));
      last.value = String(total);
      say("");
      el.open = !folded();
    },
  };
}
