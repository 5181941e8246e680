// The game screen: turns the engine's views into what the board and panels show, and the
// user's intents into engine calls. Every legality question goes to the engine: the legal list
// that comes with each view, and `explain` for why a move is not legal.

import { Board } from "../board/board.js";
import { h, fill, smallCanvas } from "./dom.js";
import { drawTile } from "../board/art.js";
import { CLOCKS, key, placementKey, rotateClock, tileHexes } from "../board/geometry.js";
import { ordinal, pieceIcon, renderLegend, renderLog, renderPlayers, renderTiles } from "./panels.js";
import { DEFAULT_OPTIONS, SetupDialog } from "./setup.js";
import { AI_SPEEDS, DEFAULT_SEATS, KIND_HELP, KIND_LABELS, TERRAINS, colourById, computerLevel, tileTerrains } from "../screen/theme.js";

const KINDS = ["found", "expand", "temple", "tower"];
const STORAGE_KEY = "taluva.game.v1";
const EXPLAIN_DELAY = 60; // ms of hovering before the engine is asked why a spot is illegal

export class GameScreen {
  constructor(root, { engine, storage = safeStorage(), openSetupFirst = true } = {}) {
    this.root = root;
    this.engine = engine;
    this.storage = storage;
    this.view = null;
    this.seats = DEFAULT_SEATS.slice(0, 2).map((s) => ({ ...s }));
    this.colours = this.seats.map((s) => colourById(s.colour));
    this.clock = 6;
    this.hover = null; // hex under the mouse
    this.cursor = null; // hex chosen by touch or keyboard
    this.pointer = null; // {x, y} client position of the last pointer event on the board
    this.inputType = matchMedia("(pointer: coarse)").matches ? "touch" : "mouse";
    this.kind = null; // chosen build action
    this.expand = null; // chosen expansion move
    this.settlement = null; // chosen settlement (anchor key) while expanding
    this.pending = null; // a build chosen by touch, waiting for confirmation
    this.busy = 0;
    this.version = 0;
    this.explained = new Map();
    this.seatByTurn = new Map();
    this.record = "";
    // Computer players: the engine thinks in the worker; the page shows, then plays its move.
    this.gameSeed = 0; // per-seat computer seeds derive from it, so games are reproducible
    this.aiSpeed = "normal";
    this.aiPaused = false;
    this.aiToken = 0; // bumped to drop a computer turn in flight (undo, new game, pause)
    this.aiHold = false; // no computer moves while an undo walks back
    this.thinking = null; // seat whose computer is thinking
    this.aiShow = null; // the computer's chosen move, highlighted before it is played
    this.aiTimes = []; // think time per computer decision, as the page measures it
    this.hint = null; // the strongest level's suggestion for the human to move
    this.#build();
    this.ready = this.#start(openSetupFirst);
  }

  // ---- lifecycle ----------------------------------------------------------------------------

