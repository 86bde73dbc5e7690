/**
 * Cursor's own tool names, as its `preToolUse` / `postToolUse` payloads carry them in `tool_name`
 * and its matchers test them, and the public (Claude Code) names matchers are converted through.
 * Read, Write, Grep, Glob, Task and WebFetch keep their names. Secondary sources, Cursor 2.x
 * (2026): Cursor-hook scripts that branch on `Shell`, `StrReplace`, `EditNotebook`, `Write`, `Read`
 * (context-mode 1.0.168 `adapters/cursor/hooks`; Kaden 0.2.1 `cursor/hooks.json`).
 */
export const cursorToolNames = {
  Shell: "Bash",
  StrReplace: "Edit",
  EditNotebook: "NotebookEdit",
} as const satisfies Record<string, string>;

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
