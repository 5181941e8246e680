// A person's sentence for a link, code or save the page could not open. It reads the error's
// `kind` (the engine's, over the bridge, or the hash parser's HashError): never its text.

const LEADS = {
  empty: "The link carries no game.",
  newer: "The link was made by a newer version of Taluva than this one.",
  corrupt: "The link is damaged (cut short or altered), so its game cannot be shown.",
  options: "The link names game options this version does not know.",
  "too-long": "The link is far too long to be a game.",
};

export function linkProblem(error) {
  const lead = LEADS[error?.kind] ?? "The link's game cannot be read.";
  const detail = error?.reason ?? "";
  return detail && detail !== lead ? `${lead} (${detail})` : lead;
}
