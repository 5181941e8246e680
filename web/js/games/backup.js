// Backup of the kept games as one text file: each game its record (docs/formats.md, "Game records"),
// after a comment line "# game {...}" with what the record does not say (its id, name, seats,
// seed, times). Any text of game records reads back; a game already kept is not added twice.
// The seed is written for finished games only: during a game it would tell every tile to come.

const HEADER = "# Taluva games";
const META = "# game ";

/** The backup text of `entries`; `recordOf(code)` is the engine's record of a share code. */
export async function exportText(entries, recordOf, now = new Date()) {
  const blocks = [];
  for (const e of entries) {
    const seed = e.summary?.over ? e.seed : null;
    const meta = { id: e.id, name: e.name, seats: e.seats, seed, createdAt: e.createdAt, playedAt: e.playedAt };
    blocks.push(`${META}${JSON.stringify(meta)}\n${(await recordOf(e.share)).trim()}\n`);
  }
  const head = `${HEADER}: ${entries.length} kept, exported ${now.toISOString()}.\n# Each game: a line "# game {...}" (its name and seats), then its record.\n`;
  return `${head}\n${blocks.join("\n")}`;
}

/**
 * The games of a backup (or of plain records one after another): [{meta, record}]. A block is
 * a "# game" line and the lines up to the next one; without those lines, each "taluva" header
 * line starts a record.
 */
export function splitBackup(text) {
  const lines = String(text).replace(/\r\n?/g, "\n").split("\n");
  const games = [];
  let current = null;
  const start = (meta) => {
    current = { meta, lines: [] };
    games.push(current);
  };
  for (const line of lines) {
    if (line.startsWith(META)) start(parseMeta(line.slice(META.length)));
    else if (/^taluva\s/.test(line) && (!current || current.lines.some((l) => /^taluva\s/.test(l)))) start(null);
    if (current && !line.startsWith(META)) current.lines.push(line);
  }
  return games.map((g) => ({ meta: g.meta, record: g.lines.join("\n").trim() })).filter((g) => g.record);
}

function parseMeta(text) {
  try {
    const meta = JSON.parse(text);
    return meta && typeof meta === "object" ? meta : null;
  } catch {
    return null; // a damaged line only loses the game's name and seats
  }
}
