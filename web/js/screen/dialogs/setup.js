// The "New game" dialog: seats (name, colour, type) and the options of RULES.md section O.
// It checks nothing about the rules: the engine validates the options and its message is shown.

import { DEFAULT_OPTIONS } from "../../game/store.js";
import { computerLabel, defaultSeats, unnamed } from "../../game/seats.js";
import { levelDescription, levelName } from "../../i18n/engine-text.js";
import { t } from "../../i18n/messages.js";
import { h, fill } from "../../base/dom.js";
import { PLAYER_COLOURS } from "../../base/theme.js";
import { colourName } from "../words.js";

const TILE_CHOICES = [
  { value: "12", label: "setup.tiles.12" },
  { value: "18", label: "setup.tiles.18" },
  { value: "24", label: "setup.tiles.24" },
  { value: "all", label: "setup.tiles.all" },
];

/** Seat types: a person, or one of the engine's computer levels (bridge computerLevels). */
function seatTypes(levels) {
  return [
    { id: "human", label: t("setup.human"), description: t("setup.human.help") },
    ...levels.map((level) => ({
      id: `computer:${level.id}`,
      label: levelName(level.id),
      title: computerLabel(`computer:${level.id}`),
      description: levelDescription(level),
    })),
  ];
}

/** An option's rule id, for its tooltip only: the dialog speaks in plain words. */
const ruleTip = (id) => t("setup.option", { id });

export class SetupDialog {
  constructor({ onStart, levels = [] }) {
    this.onStart = onStart;
    this.types = seatTypes(levels);
    this.seats = defaultSeats();
    this.players = 2;
    this.byLink = false; // "Play a friend by link": this device plays the first seat, friends the others
    this.el = this.#build();
  }

  /**
   * A browser that cannot connect directly to another device (no WebRTC: live/entry.js
   * canConnectLive): the live option is off, and says why; by link stays.
   */
  withoutLive() {
    const box = this.form.elements.live;
    box.checked = false;
    box.disabled = true;
    const why = h("span", { class: "tg-check-why", "data-testid": "setup-live-why" }, t("live.option.unavailable"));
    box.closest("label").classList.add("tg-check-off");
    box.nextElementSibling.append(h("br"), why);
  }

  /** The engine's computer levels, known once it is up; the seats' lists are drawn on open(). */
  setLevels(levels) {
    this.types = seatTypes(levels);
  }

  open({ seats, options } = {}) {
    if (seats) seats.forEach((s, i) => (this.seats[i] = { ...this.seats[i], ...s }));
    const o = { ...DEFAULT_OPTIONS, ...(options || {}) };
    this.players = o.players;
    this.form.elements.players.value = String(o.players);
    this.form.elements.tiles.value = o.tiles;
    this.form.elements.found.value = o.found;
    this.form.elements.rank.checked = !!o.rank;
    this.form.elements.teams.checked = !!o.teams;
    this.byLink = this.form.elements.bylink.checked;
    this.#renderSeats();
    this.error.textContent = "";
    if (!this.el.open) this.el.showModal();
    this.form.querySelector("input[name=players]:checked")?.focus();
  }

  close() {
    if (this.el.open) this.el.close();
  }

  showError(message) {
    this.error.textContent = message;
  }

