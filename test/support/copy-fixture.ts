import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { packageRoot } from "./run-node-script.js";

/**
 * Copies the fixture tree `test/fixtures/<tree>` into `target` (a test workspace's folder) and
 * returns `target`: `*.json.txt` files (JSONC or invalid JSON, kept out of the JSON linter's way)
 * become `*.json`, `@ROOT@` in `.toml` and `.json` files becomes `target`, and each of `gitRoots`
 * gets a `.git` folder (git cannot store one).
 *
 * @example
 * ```ts
 * const root = copyFixture("zerocode/layers", createTestWorkspace("layers").root, ["project"]);
 * ```
 */
export function copyFixture(
  tree: string,
  target: string,
  gitRoots: readonly string[] = [],
): string {
  cpSync(path.join(packageRoot, "test/fixtures", tree), target, {
    recursive: true,
    verbatimSymlinks: true,
  });
  prepareFiles(target, target);
  for (const gitRoot of gitRoots)
    mkdirSync(path.join(target, gitRoot, ".git"), { recursive: true });
  return target;
}

function prepareFiles(directory: string, root: string): void {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) prepareFiles(file, root);
    else if (entry.isFile() && entry.name.endsWith(".json.txt")) {
      renameSync(file, file.slice(0, -".txt".length));
    } else if (entry.isFile() && /\.(toml|json)$/.test(entry.name)) {
      const text = readFileSync(file, "utf8");
      if (text.includes("@ROOT@")) writeFileSync(file, text.replaceAll("@ROOT@", root));
    }
  }
}
