import { codexToolNames } from "../convert/codex-tool-names.js";
import { cursorToolNames, translateToolNameToCursor } from "../convert/cursor-tool-names.js";
import { geminiToolNames, translateToolNameToGemini } from "../convert/gemini-tool-names.js";
import type { ShimFormatName } from "./shim-types.js";

const codexInternalNames: Readonly<Record<string, string>> = codexToolNames.internalNames;
const geminiNames: Readonly<Record<string, string>> = geminiToolNames;
const cursorNames: Readonly<Record<string, string>> = cursorToolNames;

/**
 * A tool name as a format's payload carries it, rewritten to the canonical (Claude Code) name
 * (`run_shell_command` → `Bash`); names without a counterpart stay (`apply_patch`, MCP tools).
 *
 * @example
 * ```ts
 * translateToolNameToCanonical("gemini", "replace"); // "Edit"
 * ```
 */
export function translateToolNameToCanonical(format: ShimFormatName, name: string): string {
  switch (format) {
    case "codex":
      return Object.hasOwn(codexInternalNames, name) ? (codexInternalNames[name] ?? name) : name;
    case "gemini":
      return Object.hasOwn(geminiNames, name) ? (geminiNames[name] ?? name) : name;
    case "cursor":
      return Object.hasOwn(cursorNames, name) ? (cursorNames[name] ?? name) : name;
    case "claude":
      return name;
  }
}

/**
 * A canonical (Claude Code) tool name as a format's payload carries it (`Bash` →
 * `run_shell_command` for Gemini CLI, `Shell` for Cursor; Codex hooks see its shell tools as
 * `Bash` already).
 *
 * @example
 * ```ts
 * translateToolNameFromCanonical("gemini", "Bash"); // "run_shell_command"
 * ```
 */
export function translateToolNameFromCanonical(format: ShimFormatName, name: string): string {
  if (format === "gemini") return translateToolNameToGemini(name);
  return format === "cursor" ? translateToolNameToCursor(name) : name;
}
