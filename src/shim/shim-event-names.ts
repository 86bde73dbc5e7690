import { codexFormat } from "../convert/formats/codex.js";
import { geminiEventNames } from "../convert/formats/gemini.js";
import { claudeProfile } from "../profiles/claude.js";
import { cursorFileEditTools, cursorShimEvents } from "./cursor-shim-events.js";
import type { ShimFormatName } from "./shim-types.js";

const claudeEvents: readonly string[] = Object.keys(claudeProfile.events);
const codexEvents: readonly string[] = Object.keys(codexFormat.events);
const geminiEventByCanonical: Readonly<Record<string, string>> = geminiEventNames;
const canonicalByGeminiEvent: ReadonlyMap<string, string> = new Map(
  Object.entries(geminiEventNames).map(([canonical, gemini]) => [gemini, canonical]),
);

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
      return codexEvents.includes(event) ? event : null;
    case "gemini":
      return canonicalByGeminiEvent.get(event) ?? null;
    case "cursor":
      return Object.hasOwn(cursorShimEvents, event)
        ? (cursorShimEvents[event]?.canonical ?? null)
        : null;
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
      return codexEvents.includes(canonical) ? canonical : null;
    case "gemini":
      return Object.hasOwn(geminiEventByCanonical, canonical)
        ? (geminiEventByCanonical[canonical] ?? null)
        : null;
    case "cursor":
      return resolveCursorEvent(canonical, toolName);
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
