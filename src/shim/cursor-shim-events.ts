import { cursorToolEvents } from "../convert/cursor-tool-events.js";
import { cursorEventNames } from "../convert/formats/cursor.js";

/** One Cursor event: its canonical event, and the tool it is about (`mcp`: any MCP tool), or null. */
export interface CursorShimEvent {
  canonical: string;
  toolName: string | null;
}

/**
 * Cursor's hook events and the canonical (Claude Code) event each is read as, with the tool a
 * tool-specific event stands for (`beforeShellExecution` is a `PreToolUse` of `Bash`), derived from
 * `convert/`'s Cursor tables (`cursorEventNames`, `cursorToolEvents`).
 */
export const cursorShimEvents: Readonly<Record<string, CursorShimEvent>> = Object.fromEntries([
  ...Object.entries(cursorEventNames).map(([canonical, cursor]) => [
    cursor,
    { canonical, toolName: null },
  ]),
  ...Object.entries(cursorToolEvents).map(([cursor, spec]) => [
    cursor,
    { canonical: spec.event, toolName: readMatcherTool(spec.matcher) },
  ]),
]);

/** Claude Code's file-editing tools, which Cursor reports as one `afterFileEdit`. */
export const cursorFileEditTools: readonly string[] = ["Edit", "Write", "MultiEdit"];

// `Bash` → Bash, `Edit|Write` → Edit, `mcp__.*` → mcp.
function readMatcherTool(matcher: string): string {
  if (matcher.startsWith("mcp__")) return "mcp";
  return matcher.split("|")[0] ?? matcher;
}
