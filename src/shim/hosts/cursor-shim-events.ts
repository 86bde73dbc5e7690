import { cursorProfile } from "../../profiles/cursor.js";
import type { EventSpec } from "../../profiles/profile.js";

/** The tool-specific events' marker for any MCP tool, as the cursor profile's rows name it. */
const anyMcpTool = "mcp__.*";

/** One Cursor event: its canonical event, and the tools it is about (`mcp__.*`: any MCP tool). */
export interface CursorShimEvent {
  canonical: string;
  /** The tools of a tool-specific event (`Edit`, `Write` for afterFileEdit), empty for the others. */
  toolNames: readonly string[];
}

/**
 * Cursor's hook events and the canonical (Claude Code) event each is read as, with the tools a
 * tool-specific event stands for (`beforeShellExecution` is a `PreToolUse` of `Bash`): the cursor
 * profile's rows that have a `canonical` event, with their `tools`.
 */
export const cursorShimEvents: Readonly<Record<string, CursorShimEvent>> = Object.fromEntries(
  Object.entries(cursorProfile.events).flatMap(([event, spec]: [string, EventSpec]) =>
    spec.canonical === undefined
      ? []
      : [[event, { canonical: spec.canonical, toolNames: spec.tools ?? [] }]],
  ),
);

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
