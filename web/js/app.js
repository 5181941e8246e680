// The game page, put together: one store for the game, and everything that follows it (the
// screen, computer turns, hints, the kept games, the URL hash, the Share, Replay, Review and
// Games dialogs). boot.js calls startApp as the page loads, while the engine starts: the kept game
// about to be resumed is drawn at once (from the state JSON kept with it), and plays once the
// engine answers.

import { t } from "./i18n/messages.js";
import { keptGames } from "./games/games.js";
import { openLibrary } from "./games/library.js";
import { ComputerTurns } from "./game/computer.js";
import { Hints } from "./game/hints.js";
import { GameStore } from "./game/store.js";
import { createLanguageMenu } from "./i18n/language-menu.js";
import { gameApi } from "./page-api.js";
import { GameScreen } from "./screen/screen.js";
import { syncLink } from "./share/link-sync.js";
import { showNotice } from "./share/notice.js";
import { addLessonEntries } from "./lesson/entry.js";
import { offerLesson } from "./lesson/offer.js";
import { lessonOnLoad } from "./lesson/progress.js";
import { colourById } from "./base/theme.js";
import { ICONS } from "./base/icons.js";
import { onFirstUse } from "./base/first-use.js";
import { yieldToMain } from "./base/tasks.js";
import { headerButton } from "./screen/layout.js";
import { createReplayDialog } from "./replay/replay-dialog.js";
import { createShareDialog } from "./share/share-dialog.js";
import { keptGameToShow, openFirstGame, openLinkHash } from "./first-game.js";
import { parseByLinkHash } from "./share/bylink-hash.js";
import { hashLanguage } from "./share/hash.js";
import { linkPictureToShow } from "./share/link-picture.js";
import { canConnectLive, isLiveHash, liveOnFirstUse } from "./live/entry.js";

async function openGame(store, games, byLink, live) {
  const notices = [];
  try {
    return { ...(await openFirstGame(store, games, { notices, byLink, live })), notices };
  } catch (error) {
    // Never let a link or a save keep the game from starting.
    console.warn("Taluva: could not open the link or the saved game:", error);
    await store.newGame();
    return { source: "new", at: null, notices };
  }
}

/** The kept games' storage, or null where the browser keeps nothing (said in a notice). */
async function library(notices) {
  try {
    const { openDB } = await import("./vendor/idb.js");
    return await openLibrary(openDB);
  } catch (error) {
    notices.push(t("app.unkept", { problem: error?.message ?? String(error) }));
    return null;
  }
}

/** Show what the person must be told on opening a game (strings, or {text, kind}). */
function tell(notices) {
  for (const notice of notices) {
    if (typeof notice === "string") showNotice(notice);
    else showNotice(notice.text, { kind: notice.kind });
  }
}

// Features loaded on first use (their chunks: build/bundle_page.py), as many as are loading now.
let loadingFeatures = 0;

/** The page says it is working (cursor, aria-busy) while a feature it was asked for loads. */
function showLoading(on) {
  loadingFeatures += on ? 1 : -1;
  const app = document.getElementById("app");
  if (loadingFeatures) {
    document.body.dataset.loading = "feature";
    app?.setAttribute("aria-busy", "true");
  } else {
    delete document.body.dataset.loading;
    app?.removeAttribute("aria-busy");
  }
}

/**
 * A feature of the page loaded on first use (base/first-use.js): `load()` imports its module and
 * makes it. One that cannot be loaded is said in a notice (the game on screen plays on), and
 * the promise rejects.
 */
function feature(load) {
  const get = onFirstUse(load, { busy: showLoading });
  const ask = () =>
    get().catch((error) => {
      console.warn("Taluva: could not load a part of the page:", error);
      showNotice(t("app.unloaded", { problem: error?.message ?? String(error) }));
      throw error;
    });
  ask.loaded = get.loaded;
  return ask;
}

/** The page's localStorage, or null where the browser refuses it (the lesson keeps no progress). */
function pageStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

// For a click: a feature that could not load has said so in a notice already.
const quietly = (promise) => promise.catch(() => {});

/**
 * By-link games (bylink/bylink.js), loaded when one is first made, opened from a link or on screen
 * (a kept one): {create(config), open(link, names), link()}, as bylink.js's own.
 */
function byLinkOnFirstUse(store, games, screen) {
  const made = feature(async () => {
    const { createByLink } = await import("./bylink/bylink.js");
    // Its panel under the step bar, in the layout (never over the board).
    return createByLink({ store, games, mount: (panel) => screen.parts.stepBar.after(panel) });
  });
  store.subscribe(({ view }) => {
    if (view?.bylink && !made.loaded()) quietly(made());
  });
  return {
    create: async (config) => (await made()).create(config),
    open: async (link, names, options) => (await made()).open(link, names, options),
    onLink: async (fn) => (await made()).onLink(fn),
    openOnScreen: async (link) => (await made()).openOnScreen(link),
    link: () => made.loaded()?.link() ?? null,
  };
}

/** Tell of a storage problem once, in a notice that goes when the problem does. */
function storageNotices() {
  let box = null;
  return (text) => {
    box?.remove();
    box = text ? showNotice(text, { testid: "storage-notice" }) : null;
    document.body.dataset.storage = text ? "problem" : "ok";
  };
}

/**
 * Draw the kept game (or the link's picture) about to open while the engine starts; `onShown()`
 * once it is on screen.
 */
async function preview(screen, games, onShown) {
  try {
    const kept = await keptGameToShow(games);
    // Else a link's own picture of its position (share/link-picture.js).
    const shown = kept ? { state: kept.state, seats: kept.entry.seats, steps: kept.entry.steps } : linkPictureToShow();
    if (!shown) return;
    screen.preview(shown);
    onShown();
  } catch (error) {
    console.warn("Taluva: could not draw the kept game before the engine started:", error);
  }
}

