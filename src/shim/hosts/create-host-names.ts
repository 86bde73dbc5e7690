import type { HookFormat } from "../../convert/hook-format.js";
import type { ShimHostEvents, ShimHostTools } from "./shim-host.js";

/**
 * A convert format's event table as the host's spellings, each with the canonical (Claude Code)
 * event it is read as: every event's name and its aliases (Copilot CLI's PascalCase spellings).
 *
 * @example
 * ```ts
 * listFormatEventNames(geminiFormat).AfterAgent; // "Stop"
 * ```
 */
export function listFormatEventNames(format: Pick<HookFormat, "events">): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [canonical, event] of Object.entries(format.events)) {
    names[event.name] = canonical;
  }
  for (const [canonical, event] of Object.entries(format.events)) {
    for (const alias of event.aliases) names[alias] = canonical;
  }
  return names;
}

/**
 * A host's event names from its spellings: a canonical event is written as the first spelling
 * read as it, whatever the tool.
 *
 * @example
 * ```ts
 * createHostEvents({ AfterAgent: "Stop" }).writeName("Stop", null); // "AfterAgent"
 * ```
 */
export function createHostEvents(
  canonicalByName: Readonly<Record<string, string>>,
): ShimHostEvents {
  const nameByCanonical = invertFirstWins(canonicalByName);
  return {
    canonicalByName,
    writeName: (canonical) => nameByCanonical.get(canonical) ?? null,
  };
}

/**
 * A host's tool names from its own names and their canonical ones: `writesNames` where the host's
 * payloads carry its own names (a canonical name is written as the first of them read as it), else
 * the host's hooks already see canonical names (Codex's shell tools as `Bash`).
 *
 * @example
 * ```ts
 * createHostTools({ run_shell_command: "Bash" }, true).writeName("Bash"); // "run_shell_command"
 * ```
 */
export function createHostTools(
  canonicalByName: Readonly<Record<string, string | undefined>>,
  writesNames: boolean,
): ShimHostTools {
  const nameByCanonical = invertFirstWins(canonicalByName);
  return {
    canonicalByName,
    writeName: (name) => (writesNames ? (nameByCanonical.get(name) ?? name) : name),
  };
}

function invertFirstWins(
  record: Readonly<Record<string, string | undefined>>,
): ReadonlyMap<string, string> {
  const inverted = new Map<string, string>();
  for (const [key, value] of Object.entries(record)) {
    if (value !== undefined && !inverted.has(value)) inverted.set(value, key);
  }
  return inverted;
}
