import { cursorProfile } from "../profiles/cursor.js";

/**
 * Cursor's own tool names, as its `preToolUse` / `postToolUse` payloads carry them in `tool_name`
 * and its matchers test them, and the public (Claude Code) names matchers are converted through:
 * the cursor profile's `canonicalToolNames` (Read, Write, Grep, Glob, Task and WebFetch keep their
 * names).
 */
export const cursorToolNames: Readonly<Record<string, string>> = cursorProfile.canonicalToolNames;

const cursorNameByPublicName: ReadonlyMap<string, string> = new Map(
  Object.entries(cursorToolNames).map(([cursor, publicName]) => [publicName, cursor]),
);

/**
 * The Cursor name of a public tool name (`Bash` → `Shell`); other names stay.
 *
 * @example
 * ```ts
 * translateToolNameToCursor("Edit"); // "StrReplace"
 * ```
 */
export function translateToolNameToCursor(name: string): string {
  return cursorNameByPublicName.get(name) ?? name;
}
