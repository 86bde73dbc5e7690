import { isRecord } from "../../shared/is-record.js";

/** The source formats a VS Code Local hook file can be written in. */
export type VscodeHookFormat = "local" | "copilot" | "claude";

const copilotCommandKeys = ["bash", "powershell", "timeoutSec"];

/**
 * Which format a hook file is written in: Copilot CLI when it has a top-level `version` or a flat
 * entry uses Copilot's `bash` / `powershell` / `timeoutSec`; Claude when every entry nests a
 * `hooks` list (a matcher group); else the native Local format. A Local or Copilot file may also
 * hold matcher groups, entry by entry (VS Code reads both kinds).
 *
 * @example
 * ```ts
 * detectHookFormat({ version: 1, hooks: { preToolUse: [] } }); // "copilot"
 * detectHookFormat({ hooks: { Stop: [{ hooks: [{ type: "command", command: "x" }] }] } }); // "claude"
 * ```
 */
export function detectHookFormat(document: Readonly<Record<string, unknown>>): VscodeHookFormat {
  if (Object.hasOwn(document, "version")) return "copilot";
  const entries = isRecord(document.hooks)
    ? Object.values(document.hooks).flatMap((list) => (Array.isArray(list) ? list : []))
    : [];
  const records = entries.filter(isRecord);
  const flat = records.filter((entry) => !isMatcherGroup(entry));
  if (flat.some((entry) => copilotCommandKeys.some((key) => Object.hasOwn(entry, key)))) {
    return "copilot";
  }
  if (records.length > 0 && flat.length === 0) return "claude";
  return "local";
}

/** Whether an event list entry is a Claude-format matcher group (it nests a `hooks` list) rather than a flat command entry. */
export function isMatcherGroup(entry: Readonly<Record<string, unknown>>): boolean {
  return Object.hasOwn(entry, "hooks");
}
