import path from "node:path";
import pc from "picocolors";
import { formatCommand } from "../../shell/quote-shell-word.js";
import type { HookTrustState } from "../../trust/evaluate-hook-trust.js";
import type { NotHashedWord } from "../../trust/resolve-hook-script.js";
import { escapeControlCharacters } from "./escape-control-characters.js";
import type { HookInventoryEntry, HookScript } from "./load-hook-inventory.js";

/** One hook as `hooks list --json` prints it: every field of the definition, its trust and script. */
export interface HookListItem {
  id: string;
  state: HookTrustState;
  hash: string | null;
  layer: string;
  file: string;
  path: string;
  event: string;
  matcher: string | null;
  type: "command";
  command: string | readonly string[];
  timeout: number;
  statusMessage: string | null;
  additionalContextLimit: number | null;
  managed: boolean;
  /** The first of `scripts`, or null. */
  script: HookScript | null;
  /** Every script file the command runs that is part of the hash. */
  scripts: HookScript[];
  /** Words that may name code whose files cannot be known before the hook runs (not hashed), with why. */
  notHashed: readonly NotHashedWord[];
}

const stateColor: Record<HookTrustState, (text: string) => string> = {
  trusted: pc.green,
  managed: pc.cyan,
  untrusted: pc.yellow,
  modified: pc.yellow,
  disabled: pc.dim,
  bypassed: pc.red,
  none: pc.dim,
};

const commandWidth = 60;

/** A hook as a `hooks list --json` item. */
export function toHookListItem(entry: HookInventoryEntry): HookListItem {
  const { definition, trust } = entry;
  return {
    id: trust.id,
    state: trust.state,
    hash: trust.hash,
    layer: definition.layer,
    file: definition.file,
    path: definition.path,
    event: definition.event,
    matcher: definition.matcher,
    type: "command",
    command: definition.command,
    timeout: definition.timeoutMs / 1000,
    statusMessage: definition.statusMessage,
    additionalContextLimit: definition.additionalContextLimit,
    managed: definition.trust === "managed",
    script: entry.script,
    scripts: entry.scripts,
    notHashed: entry.notHashed,
  };
}

/**
 * The `hooks list` table: id, layer, file, event, matcher, command and, unless `state` is false
 * (a profile without hook trust), the trust state (with `, script not hashed` when a script word
 * cannot be known before the hook runs); `~` abbreviates home.
 */
export function formatHookTable(
  entries: readonly HookInventoryEntry[],
  home: string,
  options: { state: boolean } = { state: true },
): string {
  const header = ["ID", "LAYER", "FILE", "EVENT", "MATCHER", "COMMAND"];
  if (options.state) header.push("STATE");
  const rows = entries.map(({ definition, trust, notHashed }) => {
    const cells = [
      trust.id,
      definition.layer,
      abbreviateHome(definition.file, home),
      definition.event,
      definition.matcher === null || definition.matcher === "" ? "*" : definition.matcher,
      shorten(formatCommand(definition.command).replaceAll("\n", " "), commandWidth),
    ];
    if (options.state)
      cells.push(`${trust.state}${notHashed.some(isCode) ? ", script not hashed" : ""}`);
    return cells.map(escapeControlCharacters);
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: readonly string[], color: (cell: string, column: number) => string) =>
    cells
      .map((cell, column) => {
        const padded = column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0);
        return color(padded, column);
      })
      .join("  ");
  return [
    line(header, (cell) => pc.bold(cell)),
    ...rows.map((row, index) =>
      line(row, (cell, column) =>
        options.state && column === row.length - 1
          ? stateColor[entries[index]?.trust.state ?? "none"](cell)
          : cell,
      ),
    ),
  ].join("\n");
}

/** `file` with the home directory written as `~`. */
export function abbreviateHome(file: string, home: string): string {
  const relative = path.relative(home, file);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return file;
  return `~${path.sep}${relative}`;
}

function shorten(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

// A file only read as data is listed, but does not make a script unhashed.
function isCode(entry: NotHashedWord): boolean {
  return entry.role !== "data";
}
