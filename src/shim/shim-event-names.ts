import { codexFormat } from "../convert/formats/codex.js";
import { deepagentsFormat } from "../convert/formats/deepagents.js";
import { geminiEventNames } from "../convert/formats/gemini.js";
import { vscodeFormat } from "../convert/formats/vscode.js";
import { zerocodeFormat } from "../convert/formats/zerocode.js";
import type { HookFormat } from "../convert/hook-format.js";
import { claudeProfile } from "../profiles/claude.js";
import { copilotShimEvents, resolveCopilotEventName } from "./copilot-shim-events.js";
import { cursorFileEditTools, cursorShimEvents } from "./cursor-shim-events.js";
import type { ShimFormatName } from "./shim-types.js";

const claudeEvents: readonly string[] = Object.keys(claudeProfile.events);
const geminiEventByCanonical: Readonly<Record<string, string>> = geminiEventNames;
const canonicalByGeminiEvent: ReadonlyMap<string, string> = new Map(
  Object.entries(geminiEventNames).map(([canonical, gemini]) => [gemini, canonical]),
);

/**
 * Formats that spell their events as Claude Code does, by `convert/`'s table of each (its
 * configurable events only: Deep Agents Code runs no hook on UserPromptSubmit).
 */
const canonicalSpellingFormats = {
  codex: codexFormat,
  deepagents: deepagentsFormat,
  zerocode: zerocodeFormat,
  vscode: vscodeFormat,
} as const satisfies Partial<Record<ShimFormatName, HookFormat>>;

/**
 * The canonical (Claude Code) name of an event as a format spells it (`BeforeTool` →
 * `PreToolUse`, `beforeShellExecution` → `PreToolUse`), or null when the format has no such event.
 *
 * @example
 * ```ts
 * resolveCanonicalShimEvent("gemini", "AfterAgent"); // "Stop"
 * ```
 */
export function resolveCanonicalShimEvent(format: ShimFormatName, event: string): string | null {
  switch (format) {
    case "claude":
      return claudeEvents.includes(event) ? event : null;
    case "codex":
    case "deepagents":
    case "zerocode":
    case "vscode":
      return Object.hasOwn(canonicalSpellingFormats[format].events, event) ? event : null;
    case "gemini":
      return canonicalByGeminiEvent.get(event) ?? null;
    case "cursor":
      return Object.hasOwn(cursorShimEvents, event)
        ? (cursorShimEvents[event]?.canonical ?? null)
        : null;
    case "copilot": {
      const name = resolveCopilotEventName(event);
      return name === null ? null : (copilotShimEvents[name] ?? null);
    }
  }
}

/**
 * A canonical event as a format spells it, for a call of `toolName` (Cursor has an event per
 * kind of tool: `PreToolUse` of `Bash` is `beforeShellExecution`), or null when the format has
 * no counterpart.
 *
 * @example
 * ```ts
 * resolveNativeShimEvent("cursor", "PreToolUse", "Bash"); // "beforeShellExecution"
 * ```
 */
export function resolveNativeShimEvent(
  format: ShimFormatName,
  canonical: string,
  toolName: string | null,
): string | null {
  switch (format) {
    case "claude":
      return claudeEvents.includes(canonical) ? canonical : null;
    case "codex":
    case "deepagents":
    case "zerocode":
    case "vscode":
      return Object.hasOwn(canonicalSpellingFormats[format].events, canonical) ? canonical : null;
    case "gemini":
      return Object.hasOwn(geminiEventByCanonical, canonical)
        ? (geminiEventByCanonical[canonical] ?? null)
        : null;
    case "cursor":
      return resolveCursorEvent(canonical, toolName);
    case "copilot":
      return resolveCopilotEventName(canonical);
  }
}

function resolveCursorEvent(canonical: string, toolName: string | null): string | null {
  const isMcp = toolName?.startsWith("mcp__") === true;
  if (canonical === "PreToolUse") {
    if (toolName === "Bash") return "beforeShellExecution";
    if (toolName === "Read") return "beforeReadFile";
    return isMcp ? "beforeMCPExecution" : "preToolUse";
  }
  if (canonical === "PostToolUse") {
    if (toolName === "Bash") return "afterShellExecution";
    if (toolName !== null && cursorFileEditTools.includes(toolName)) return "afterFileEdit";
    return isMcp ? "afterMCPExecution" : "postToolUse";
  }
  const found = Object.entries(cursorShimEvents).find(
    ([, spec]) => spec.canonical === canonical && spec.toolName === null,
  );
  return found?.[0] ?? null;
}
