// A by-link error in a person's words (the engine's codes, bylink/bylink.js's games): apart from
// bylink.js, which the page loads on first use, since opening any link may need to say one.

import { t } from "../i18n/messages.js";

const ERRORS = {
  "bylink-format": "fair.error.format",
  "bylink-chain": "fair.error.chain",
  "bylink-move": "fair.error.move",
  "bylink-secret": "fair.error.secret",
  "bylink-history": "fair.error.history",
  "bylink-altered": "fair.error.altered",
  "bylink-recommit": "fair.error.recommit",
  "bylink-twice": "fair.error.twice",
};

// A signed link that a player passed on changed (bylink-tampered): what was changed.
const TAMPERED = {
  turn: "fair.error.tampered.turn",
  seal: "fair.error.tampered.seal",
  place: "fair.error.tampered.place",
  name: "fair.error.tampered.name",
  options: "fair.error.tampered.options",
  joined: "fair.error.tampered.joined",
};

/**
 * A person's sentence for a by-link error (the engine's code; its facts name seats from 0): who
 * changed what, from this device's side. `names` and `mySeat` are the kept game's where this
 * device keeps it (an error from open() carries them), else the link's names.
 */
export function byLinkProblem(error, names = [], mySeat = null) {
  const said = problemWords(error, names, mySeat);
  if (error?.code === "bylink-tampered") return tamperedProblem(error.args ?? {}, said);
  const key = ERRORS[error?.code];
  return key ? t(key, said.values) : (error?.message ?? String(error));
}

function problemWords(error, names, mySeat) {
  const seatNames = error?.bylinkNames ?? names;
  const me = error?.bylinkSeat ?? mySeat;
  const nameOf = (seat) => seatNames[seat] || t("seat.default-name", { n: seat + 1 });
  const args = error?.args ?? {};
  const seat = Number.isInteger(args.seat) ? args.seat : 0;
  return { me, nameOf, values: { name: nameOf(seat), who: seat === me ? "you" : "other", turn: args.turn ?? 0 } };
}

/** A signed link passed on changed: who changed what (never this device's own seat as who). */
function tamperedProblem(args, { me, nameOf, values }) {
  const by = Number.isInteger(args.by) && args.by !== me ? args.by : null;
  if (by === null) return t("fair.error.changed", values);
  return t(TAMPERED[args.change] ?? "fair.error.changed", { ...values, by: nameOf(by) });
}
