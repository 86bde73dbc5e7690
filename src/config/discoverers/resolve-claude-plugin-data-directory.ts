import path from "node:path";

/**
 * The persistent data directory Claude Code gives an installed plugin as `CLAUDE_PLUGIN_DATA`:
 * `<home>/.claude/plugins/data/<id>`, where `<id>` is the plugin id (`name@marketplace`) with
 * every character other than `a-z`, `A-Z`, `0-9`, `_` and `-` replaced by `-`
 * (`formatter@my-marketplace` → `formatter-my-marketplace`), or null for an empty id.
 *
 * @example
 * ```ts
 * resolveClaudePluginDataDirectory("/home/ada", "formatter@my-marketplace");
 * // → "/home/ada/.claude/plugins/data/formatter-my-marketplace"
 * ```
 */
export function resolveClaudePluginDataDirectory(home: string, id: string): string | null {
  // One `-` per character (code point), so no id reaches outside plugins/data (`/`, `.` are replaced).
  const name = id.replace(/[^A-Za-z0-9_-]/gu, "-");
  if (name === "") return null;
  return path.join(home, ".claude", "plugins", "data", name);
}
