import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "smol-toml";
import type { ProjectDirectoryInput } from "./shim-host.js";

/** Codex's default `project_root_markers`. */
const defaultRootMarkers = [".git"];

/**
 * The project directory of a hook that Codex runs: the folder holding the `.codex/` whose
 * `hooks.json` or `config.toml` Codex loaded it from. Codex 0.169 finds the project root as the
 * nearest folder above its working directory holding one of `project_root_markers` (default
 * `.git`, a file or a folder; the working directory itself when none does) and loads the
 * `.codex/` of every folder from there down to the working directory; it runs hooks in the
 * working directory and tells them nothing of where they came from. So the shim looks for those
 * folders itself: the one whose hook files mention the hook's command, else the nearest one,
 * else the project root (a hook from the user's own `~/.codex`).
 *
 * @example
 * ```ts
 * // Codex started in /repo/src, the guard in /repo/.codex/hooks.json, /repo/.git present:
 * findCodexProjectDirectory({ cwd: "/repo/src", command: ["./guard.sh"], env: process.env }); // "/repo"
 * ```
 */
export function findCodexProjectDirectory(input: ProjectDirectoryInput): string {
  const cwd = path.resolve(input.cwd);
  const markers = readRootMarkers(input.env);
  const chain = listAncestors(cwd);
  const rootIndex =
    markers.length === 0
      ? 0
      : chain.findIndex((folder) =>
          markers.some((marker) => existsSync(path.join(folder, marker))),
        );
  const layers = chain.slice(0, rootIndex < 0 ? 1 : rootIndex + 1);
  const root = layers.at(-1) ?? cwd;
  const hookFolders = layers.filter((folder) => listHookFiles(folder).length > 0);
  const mentioned = hookFolders.find((folder) =>
    listHookFiles(folder).some((file) => mentionsCommand(file, input.command)),
  );
  return mentioned ?? hookFolders[0] ?? root;
}

/** A folder and each folder above it, nearest first. */
function listAncestors(folder: string): string[] {
  const chain = [folder];
  for (let parent = path.dirname(folder); parent !== chain.at(-1); parent = path.dirname(parent)) {
    chain.push(parent);
  }
  return chain;
}

function listHookFiles(folder: string): string[] {
  return ["hooks.json", "config.toml"]
    .map((name) => path.join(folder, ".codex", name))
    .filter((file) => existsSync(file));
}

// The command appears in the hook file inside the shim's own quoting, JSON- or TOML-escaped.
function mentionsCommand(file: string, command: readonly string[]): boolean {
  const text = readText(file);
  if (text === null || command.length === 0) return false;
  return command.every((word) => {
    const escaped = JSON.stringify(word).slice(1, -1);
    return text.includes(word) || text.includes(escaped);
  });
}

/** `project_root_markers` from the user's Codex config (`$CODEX_HOME/config.toml`). */
function readRootMarkers(env: Readonly<Record<string, string | undefined>>): readonly string[] {
  const home = env.CODEX_HOME ?? path.join(env.HOME ?? os.homedir(), ".codex");
  const text = readText(path.join(home, "config.toml"));
  if (text === null || !text.includes("project_root_markers")) return defaultRootMarkers;
  try {
    const markers: unknown = parse(text).project_root_markers;
    if (Array.isArray(markers)) {
      const names = markers.filter((marker): marker is string => typeof marker === "string");
      if (names.length === markers.length) return names;
    }
  } catch {
    // Codex itself refuses a config it cannot parse; the default is the shim's best guess.
  }
  return defaultRootMarkers;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}
