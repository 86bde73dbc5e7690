import { realpath } from "node:fs/promises";
import path from "node:path";

/** A manifest path resolved inside its plugin root, or why it was refused. */
export type PluginPath = { ok: true; file: string } | { ok: false; reason: string };

/**
 * Resolves a plugin manifest's `./`-prefixed path against the plugin root. Refuses paths that
 * are not `./`-prefixed, that escape the root (`../`), that do not exist, or whose real path
 * (after symlinks) lies outside the root's real path.
 */
export async function resolvePluginPath(root: string, entry: string): Promise<PluginPath> {
  if (!entry.startsWith("./")) {
    return { ok: false, reason: `${JSON.stringify(entry)} must be a "./"-prefixed path` };
  }
  const file = path.resolve(root, entry);
  if (!isInside(root, file)) {
    return { ok: false, reason: `${JSON.stringify(entry)} escapes the plugin root ${root}` };
  }
  let realRoot: string;
  let realFile: string;
  try {
    realRoot = await realpath(root);
    realFile = await realpath(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    const reason = code === "ENOENT" ? "does not exist" : `cannot be resolved (${code})`;
    return { ok: false, reason: `${JSON.stringify(entry)} ${reason} (${file})` };
  }
  if (!isInside(realRoot, realFile)) {
    return {
      ok: false,
      reason: `${JSON.stringify(entry)} is a symlink to ${realFile}, outside the plugin root ${realRoot}`,
    };
  }
  return { ok: true, file };
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  const escapes = relative === ".." || relative.startsWith(`..${path.sep}`);
  return relative !== "" && !escapes && !path.isAbsolute(relative);
}
