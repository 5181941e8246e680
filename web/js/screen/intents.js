// What the person's actions do: clicks on the board, the step bar's buttons, the header and
// the keys all end here, as intents on the move being chosen (game/choice.js) or on the store.
// Legality is never decided here: a move is legal when the engine's legal list has it, and an
// illegal one is explained by the engine (`explain`).

import { key, placementKey } from "../board/geometry.js";
import { KINDS } from "../game/choice.js";
import { reasonSentence } from "../i18n/engine-text.js";
import { t } from "../i18n/messages.js";
import { moveText } from "../i18n/move-text.js";
import { engineErrorText } from "../i18n/engine-text.js";

/**
 * What to ask the engine about a build step's hex where nothing can be built: the build of the
 * chosen kind (else a new settlement) on it, {move}; or the page's own sentence, {text}, for an
 * expansion onto one's own settlement (an expansion is named by its landscape, not a hex).
 */
export function buildProbe(choice, hex, current) {
  const own = choice.hexAt.get(key(hex.q, hex.r))?.building?.owner === current;
  if (choice.kind === "expand" && own) return { text: t("intent.no-expansion") };
  const kind = choice.kind || "found";
  return { move: { type: "build", kind, hexes: [{ q: hex.q, r: hex.r, count: 1 }] } };
}

