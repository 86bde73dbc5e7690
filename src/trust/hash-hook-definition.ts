import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import type { HookCommand, HookDefinition } from "../config/hook-definition.js";
import { findHookScripts, type HookScriptOptions } from "./find-hook-scripts.js";

export { resolveHookScript, resolveHookScripts } from "./resolve-hook-script.js";

/**
 * Where a hook's scripts are looked up when hashing (see {@link findHookScripts}), or the files
 * already found for it, so a hash taken before each run does not analyze the command again.
 */
export interface HashHookOptions extends HookScriptOptions {
  files?: readonly string[];
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

// Where a hook was written, not what it runs: never part of the hash.
const provenanceFields = [
  "file",
  "layer",
  "path",
  "groupPath",
  "groupIndex",
  "handlerIndex",
  "trust",
] as const satisfies readonly (keyof HookDefinition)[];
// Hashed in their normalized form below.
const normalizedFields = [
  "event",
  "matcher",
  "command",
  "timeoutMs",
  "statusMessage",
  "additionalContextLimit",
] as const satisfies readonly (keyof HookDefinition)[];
const unhashedFields: ReadonlySet<string> = new Set([...provenanceFields, ...normalizedFields]);

/**
 * The sha256 (hex) trust is recorded against: the normalized definition (event; matcher with
 * `null`, `""` and `"*"` alike; type `command`; command, argv lists as JSON; timeout in seconds;
 * statusMessage; additionalContextLimit), so the JSON and TOML spellings of one hook hash the
 * same; every other field that changes what runs or how (`if`, `cwd`, `env`, `persistent`, and
 * any field added later) under `execution` whenever it differs from its default (null, false,
 * empty), so a hook that sets none keeps the hash it had before they were hashed; plus the bytes
 * of every file the command runs (see {@link findHookScripts}): `script` for the first, and
 * `scripts` for the others only when there are others. A word that cannot be known before the
 * shell runs is not hashed (it is listed in `notHashed`). Never rejects: a missing script is
 * hashed as `null`, an unreadable one as `"unreadable"`, a directory as `"directory:"` and a
 * sha256 of its names, anything else that is not a regular file as `"special"`.
 *
 * @example
 * const hash = await hashHookDefinition(definition, { cwd: "/repo", home: "/home/me" });
 */
export async function hashHookDefinition(
  definition: HookDefinition,
  options: HashHookOptions = {},
): Promise<string> {
  const files = options.files ?? findHookScripts(definition, options).files;
  const [first, ...others] = await Promise.all(files.map(hashScriptFile));
  const execution = readExecutionFields(definition);
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
    ...(Object.keys(execution).length > 0 && { execution }),
  };
  return createHash("sha256").update(JSON.stringify(normalized)).digest("hex");
}

// Every field that is neither provenance nor normalized above, sorted, defaults left out.
function readExecutionFields(definition: HookDefinition): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(definition).sort()) {
    if (unhashedFields.has(key)) continue;
    const value: unknown = (definition as unknown as Record<string, unknown>)[key];
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "object" && !Array.isArray(value)) {
      const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      if (entries.length > 0) fields[key] = entries;
      continue;
    }
    fields[key] = value;
  }
  return fields;
}

function normalizeMatcher(matcher: string | null): string | null {
  return matcher === null || matcher === "" || matcher === "*" ? null : matcher;
}

function normalizeCommand(command: HookCommand): string {
  return typeof command === "string" ? command : JSON.stringify(command);
}

// The sha256 of a regular file's bytes; null when nothing is there, so a hook whose script
// appears later hashes differently from the one that was trusted; `directory:` and a sha256 of
// its sorted names for a directory (a file replaced by a directory, or a new `.pth` in a
// site-packages, changes the hash); `special` for anything else (a FIFO, a device).
async function hashScriptFile(file: string): Promise<string | null> {
  try {
    const stats = await stat(file);
    if (stats.isDirectory()) {
      const names = await readdir(file).then(
        (entries) => entries.sort(),
        () => null,
      );
      if (names === null) return "directory:unreadable";
      return `directory:${createHash("sha256").update(JSON.stringify(names)).digest("hex")}`;
    }
    if (!stats.isFile()) return "special";
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