  #build() {
    this.error = h("p", { class: "tg-form-error", role: "alert", "data-testid": "setup-error" });
    this.seatList = h("ol", { class: "tg-seats" });
    const players = h(
      "fieldset",
      { class: "tg-segmented" },
      h("legend", {}, t("layout.players")),
      [2, 3, 4].map((n) =>
        h(
          "label",
          {},
          h("input", { type: "radio", name: "players", value: String(n), onchange: () => this.#setPlayers(n) }),
          h("span", {}, String(n)),
        ),
      ),
    );
    const tiles = h(
      "label",
      { class: "tg-field", title: ruleTip("O-TILES") },
      h("span", {}, t("setup.tiles")),
      h(
        "select",
        { name: "tiles" },
        TILE_CHOICES.map((c) => h("option", { value: c.value }, t(c.label))),
      ),
    );
    const found = h(
      "fieldset",
      { class: "tg-radios", title: ruleTip("O-FOUND") },
      h("legend", {}, t("setup.found")),
      h("label", {}, h("input", { type: "radio", name: "found", value: "isolated" }), " ", t("setup.found.isolated")),
      h("label", {}, h("input", { type: "radio", name: "found", value: "any" }), " ", t("setup.found.any")),
    );
    const check = (name, id, title, help) =>
      h(
        "label",
        { class: "tg-check", title: ruleTip(id) },
        h("input", { type: "checkbox", name }),
        h("span", {}, h("strong", {}, title), h("br"), help),
      );
    const rank = check("rank", "O-RANK", t("setup.rank"), t("setup.rank.help"));
    const teams = check("teams", "O-TEAMS", t("setup.teams"), t("setup.teams.help"));
    this.form = h(
      "form",
      { method: "dialog", class: "tg-setup-form", onsubmit: (e) => this.#submit(e) },
      h("h2", { id: "tg-setup-title" }, t("layout.new-game")),
      players,
      byLinkOption(() => this.#setByLink(this.form.elements.bylink.checked)),
      liveOption(() => this.#setLive(this.form.elements.live.checked)),
      h("fieldset", {}, h("legend", {}, t("setup.seats")), this.seatList),
      h("details", { class: "tg-options" }, h("summary", {}, t("setup.options")), tiles, found, rank, teams),
      this.error,
      h(
        "div",
        { class: "tg-dialog-buttons" },
        h(
          "button",
          {
            type: "button",
            class: "tg-btn",
            value: "cancel",
            onclick: () => this.close(),
            "data-testid": "setup-cancel",
          },
          t("stepbar.cancel"),
        ),
        h("button", { type: "submit", class: "tg-btn tg-btn-primary", "data-testid": "setup-start" }, t("setup.start")),
      ),
    );
    return h("dialog", { class: "tg-dialog tg-setup", aria: { labelledby: "tg-setup-title" } }, this.form);
  }

  #setPlayers(n) {
    this.#readSeats();
    this.players = n;
    this.#renderSeats();
  }

  // By link, the other seats are friends on their own devices: no computer choices (the seats'
  // own stay, for when the box is unticked again).
  #setByLink(on) {
    if (!on) this.form.elements.live.checked = false;
    this.#readSeats();
    this.byLink = on;
    this.#renderSeats();
  }

  // Live is by link with the devices connected: ticking it ticks "by link", and unticking "by
  // link" unticks it.
  #setLive(on) {
    if (on) this.form.elements.bylink.checked = true;
    this.#setByLink(this.form.elements.bylink.checked);
  }

  #readSeats() {
    this.seatList.querySelectorAll("li").forEach((li, i) => {
      this.seats[i] = {
        name: li.querySelector("input").value,
        colour: li.querySelector("select[name^=colour]").value,
        type: li.querySelector("input[name^=type]:checked")?.value ?? this.seats[i]?.type ?? "human",
      };
    });
  }

  #renderSeats() {
    fill(
      this.seatList,
      this.seats.slice(0, this.players).map((seat, i) => {
        const colour = h(
          "select",
          {
            name: `colour${i}`,
            aria: { label: t("setup.seat.colour", { n: i + 1 }) },
            class: "tg-colour-select",
            onchange: (e) => setSwatch(e.target),
          },
          PLAYER_COLOURS.map((c) => h("option", { value: c.id, selected: c.id === seat.colour }, colourName(c.id))),
        );
        const swatch = h("span", { class: "tg-swatch", aria: { hidden: "true" } });
        const setSwatch = (sel) =>
          swatch.style.setProperty("--swatch", PLAYER_COLOURS.find((c) => c.id === sel.value).fill);
        setSwatch(colour);
        return h(
          "li",
          { class: "tg-seat-row" },
          h("span", { class: "tg-seat-n", aria: { hidden: "true" } }, String(i + 1)),
          swatch,
          h("input", {
            type: "text",
            name: `name${i}`,
            // By link a default name is left empty: the creator types theirs, a friend gives theirs.
            value: this.byLink && unnamed(this.seats, i) ? "" : seat.name,
            maxlength: "24",
            autocomplete: "off",
            ...(this.byLink ? { placeholder: t(i ? "bylink.setup.friend-name" : "bylink.setup.your-name") } : {}),
            aria: { label: this.#nameLabel(i) },
          }),
          colour,
          this.byLink ? this.#byLinkSeat(i) : this.#typeChoices(i, seat.type),
        );
      }),
    );
  }

