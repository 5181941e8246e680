// The embed's game, loaded on the reader's click: the engine (in its worker), the game of the
// link, and a small player, the full page's replay (replay/replay.js): turn by turn with the moves
// in words, the seats' names and what they built, play/pause, and the keys. Nothing is stored: no
// autosave, no service worker, no download copies, no engine snapshot.

import { createEngine } from "../engine/client.js";
import { createReplay } from "../replay/replay.js";
import { formatHash, replaceHash } from "../share/hash.js";
import { pictureColours, readPicture } from "../pictures/picture.js";
import { defaultSeats } from "../game/seats.js";
import { colourById } from "../base/theme.js";

const $ = (id) => document.getElementById(id);

// The seats' colours as the link's picture drew them (the sharer's), else the default ones.
function seatColours(link) {
  try {
    if (link.picture) return pictureColours(readPicture(link.picture)).map(colourById);
  } catch {
    // an unreadable picture was not drawn either: the defaults
  }
  return defaultSeats().map((s) => colourById(s.colour));
}

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
  const colours = seatColours(link);
  const replay = createReplay({
    engine,
    colours: () => colours,
    names: () => link.names,
    keyTarget: document, // the frame is the player: its keys work wherever the focus is in it
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
  await replay.open(steps, link.at === null ? steps : Math.min(link.at, steps), view.state.log);
  document.body.dataset.embed = "ready";
  $("embed-status").textContent = "";
  replay.el.querySelector("[data-testid=replay-play]")?.focus();
  window.taluvaEmbed = { state: () => replay.state, step: () => replay.step, call: engine.call };
}
