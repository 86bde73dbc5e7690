import { cursorProfile } from "../profiles/cursor.js";
import type { EventSpec } from "../profiles/profile.js";

/** One of Cursor's tool-specific events: the canonical event and portable matcher it stands for. */
export interface CursorToolEvent {
  event: "PreToolUse" | "PostToolUse";
  /** The matcher in the portable syntax (Claude Code's, public tool names). */
  matcher: string;
  /** What Cursor sends such a hook instead of `tool_name` and `tool_input`, for the read note. */
  payload: string;
}

type CursorEvents = typeof cursorProfile.events;

/** The name of one of Cursor's tool-specific events (a cursor profile row with `tools`). */
export type CursorToolEventName = {
  [K in keyof CursorEvents]: CursorEvents[K] extends { tools: readonly string[] } ? K : never;
}[keyof CursorEvents];

/**
 * Cursor's tool-specific events, read from the cursor profile's rows that name their `tools`:
 * each fires for one kind of tool call, so it is read as its canonical PreToolUse or PostToolUse
 * with those tools as the matcher (`afterFileEdit` → `Edit|Write`). Only `mcp__.*` is written
 * back to one of them (see `selectCursorToolEvent`).
 */
export const cursorToolEvents = Object.fromEntries(
  Object.entries(cursorProfile.events).flatMap(([name, spec]: [string, EventSpec]) =>
    spec.tools === undefined ? [] : [[name, describeToolEvent(name, spec, spec.tools)]],
  ),
) as Readonly<Record<CursorToolEventName, CursorToolEvent>>;

function describeToolEvent(
  name: string,
  spec: EventSpec,
  tools: readonly string[],
): CursorToolEvent {
  const event = spec.canonical;
  if (event !== "PreToolUse" && event !== "PostToolUse") {
    throw new Error(`Cursor's ${name} names tools but is not a PreToolUse or PostToolUse`);
  }
  const fields = [...(spec.payload?.required ?? []), ...(spec.payload?.optional ?? [])];
  const payload =
    fields.length < 2 ? fields.join("") : `${fields.slice(0, -1).join(", ")} and ${fields.at(-1)}`;
  return { event, matcher: tools.join("|"), payload };
}

/** Whether a Cursor event name is one of its tool-specific events. */
export function isCursorToolEvent(name: string): name is CursorToolEventName {
  return Object.hasOwn(cursorToolEvents, name);
}

/**
 * The tool-specific event a portable hook is written on, or null for `preToolUse` /
 * `postToolUse` with a matcher: a hook read from one keeps it, and a hook on every MCP tool
 * (`mcp__.*`) or on named MCP tools (widened, reported lossy) goes to before/afterMCPExecution,
 * since Cursor's preToolUse names MCP tools `MCP:<tool>`.
 *
 * @example
 * ```ts
 * selectCursorToolEvent("PreToolUse", "mcp__.*", null); // "beforeMCPExecution"
 * ```
 */
export function selectCursorToolEvent(
  event: string,
  matcher: string | null,
  originEvent: string | null,
): CursorToolEventName | null {
  if (originEvent !== null && isCursorToolEvent(originEvent)) {
    const spec = cursorToolEvents[originEvent];
    if (spec.event === event && spec.matcher === matcher) return originEvent;
  }
  if (matcher === null || !selectsOnlyMcpTools(matcher)) return null;
  if (event === "PreToolUse") return "beforeMCPExecution";
  if (event === "PostToolUse") return "afterMCPExecution";
  return null;
}

/** `mcp__.*`, or a list of MCP tool names (`mcp__github__create_issue`). */
export function selectsOnlyMcpTools(matcher: string): boolean {
  if (matcher === "mcp__.*") return true;
  return /^mcp__[A-Za-z0-9_-]+(?:\|mcp__[A-Za-z0-9_-]+)*$/.test(matcher);
}
