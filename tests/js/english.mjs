// The page's English catalogue, set for the unit tests of modules that show text (as boot.js
// sets the page's language): import this module first.
import { readFileSync, readdirSync } from "node:fs";
import { IntlMessageFormat } from "../../build/node_modules/intl-messageformat/intl-messageformat.iife.js";
import { Catalogue, setCatalogue, useFormatter } from "../../web/js/i18n/messages.js";

/** A language's messages: its folder's files merged (as the build merges them). */
export function readMessages(tag) {
  const dir = new URL(`../../web/i18n/${tag}/`, import.meta.url);
  const messages = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    Object.assign(messages, JSON.parse(readFileSync(new URL(file, dir), "utf8")));
  }
  return messages;
}

useFormatter(IntlMessageFormat);
export const english = new Catalogue("en", readMessages("en"));
setCatalogue(english);
