import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { HookCommand, HookDefinition } from "../config/hook-definition.js";
import { resolveHookScript } from "./resolve-hook-script.js";

export { resolveHookScript } from "./resolve-hook-script.js";

/** Where a hook's script is looked up when hashing; both default to the process's own. */
export interface HashHookOptions {
  /** The session cwd relative scripts resolve against when the hook sets no `cwd`. */
  cwd?: string;
  /** The home `~` and `$HOME` expand to. */
  home?: string;
}

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
 * same, plus the bytes of the script the command runs when that file exists (see
 * {@link resolveHookScript}). A command whose script word uses `$(…)`, backticks or an unknown
 * variable has no resolvable script: only its definition is hashed. Never rejects: an unreadable
 * script is hashed as unreadable.
 *
 * @example
 * const hash = await hashHookDefinition(definition, { cwd: "/repo", home: "/home/me" });
 */
export async function hashHookDefinition(
  definition: HookDefinition,
  options: HashHookOptions = {},
): Promise<string> {
  const home = path.resolve(options.home ?? os.homedir());
  const cwd = path.resolve(definition.cwd ?? options.cwd ?? process.cwd());
  const script = resolveHookScript(definition.command, {
    cwd,
    home,
    env: definition.env,
  });
  const normalized = {
    event: definition.event,
    matcher: normalizeMatcher(definition.matcher),
    type: "command",
    command: normalizeCommand(definition.command),
    timeout: definition.timeoutMs / 1000,
    statusMessage: definition.statusMessage,
    additionalContextLimit: definition.additionalContextLimit,
    script: script === null ? null : await hashScriptFile(script),
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
