// The game screen: a view of the store. On every change of the store, of the computer turns or
// of the hint, it renders the header, the step bar, the panels and the board from them; what
// the person does goes through the intents (intents.js) back to the store.

import { Board } from "../board/board.js";
import { boardModel } from "../board/model.js";
import { key, placementKey } from "../board/geometry.js";
import { stepsThrough, turnHexes } from "../game/log-turns.js";
import { MoveChoice } from "../game/choice.js";
import { motionMs } from "../game/computer.js";
import { computerLevel } from "../game/seats.js";
import { onLanguageChange, t } from "../i18n/messages.js";
import { inTasks } from "../base/tasks.js";
import { createGameDialogs } from "./dialogs/game-dialogs.js";
import { buildProbe, createIntents } from "./intents.js";
import { listenKeys } from "./keys.js";
import { buildLayout, coordsToggle, holdGame, sayKeyTitles } from "./layout.js";
import { longPressTitles } from "./longpress.js";
import { createMenu } from "./menu.js";
import { engineErrorText } from "../i18n/engine-text.js";
import { RULE_EVENT } from "../i18n/rule-link.js";
import { renderLegend } from "./legend-panel.js";
import { logSteps, renderLog } from "./log-panel.js";
import { playersSteps, renderPlayers } from "./players-panel.js";
import { renderTiles, tilesSteps } from "./tiles-panel.js";
import { renderBanner } from "./banner.js";
import { announceChange, announceComputers } from "./say.js";
import { showRootData } from "./root-data.js";
import { renderStepBar } from "./stepbar.js";
import { colourById } from "../base/theme.js";
import { Tooltip } from "./tooltip.js";

export class GameScreen {
  #review = null; // what the end dialog's Review button does (setReview)
  #replay = null; // what opening a log row does: the replay at a step (setReplay)
  #highlight = undefined; // the hexes of the log row pointed at, drawn on the board
  #coords = false; // the player's toggle: each hex's coordinates drawn on the board
  #preview = null; // {view, seats}: a kept game drawn before the engine is up (preview())
  #storeBusy = false;
  #levels; // the computer levels the New game dialog offers
  #panelsLater = null; // a new game's panels, drawn in tasks after its board (inTasks)
  #whenSettled = []; // settled()'s waiters
  #quietAt = null; // the hex under the pointer as a tile was placed: no reason tip there until it moves
  marks = undefined; // hexes marked where to act (the lesson's), under a log row's highlight
  gate = null; // async (move) => whether the person's move may be played (the lesson's check)

