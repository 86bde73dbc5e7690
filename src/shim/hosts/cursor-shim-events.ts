import { cursorToolEvents } from "../../convert/cursor-tool-events.js";
import { cursorEventNames } from "../../convert/formats/cursor.js";

/** The tool-specific events' marker for any MCP tool: their matcher. */
const anyMcpTool = "mcp__.*";

/** One Cursor event: its canonical event, and the tools it is about (`mcp__.*`: any MCP tool). */
export interface CursorShimEvent {
  canonical: string;
  /** The tools of a tool-specific event (`Edit`, `Write` for afterFileEdit), empty for the others. */
  toolNames: readonly string[];
}

/**
 * Cursor's hook events and the canonical (Claude Code) event each is read as, with the tools a
 * tool-specific event stands for (`beforeShellExecution` is a `PreToolUse` of `Bash`), derived from
 * `convert/`'s Cursor tables (`cursorEventNames`, `cursorToolEvents`, whose matcher names the tools).
 */
export const cursorShimEvents: Readonly<Record<string, CursorShimEvent>> = Object.fromEntries([
  ...Object.entries(cursorEventNames).map(([canonical, cursor]) => [
    cursor,
    { canonical, toolNames: [] },
  ]),
  ...Object.entries(cursorToolEvents).map(([cursor, spec]) => [
    cursor,
    { canonical: spec.event, toolNames: readMatcherTools(spec.matcher) },
  ]),
]);

// `Bash` → [Bash], `Edit|Write` → [Edit, Write], `mcp__.*` → [mcp__.*].
function readMatcherTools(matcher: string): readonly string[] {
  return matcher === anyMcpTool ? [anyMcpTool] : matcher.split("|");
}

/**
 * A canonical event as Cursor spells it for a call of `toolName`: the tool-specific event of that
 * canonical event and tool (`PreToolUse` of `Bash` is `beforeShellExecution`), else the general
 * one (`preToolUse`), or null when Cursor has no counterpart.
 *
 * @example
 * ```ts
 * writeCursorEventName("PostToolUse", "Write"); // "afterFileEdit"
 * ```
 */
export function writeCursorEventName(canonical: string, toolName: string | null): string | null {
  const tool = toolName?.startsWith("mcp__") === true ? anyMcpTool : toolName;
  const entries = Object.entries(cursorShimEvents).filter(
    ([, spec]) => spec.canonical === canonical,
  );
  const specific = entries.find(([, spec]) => tool !== null && spec.toolNames.includes(tool));
  const general = entries.find(([, spec]) => spec.toolNames.length === 0);
  return (specific ?? general)?.[0] ?? null;
}
