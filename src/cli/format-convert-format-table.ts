import type { HookFormat } from "../convert/hook-format.js";
import { hookFormats } from "../convert/hook-formats.js";
import { formatNames } from "../convert/portable-hooks.js";
import { formatMarkdownTable } from "./format-markdown-table.js";

/** How a format's matchers are read, in words, by its `matchers` (`none` for null). */
const matcherDescriptions = {
  exact: "tool names or `|` lists, else a regular expression",
  regex: "a regular expression",
  none: "none (every hook fires for its event)",
} as const satisfies Record<NonNullable<HookFormat["matchers"]> | "none", string>;

/**
 * The table of `agent-hooks convert`'s formats in docs/cli.md, one row per format (all eight):
 * the agent, the syntaxes it is written in, how many events it has, its default timeout and unit,
 * and its matchers. The docs test compares the page with it; `npm run docs:generate` writes it.
 *
 * @example
 * ```ts
 * formatConvertFormatTable(); // "| Format | Agent | Syntax | Events | …\n…"
 * ```
 */
export function formatConvertFormatTable(): string {
  return formatMarkdownTable(
    ["Format", "Agent", "Syntax", "Events", "Default timeout", "Matchers"],
    formatNames.map((name) => {
      const format = hookFormats[name];
      return [
        `\`${name}\``,
        format.title,
        format.syntaxes.map((syntax) => syntax.toUpperCase()).join(", "),
        String(Object.keys(format.events).length),
        `${format.defaultTimeoutSeconds} s (written in ${format.timeoutUnit})`,
        matcherDescriptions[format.matchers ?? "none"],
      ];
    }),
  );
}
