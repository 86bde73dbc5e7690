import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The root of the Claude Code plugin a hooks file belongs to (the nearest ancestor, at most three
 * levels up, holding `.claude-plugin/plugin.json`), or null for a file outside any plugin.
 */
export function findClaudePluginRoot(file: string): string | null {
  let directory = path.dirname(path.resolve(file));
  for (let level = 0; level < 3; level += 1) {
    if (existsSync(path.join(directory, ".claude-plugin", "plugin.json"))) return directory;
    const parent = path.dirname(directory);
    if (parent === directory) return null;
    directory = parent;
  }
  return null;
}
