// The embed's preview in words (embed.js draws the link's picture first): the summary the engine
// wrote into the link (s=), the seats beside the picture (b=), the "Load the game" button, and
// the engine only once the reader asks for it. It never decodes the share code itself, so a link
// without s= and b= shows less, and the engine has the last word on whether the code is good.
//
// Before the click this page fetches nothing heavy: no Pyodide, no worker, no WebAssembly (the
// browser tests check). It never touches localStorage or the service worker, so it also works
// in a sandboxed third-party iframe whose storage is partitioned or blocked.

import { BOOT } from "../boot-config.js";
import ENGLISH from "../i18n/english.js";
import { startLanguage } from "../i18n/language.js";
import { list, t, useFormatter } from "../i18n/messages.js";
import { translatePage } from "../i18n/page-text.js";
import { formatHash, HashError, hashLanguage, parseHash } from "../share/hash.js";
import { linkProblem } from "../i18n/load-errors.js";
import { describePicture } from "../pictures/picture-view.js";
import { IntlMessageFormat } from "../vendor/intl-messageformat.js";

const $ = (id) => document.getElementById(id);
const body = document.body;

function describe(facts) {
  if (!facts) return t("embed.unknown");
  const parts = [t("embed.players", { count: facts.players })];
  parts.push(facts.tiles === "all" ? t("embed.tiles.all") : t("embed.tiles", { count: Number(facts.tiles) }));
  if (facts.found === "any") parts.push(t("embed.found-any"));
  if (facts.rank) parts.push(t("embed.ranked"));
  if (facts.teams) parts.push(t("embed.teams"));
  return t("embed.summary", { options: list(parts, "unit"), steps: facts.steps, drawn: facts.tilesDrawn });
}

function fail(message) {
  body.dataset.embed = "bad-link";
  $("embed-error").textContent = message;
  $("embed-error").hidden = false;
  $("embed-load").hidden = true;
  $("embed-summary").textContent = "";
  $("embed-open").textContent = t("embed.open-taluva");
  $("embed-open").href = "index.html";
}

function start(early) {
  let link = null;
  try {
    link = parseHash(location.hash);
  } catch (error) {
    if (!(error instanceof HashError)) throw error;
    fail(linkProblem(error));
    return;
  }
  if (!link || !link.code) {
    fail(linkProblem({ kind: "empty" }));
    return;
  }
  $("embed-summary").textContent = describe(link.summary);
  if (early) {
    describePicture($("embed-picture"), early, link.names);
    body.dataset.picture = "drawn";
  }
  const names = link.names.filter(Boolean);
  $("embed-players").textContent = names.length ? names.join(" · ") : "";
  const lang = hashLanguage(location.hash);
  $("embed-open").href = `index.html${formatHash(link)}${lang ? `&lang=${lang}` : ""}`;
  const button = $("embed-load");
  button.hidden = false;
  const load = async () => {
    if (button.disabled || (body.dataset.embed !== "preview" && body.dataset.embed !== "error")) return;
    button.disabled = true;
    body.dataset.embed = "loading";
    $("embed-status").textContent = t("embed.loading");
    try {
      const { play } = await import("./player.js");
      await play(link);
    } catch (error) {
      body.dataset.embed = "error";
      $("embed-status").textContent = "";
      // The engine could not start (a BootError), or it refused the link (an EngineError).
      $("embed-error").textContent =
        error?.name === "BootError" ? t("embed.boot-failed", { reason: error.message }) : linkProblem(error);
      $("embed-error").hidden = false;
      button.disabled = false;
    }
  };
  button.addEventListener("click", load);
  // A click or a tap on the board loads the game too: the board is what the reader points at.
  early?.canvas.addEventListener("click", load);
  window.addEventListener("hashchange", () => location.reload());
}

/**
 * The preview's words, once `early` (picture-view.js drawPicture's answer, or null) is drawn: in
 * the language the link names, else the reader's browser's (never a stored choice: this page
 * keeps nothing, in other sites' frames).
 */
export async function startPreview(early) {
  useFormatter(IntlMessageFormat);
  await startLanguage({
    languages: BOOT.languages,
    link: hashLanguage(location.hash),
    base: new URL("../../", import.meta.url),
    english: ENGLISH,
    remembered: false,
  });
  translatePage();
  start(early);
}
