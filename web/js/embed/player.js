// The embed's game, loaded on the reader's click: the engine (in its worker), the game of the
// link, and a read-only replay with step controls. Nothing is stored: no autosave, no service
// worker, no download copies for the offline cache.

import { createEngine } from "../engine/client.js";
import { createReplay } from "../share/replay.js";
import { formatHash, replaceHash } from "../share/hash.js";
import { defaultSeats } from "../game/seats.js";
import { colourById } from "../base/theme.js";

const $ = (id) => document.getElementById(id);

export async function play(link) {
  const engine = createEngine({
    onProgress: ({ message }) => {
      $("embed-status").textContent = message;
    },
    // Nothing kept in the host's storage: no download copies, no engine snapshot (OPFS or cache).
    bootOptions: { keepDownloads: false, keepNothing: true },
  });
  await engine.ready;
  const view = await engine.call("loadShareCode", { code: link.code });
  const steps = view.steps;
  const colours = defaultSeats().map((s) => colourById(s.colour));
  const replay = createReplay({
    engine,
    colours: () => colours,
    compact: true,
    onStep: (step) => {
      // The link's picture is of its own step: another step's link goes without one.
      const picture = step === (link.at ?? steps) ? link.picture : null;
      const hash = formatHash({ ...link, at: step === steps ? null : step, picture });
      replaceHash(hash);
      $("embed-open").href = `index.html${hash}`;
    },
  });
  $("embed-game").append(replay.el);
  $("embed-preview").hidden = true;
  $("embed-game").hidden = false;
  await replay.open(steps, link.at === null ? steps : Math.min(link.at, steps));
  document.body.dataset.embed = "ready";
  $("embed-status").textContent = "";
  window.taluvaEmbed = { state: () => replay.state, step: () => replay.step, call: engine.call };
}
