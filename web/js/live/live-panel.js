// The live table's panel (live.js), under the step bar like the by-link panel: each friend's
// invitation (the link to send, Send, Copy, its QR code, and the field for their answer), the
// friend's name question and answer, who is here, and "Play live" for a by-link game in
// progress. It only draws what live.js says; its buttons call live.js back.

import { h } from "../base/dom.js";
import { list, onLanguageChange, t } from "../i18n/messages.js";
import { button, sendRow } from "../bylink/send-row.js";
import { drawQr } from "./qr.js";
import { othersHere } from "./live-table.js";

/** `actions`: {answer(text, seat), join(name), again()}; `mount(panel)` puts it in the layout. */
export function createLivePanel({ mount, actions }) {
  let panel = null;
  let shown = ""; // the model drawn, so that a change of the game alone keeps fields as typed
  let last = null;

  function render(model, { force = false } = {}) {
    last = model;
    const key = JSON.stringify(keyOf(model));
    if (key === shown && !force) return;
    shown = key;
    const parts = body(model);
    if (!parts) {
      panel?.remove();
      panel = null;
      return;
    }
    const box = h(
      "section",
      {
        class: "tg-live",
        role: "region",
        aria: { label: t("live.panel") },
        dataset: {
          testid: "live-panel",
          role: model.table ? (model.table.hub ? "host" : "guest") : "off",
        },
      },
      parts,
    );
    if (panel) panel.replaceWith(box);
    else mount(box);
    panel = box;
  }

  function body({ table, onTable, bylink, canHost: canConnect }) {
    const canHost = canConnect && hostable(bylink);
    if (!table) return canHost ? again() : null;
    if (table.unable || table.asking) return opening(table);
    const everyone = playing(table, onTable);
    // With everyone here, that one sentence says it: the friends' rows stay, empty.
    const parts = [...everyone, ...table.friends.map((friend) => friendRow(friend, everyone.length > 0))];
    parts.push(...waitingToJoin(table, onTable));
    if (table.note) parts.push(line(table.note, "live-note", "tg-bylink-news"));
    if (table.privacy && !everyone.length) parts.push(line(table.privacy, "live-privacy", "tg-live-help"));
    if (ended(table) && canHost && onTable) parts.push(...again());
    return parts;
  }

  // An invitation opened: the friend's name asked, or (no WebRTC here) by link offered instead.
  const opening = (table) =>
    table.unable ? [line(table.unable, "live-unable", "tg-bylink-news")] : nameQuestion(table);

  // Everyone here: the one sentence that says so.
  function playing(table, onTable) {
    const here = othersHere(table.friends);
    if (!onTable || !here.length || here.length < table.friends.length) return [];
    return [line(t("live.playing", { names: list(here), count: here.length }), "live-here")];
  }

  // A friend connected before the seats ahead of theirs have joined: their game comes then.
  function waitingToJoin(table, onTable) {
    const host = table.friends[0];
    if (table.hub || onTable || host?.state !== "here") return [];
    return [line(t("live.joining", { name: host.name }), "live-joining", "tg-bylink-news")];
  }

  function friendRow(friend, allHere = false) {
    const parts = [];
    if (friend.state === "invite") {
      parts.push(line(t("live.invite", { named: friend.named ? "yes" : "no", name: friend.name }), "live-text"));
      parts.push(...linkWithCode(friend.url, t("live.invite.send"), friend, t("live.invite.label"), "live-invite"));
      parts.push(answerField(friend));
    } else if (friend.state === "answer") {
      parts.push(line(t("live.answer", { name: friend.name }), "live-text"));
      parts.push(...linkWithCode(friend.url, t("live.answer.send"), friend, t("live.answer.label"), "live-answer"));
      parts.push(line(t("live.answer.waiting", { name: friend.name }), "live-waiting", "tg-bylink-news"));
    } else if (friend.state === "connecting") {
      parts.push(line(t("live.connecting", { name: friend.name }), "live-text"));
    } else if (friend.state === "here" && !allHere) {
      parts.push(line(t("live.here", { name: friend.name }), "live-presence", "tg-live-presence"));
    } else if (friend.state === "left" || friend.state === "failed") {
      parts.push(line(t("live.left", { name: friend.name }), "live-presence", "tg-live-presence"));
    }
    return h(
      "div",
      { class: "tg-live-friend", dataset: { testid: "live-friend", seat: friend.seat, state: friend.state } },
      parts,
    );
  }

  // The link, Send and Copy (bylink's row), and its QR code for a device in the same room.
  function linkWithCode(url, text, friend, label, id) {
    const code = h("div", { class: "tg-live-qr", hidden: true, dataset: { testid: `${id}-qr` } });
    const toggle = button(t("live.qr"), `${id}-show-qr`, () => {
      code.hidden = !code.hidden;
      toggle.textContent = t(code.hidden ? "live.qr" : "live.qr.hide");
      toggle.setAttribute("aria-expanded", String(!code.hidden));
      if (!code.hidden && !code.firstChild) drawQr(code, url);
    });
    toggle.setAttribute("aria-expanded", "false");
    const name = friend.named ? friend.name : null;
    return [...sendRow({ url, text, name, label, id, extra: [toggle] }), code];
  }

  function answerField(friend) {
    const label = t("live.paste", { named: friend.named ? "yes" : "no", name: friend.name });
    const input = h("input", {
      class: "tg-bylink-link",
      name: `live-answer-${friend.seat}`,
      autocomplete: "off",
      dataset: { testid: "live-answer-field" },
      aria: { label },
    });
    const submit = (event) => {
      event.preventDefault();
      if (input.value.trim()) actions.answer(input.value, friend.seat);
    };
    return h(
      "form",
      { class: "tg-bylink-row", onsubmit: submit },
      h("label", { class: "tg-bylink-label" }, label, input),
      h(
        "button",
        { type: "submit", class: "tg-btn tg-btn-primary", dataset: { testid: "live-connect" } },
        t("live.connect"),
      ),
    );
  }

  function nameQuestion(table) {
    const host = table.friends[0];
    const input = h("input", {
      class: "tg-bylink-name",
      maxlength: "24",
      autocomplete: "nickname",
      required: true,
      dataset: { testid: "live-name" },
      aria: { label: t("bylink.your-name") },
    });
    const submit = (event) => {
      event.preventDefault();
      const name = input.value.trim();
      if (name) actions.join(name);
      else input.focus();
    };
    return [
      line(host.named ? t("live.invited", { name: host.name }) : t("live.invited-anon"), "live-text"),
      h(
        "form",
        { class: "tg-bylink-row", onsubmit: submit },
        h("label", { class: "tg-bylink-label" }, t("bylink.your-name"), input),
        h(
          "button",
          { type: "submit", class: "tg-btn tg-btn-primary", dataset: { testid: "live-join" } },
          t("bylink.join"),
        ),
      ),
    ];
  }

  const again = () => [
    h(
      "div",
      { class: "tg-bylink-row" },
      h("p", { class: "tg-live-help" }, t("live.again.help")),
      button(t("live.again"), "live-again", () => actions.again()),
    ),
  ];

  // A switch of language: the panel says it all again.
  onLanguageChange(() => last && render(last, { force: true }));

  return { render };
}

// A by-link game this device has a seat of, not over: it may be played live.
const hostable = (bylink) => Boolean(bylink) && bylink.seat !== null && bylink.stage !== "over";

// This device's own connection ended (not another friend's, that the inviter said): "Play live".
const ended = (table) => table.friends.some((f) => !f.relayed && (f.state === "left" || f.state === "failed"));

const line = (text, testid, cls = "tg-bylink-text") => h("p", { class: cls, dataset: { testid } }, text);

// What the panel shows, without the game's every change.
function keyOf({ table, onTable, bylink, canHost }) {
  return {
    canHost,
    table: table && {
      unable: table.unable,
      hub: table.hub,
      asking: table.asking,
      note: table.note,
      privacy: table.privacy,
      friends: table.friends.map(({ seat, name, state, url }) => [seat, name, state, url]),
    },
    onTable,
    host: bylink ? [bylink.gameId, bylink.seat !== null, bylink.stage === "over"] : null,
  };
}
