import { codexToolNames } from "../convert/codex-tool-names.js";
import { cursorToolNames, translateToolNameToCursor } from "../convert/cursor-tool-names.js";
import { deepagentsFormat } from "../convert/formats/deepagents.js";
import { zerocodeFormat } from "../convert/formats/zerocode.js";
import { geminiToolNames, translateToolNameToGemini } from "../convert/gemini-tool-names.js";
import { vscodeProfile } from "../profiles/vscode.js";
import { copilotToolNames } from "./copilot-tool-names.js";
import type { ShimFormatName } from "./shim-types.js";

/**
 * Each format's own tool names and the canonical (Claude Code) name of each: Codex's, Deep Agents
 * Code's and ZeroCode's from `convert/`'s tables (their hooks already see most tools by the
 * public name); VS Code's Local tools by the first public name its profile's `toolMatchAliases`
 * gives them (`run_in_terminal` → `Bash`).
 */
const canonicalNames = {
  claude: {},
  codex: codexToolNames.internalNames,
  deepagents: deepagentsFormat.toolNames.internalNames,
  zerocode: zerocodeFormat.toolNames.internalNames,
  vscode: Object.fromEntries(
    Object.entries(vscodeProfile.toolMatchAliases).map(([local, names]) => [local, names[0]]),
  ),
  gemini: geminiToolNames,
  cursor: cursorToolNames,
  copilot: copilotToolNames,
} as const satisfies Record<ShimFormatName, Readonly<Record<string, string | undefined>>>;

/** A public name → the VS Code Local tool that answers first to it (`Bash` → `run_in_terminal`). */
const vscodeNameByPublicName: ReadonlyMap<string, string> = new Map(
  Object.entries(canonicalNames.vscode)
    .reverse()
    .flatMap(([local, name]) => (name === undefined ? [] : [[name, local] as const])),
);
const copilotNameByPublicName: ReadonlyMap<string, string> = new Map(
  Object.entries(copilotToolNames).map(([copilot, name]) => [name, copilot]),
);

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
  const names: Readonly<Record<string, string | undefined>> = canonicalNames[format];
  return Object.hasOwn(names, name) ? (names[name] ?? name) : name;
}

/**
 * A canonical (Claude Code) tool name as a format's payload carries it (`Bash` →
 * `run_shell_command` for Gemini CLI, `Shell` for Cursor, `run_in_terminal` for VS Code, `bash`
 * for Copilot CLI; Codex, ZeroCode and Deep Agents Code hooks see their shell tools as `Bash`
 * already).
 *
 * @example
 * ```ts
 * translateToolNameFromCanonical("gemini", "Bash"); // "run_shell_command"
 * ```
 */
export function translateToolNameFromCanonical(format: ShimFormatName, name: string): string {
  switch (format) {
    case "gemini":
      return translateToolNameToGemini(name);
    case "cursor":
      return translateToolNameToCursor(name);
    case "vscode":
      return vscodeNameByPublicName.get(name) ?? name;
    case "copilot":
      return copilotNameByPublicName.get(name) ?? name;
    default:
      return name;
  }
}