  #nameLabel(i) {
    if (!this.byLink) return t("setup.seat.name", { n: i + 1 });
    return i === 0 ? t("bylink.setup.your-name") : t("bylink.setup.friend-label", { n: i + 1 });
  }

  // By link: this device plays the first seat, each other seat a friend on their own device.
  #byLinkSeat(i) {
    return h(
      "div",
      { class: "tg-seat-type" },
      h(
        "p",
        { class: "tg-choice-about", dataset: { testid: `bylink-seat-${i}` } },
        t(i === 0 ? "bylink.setup.you" : "bylink.setup.friend"),
      ),
    );
  }

  // Who plays a seat, every choice in view: a person or a computer level, and under them the
  // chosen one's one-line description.
  #typeChoices(i, chosen) {
    const known = this.types.some((type) => type.id === chosen) ? chosen : "human";
    const about = h("p", { class: "tg-choice-about", dataset: { testid: `type-about-${i}` } });
    const describe = (id) => (about.textContent = this.types.find((type) => type.id === id)?.description ?? "");
    describe(known);
    return h(
      "div",
      { class: "tg-seat-type" },
      h(
        "div",
        { class: "tg-choices", role: "radiogroup", aria: { label: t("setup.seat.type", { n: i + 1 }) } },
        this.types.map((type, k) => [
          k === 1 ? h("span", { class: "tg-choice-group", aria: { hidden: "true" } }, t("setup.computers")) : null,
          h(
            "label",
            { class: "tg-choice", title: type.title ?? type.description },
            h("input", {
              type: "radio",
              name: `type${i}`,
              value: type.id,
              checked: type.id === known,
              onchange: () => describe(type.id),
            }),
            h("span", {}, type.label),
          ),
        ]),
      ),
      about,
    );
  }

  async #submit(e) {
    e.preventDefault();
    this.#readSeats();
    const f = this.form.elements;
    const options = {
      players: Number(f.players.value),
      tiles: f.tiles.value,
      found: f.found.value,
      rank: f.rank.checked,
      teams: f.teams.checked,
    };
    const byLink = f.bylink.checked && this.onByLink;
    const seats = this.seats.slice(0, options.players).map((s, i) => ({
      ...s,
      // By link, every seat is a person; a friend left unnamed names themselves on joining.
      ...(byLink ? { type: "human" } : {}),
      name: s.name.trim() || t("seat.default-name", { n: i + 1 }),
    }));
    const colours = new Set(seats.map((s) => s.colour));
    if (colours.size < seats.length) {
      this.showError(t("setup.same-colour"));
      return;
    }
    this.error.textContent = "";
    try {
      if (byLink && f.live.checked && this.onLive) await this.onLive({ options, seats });
      else if (byLink) await this.onByLink({ options, seats });
      else await this.onStart({ options, seats });
      this.close();
    } catch (err) {
      this.showError(err.message || String(err));
    }
  }
}

/** "Play a friend by link": each person on their own device (bylink/bylink.js). */
function byLinkOption(onchange) {
  return h(
    "label",
    { class: "tg-check" },
    h("input", { type: "checkbox", name: "bylink", "data-testid": "setup-bylink", onchange }),
    h("span", {}, h("strong", {}, t("fair.option")), h("br"), t("fair.option.help")),
  );
}

/** "Play live with a friend": by link, the devices connected directly (live/live.js). */
function liveOption(onchange) {
  return h(
    "label",
    { class: "tg-check" },
    h("input", { type: "checkbox", name: "live", "data-testid": "setup-live", onchange }),
    h("span", {}, h("strong", {}, t("live.option")), h("br"), t("live.option.help")),
  );
}