/**
 * Mount the game on `root`; resolves with the page API's game members once a game is shown.
 * `onPreview()` is called if a kept game is drawn before the engine is up; `languages` are the
 * build's ([{tag, name}]), for the language menu.
 */
export async function startApp(root, engine, { onPreview = () => {}, languages = [] } = {}) {
  let engineUp = false;
  engine.ready.then(
    () => (engineUp = true),
    () => {},
  );
  const store = new GameStore(engine);
  const computers = new ComputerTurns(store);
  const hints = new Hints(store);
  const screen = new GameScreen(root, { store, computers, hints });
  if (languages.length > 1) screen.slot("language").append(createLanguageMenu({ languages }));
  await yieldToMain(); // the screen's build and the dialogs' each in tasks of their own
  const early = [];
  let list = null;
  const games = keptGames(store, await library(early), {
    onProblem: storageNotices(),
    onSaved: () => list?.loaded()?.dialog.open && list.loaded().refresh(),
  });
  if (!engineUp) await preview(screen, games, onPreview);
  screen.setLevels(await engine.call("computerLevels"));
  list = feature(async () => {
    const { createGamesDialog } = await import("./games/games-dialog.js");
    return createGamesDialog({ screen, games, currentId: () => store.gameId });
  });
  const showList = () => list().then((dialog) => dialog.show());
  screen.placeButton(
    "games",
    headerButton({
      label: "games.button",
      icon: ICONS.games(),
      title: "games.button.title",
      testid: "games",
      onclick: () => quietly(showList()),
    }),
  );
  const review = feature(async () => {
    const { createReviewDialog } = await import("./review/review-dialog.js");
    return createReviewDialog({
      engine: store,
      seats: () => store.seats,
      colours: () => store.seats.map((s) => colourById(s.colour)),
      root: screen.slot("dialogs"),
    });
  });
  // The game on screen, whole (the end dialog) or up to the step a replay shows.
  const openReview = (steps = null) =>
    quietly(review().then((dialog) => dialog.open({ code: store.view.share, steps })));
  screen.setReview(() => openReview());
  await yieldToMain();
  const replay = createReplayDialog({
    store,
    screen,
    onStep: (step) => link.setAt(step),
    onReview: (step) => openReview(step),
  });
  const link = syncLink(store, {
    onStep: (step) => replay.open(step),
    onLink: (hash) => openTyped(hash).catch((error) => console.warn("Taluva: could not open the link:", error)),
  });
  screen.setReplay((step) => replay.open(step));
  await yieldToMain();
  const share = createShareDialog({ store, screen, onReplay: (step) => replay.open(step) });

  const byLink = byLinkOnFirstUse(store, games, screen);
  const storage = pageStorage();
  const live = liveOnFirstUse({ store, games, byLink, screen, feature, storage });
  screen.dialogs.when("setup", (setup) => {
    setup.onByLink = (config) => byLink.create(config);
    setup.onLive = (config) => live.start(config);
    if (!canConnectLive()) setup.withoutLive();
  });
  await yieldToMain(); // the first game's render in a task of its own
  const start = await openGame(store, games, byLink, live);
  document.body.dataset.share = start.source;
  tell([...early, ...start.notices]);

  // The next link opened in this tab (pasted into the address bar). A by-link game's opens by
  // the code a fresh load runs (first-game.js openLinkHash), over the game on screen, so that
  // the friends' turns play on the board; any other link (a game's, another language, none) is
  // a fresh load itself.
  async function openTyped(hash) {
    const language = hashLanguage(hash);
    if (isLiveHash(hash)) {
      await live.openHash(hash); // an answer to this tab's invitation, or an invitation
      link.rewrite();
      return;
    }
    if (!parseByLinkHash(hash) || (language && language !== document.documentElement.lang)) {
      location.reload();
      return;
    }
    for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
    const notices = [];
    const opened = await openLinkHash(store, games, { hash, notices, byLink });
    document.body.dataset.share = opened?.source ?? "none";
    tell(notices);
    // A link that could not be opened leaves the game on screen as it was, and its own link.
    if (opened?.source === "bad-link") link.rewrite();
  }
  const lesson = feature(async () => {
    const { createLesson } = await import("./lesson/lesson.js");
    return createLesson({ screen, store, storage });
  });
  const startLesson = () => quietly(lesson().then((made) => made.start(0)));
  addLessonEntries(screen, { start: () => quietly(lesson().then((made) => made.start())) });
  screen.dialogs.when("help", (help) => help.setPictures((steps) => store.call("lessonPictures", { steps })));
  // The lesson is loaded now only to resume a lesson in progress; a first visit's offer of it
  // is a line of its own (lesson/offer.js), and the lesson comes when the offer is taken.
  const onLoad = lessonOnLoad(storage, start.source === "new");
  if (onLoad === "offer") offerLesson({ screen, store, storage, onTake: startLesson });
  if (onLoad === "resume") {
    try {
      await (await lesson()).resume();
    } catch (error) {
      console.warn("Taluva: could not resume the lesson:", error); // the game on screen stays
    }
  }
  await screen.settled(); // the first game's panels are in before it shows
  root.dataset.ready = "1";
  document.body.dataset.shareReady = "1";
  screen.dialogs.buildWhenIdle(["setup", "confirm"]); // Help and the end are rarer: built when opened
  if (start.source === "link" && start.at !== null) replay.open(start.at);
  const api = gameApi({ store, computers, screen, share, replay, games, list: { show: showList }, sync: link });
  return { ...api, bylink: byLink, live };
}