  async #start(openSetupFirst) {
    let resumed = false;
    const saved = this.#loadSaved();
    if (saved) {
      try {
        this.#setSeats(saved.seats);
        this.gameSeed = Number.isInteger(saved.seed) ? saved.seed : hashText(saved.share);
        await this.#run(() => this.engine.call("loadShareCode", { code: saved.share }));
        resumed = this.view && this.view.state.phase !== "over";
      } catch {
        resumed = false;
      }
    }
    if (!resumed) {
      this.#setSeats(DEFAULT_SEATS.slice(0, 2));
      await this.#run(() => this.engine.call("newGame", { options: { ...DEFAULT_OPTIONS }, seed: null }));
      if (openSetupFirst) this.openSetup();
    }
    this.root.dataset.ready = "1";
  }

  async newGame({ options = {}, seats, seed = null } = {}) {
    const opts = { ...DEFAULT_OPTIONS, ...options };
    const n = Number(opts.players) || 2;
    const seatList = (seats || this.seats).slice(0, n);
    while (seatList.length < n) seatList.push({ ...DEFAULT_SEATS[seatList.length] });
    const before = this.seats;
    const beforeSeed = this.gameSeed;
    // A game without a given seed gets one from the page, so its computers' seeds are known.
    const gameSeed = Number.isInteger(seed) ? seed : Math.floor(Math.random() * 2 ** 31);
    this.#stopAi();
    this.aiTimes = [];
    this.#setSeats(seatList);
    this.gameSeed = gameSeed;
    let view;
    try {
      view = await this.#run(() => this.engine.call("newGame", { options: opts, seed: gameSeed }), { reset: true, quiet: true });
    } catch (err) {
      this.#setSeats(before);
      this.gameSeed = beforeSeed;
      throw err;
    }
    this.setup.close();
    this.endDialog.close();
    this.board.fit(true);
    this.#announce(`New game: ${seatList.map((s) => s.name).join(", ")}. ${this.#turnText()}`);
    return view;
  }

  openHelp() {
    const el = this.helpDialog;
    if (!el.open) el.showModal();
    // Start at the top: focusing the Close button (at the bottom) must not scroll the text away.
    el.querySelector("button")?.focus({ preventScroll: true });
    el.scrollTop = 0;
  }

  openSetup() {
    this.setup.open({ seats: this.seats, options: this.view?.state.options });
  }

  // ---- engine calls -------------------------------------------------------------------------

  /** Run an engine call that returns a view; show the view, or the engine's error. */
  async #run(call, { reset = false, quiet = false } = {}) {
    this.busy++;
    this.root.dataset.busy = "1";
    try {
      const view = await call();
      if (reset) this.seatByTurn.clear();
      this.#setView(view);
      return view;
    } catch (err) {
      if (!quiet) this.#error(err.message || String(err));
      throw err;
    } finally {
      this.busy--;
      if (!this.busy) this.root.dataset.busy = "0";
    }
  }

  async play(move) {
    return this.#run(() => this.engine.call("play", { move }));
  }

  async undo() {
    if (!this.view?.canUndo || this.busy) return;
    if (!this.#hasComputers()) {
      await this.#run(() => this.engine.call("undo")).catch(() => {});
      return;
    }
    // With computers at the table, undo goes back to the last decision a person made (so a
    // person takes back their own move); with computers only, one step, and watching pauses.
    const humans = this.#hasHumans();
    if (!humans) this.aiPaused = true;
    this.#stopAi();
    this.aiHold = true;
    try {
      do {
        await this.#run(() => this.engine.call("undo"));
      } while (humans && this.view.canUndo && this.#isComputer(this.view.state.current));
    } catch {
      /* the engine's message is shown */
    } finally {
      this.aiHold = false;
    }
    this.#render();
    this.#maybeAi();
  }

  async redo() {
    if (!this.view?.canRedo || this.busy) return;
    await this.#run(() => this.engine.call("redo")).catch(() => {});
  }

  // ---- computer players ---------------------------------------------------------------------

  #isComputer(seat) {
    return !!computerLevel(this.seats[seat]?.type);
  }

  #hasComputers() {
    return this.seats.some((s) => computerLevel(s.type));
  }

  #hasHumans() {
    return this.seats.some((s) => !computerLevel(s.type));
  }

  /** Whether the page takes a person's moves now (not while a computer is to move). */
  #humanTurn() {
    const s = this.view?.state;
    return !!s && s.phase !== "over" && !this.#isComputer(s.current);
  }

  #seatSeed(seat) {
    return ((this.gameSeed % 1_000_003) * 8 + seat + 1) >>> 0;
  }

  #stopAi() {
    this.aiToken++;
    this.aiShow = null;
    this.#setThinking(null);
  }

  #setThinking(seat) {
    this.thinking = seat;
    this.root.dataset.thinking = seat === null ? "0" : "1";
  }

  setAiSpeed(speed) {
    if (!AI_SPEEDS.some((x) => x.id === speed)) throw new Error(`unknown speed ${speed}: one of ${AI_SPEEDS.map((x) => x.id).join(", ")}`);
    this.aiSpeed = speed;
    this.root.dataset.aiSpeed = speed;
    if (this.view) this.#renderStepBar();
  }

  setAiPaused(paused) {
    this.aiPaused = !!paused;
    this.root.dataset.aiPaused = this.aiPaused ? "1" : "0";
    if (this.aiPaused) {
      this.#stopAi();
      this.#announce("Computer players paused.");
    }
    if (this.view) this.#render();
    if (!this.aiPaused) this.#maybeAi();
  }

  /** If a computer is to move, let it think (in the worker) and play, after the view is shown. */
  #maybeAi() {
    const s = this.view?.state;
    if (!s || this.aiHold || this.aiPaused || s.phase === "over" || !this.#isComputer(s.current)) return;
    if (this.thinking !== null || this.aiShow) return;
    const token = ++this.aiToken;
    setTimeout(() => this.#aiTurn(token), 0);
  }

  async #aiTurn(token) {
    if (token !== this.aiToken || !this.view) return;
    const version = this.version;
    const s = this.view.state;
    const seat = s.current;
    const level = computerLevel(this.seats[seat].type);
    const name = this.seats[seat].name;
    this.#setThinking(seat);
    this.#render();
    this.#announce(`${name} (computer, ${level}) is thinking…`);
    const t0 = performance.now();
    let move;
    try {
      move = await this.engine.call("aiChoose", { level, seed: this.#seatSeed(seat) });
    } catch (err) {
      if (token === this.aiToken) {
        this.#setThinking(null);
        this.#error(`The computer could not move: ${err.message || err}`);
        this.#render();
      }
      return;
    }
    const t1 = performance.now();
    if (token !== this.aiToken || version !== this.version) return;
    this.aiTimes.push({ seat, level, phase: s.phase, turn: s.turn, ms: t1 - t0, t0, t1 });
    this.root.dataset.aiMs = String(Math.round(t1 - t0));
    this.#setThinking(null);
    const delay = AI_SPEEDS.find((x) => x.id === this.aiSpeed)?.ms ?? 0;
    if (delay > 0) {
      // Show the move (the tile, then the buildings) before it lands.
      this.aiShow = move;
      if (move.type === "place") this.clock = move.clock;
      this.root.dataset.aiShow = move.notation;
      this.#render();
      this.#announce(`${name} ${move.type === "place" ? "places the tile" : "builds"}: ${move.notation}.`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (token !== this.aiToken || version !== this.version) return;
      this.aiShow = null;
      this.root.dataset.aiShow = "";
    }
    try {
      await this.#run(() => this.engine.call("play", { move }));
    } catch {
      /* shown by #run */
    }
  }

  // ---- hint ---------------------------------------------------------------------------------

  async showHint() {
    if (!this.view || this.busy || !this.#humanTurn() || this.hintPending) return;
    const version = this.version;
    this.hintPending = true;
    this.root.dataset.hint = "pending";
    this.#announce("Looking for a good move…");
    try {
      const move = await this.engine.call("hint", { seed: this.#seatSeed(7) });
      if (version !== this.version) return;
      this.hint = move;
      if (move.type === "place") {
        this.clock = move.clock;
        this.root.dataset.clock = String(this.clock);
      }
      this.#announce(`Hint: ${move.notation}. Enter accepts it, Esc ignores it.`);
    } catch (err) {
      this.#error(`No hint: ${err.message || err}`);
    } finally {
      this.hintPending = false;
      if (this.view) this.#render();
    }
  }

  async acceptHint() {
    const move = this.hint;
    if (!move || this.busy || !this.#humanTurn()) return;
    this.hint = null;
    this.cursor = null;
    await this.play(move).catch(() => {});
  }

  #dropHint() {
    if (!this.hint) return false;
    this.hint = null;
    return true;
  }

  #setView(view) {
    const prev = this.view;
    this.view = view;
    this.version++;
    this.explained.clear();
    const s = view.state;
    this.seatByTurn.set(s.turn, s.current);
    // Index the legal moves: placements by spot and rotation, builds by kind and hex.
    this.places = new Map();
    this.dotsByClock = new Map(CLOCKS.map((c) => [c, []]));
    this.builds = { found: [], expand: [], temple: [], tower: [] };
    this.buildAt = { found: new Map(), temple: new Map(), tower: new Map() };
    for (const m of view.legal) {
      if (m.type === "place") {
        this.places.set(placementKey(m.volcano[0], m.volcano[1], m.clock), m);
        this.dotsByClock.get(m.clock).push(m.volcano);
      } else {
        this.builds[m.kind].push(m);
        if (m.kind !== "expand") this.buildAt[m.kind].set(key(m.hexes[0].q, m.hexes[0].r), m);
      }
    }
    this.hexAt = new Map(s.hexes.map((hx) => [key(hx.q, hx.r), hx]));
    this.kind = null;
    this.expand = null;
    this.settlement = null;
    this.pending = null;
    this.previewMove = null;
    this.hint = null;
    // A computer turn still in flight was asked about an older position: drop it.
    this.#stopAi();
    if (s.phase !== "place") this.cursor = null;
    this.#describeChange(prev, view);
    // Playing by keyboard: the cursor comes back on a legal target of the new step.
    if (this.inputType === "keyboard" && document.activeElement === this.canvas && s.phase !== "over") {
      this.cursor = this.#defaultCursor();
    }
    this.#render();
    this.#save();
    this.#refreshLog();
    if (s.phase === "over" && prev?.state.phase !== "over") this.#showEnd();
    this.#maybeAi();
  }

  async #refreshLog() {
    const version = this.version;
    try {
      const record = await this.engine.call("record");
      if (version !== this.version) return;
      this.record = record;
      renderLog(this.logList, record, this.seats, this.colours, this.seatByTurn);
    } catch {
      /* the log is a nicety; the game goes on without it */
    }
  }

  // ---- what changed (announcements) ---------------------------------------------------------

  #describeChange(prev, view) {
    if (!prev) return;
    const a = prev.state;
    const b = view.state;
    const notes = [];
    // Huts buried by an eruption: buildings on the new tile's hexes that are gone.
    if (b.lastMove && view.steps === prev.steps + 1 && a.phase === "place") {
      const lost = new Map();
      for (const [q, r] of b.lastMove.placementHexes) {
        const before = prev.state.hexes.find((hx) => hx.q === q && hx.r === r)?.building;
        if (before) lost.set(before.owner, (lost.get(before.owner) || 0) + before.count);
      }
      for (const [owner, n] of lost) notes.push(`Eruption: ${n} hut${n > 1 ? "s" : ""} of ${this.seats[owner].name} destroyed (R-TILE-3d).`);
    }
    b.players.forEach((p, i) => {
      const before = a.players[i]?.status;
      if (before === "playing" && p.status === "eliminated") notes.push(`${this.seats[i].name} has no legal build and is eliminated (R-ELIM-1).`);
      if (before === "playing" && p.status === "finished") notes.push(`${this.seats[i].name} has placed all pieces of two kinds and leaves the game (O-RANK).`);
    });
    if (notes.length) {
      this.#flash(notes.join(" "));
    }
    if (a.turn !== b.turn || a.phase !== b.phase || a.current !== b.current) this.#announce(`${notes.join(" ")} ${this.#turnText()}`.trim());
  }

  #turnText() {
    const s = this.view.state;
    if (s.phase === "over") return `Game over: ${s.result.text}.`;
    const name = this.seats[s.current].name;
    return s.phase === "place" ? `${name}: place the tile (step 1 of 2).` : `${name}: build (step 2 of 2).`;
  }

  // ---- building the page --------------------------------------------------------------------

  #build() {
    const btn = (label, icon, onclick, attrs = {}) =>
      h("button", { type: "button", class: "tg-btn", onclick, "aria-label": label, ...attrs }, icon ? h("span", { class: "tg-ico", aria: { hidden: "true" } }, icon) : null, h("span", { class: "tg-btn-label" }, label));
    this.turnBanner = h("div", { class: "tg-turn", dataset: { testid: "turn" } });
    this.undoBtn = btn("Undo", "↶", () => this.undo(), { title: "Undo the last step (Ctrl+Z or U)", "aria-keyshortcuts": "Control+Z U", dataset: { testid: "undo" } });
    this.redoBtn = btn("Redo", "↷", () => this.redo(), { title: "Redo (Ctrl+Y or Shift+U)", "aria-keyshortcuts": "Control+Y Shift+U", dataset: { testid: "redo" } });
    this.hintBtn = btn("Hint", "💡", () => this.showHint(), { title: "Suggest a move (H)", "aria-keyshortcuts": "H", dataset: { testid: "hint" } });
    const header = h(
      "header",
      { class: "tg-top" },
      h("div", { class: "tg-brand" }, h("span", { class: "tg-logo", aria: { hidden: "true" } }), "Taluva"),
      this.turnBanner,
      h(
        "nav",
        { class: "tg-actions", aria: { label: "Game" } },
        btn("New game", "✚", () => this.openSetup(), { title: "Start a new game (N)", "aria-keyshortcuts": "N", dataset: { testid: "new-game" } }),
        this.hintBtn,
        this.undoBtn,
        this.redoBtn,
        btn("Help", "?", () => this.openHelp(), { title: "Rules at a glance and keyboard shortcuts (?)", "aria-keyshortcuts": "Shift+?", dataset: { testid: "help" } }),
      ),
    );

    this.canvas = h("canvas", {
      class: "tg-board",
      tabindex: "0",
      role: "application",
      "aria-roledescription": "game board",
      aria: { label: "Board. Arrow keys move the cursor, Enter acts on the hex under it, R rotates the tile.", describedby: "tg-turn-live" },
      dataset: { testid: "board" },
    });
    this.tip = h("div", { class: "tg-tip", role: "tooltip", hidden: true, dataset: { testid: "tip" } });
    const zoom = h(
      "div",
      { class: "tg-zoom", role: "group", aria: { label: "Zoom" } },
      h("button", { type: "button", class: "tg-btn tg-btn-icon", title: "Zoom in (+)", aria: { label: "Zoom in" }, onclick: () => this.board.zoomBy(1.25) }, "+"),
      h("button", { type: "button", class: "tg-btn tg-btn-icon", title: "Zoom out (−)", aria: { label: "Zoom out" }, onclick: () => this.board.zoomBy(0.8) }, "−"),
      h("button", { type: "button", class: "tg-btn tg-btn-icon", title: "Fit the board (F)", aria: { label: "Fit the board" }, dataset: { testid: "fit" }, onclick: () => this.board.fit() }, "⤢"),
    );
    this.flashEl = h("div", { class: "tg-flash", role: "status", hidden: true });
    this.stepBar = h("section", { class: "tg-stepbar", aria: { label: "Your move" }, dataset: { testid: "stepbar" } });
    const stage = h("div", { class: "tg-stage" }, h("div", { class: "tg-board-wrap" }, this.canvas, zoom, this.flashEl, this.tip), this.stepBar);

    this.playersList = h("ol", { class: "tg-players", dataset: { testid: "players" } });
    this.tilesBox = h("div", { class: "tg-tiles" });
    this.logList = h("ol", { class: "tg-log", dataset: { testid: "log" } });
    const legend = h("div", { class: "tg-legend" });
    renderLegend(legend);
    const side = h(
      "aside",
      { class: "tg-side", aria: { label: "Players, tiles and moves" } },
      h("section", { class: "tg-card" }, h("h2", {}, "Players"), this.playersList),
      h("section", { class: "tg-card" }, h("h2", {}, "Tiles"), this.tilesBox),
      h("section", { class: "tg-card tg-card-log" }, h("h2", {}, "Moves"), this.logList),
      h("section", { class: "tg-card" }, h("details", {}, h("summary", {}, h("h2", {}, "Legend")), legend)),
    );

    this.live = h("div", { class: "tg-sr", id: "tg-turn-live", "aria-live": "polite", "aria-atomic": "true" });
    this.alert = h("div", { class: "tg-error", role: "alert", "aria-live": "assertive", hidden: true, dataset: { testid: "error" } });

    this.setup = new SetupDialog({ onStart: (cfg) => this.newGame(cfg) });
    this.endDialog = this.#buildEndDialog();
    this.confirmDialog = this.#buildConfirmDialog();
    this.helpDialog = this.#buildHelpDialog();
    this.menu = h("div", { class: "tg-menu", role: "menu", hidden: true });

    fill(
      this.root,
      h("div", { class: "tg-app" }, header, h("div", { class: "tg-main" }, stage, side), this.live, this.alert, this.menu),
      this.setup.el,
      this.endDialog.el,
      this.confirmDialog.el,
      this.helpDialog,
    );
    this.root.classList.add("tg-root");

    this.board = new Board(this.canvas, {
      onHover: (hex, e) => this.#onHover(hex, e),
      onPointer: (x, y) => this.#onPointer(x, y),
      onActivate: (hex, e) => this.#onActivate(hex, e),
      onRotate: (step) => this.rotate(step),
      onCamera: () => this.#placeTip(),
    });
    this.canvas.addEventListener("keydown", (e) => this.#boardKey(e));
    this.canvas.addEventListener("focus", () => {
      // Focus by keyboard (not by a click or tap) shows the board cursor.
      if (!this.cursor && this.view && this.canvas.matches(":focus-visible")) {
        this.#setCursor(this.#defaultCursor(), "keyboard");
      }
    });
    this.canvas.addEventListener("pointerleave", () => this.#hideTip());
    document.addEventListener("keydown", (e) => this.#globalKey(e));
    document.addEventListener("pointerdown", (e) => {
      if (!this.menu.hidden && !this.menu.contains(e.target)) this.#closeMenu();
    });
    new ResizeObserver(() => this.#updateInsets()).observe(this.canvas);
  }

  #buildEndDialog() {
    const body = h("div", { class: "tg-end-body" });
    const el = h(
      "dialog",
      { class: "tg-dialog tg-end", aria: { labelledby: "tg-end-title" }, dataset: { testid: "end" } },
      h("h2", { id: "tg-end-title" }, "Game over"),
      body,
      h(
        "div",
        { class: "tg-dialog-buttons" },
        h("button", { type: "button", class: "tg-btn", onclick: () => el.close(), dataset: { testid: "end-board" } }, "Look at the board"),
        h("button", { type: "button", class: "tg-btn tg-btn-primary", onclick: () => { el.close(); this.openSetup(); }, dataset: { testid: "end-new" } }, "New game"),
      ),
    );
    return { el, body, close: () => el.open && el.close() };
  }

  #buildConfirmDialog() {
    const text = h("p", {});
    const el = h(
      "dialog",
      { class: "tg-dialog tg-confirm", aria: { labelledby: "tg-confirm-title" }, dataset: { testid: "confirm-dialog" } },
      h("h2", { id: "tg-confirm-title" }, "This placement eliminates you"),
      text,
      h(
        "form",
        { method: "dialog", class: "tg-dialog-buttons" },
        h("button", { value: "cancel", class: "tg-btn", dataset: { testid: "confirm-cancel" } }, "Cancel"),
        h("button", { value: "ok", class: "tg-btn tg-btn-danger", dataset: { testid: "confirm-ok" } }, "Place it anyway"),
      ),
    );
    return {
      el,
      ask: (message) =>
        new Promise((resolve) => {
          text.textContent = message;
          el.returnValue = "";
          // A "close" of an earlier ask may still be queued: only a close that left the dialog
          // shut answers this question.
          const onClose = () => {
            if (el.open) return;
            el.removeEventListener("close", onClose);
            resolve(el.returnValue === "ok");
          };
          el.addEventListener("close", onClose);
          el.showModal();
          el.querySelector("[value=cancel]").focus();
        }),
    };
  }

  #buildHelpDialog() {
    const keys = [
      ["R / Shift+R", "rotate the tile clockwise / back (also Shift+wheel)"],
      ["Click / tap", "place the tile; on touch, tap to aim and tap again (or Place) to confirm"],
      ["1 2 3 4", "build: found, expand, temple, tower"],
      ["Enter", "confirm the chosen move"],
      ["Esc", "cancel the choice"],
      ["Arrows", "move the board cursor (when the board has focus)"],
      ["H", "hint: the strongest computer's move, drawn on the board (Enter accepts, Esc ignores)"],
      ["Ctrl+Z / U", "undo a step (with computers: back to your last move)"],
      ["Ctrl+Y / Shift+U", "redo"],
      ["F, +, −", "fit the board, zoom in, zoom out (also wheel and pinch; drag to pan)"],
      ["N", "new game"],
    ];
    const el = h(
      "dialog",
      { class: "tg-dialog tg-help", aria: { labelledby: "tg-help-title" } },
      h("h2", { id: "tg-help-title" }, "How to play"),
      h("ol", { class: "tg-help-rules" },
        h("li", {}, h("strong", {}, "Place the drawn tile. "), "Either on the table next to the island (R-TILE-2), or as an eruption: its volcano on a volcano, pointing another way, on three hexes of one level, not on a temple, tower or whole settlement (R-TILE-3). Open volcanoes are ringed in orange."),
        h("li", {}, h("strong", {}, "Build. "), "Found a settlement (one hut, level 1), expand one into a landscape (huts equal to each hex's level), build a temple next to a settlement of 3+ hexes, or a tower on level 3+ (R-BUILD). No legal build: eliminated (R-ELIM-1)."),
        h("li", {}, h("strong", {}, "Win. "), "Place all pieces of two kinds at once (R-END-1); otherwise after the last tile, most temples, then towers, then huts (R-END-2)."),
      ),
      h("h3", {}, "Keys"),
      h("dl", { class: "tg-keys" }, keys.map(([k, v]) => [h("dt", {}, h("kbd", {}, k)), h("dd", {}, v)])),
      h("form", { method: "dialog", class: "tg-dialog-buttons" }, h("button", { class: "tg-btn tg-btn-primary" }, "Close")),
    );
    return el;
  }

  // ---- rendering ----------------------------------------------------------------------------

  #render() {
    if (!this.view) return;
    const s = this.view.state;
    const d = this.root.dataset;
    d.phase = s.phase;
    d.current = String(s.current);
    d.turn = String(s.turn);
    d.steps = String(this.view.steps);
    d.over = s.phase === "over" ? "1" : "0";
    d.clock = String(this.clock);
    d.players = String(s.players.length);
    d.computer = this.#isComputer(s.current) && s.phase !== "over" ? "1" : "0";
    d.thinking = this.thinking === null ? "0" : "1";
    this.undoBtn.disabled = !this.view.canUndo;
    this.redoBtn.disabled = !this.view.canRedo;
    this.hintBtn.disabled = !this.#humanTurn();
    this.#renderBanner();
    renderPlayers(this.playersList, s, this.seats, this.colours, {
      thinking: this.thinking,
      levels: this.seats.map((x) => computerLevel(x.type)),
    });
    renderTiles(this.tilesBox, s);
    this.#renderStepBar();
    this.#renderBoard();
  }

  #renderBanner() {
    const s = this.view.state;
    const over = s.phase === "over";
    const colour = over ? null : this.colours[s.current];
    fill(
      this.turnBanner,
      colour ? h("span", { class: "tg-seat-dot", style: { "--seat": colour.fill, "--seat-edge": colour.edge }, aria: { hidden: "true" } }) : null,
      over
        ? h("span", {}, h("strong", {}, "Game over"), ` — ${s.result.text}`)
        : this.thinking !== null
        ? h("span", { dataset: { testid: "thinking" } }, h("strong", {}, this.seats[s.current].name), " is thinking", h("span", { class: "tg-spinner", aria: { hidden: "true" } }))
        : h("span", {}, h("strong", {}, this.seats[s.current].name), s.phase === "place" ? " · place the tile" : " · build", h("span", { class: "tg-step" }, s.phase === "place" ? "step 1 of 2" : "step 2 of 2")),
    );
  }

  #renderStepBar() {
    const s = this.view.state;
    const bar = this.stepBar;
    bar.dataset.mode = s.phase;
    if (s.phase !== "over" && this.#isComputer(s.current)) return this.#renderComputerBar();
    if (this.hint) return this.#renderHintBar();
    if (s.phase === "place") {
      const [a, b] = tileTerrains(s.tile);
      const preview = smallCanvas(92, 84, (ctx) => drawTile(ctx, 46, 42, 17, s.tile, this.clock), {
        class: "tg-tile-preview",
        role: "img",
        "aria-label": `Drawn tile: volcano, ${TERRAINS[a].name} and ${TERRAINS[b].name}; landscapes at ${this.clock} o'clock`,
        dataset: { testid: "tile-preview", clock: String(this.clock) },
      });
      const g = this.#ghost();
      this.confirmBtn = h("button", {
        type: "button",
        class: "tg-btn tg-btn-primary tg-confirm-btn",
        disabled: !(g && g.legal && this.cursor),
        onclick: () => this.confirm(),
        dataset: { testid: "confirm" },
        title: "Place the tile where the ghost is (Enter)",
      }, "Place tile");
      fill(
        bar,
        h("div", { class: "tg-tile-widget" },
          preview,
          h("div", { class: "tg-rotate", role: "group", aria: { label: "Rotate the tile" } },
            h("button", { type: "button", class: "tg-btn tg-btn-icon", onclick: () => this.rotate(-1), title: "Rotate anticlockwise (Shift+R)", aria: { label: "Rotate anticlockwise", keyshortcuts: "Shift+R" }, dataset: { testid: "rotate-left" } }, "⟲"),
            h("button", { type: "button", class: "tg-btn tg-btn-icon", onclick: () => this.rotate(1), title: "Rotate clockwise (R)", aria: { label: "Rotate clockwise", keyshortcuts: "R" }, dataset: { testid: "rotate-right" } }, "⟳"),
          )),
        h("div", { class: "tg-step-text" },
          h("p", { class: "tg-step-title" }, "Place the tile"),
          h("p", { class: "tg-step-help" },
            `${TERRAINS[a].name} + ${TERRAINS[b].name}. `,
            {
              touch: "Tap to aim the volcano, tap again to place.",
              keyboard: "Arrows move the volcano, Enter places, R rotates.",
            }[this.inputType] || "Point with the volcano, click to place. R rotates.",
            s.openVolcanoes.length ? ` ${s.openVolcanoes.length} volcano${s.openVolcanoes.length > 1 ? "es" : ""} open to an eruption (orange rings).` : ""),
        ),
        this.confirmBtn,
      );
      return;
    }
    if (s.phase === "over") {
      fill(bar,
        h("div", { class: "tg-step-text" }, h("p", { class: "tg-step-title" }, "Game over"), h("p", { class: "tg-step-help" }, s.result.text)),
        h("button", { type: "button", class: "tg-btn", onclick: () => this.#showEnd(), dataset: { testid: "show-result" } }, "Show the result"),
        h("button", { type: "button", class: "tg-btn tg-btn-primary", onclick: () => this.openSetup() }, "New game"));
      return;
    }
    // Build step.
    const colour = this.colours[s.current];
    const kindButtons = h(
      "div",
      { class: "tg-kinds", role: "radiogroup", aria: { label: "Build action" } },
      KINDS.map((kind, i) => {
        const n = this.builds[kind].length;
        const piece = kind === "found" || kind === "expand" ? "hut" : kind;
        return h(
          "button",
          {
            type: "button",
            role: "radio",
            class: `tg-btn tg-kind${this.kind === kind ? " is-on" : ""}`,
            aria: { checked: String(this.kind === kind), keyshortcuts: String(i + 1), describedby: `tg-kind-help-${kind}` },
            disabled: n === 0,
            title: `${KIND_HELP[kind]}${n === 0 ? " — not possible now" : ""} (${i + 1})`,
            onclick: () => this.chooseKind(kind),
            dataset: { testid: `kind-${kind}`, count: String(n) },
          },
          pieceIcon(piece, colour, 22),
          h("span", { class: "tg-kind-label" }, KIND_LABELS[kind]),
          h("span", { class: "tg-kind-n", aria: { label: `${n} choices` } }, String(n)),
        );
      }),
    );
    const detail = h("div", { class: "tg-build-detail" });
    if (this.kind === "expand") detail.append(this.#expandChooser());
    else {
      const help = this.kind ? KIND_HELP[this.kind] : "Choose an action, or click a highlighted hex.";
      detail.append(h("p", { class: "tg-step-help", id: this.kind ? `tg-kind-help-${this.kind}` : null }, help));
    }
    const confirmable = this.#confirmable();
    this.confirmBtn = h("button", {
      type: "button",
      class: "tg-btn tg-btn-primary tg-confirm-btn",
      disabled: !confirmable,
      onclick: () => this.confirm(),
      dataset: { testid: "confirm" },
      title: "Build it (Enter)",
    }, confirmable ? `Build: ${confirmable.notation}` : "Build");
    fill(
      bar,
      h("div", { class: "tg-build-main" },
        h("div", { class: "tg-build-head" }, h("p", { class: "tg-step-title" }, "Build"), kindButtons),
        detail),
      h("div", { class: "tg-build-actions" },
        this.kind ? h("button", { type: "button", class: "tg-btn", onclick: () => this.cancel(), dataset: { testid: "cancel" } }, "Cancel") : null,
        this.confirmBtn),
    );
    for (const kind of KINDS) {
      if (!detail.querySelector(`#tg-kind-help-${kind}`)) kindButtons.querySelector(`[data-testid=kind-${kind}]`)?.removeAttribute("aria-describedby");
    }
  }

  #renderComputerBar() {
    const s = this.view.state;
    const bar = this.stepBar;
    bar.dataset.mode = "computer";
    const seat = this.seats[s.current];
    const level = computerLevel(seat.type);
    const what = this.aiPaused
      ? "paused"
      : this.thinking !== null
      ? "is thinking…"
      : this.aiShow
      ? `${this.aiShow.type === "place" ? "places the tile" : "builds"}: ${this.aiShow.notation}`
      : s.phase === "place" ? "places the tile" : "builds";
    const speed = h(
      "select",
      { class: "tg-select", aria: { label: "Computer speed" }, dataset: { testid: "ai-speed" }, onchange: (e) => this.setAiSpeed(e.target.value) },
      AI_SPEEDS.map((x) => h("option", { value: x.id, selected: x.id === this.aiSpeed }, x.label)),
    );
    fill(
      bar,
      h("div", { class: "tg-step-text" },
        h("p", { class: "tg-step-title" },
          this.thinking !== null ? h("span", { class: "tg-spinner", aria: { hidden: "true" } }) : null,
          `${seat.name} (computer, ${level}) ${what}`),
        h("p", { class: "tg-step-help" }, this.#hasHumans()
          ? "Undo takes back your last move."
          : "Computer against computer: pick a speed, pause to look.")),
      h("label", { class: "tg-ai-speed" }, h("span", {}, "Speed "), speed),
      h("button", {
        type: "button",
        class: "tg-btn",
        onclick: () => this.setAiPaused(!this.aiPaused),
        aria: { pressed: String(this.aiPaused) },
        dataset: { testid: "ai-pause" },
      }, this.aiPaused ? "Resume" : "Pause"),
    );
  }

  #renderHintBar() {
    const m = this.hint;
    fill(
      this.stepBar,
      h("div", { class: "tg-step-text", dataset: { testid: "hint-bar" } },
        h("p", { class: "tg-step-title" }, `Hint: ${m.type === "place" ? "place the tile at" : "build"} ${m.notation}`),
        h("p", { class: "tg-step-help" }, "The strongest computer level would play this (shown on the board). Enter accepts, Esc or any other move ignores it.")),
      h("button", { type: "button", class: "tg-btn", onclick: () => this.cancel(), dataset: { testid: "hint-ignore" } }, "Ignore"),
      h("button", { type: "button", class: "tg-btn tg-btn-primary", onclick: () => this.acceptHint(), dataset: { testid: "hint-accept" } }, "Accept"),
    );
  }

  /** A move drawn on the board as a highlight: the computer's chosen move, or the hint. */
  #shownMove() {
    return this.aiShow || this.hint;
  }

  #expandChooser() {
    // Expansions grouped by settlement, then one button per landscape with its hut count.
    const groups = new Map();
    for (const m of this.builds.expand) {
      const k = key(...m.settlement);
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k).push(m);
    }
    const list = h("div", { class: "tg-expand", role: "group", aria: { label: "Expansions" }, dataset: { testid: "expand-list" } });
    let n = 0;
    for (const [anchor, moves] of groups) {
      n++;
      const size = this.#settlementOf(anchor).length;
      list.append(
        h("div", { class: `tg-expand-row${this.settlement === anchor ? " is-on" : ""}` },
          h("button", {
            type: "button",
            class: "tg-btn tg-btn-small tg-settlement",
            onclick: () => this.#chooseSettlement(anchor),
            aria: { pressed: String(this.settlement === anchor) },
            dataset: { testid: `settlement-${anchor}` },
            title: `Settlement ${n} (${size} hex${size > 1 ? "es" : ""}, at ${anchor})`,
          }, `Settlement ${n}`, h("span", { class: "tg-muted" }, ` · ${size} hex${size > 1 ? "es" : ""}`)),
          moves.map((m) => {
            const huts = m.hexes.reduce((t, x) => t + x.count, 0);
            const on = this.expand === m;
            return h("button", {
              type: "button",
              class: `tg-btn tg-btn-small tg-terrain-btn${on ? " is-on" : ""}`,
              aria: { pressed: String(on) },
              onclick: () => this.#chooseExpansion(m),
              onmouseenter: () => this.#previewExpansion(m),
              onmouseleave: () => this.#previewExpansion(null),
              dataset: { testid: `expand-${anchor}-${m.terrain}`, notation: m.notation },
              title: `${TERRAINS[m.terrain].name}: ${huts} hut${huts > 1 ? "s" : ""} on ${m.hexes.length} hex${m.hexes.length > 1 ? "es" : ""}`,
            }, h("span", { class: "tg-terrain-chip", dataset: { terrain: m.terrain } }), TERRAINS[m.terrain].name, h("span", { class: "tg-muted" }, ` ${huts}`));
          })),
      );
    }
    const m = this.expand;
    list.prepend(h("p", { class: "tg-expand-summary", id: "tg-kind-help-expand", dataset: { testid: "expand-summary" } },
      m
        ? [`${TERRAINS[m.terrain].name}: `,
          m.hexes.map((x) => `${x.count} hut${x.count > 1 ? "s" : ""} on ${x.q},${x.r}`).join(", "),
          ` — ${m.hexes.reduce((t, x) => t + x.count, 0)} in all (each hex gets as many huts as its level, R-BUILD-2).`]
        : "Pick a settlement and a landscape: every empty hex of it next to the settlement gets huts, as many as its level (R-BUILD-2)."));
    return list;
  }

  #renderBoard() {
    const s = this.view.state;
    const bv = {
      hexes: s.hexes,
      tiles: s.tiles,
      colours: this.colours,
      lastMove: s.lastMove,
      cursor: this.cursor && this.inputType !== "mouse" ? this.cursor : null,
    };
    const d = this.root.dataset;
    d.hint = this.hintPending ? "pending" : this.hint?.notation || "";
    const shown = this.#shownMove();
    if (shown && (s.phase === "place" || s.phase === "build")) {
      if (shown.type === "place") {
        bv.open = s.openVolcanoes;
        bv.ghost = { q: shown.volcano[0], r: shown.volcano[1], hexes: shown.hexes, clock: shown.clock, level: shown.level, legal: true, warn: !!shown.eliminates, move: shown };
      } else {
        bv.targets = shown.hexes.map((x) => ({ q: x.q, r: x.r, strong: true }));
        bv.selection = shown.settlement ? this.#settlementOf(key(...shown.settlement)) : [];
        bv.preview = shown.hexes.map((x) => ({ q: x.q, r: x.r, kind: shown.piece, count: x.count, owner: s.current }));
      }
      d.ghost = "";
      d.ghostLegal = "";
      this.#hideTip();
    } else if (s.phase === "place") {
      bv.open = s.openVolcanoes;
      bv.dots = this.dotsByClock.get(this.clock);
      const g = this.#ghost();
      bv.ghost = g;
      d.ghost = g ? placementKey(g.q, g.r, this.clock) : "";
      d.ghostLegal = g ? String(g.legal) : "";
      this.#updateTip(g);
    } else if (s.phase === "build" && this.#humanTurn()) {
      Object.assign(bv, this.#buildMarks());
      d.ghost = "";
      d.ghostLegal = "";
      this.#updateBuildTip();
    } else {
      d.ghost = "";
      this.#hideTip();
    }
    d.kind = this.kind || "";
    d.selected = this.#confirmable()?.notation || "";
    this.board.set(bv);
  }

  #buildMarks() {
    const marks = { targets: [], selection: [], preview: [] };
    const s = this.view.state;
    const owner = s.current;
    const preview = this.previewMove || this.expand || this.pending;
    if (this.kind === "expand") {
      const moves = this.settlement ? this.builds.expand.filter((m) => key(...m.settlement) === this.settlement) : this.builds.expand;
      const seen = new Set();
      const chosen = new Set((preview?.hexes || []).map((x) => key(x.q, x.r)));
      for (const m of moves) for (const x of m.hexes) if (!seen.has(key(x.q, x.r))) {
        seen.add(key(x.q, x.r));
        marks.targets.push({ q: x.q, r: x.r, strong: !preview || chosen.has(key(x.q, x.r)) });
      }
      const anchor = preview ? key(...preview.settlement) : this.settlement;
      if (anchor) marks.selection = this.#settlementOf(anchor);
    } else if (this.kind) {
      for (const m of this.builds[this.kind]) marks.targets.push({ q: m.hexes[0].q, r: m.hexes[0].r, strong: true });
    } else {
      const seen = new Set();
      for (const kind of KINDS) for (const m of this.builds[kind]) for (const x of m.hexes) {
        if (seen.has(key(x.q, x.r))) continue;
        seen.add(key(x.q, x.r));
        marks.targets.push({ q: x.q, r: x.r, strong: false });
      }
    }
    if (preview) {
      for (const x of preview.hexes) {
        marks.preview.push({ q: x.q, r: x.r, kind: preview.piece, count: x.count, owner });
      }
    }
    return marks;
  }

  /** The tile under the pointer (or cursor): where it would lie and whether that is legal. */
  #ghost() {
    const s = this.view.state;
    const at = this.inputType === "mouse" ? this.hover : this.cursor;
    if (s.phase !== "place" || !at || !s.tile || !this.#humanTurn()) return null;
    const [t1, t2] = tileTerrains(s.tile);
    const terrains = ["volcano", t1, t2];
    const move = this.places.get(placementKey(at.q, at.r, this.clock));
    const hexes = tileHexes(at.q, at.r, this.clock).map(([q, r], i) => ({ q, r, terrain: terrains[i] }));
    const level = move ? move.level : (this.hexAt.get(key(at.q, at.r))?.level || 0) + 1;
    return { q: at.q, r: at.r, hexes, clock: this.clock, level, legal: !!move, warn: !!move?.eliminates, move };
  }

  // ---- tooltip beside the pointer -----------------------------------------------------------

  #updateTip(g) {
    if (!g) return this.#hideTip();
    const k = placementKey(g.q, g.r, this.clock);
    const d = this.root.dataset;
    let body;
    if (g.legal) {
      d.reason = "";
      const buried = this.#buriedBy(g.hexes);
      body = [
        h("strong", { class: "tg-tip-ok" }, g.level > 1 ? `Eruption onto level ${g.level}` : "Place on the table"),
        buried ? h("span", {}, ` — destroys ${buried} (R-TILE-3d)`) : null,
        g.warn ? h("span", { class: "tg-tip-warn" }, h("br"), "⚠ You would have no legal build: this eliminates you (R-ELIM-1).") : null,
      ];
    } else if (this.explained.has(k)) {
      const why = this.explained.get(k);
      d.reason = why ? why.rule : "";
      body = why ? [h("span", { class: "tg-rule" }, why.rule), " ", why.text] : ["…"];
    } else {
      d.reason = "pending";
      body = [h("span", { class: "tg-muted" }, "Not here…")];
      this.#scheduleExplain(g.q, g.r, this.clock);
    }
    fill(this.tip, body);
    this.tip.dataset.legal = String(g.legal);
    this.tip.hidden = false;
    this.#placeTip();
  }

  #updateBuildTip() {
    const at = this.inputType === "mouse" ? this.hover : this.cursor;
    if (!at || !this.menu.hidden) return this.#hideTip();
    // Say what a click would do, unless the step bar already shows the chosen move.
    let acts = this.#actionsAt(at);
    if (this.kind) acts = acts.filter((m) => m.kind === this.kind);
    if (!acts.length || this.expand || this.pending) return this.#hideTip();
    fill(this.tip, acts.map((a, i) => [i ? h("br") : null, this.#actionLabel(a)]));
    this.tip.dataset.legal = String(acts.length > 0);
    this.tip.hidden = false;
    this.#placeTip();
  }

  #buriedBy(hexes) {
    const byOwner = new Map();
    for (const x of hexes) {
      const b = this.hexAt.get(key(x.q, x.r))?.building;
      if (b) byOwner.set(b.owner, (byOwner.get(b.owner) || 0) + b.count);
    }
    return [...byOwner].map(([o, n]) => `${n} hut${n > 1 ? "s" : ""} of ${this.seats[o].name}`).join(", ");
  }

  #scheduleExplain(q, r, clock) {
    clearTimeout(this.explainTimer);
    const version = this.version;
    const k = placementKey(q, r, clock);
    this.explainTimer = setTimeout(async () => {
      if (this.busy || version !== this.version || this.explained.has(k)) return;
      try {
        const why = await this.engine.call("explain", { move: { type: "place", volcano: [q, r], clock } });
        if (version !== this.version) return;
        this.explained.set(k, why);
        this.#renderBoard();
      } catch {
        /* a failed explanation leaves the tip as it is */
      }
    }, EXPLAIN_DELAY);
  }

  #placeTip() {
    if (this.tip.hidden) return;
    const wrap = this.tip.parentElement.getBoundingClientRect();
    const at = this.inputType === "mouse" ? this.hover : this.cursor;
    if (!at) return;
    // Keep the tip clear of what it talks about: beside the ghost tile (or the hex), never on it.
    const g = this.view?.state.phase === "place" ? this.#ghost() : null;
    const spots = g ? g.hexes.map((x) => this.board.hexToCanvas(x.q, x.r, g.level)) : [this.board.hexToCanvas(at.q, at.r)];
    if (!g) {
      // A build tip goes above its hex.
      const [x, y] = spots[0];
      const left = Math.min(Math.max(6, x - this.tip.offsetWidth / 2), wrap.width - this.tip.offsetWidth - 6);
      let top = y - this.board.cam.scale * 1.1 - this.tip.offsetHeight;
      if (top < 6) top = y + this.board.cam.scale * 1.1;
      this.tip.style.setProperty("transform", `translate(${Math.round(left)}px, ${Math.round(top)}px)`);
      return;
    }
    const R = this.board.cam.scale;
    const x0 = Math.min(...spots.map((p) => p[0])) - R;
    const x1 = Math.max(...spots.map((p) => p[0])) + R;
    const y0 = Math.min(...spots.map((p) => p[1])) - R;
    const y1 = Math.max(...spots.map((p) => p[1])) + R;
    const tw = this.tip.offsetWidth;
    const th = this.tip.offsetHeight;
    let left = x1 + 10;
    let top = (y0 + y1) / 2 - th / 2;
    if (left + tw > wrap.width - 6) left = x0 - tw - 10;
    if (left < 6) {
      left = Math.min(Math.max(6, (x0 + x1) / 2 - tw / 2), wrap.width - tw - 6);
      top = y1 + 8 + th > wrap.height ? y0 - th - 8 : y1 + 8;
    }
    top = Math.min(Math.max(6, top), wrap.height - th - 6);
    this.tip.style.setProperty("transform", `translate(${Math.round(left)}px, ${Math.round(top)}px)`);
  }

  #hideTip() {
    this.tip.hidden = true;
    this.root.dataset.reason = "";
  }

  // ---- intents from the board ---------------------------------------------------------------

  #onHover(hex, e) {
    if (e.pointerType === "mouse") {
      this.#setInput("mouse");
      this.hover = hex;
      this.pointer = hex ? { x: e.clientX, y: e.clientY } : null;
      if (!hex) this.#hideTip();
      if (this.view) this.#renderBoard();
    }
  }

  #onPointer(x, y) {
    this.pointer = { x, y };
    this.#placeTip();
  }

  #setInput(type) {
    if (this.inputType === type) return;
    this.inputType = type;
    if (this.view) this.#renderStepBar();
  }

  #setCursor(hex, type) {
    this.#setInput(type);
    this.cursor = hex;
    this.#renderBoard();
    if (this.view?.state.phase === "place") this.#renderStepBar();
  }

  #defaultCursor() {
    const s = this.view.state;
    if (s.phase === "build") {
      const m = this.view.legal[0];
      return m ? { q: m.hexes[0].q, r: m.hexes[0].r } : { q: 0, r: 0 };
    }
    const m = this.dotsByClock.get(this.clock)[0];
    return m ? { q: m[0], r: m[1] } : { q: 0, r: 0 };
  }

  async #onActivate(hex, e) {
    if (!this.view || this.busy || !this.#humanTurn()) return;
    this.#dropHint(); // any other action ignores the hint
    const touch = e.pointerType !== "mouse";
    if (e.pointerType === "mouse") this.hover = hex;
    const s = this.view.state;
    if (s.phase === "place") {
      if (touch) {
        const same = this.cursor && this.cursor.q === hex.q && this.cursor.r === hex.r;
        if (!same) return this.#setCursor(hex, e.pointerType === "keyboard" ? "keyboard" : "touch");
      }
      return this.#tryPlace(hex);
    }
    if (s.phase === "build") return this.#buildAt(hex, e, touch);
  }

  async #tryPlace(hex) {
    const k = placementKey(hex.q, hex.r, this.clock);
    const move = this.places.get(k);
    if (!move) {
      let why = this.explained.get(k);
      if (why === undefined) {
        why = await this.engine.call("explain", { move: { type: "place", volcano: [hex.q, hex.r], clock: this.clock } }).catch(() => null);
      }
      this.#error(why ? `${why.rule}: ${why.text}` : "The tile cannot go there.");
      return;
    }
    if (move.eliminates) {
      const name = this.seats[this.view.state.current].name;
      const ok = await this.confirmDialog.ask(
        `After this placement ${name} could not build anything, and a player without a legal build is eliminated at once (R-ELIM-1). Place the tile here anyway?`,
      );
      if (!ok) return;
    }
    this.cursor = null;
    await this.play(move).catch(() => {});
  }

  /** Every build the current player could make that involves this hex. */
  #actionsAt(hex) {
    const k = key(hex.q, hex.r);
    const acts = [];
    for (const kind of ["found", "temple", "tower"]) {
      const m = this.buildAt[kind].get(k);
      if (m) acts.push(m);
    }
    const mine = this.hexAt.get(k)?.building?.owner === this.view.state.current;
    for (const m of this.builds.expand) {
      if (m.hexes.some((x) => x.q === hex.q && x.r === hex.r)) acts.push(m);
      else if (mine && this.#settlementOf(key(...m.settlement)).some(([q, r]) => q === hex.q && r === hex.r)) acts.push(m);
    }
    return acts;
  }

  #actionLabel(m) {
    if (m.kind === "expand") {
      const huts = m.hexes.reduce((t, x) => t + x.count, 0);
      return `Expand into ${TERRAINS[m.terrain].name.toLowerCase()}: ${huts} hut${huts > 1 ? "s" : ""}`;
    }
    return { found: "Found a settlement here", temple: "Build a temple here", tower: "Build a tower here" }[m.kind];
  }

  async #buildAt(hex, e, touch) {
    const k = key(hex.q, hex.r);
    let acts = this.#actionsAt(hex);
    if (this.kind) acts = acts.filter((m) => m.kind === this.kind);
    if (!acts.length) {
      if (this.kind === "expand" && this.hexAt.get(k)?.building?.owner === this.view.state.current) {
        this.#error("This settlement cannot expand: no empty adjacent hex of one landscape, or not enough huts (R-BUILD-2).");
        return;
      }
      return this.#explainBuild(hex);
    }
    const kinds = new Set(acts.map((m) => m.kind));
    if (kinds.size > 1) return this.#openMenu(acts, e);
    const kind = acts[0].kind;
    if (this.kind !== kind) this.kind = kind;
    if (kind === "expand") {
      // Clicking a hex of a settlement picks the settlement; a target hex picks the expansion.
      const targets = acts.filter((m) => m.hexes.some((x) => x.q === hex.q && x.r === hex.r));
      if (targets.length) {
        const i = targets.indexOf(this.expand);
        this.expand = targets[(i + 1) % targets.length];
        this.settlement = key(...this.expand.settlement);
      } else {
        this.#chooseSettlement(key(...acts[0].settlement));
        return;
      }
      this.#renderStepBar();
      this.#renderBoard();
      return;
    }
    const move = acts[0];
    if (touch && !(this.pending === move)) {
      this.pending = move;
      this.#renderStepBar();
      this.#renderBoard();
      return;
    }
    await this.play(move).catch(() => {});
  }

  async #explainBuild(hex) {
    const kind = this.kind || "found";
    const move = { type: "build", kind, hexes: [{ q: hex.q, r: hex.r, count: 1 }] };
    const why = await this.engine.call("explain", { move }).catch(() => null);
    const label = this.kind ? KIND_LABELS[this.kind].toLowerCase() : "build";
    this.#error(why ? `No ${label} here — ${why.rule}: ${why.text}` : `Nothing to build on ${hex.q},${hex.r}.`);
  }

  #openMenu(acts, e) {
    fill(
      this.menu,
      acts.map((m) =>
        h("button", {
          type: "button",
          role: "menuitem",
          class: "tg-btn tg-btn-small",
          dataset: { testid: `menu-${m.kind}`, notation: m.notation },
          onclick: () => {
            this.#closeMenu();
            this.kind = m.kind;
            if (m.kind === "expand") {
              this.expand = m;
              this.settlement = key(...m.settlement);
              this.#renderStepBar();
              this.#renderBoard();
            } else this.play(m).catch(() => {});
          },
        }, this.#actionLabel(m)),
      ),
    );
    this.menu.hidden = false;
    this.#hideTip(); // the menu says it all
    const x = e.clientX ?? this.board.hexToScreen(acts[0].hexes[0].q, acts[0].hexes[0].r).x;
    const y = e.clientY ?? this.board.hexToScreen(acts[0].hexes[0].q, acts[0].hexes[0].r).y;
    const w = this.menu.offsetWidth;
    this.menu.style.setProperty("left", `${Math.min(window.innerWidth - w - 8, x + 8)}px`);
    this.menu.style.setProperty("top", `${Math.min(window.innerHeight - this.menu.offsetHeight - 8, y + 8)}px`);
    this.menu.querySelector("button")?.focus();
  }

  #closeMenu() {
    this.menu.hidden = true;
  }

  chooseKind(kind) {
    if (!this.view || this.view.state.phase !== "build" || !this.builds[kind].length || !this.#humanTurn()) return;
    this.#dropHint();
    this.kind = this.kind === kind ? null : kind;
    this.expand = null;
    this.settlement = null;
    this.pending = null;
    if (kind === "expand" && this.kind) {
      const anchors = new Set(this.builds.expand.map((m) => key(...m.settlement)));
      if (anchors.size === 1) this.settlement = [...anchors][0];
    }
    this.#renderStepBar();
    this.#renderBoard();
  }

  #chooseSettlement(anchor) {
    this.kind = "expand";
    this.settlement = anchor;
    const moves = this.builds.expand.filter((m) => key(...m.settlement) === anchor);
    this.expand = moves.length === 1 ? moves[0] : null;
    this.#renderStepBar();
    this.#renderBoard();
  }

  #chooseExpansion(m) {
    this.kind = "expand";
    this.expand = this.expand === m ? null : m;
    this.settlement = key(...m.settlement);
    this.previewMove = null;
    this.#renderStepBar();
    this.#renderBoard();
  }

  #previewExpansion(m) {
    this.previewMove = m;
    this.#renderBoard();
  }

  #confirmable() {
    const s = this.view?.state;
    if (!s) return null;
    if (s.phase === "place") {
      const g = this.#ghost();
      return g && g.legal && this.cursor ? g.move : null;
    }
    if (s.phase === "build") return this.expand || this.pending || null;
    return null;
  }

  async confirm() {
    if (this.busy || !this.view || !this.#humanTurn()) return;
    if (this.hint) return this.acceptHint();
    const s = this.view.state;
    if (s.phase === "place") {
      const g = this.#ghost();
      if (g) await this.#tryPlace({ q: g.q, r: g.r });
      return;
    }
    const move = this.#confirmable();
    if (move) await this.play(move).catch(() => {});
  }

  cancel() {
    this.#dropHint();
    this.kind = null;
    this.expand = null;
    this.settlement = null;
    this.pending = null;
    this.#closeMenu();
    if (this.view) {
      this.#renderStepBar();
      this.#renderBoard();
    }
  }

  rotate(step) {
    if (!this.view || this.view.state.phase !== "place" || !this.#humanTurn()) return;
    this.#dropHint();
    this.clock = rotateClock(this.clock, step);
    this.root.dataset.clock = String(this.clock);
    this.#renderStepBar();
    this.#renderBoard();
  }

  /** The hexes of the settlement that contains `anchor` (for highlighting only). */
  #settlementOf(anchor) {
    // The engine names each building's settlement by its anchor hex (the same anchor its
    // expansion moves carry); outlining a settlement is a lookup, not a rule.
    const members = this.view.state.hexes
      .filter((hx) => hx.building?.settlement === anchor)
      .map((hx) => [hx.q, hx.r]);
    return members.length ? members : [anchor.split(",").map(Number)];
  }


  // ---- keys ---------------------------------------------------------------------------------

  #boardKey(e) {
    if (!this.view) return;
    const moves = {
      ArrowRight: [1, 0],
      ArrowLeft: [-1, 0],
      ArrowUp: null,
      ArrowDown: null,
    };
    if (e.key in moves) {
      e.preventDefault();
      const c = this.cursor || this.#defaultCursor();
      let d = moves[e.key];
      if (!d) {
        // Up and down alternate between the two diagonals so the cursor stays in its column.
        this.zig = !this.zig;
        d = e.key === "ArrowUp" ? (this.zig ? [0, -1] : [1, -1]) : this.zig ? [0, 1] : [-1, 1];
      }
      this.#setCursor({ q: c.q + d[0], r: c.r + d[1] }, "keyboard");
      return;
    }
    if ((e.key === "Enter" || e.key === " ") && this.cursor && this.inputType === "keyboard") {
      e.preventDefault();
      e.stopPropagation();
      if (this.view.state.phase === "place") this.#tryPlace(this.cursor);
      else this.#onActivate(this.cursor, { pointerType: "keyboard" });
    }
  }

  #globalKey(e) {
    if (e.defaultPrevented || !this.view) return;
    if (document.querySelector("dialog[open]")) return;
    const t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName))) return;
    const k = e.key;
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && (k === "z" || k === "Z")) {
      e.preventDefault();
      if (e.shiftKey) this.redo();
      else this.undo();
      return;
    }
    if (ctrl && (k === "y" || k === "Y")) {
      e.preventDefault();
      this.redo();
      return;
    }
    if (ctrl || e.altKey) return;
    const s = this.view.state;
    const onButton = t && t.tagName === "BUTTON";
    switch (k) {
      case "r":
      case "R":
        this.rotate(e.shiftKey ? -1 : 1);
        break;
      case "u":
        this.undo();
        break;
      case "h":
      case "H":
        this.showHint();
        break;
      case "U":
        this.redo();
        break;
      case "1":
      case "2":
      case "3":
      case "4":
        if (s.phase === "build") this.chooseKind(KINDS[Number(k) - 1]);
        break;
      case "Enter":
        if (onButton) return;
        this.confirm();
        break;
      case "Escape":
        this.cancel();
        break;
      case "f":
      case "F":
        this.board.fit();
        break;
      case "+":
      case "=":
        this.board.zoomBy(1.25);
        break;
      case "-":
      case "_":
        this.board.zoomBy(0.8);
        break;
      case "n":
      case "N":
        this.openSetup();
        break;
      case "?":
        this.openHelp();
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  // ---- end, messages, storage ---------------------------------------------------------------

  #showEnd() {
    const s = this.view.state;
    const r = s.result;
    const order = s.players.map((p) => p.seat).sort((a, b) => r.places[a] - r.places[b] || a - b);
    const winners = r.winners.map((w) => this.seats[w].name);
    fill(
      this.endDialog.body,
      h("p", { class: "tg-end-why", dataset: { testid: "end-reason" } }, `The game ended: ${r.text}.`),
      h("p", { class: "tg-end-winners", dataset: { testid: "end-winners" } },
        winners.length ? `${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}!` : "Nobody wins."),
      h("ol", { class: "tg-ranking", dataset: { testid: "ranking" } },
        order.map((seat) => {
          const p = s.players[seat];
          const c = this.colours[seat];
          return h("li", { class: r.winners.includes(seat) ? "is-winner" : "", dataset: { seat: String(seat), place: String(r.places[seat]) } },
            h("span", { class: "tg-place" }, ordinal(r.places[seat])),
            h("span", { class: "tg-seat-dot", style: { "--seat": c.fill, "--seat-edge": c.edge }, aria: { hidden: "true" } }),
            h("span", { class: "tg-player-name" }, this.seats[seat].name, s.options.teams ? ` (${seat % 2 ? "Team B" : "Team A"})` : ""),
            h("span", { class: "tg-end-score" },
              `${p.built.temples} temple${p.built.temples === 1 ? "" : "s"}, ${p.built.towers} tower${p.built.towers === 1 ? "" : "s"}, ${p.built.huts} hut${p.built.huts === 1 ? "" : "s"}`,
              p.status === "eliminated" ? " · eliminated" : p.status === "finished" ? " · finished early" : ""),
          );
        })),
    );
    if (!this.endDialog.el.open) this.endDialog.el.showModal();
  }

  #announce(text) {
    this.live.textContent = text;
  }

  #error(message) {
    this.alert.textContent = message;
    this.alert.hidden = false;
    this.root.dataset.error = message;
    clearTimeout(this.alertTimer);
    this.alertTimer = setTimeout(() => {
      this.alert.hidden = true;
    }, 6000);
  }

  #flash(message) {
    this.flashEl.textContent = message;
    this.flashEl.hidden = false;
    this.root.dataset.flash = message;
    clearTimeout(this.flashTimer);
    this.flashTimer = setTimeout(() => {
      this.flashEl.hidden = true;
    }, 5000);
  }

  #setSeats(seats) {
    this.seats = seats.map((s) => ({ ...s }));
    this.colours = this.seats.map((s) => colourById(s.colour));
  }

  #save() {
    if (!this.storage || !this.view) return;
    try {
      this.storage.setItem(STORAGE_KEY, JSON.stringify({ share: this.view.share, seats: this.seats, seed: this.gameSeed }));
    } catch {
      /* storage full or blocked: nothing to save to */
    }
  }

  #loadSaved() {
    try {
      const data = JSON.parse(this.storage?.getItem(STORAGE_KEY) || "null");
      return data && typeof data.share === "string" && Array.isArray(data.seats) ? data : null;
    } catch {
      return null;
    }
  }

  #updateInsets() {
    // Keep the fitted board clear of the zoom buttons.
    const narrow = this.canvas.clientWidth < 520;
    this.board.setInsets({ right: narrow ? 44 : 52, top: 6, bottom: 6, left: 6 });
  }

  // ---- for the page API ---------------------------------------------------------------------

  hexToScreen(q, r) {
    return this.board.hexToScreen(q, r);
  }
}

/** A stable 31-bit number from a text (a seed for a game whose seed is not known). */
function hashText(text) {
  let x = 2166136261;
  for (let i = 0; i < text.length; i++) x = Math.imul(x ^ text.charCodeAt(i), 16777619);
  return (x >>> 0) % 2 ** 31;
}

function safeStorage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