  constructor(root, { store, computers, hints, levels = [] }) {
    this.root = root;
    this.store = store;
    this.computers = computers;
    this.hints = hints;
    this.choice = new MoveChoice();
    this.choice.inputType = matchMedia("(pointer: coarse)").matches ? "touch" : "mouse";
    this.act = createIntents(this);
    this.parts = buildLayout(root, (action, arg) => this.act.run(action, arg));
    this.notices = this.parts.notices;
    this.#levels = levels;
    this.dialogs = createGameDialogs(this.parts.dialogSlot, {
      levels: () => this.#levels,
      onStart: (cfg) => this.act.newGame(cfg),
      onNewGame: () => this.openSetup(),
      onReview: () => this.#review?.(),
      store: this.store,
      colours: () => this.colours,
    });
    this.#mountBoard();
    coordsToggle(this.parts.log, (on) => {
      this.#coords = on;
      root.dataset.coords = on ? "1" : "0";
      this.renderBoard();
    });
    this.menu = createMenu(this.parts.menu, { onChoose: (m) => this.act.chooseMove(m) });
    longPressTitles(root);
    listenKeys(this);
    store.subscribe((change) => this.#changed(change));
    store.onBusy((busy) => {
      this.#storeBusy = busy;
      this.#showBusy();
    });
    store.onError((error) => this.notices.error(engineErrorText(error), error?.rule));
    computers.subscribe(() => this.#computersChanged());
    computers.onError((error) => this.notices.error(t("screen.computer-failed", { reason: engineErrorText(error) })));
    hints.subscribe(() => this.render());
    root.addEventListener(RULE_EVENT, (e) => this.openHelp(e.detail.rule));
    onLanguageChange(() => this.#sayAgain());
    root.dataset.busy = "0";
  }

  // The page speaks another language (i18n/language.js): the marked words of the layout are said
  // already (page-text.js); what is drawn from the game is drawn again, the same game, choice
  // and camera. The dialogs built before are built again when next opened; what the notices
  // said is past.
  #sayAgain() {
    sayKeyTitles(this.root);
    this.menu.close();
    this.notices.clear();
    const legend = this.root.querySelector(".tg-legend");
    if (legend?.firstChild) renderLegend(legend);
    this.dialogs.forgetClosed();
    if (!this.view) return;
    if (this.store.view) this.#renderLog();
    else renderLog(this.parts.log, this.view.state, this.seats, this.colours);
    this.render();
  }

  /** The view on screen: the store's, or before the engine's first answer the preview's. */
  get view() {
    return this.store.view ?? this.#preview?.view ?? null;
  }

  get seats() {
    return this.store.view || !this.#preview ? this.store.seats : this.#preview.seats;
  }

  get colours() {
    return this.seats.map((s) => colourById(s.colour));
  }

  /**
   * Draw a kept game while the engine starts: `state` is the engine's state JSON kept with it,
   * `seats` and `steps` its entry's. Nothing can be done with it until the store's first game
   * replaces it (the root is inert, data-preview="1"); no rule is read here, only drawn.
   */
  preview({ state, seats, steps }) {
    if (this.store.view) return;
    this.#preview = { view: { state, steps, canUndo: false, canRedo: false }, seats };
    this.root.dataset.preview = "1";
    this.root.inert = true;
    this.board.fit(true);
    this.render();
    renderLog(this.parts.log, state, seats, this.colours);
  }

  /** What opening a log row does (app.js opens the Replay dialog at a step). */
  setReplay(fn) {
    this.#replay = fn;
  }

  /** The header's Replay button: the replay at the game's last step. */
  openReplay() {
    if (this.store.view?.steps) this.#replay?.(null);
  }

  // The log's rows: pointing at one marks its turn's hexes on the board, opening it shows the
  // replay just after that turn.
  #logActions(log) {
    return {
      point: (i) => {
        const hexes = i === null ? undefined : turnHexes(this.view?.state.log[i]);
        if (JSON.stringify(hexes) === JSON.stringify(this.#highlight)) return;
        this.#highlight = hexes;
        this.renderBoard();
      },
      open: (i) => this.#replay?.(stepsThrough(log(), i + 1)),
    };
  }

  /** Mark `hexes` ([[q, r], …]) on the board, as a log row pointed at does; undefined: none. */
  pointHexes(hexes) {
    if (JSON.stringify(hexes) === JSON.stringify(this.#highlight)) return;
    this.#highlight = hexes;
    this.renderBoard();
  }

  /** What the end dialog's Review button does (app.js opens the Review dialog). */
  setReview(fn) {
    this.#review = fn;
  }

  /** The computer levels the New game dialog offers (the engine's registry). */
  setLevels(levels) {
    this.#levels = levels;
    this.dialogs.built("setup")?.setLevels(levels);
  }

  /** A slot other modules fill: "games", "share" or "language" (in the header), or "dialogs". */
  slot(name) {
    const { gamesSlot, shareSlot, languageSlot, dialogSlot } = this.parts;
    return { games: gamesSlot, share: shareSlot, language: languageSlot, dialogs: dialogSlot }[name];
  }

  /** Put the working header `button` in slot `name`, in the place its stand-in kept for it. */
  placeButton(name, button) {
    this.slot(name).replaceChildren(button);
  }

  #mountBoard() {
    const { canvas, tip } = this.parts;
    this.board = new Board(canvas, {
      onHover: (hex, e) => this.act.hover(hex, e),
      onPointer: () => this.tooltip.place(),
      onActivate: (hex, e) => this.act.activate(hex, e),
      onRotate: (step) => this.act.rotate(step),
      onCamera: () => this.tooltip.place(),
    });
    this.tooltip = new Tooltip(tip, {
      root: this.root,
      board: this.board,
      explain: (move) => this.store.explain(move),
      onExplained: () => this.renderBoard(),
    });
    canvas.addEventListener("pointerleave", () => this.tooltip.hide());
    new ResizeObserver(() => {
      // Keep the fitted board clear of the zoom buttons.
      const narrow = canvas.clientWidth < 520;
      this.board.setInsets({ right: narrow ? 44 : 52, top: 6, bottom: 6, left: 6 });
    }).observe(canvas);
  }

  /** The game on screen out of reach while `on` (layout.js holdGame, keys.js); a change only. */
  hold(on) {
    if (Boolean(this.held) === on) return;
    this.held = on;
    holdGame(this.parts, on);
  }

  openSetup() {
    this.dialogs.get("setup").open({ seats: this.store.seats, options: this.store.state?.options });
  }

  /** Help, at its top or at the rule `rule` ("R-TILE-2"). */
  openHelp(rule = null) {
    this.dialogs.get("help").open({ rule });
  }

  showEnd() {
    this.dialogs.get("end").show(this.store.state, this.store.seats, this.colours);
  }

  closeDialogs() {
    this.dialogs.built("setup")?.close();
    this.dialogs.built("end")?.close();
  }

  hexToScreen(q, r) {
    return this.board.hexToScreen(q, r);
  }

  // ---- changes --------------------------------------------------------------------------------

  #changed(change) {
    const { view, prev, cause } = change;
    const fresh = cause === "new" || cause === "load";
    // The pointer still rests on the volcano just placed: "nothing is built on a volcano" is no
    // news there. Kept until the pointer moves to another hex.
    const at = this.choice.at;
    this.#quietAt = cause === "play" && view.state.phase === "build" && at ? key(at.q, at.r) : null;
    this.#resetFor(view, fresh);
    // Another game (a new one, one opened): its panels and its words are made in a task after
    // the rest, so that neither task holds the page long (the first visit's heaviest); the root
    // says busy until they are in. A move's panels change a row or two, at once.
    if (fresh) this.#renderPanelsLater(change);
    else announceChange(this.notices, change, this.store.seats);
    this.#renderChange(change);
    if (!fresh) this.#renderLog();
    if (view.state.phase === "over" && prev?.state.phase !== "over") {
      if (["play", "redo", "link"].includes(cause)) this.#showEndAfterFrame(view);
      else this.showEnd(); // a finished game opened: at once, under the replay a link may open
    }
  }

  // What the last position's choices, tips and menus were is gone with it.
  #resetFor(view, fresh) {
    if (this.#preview) {
      this.#preview = null;
      delete this.root.dataset.preview;
      this.root.inert = false;
    }
    this.choice.reset(view);
    this.tooltip.reset();
    this.menu.close();
    if (fresh) this.closeDialogs();
    // Playing by keyboard: the cursor comes back on a legal target of the new step.
    if (
      this.choice.inputType === "keyboard" &&
      document.activeElement === this.parts.canvas &&
      view.state.phase !== "over"
    ) {
      this.choice.cursor = this.choice.defaultCursor();
    }
    this.#highlight = undefined; // the log row pointed at may be gone (an undo)
  }

  // A task each: the words (their first list and plural formats load the browser's locale data),
  // each player's row, the tile count, each row of the unseen tiles' table, the log's rows a few
  // at a time; then the players again, in case a render skipped them.
  #renderPanelsLater(change) {
    this.#panelsLater?.cancel();
    const current = () => this.store.view === change.view; // else that change rendered it all
    const { players, tiles, log } = this.parts;
    const steps = [
      () => announceChange(this.notices, change, this.store.seats),
      () => playersSteps(players, ...this.#playersInputs(this.snapshot())),
      () => tilesSteps(tiles, this.view.state),
      () =>
        logSteps(
          log,
          this.view.state,
          this.seats,
          this.colours,
          this.#logActions(() => this.store.view.state.log),
        ),
    ];
    // Stopped early by a change that was no new game (a by-link game's next link, a move): its
    // render left the panels to these tasks, so they are drawn for the view on screen now.
    const done = () => {
      this.#panelsLater = null;
      this.#renderPanels(this.snapshot());
      this.#showBusy();
    };
    this.#panelsLater = inTasks(steps, { until: () => !current(), done });
    this.#showBusy();
  }

  #showBusy() {
    this.root.dataset.busy = this.#storeBusy || this.#panelsLater !== null ? "1" : "0";
    if (this.#panelsLater === null) this.#whenSettled.splice(0).forEach((resolve) => resolve());
  }

  /** Resolves once a new game's panels are in (at once if none are coming). */
  settled() {
    return this.#panelsLater === null ? Promise.resolve() : new Promise((resolve) => this.#whenSettled.push(resolve));
  }

  #renderLog() {
    const { view, seats } = this.store;
    const actions = this.#logActions(() => this.store.view.state.log);
    if (view) renderLog(this.parts.log, view.state, seats, this.colours, actions);
  }

  #renderPanels(s) {
    renderPlayers(this.parts.players, ...this.#playersInputs(s));
    renderTiles(this.parts.tiles, s.state);
  }

  #playersInputs(s) {
    const info = { thinking: this.computers.thinking, levels: s.seats.map((x) => computerLevel(x.type)) };
    return [s.state, s.seats, s.colours, info];
  }