export function createIntents(screen) {
  const { store, computers, hints, choice } = screen;
  const canAct = () => Boolean(store.view) && !store.busy && store.personToMove();
  // The store reports a refusal; a gate (the lesson's) may first hold a move back.
  const play = async (move) => {
    if (screen.gate && !(await screen.gate(move))) return;
    return store.play(move).catch(() => {});
  };

  function setInput(type) {
    if (choice.inputType === type) return false;
    choice.inputType = type;
    return true;
  }

  function setCursor(hex, type) {
    setInput(type);
    choice.cursor = hex;
    screen.render();
  }

  async function tryPlace(hex) {
    const move = choice.places.get(placementKey(hex.q, hex.r, choice.clock));
    if (!move) {
      const why = await screen.tooltip.reasonFor({ q: hex.q, r: hex.r, clock: choice.clock });
      if (why !== undefined) screen.notices.error(why ? reasonSentence(why) : t("intent.cannot-go"), why?.rule);
      return;
    }
    if (move.eliminates) {
      const name = store.seats[store.state.current].name;
      if (!(await screen.dialogs.get("confirm").ask(t("intent.eliminates", { name })))) return;
    }
    choice.cursor = null;
    await play(move);
  }

  async function explainBuild(hex) {
    const probe = buildProbe(choice, hex, store.state.current);
    if (probe.text) {
      screen.notices.error(probe.text);
      return;
    }
    const why = await store.explain(probe.move);
    if (why === undefined) return; // the position changed meanwhile
    screen.notices.error(
      why ? t("intent.no-build", { kind: choice.kind || "any", reason: reasonSentence(why) }) : t("intent.nothing"),
      why?.rule,
    );
  }

  function clickBuild(hex, e, touch) {
    const result = choice.clickBuild(hex, touch);
    if (result.play) return play(result.play);
    if (result.explain) return explainBuild(hex);
    if (result.menu) {
      const at = screen.board.hexToScreen(result.menu[0].hexes[0].q, result.menu[0].hexes[0].r);
      screen.tooltip.hide(); // the menu says it all
      screen.menu.show(result.menu, e.clientX ?? at.x, e.clientY ?? at.y);
      return;
    }
    screen.render();
  }

  const act = {
    hover(hex, e) {
      if (e.pointerType !== "mouse") return;
      const changed = setInput("mouse");
      choice.hover = hex;
      if (!hex) screen.tooltip.hide();
      if (changed) screen.render();
      else screen.renderBoard();
    },

    /** A click, a tap, or Enter on the board's cursor. */
    async activate(hex, e) {
      if (!canAct()) return;
      hints.drop(); // any other action ignores the hint
      const touch = e.pointerType !== "mouse";
      if (!touch) choice.hover = hex;
      if (store.state.phase === "place") {
        const same = choice.cursor && choice.cursor.q === hex.q && choice.cursor.r === hex.r;
        if (touch && !same) return setCursor(hex, e.pointerType === "keyboard" ? "keyboard" : "touch");
        return tryPlace(hex);
      }
      if (store.state.phase === "build") return clickBuild(hex, e, touch);
    },

    moveCursor(dq, dr) {
      const c = choice.cursor || choice.defaultCursor();
      setCursor({ q: c.q + dq, r: c.r + dr }, "keyboard");
    },

    keyboardCursor() {
      if (!choice.cursor && store.view) setCursor(choice.defaultCursor(), "keyboard");
    },

    rotate(step) {
      if (store.state?.phase !== "place" || !store.personToMove()) return;
      hints.drop();
      choice.rotate(step);
      screen.render();
    },

    chooseKind(kind) {
      if (!store.personToMove()) return;
      hints.drop();
      if (choice.chooseKind(kind)) screen.render();
    },

    chooseSettlement(anchor) {
      choice.chooseSettlement(anchor);
      screen.render();
    },

    chooseExpansion(move) {
      choice.chooseExpansion(move);
      screen.render();
    },

    /** A settlement chip pointed at or focused (`anchor`), or left (null). */
    pointSettlement(anchor) {
      screen.pointHexes(anchor === null ? undefined : choice.settlementOf(anchor));
    },

    previewExpansion(move) {
      choice.preview = move;
      screen.renderBoard();
    },

    /** A move picked from the action menu. */
    chooseMove(move) {
      if (choice.chooseMove(move)) play(move);
      else screen.render();
    },

    async confirm() {
      if (!canAct()) return;
      if (hints.move) return act.acceptHint();
      if (store.state.phase === "place") {
        const g = choice.ghost();
        if (g) await tryPlace(g);
        return;
      }
      const move = choice.confirmable();
      if (move) await play(move);
    },

    cancel() {
      hints.drop();
      choice.cancel();
      screen.menu.close();
      screen.render();
    },

    async showHint() {
      if (!canAct() || hints.pending) return;
      screen.notices.announce(t("intent.hint-looking"));
      try {
        const move = await hints.ask();
        if (!move) return;
        if (move.type === "place") choice.clock = move.clock;
        screen.notices.announce(t("intent.hint", { move: moveText(move, { seats: store.seats }) }));
        screen.render();
      } catch (error) {
        screen.notices.error(t("intent.no-hint", { reason: engineErrorText(error) }));
      }
    },

    async acceptHint() {
      const move = hints.move;
      if (!move || !canAct()) return;
      hints.drop();
      choice.cursor = null;
      await play(move);
    },

    undo: () => computers.undo()?.catch(() => {}),

    redo() {
      if (!store.view?.canRedo || store.busy) return;
      return store.redo().catch(() => {});
    },

    /** A new game from the dialog or the page API; rejects with the engine's message. */
    newGame: (config) => store.newGame(config),

    setAiSpeed: (speed) => computers.setSpeed(speed),
    setAiPaused: (paused) => computers.setPaused(paused),
    openSetup: () => screen.openSetup(),
    showEnd: () => screen.showEnd(),

    /** A keymap action (a key, or a header or zoom button). */
    run(action, arg) {
      const run = {
        rotate: () => act.rotate(arg),
        kind: () => store.state?.phase === "build" && act.chooseKind(KINDS[arg]),
        confirm: () => act.confirm(),
        cancel: () => act.cancel(),
        hint: () => act.showHint(),
        undo: () => act.undo(),
        redo: () => act.redo(),
        fit: () => screen.board.fit(),
        "zoom-in": () => screen.board.zoomBy(1.25),
        "zoom-out": () => screen.board.zoomBy(0.8),
        "new-game": () => screen.openSetup(),
        help: () => screen.openHelp(),
        "show-replay": () => screen.openReplay(),
      }[action];
      return run?.();
    },
  };
  return act;
}
