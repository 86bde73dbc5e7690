import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The nearest directory at or above `directory` holding a `.git` directory or file (a worktree
 * or submodule), or null when there is none.
 */
export function findGitRoot(directory: string): string | null {
  let current = path.resolve(directory);
  for (;;) {
    if (existsSync(path.join(current, ".git"))) return current;
    const parent = path.dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}
