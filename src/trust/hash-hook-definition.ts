import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { HookCommand, HookDefinition } from "../config/hook-definition.js";
import { findHookScripts, type HookScriptOptions } from "./find-hook-scripts.js";

export { resolveHookScript, resolveHookScripts } from "./resolve-hook-script.js";

/** Where a hook's scripts are looked up when hashing (see {@link findHookScripts}). */
export type HashHookOptions = HookScriptOptions;

/**
 * A short stable id for a hook: 12 lowercase hex characters of a sha256 over its source file,
 * event, matcher (`null`, `""` and `"*"` alike) and command. Reordering hooks or editing the
 * script they run keeps the id; editing the command, matcher or event gives a new one.
 *
 * @example
 * identifyHook(definition); // → "3f9a0c12b4e7"
 */
export function identifyHook(definition: HookDefinition): string {
  const key = JSON.stringify([
    definition.file,
    definition.event,
    normalizeMatcher(definition.matcher),
    normalizeCommand(definition.command),
  ]);
  return createHash("sha256").update(key).digest("hex").slice(0, 12);
}

/**
 * The sha256 (hex) trust is recorded against: the normalized definition (event; matcher with
 * `null`, `""` and `"*"` alike; type `command`; command, argv lists as JSON; timeout in seconds;
 * statusMessage; additionalContextLimit), so the JSON and TOML spellings of one hook hash the
 * same, plus the bytes of every script file the command runs (see {@link findHookScripts}):
 * `script` for the first, and `scripts` for the others only when there are others, so a hook
 * with one script keeps the hash it had before lists were followed. A script word that cannot be
 * known before the shell runs is not hashed. Never rejects: a missing script is hashed as `null`,
 * an unreadable one as `"unreadable"`.
 *
 * @example
 * const hash = await hashHookDefinition(definition, { cwd: "/repo", home: "/home/me" });
 */
export async function hashHookDefinition(
  definition: HookDefinition,
  options: HashHookOptions = {},
): Promise<string> {
  const { files } = findHookScripts(definition, options);
  const [first, ...others] = await Promise.all(files.map(hashScriptFile));
  const normalized = {
    event: definition.event,
    matcher: normalizeMatcher(definition.matcher),
    type: "command",
    command: normalizeCommand(definition.command),
    timeout: definition.timeoutMs / 1000,
    statusMessage: definition.statusMessage,
    additionalContextLimit: definition.additionalContextLimit,
    script: first ?? null,
    ...(others.length > 0 && { scripts: others }),
  };
  return createHash("sha256").update(JSON.stringify(normalized)).digest("hex");
}

function normalizeMatcher(matcher: string | null): string | null {
  return matcher === null || matcher === "" || matcher === "*" ? null : matcher;
}

function normalizeCommand(command: HookCommand): string {
  return typeof command === "string" ? command : JSON.stringify(command);
}

// The sha256 of a regular file's bytes; null when there is no such file, so a hook whose script
// appears later hashes differently from the one that was trusted.
async function hashScriptFile(file: string): Promise<string | null> {
  try {
    const stats = await stat(file);
    if (!stats.isFile()) return null;
  } catch {
    return null;
  }
  return new Promise((resolve) => {
    const hash = createHash("sha256");
    const stream = createReadStream(file);
    stream.on("data", (chunk) => hash.update(chunk));
    stream.on("error", () => resolve("unreadable"));
    stream.on("end", () => resolve(hash.digest("hex")));
  });
}
