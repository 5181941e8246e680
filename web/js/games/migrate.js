// The autosave of earlier builds (one game in localStorage, taluva.autosave.v2 or v1) moves into
// the kept games once, on the first visit of this build; then its key is removed. A save that
// cannot be read is moved aside under a key of its own and reported, never dropped.

import { t } from "../i18n/messages.js";
import { localStore, readAutosave, setAside } from "./legacy-autosave.js";
import { linkProblem } from "../i18n/load-errors.js";

/** Resolves "moved", "none" or "bad" (a notice says what happened). */
export async function migrateAutosave(store, games, notices) {
  const backend = localStore();
  const { save, problem, key } = readAutosave(backend);
  if (problem) notices.push(problem);
  if (!save) return problem ? "bad" : "none";
  try {
    const info = await store.call("inspectCode", { code: save.share });
    await games.add(info, { seats: save.seats, seed: save.seed });
    backend.removeItem(key);
    return "moved";
  } catch (error) {
    if (error?.kind === "full" || error?.kind === "blocked") return "none"; // stays where it is
    const aside = setAside(backend, key, null);
    notices.push(t("migrate.failed", { reason: linkProblem(error), aside }));
    return "bad";
  }
}