  // A move animates on the board (a computer's at the page's computer speed); another game is
  // framed at once.
  #renderChange({ cause, by }) {
    const fresh = cause === "new" || cause === "load";
    this.board.motionMs = fresh ? 0 : motionMs(by, this.computers.speed);
    this.render();
    if (fresh) this.board.fit(true);
  }

  // The board shows the last move first: the end dialog (a modal that takes the focus, ~8 ms
  // of the step) opens after that frame, unless the game has moved on by then (an undo).
  #showEndAfterFrame(view) {
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (this.store.view === view) this.showEnd();
      }),
    );
  }

  #computersChanged() {
    const c = this.computers;
    if (c.showing?.type === "place") this.choice.clock = c.showing.clock;
    announceComputers(this.notices, c, this.store);
    this.render();
  }

  // ---- rendering ------------------------------------------------------------------------------

  /** Everything the step bar and the panels read, in one snapshot. */
  snapshot() {
    const store = this.store;
    return {
      state: this.view.state,
      seats: this.seats,
      colours: this.colours,
      choice: this.choice,
      computers: this.computers,
      hints: this.hints,
      hasHumans: store.hasHumans(),
      personToMove: store.personToMove(),
      starting: Boolean(this.#preview),
      byLink: store.view?.bylink ?? null, // a by-link game: this device's seat, who is to act
    };
  }

  render() {
    const view = this.view;
    if (!view) return;
    const s = this.snapshot();
    showRootData(this.root, view, s.state, this.computers, this.hints);
    this.#renderButtons(view, s);
    renderBanner(this.parts.turnBanner, s, this.computers.thinking !== null);
    if (this.#panelsLater === null) this.#renderPanels(s);
    renderStepBar(this.parts.stepBar, s, this.act);
    this.renderBoard();
  }

  #renderButtons(view, s) {
    const { undo, redo, hint, replay } = this.parts.buttons;
    undo.disabled = !view.canUndo;
    redo.disabled = !view.canRedo;
    hint.disabled = !s.personToMove;
    replay.disabled = !this.store.view?.steps; // nothing to watch yet, or still the preview
  }

  renderBoard() {
    const store = this.store;
    if (!this.view) return;
    const choice = this.choice;
    const d = this.root.dataset;
    d.clock = String(choice.clock);
    const shown = this.computers.showing || this.hints.move;
    const { view, ghost, mode } = boardModel({
      state: this.view.state,
      choice,
      colours: this.colours,
      shown,
      personToMove: store.personToMove(),
      highlight: this.#highlight ?? this.#chosenSettlement() ?? this.marks,
      coords: this.#coords,
    });
    d.ghost = ghost ? placementKey(ghost.q, ghost.r, ghost.clock) : "";
    d.ghostLegal = ghost ? String(ghost.legal) : "";
    if (mode === "place") this.tooltip.showPlace(ghost, this.seats);
    else if (mode === "build") this.#buildTip();
    else this.tooltip.hide();
    d.kind = choice.kind || "";
    d.selected = choice.confirmable()?.notation || "";
    this.board.set(view);
  }

  // The settlement chosen in the expansion chooser (a tap on its chip), marked on the board.
  #chosenSettlement() {
    const anchor = this.choice.kind === "expand" ? this.choice.settlement : null;
    return anchor ? this.choice.settlementOf(anchor) : undefined;
  }

  // Say what a click would build, or why nothing can be built there (the engine's reason),
  // unless the step bar already shows the chosen move.
  #buildTip() {
    const at = this.choice.at;
    if (this.#quietAt && (!at || key(at.q, at.r) !== this.#quietAt)) this.#quietAt = null;
    if (!at || this.menu.open || this.choice.expand || this.choice.pending) return this.tooltip.hide();
    const acts = this.choice.actionsAt(at);
    if (acts.length) return this.tooltip.showBuild(acts, at);
    if (!this.choice.hexAt.has(key(at.q, at.r))) return this.tooltip.hide(); // the bare table
    if (this.#quietAt) return this.tooltip.hide(); // still on the volcano just placed
    this.tooltip.showBuildReason(at, buildProbe(this.choice, at, this.store.state.current));
  }
}
