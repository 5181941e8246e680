// The embed page (embed.html#g=<code>[&at=<step>][&p=<names>][&s=<summary>]): a light preview of
// the game in the link, and the engine only once the reader asks for it. The preview shows the
// summary the engine wrote into the link (s=); it never decodes the share code itself, so a link
// without a summary shows less, and the engine has the last word on whether the code is good.
//
// Before the click this page fetches nothing heavy: no Pyodide, no worker, no WebAssembly (the
// browser tests check). It never touches localStorage or the service worker, so it also works
// in a sandboxed third-party iframe whose storage is partitioned or blocked.

import { formatHash, HashError, parseHash } from "../share/hash.js";
import { linkProblem } from "../share/load-errors.js";

const $ = (id) => document.getElementById(id);
const body = document.body;

function describe(facts) {
  if (!facts) return "A shared game: click to see its moves.";
  const parts = [`${facts.players} players`];
  parts.push(facts.tiles === "all" ? "all 48 tiles" : `${facts.tiles} tiles each`);
  if (facts.found === "any") parts.push("found anywhere");
  if (facts.rank) parts.push("ranked");
  if (facts.teams) parts.push("teams");
  const moves = facts.steps === 0 ? "no move yet" : `${facts.steps} move${facts.steps === 1 ? "" : "s"}`;
  return `${parts.join(", ")} · ${moves} (${facts.tilesDrawn} tile${facts.tilesDrawn === 1 ? "" : "s"} drawn)`;
}

function fail(message) {
  body.dataset.embed = "bad-link";
  $("embed-error").textContent = message;
  $("embed-error").hidden = false;
  $("embed-load").hidden = true;
  $("embed-summary").textContent = "";
  $("embed-open").textContent = "Open Taluva";
  $("embed-open").href = "index.html";
}

function start() {
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
  const names = link.names.filter(Boolean);
  $("embed-players").textContent = names.length ? names.join(" · ") : "";
  $("embed-open").href = `index.html${formatHash(link)}`;
  const button = $("embed-load");
  button.hidden = false;
  button.addEventListener("click", async () => {
    button.disabled = true;
    body.dataset.embed = "loading";
    $("embed-status").textContent = "Loading the game engine…";
    try {
      const { play } = await import("./player.js");
      await play(link);
    } catch (error) {
      body.dataset.embed = "error";
      $("embed-status").textContent = "";
      // The engine could not start (a BootError), or it refused the link (an EngineError).
      $("embed-error").textContent =
        error?.name === "BootError" ? `The game engine could not start: ${error.message}` : linkProblem(error);
      $("embed-error").hidden = false;
      button.disabled = false;
    }
  });
  window.addEventListener("hashchange", () => location.reload());
}

start();
