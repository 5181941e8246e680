// A person's sentence for a link, code or save the page could not open. It reads the error's
// `kind` (the engine's, over the bridge, or the hash parser's HashError) and, where the engine
// gives one, the code of its detail: never its English text.

import { reasonSentence } from "./engine-text.js";
import { hasMessage, t } from "./messages.js";

const LEADS = {
  empty: "link.empty",
  newer: "link.newer",
  corrupt: "link.corrupt",
  options: "link.options",
  "too-long": "link.too-long",
};

export function linkProblem(error) {
  const lead = t(LEADS[error?.kind] ?? "link.unreadable");
  const detail = error?.code && hasMessage(`reason.${error.code}`) ? reasonSentence(error) : "";
  return detail ? t("link.with-detail", { lead, detail }) : lead;
}
