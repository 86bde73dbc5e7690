import { isRecord } from "../is-record.js";

/** The source formats a VS Code Local hook file can be written in. */
export type VscodeHookFormat = "local" | "copilot" | "claude";

const copilotCommandKeys = ["bash", "powershell", "timeoutSec"];

/**
 * Which format a hook file is written in: Copilot CLI when it has a top-level `version` or an
 * entry uses Copilot's `bash` / `powershell` / `timeoutSec`; Claude when an entry nests a `hooks`
 * list (a matcher group); else the native Local format.
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
  if (records.some((entry) => Object.hasOwn(entry, "hooks"))) return "claude";
  if (records.some((entry) => copilotCommandKeys.some((key) => Object.hasOwn(entry, key)))) {
    return "copilot";
  }
  return "local";
}
