import { isDeepStrictEqual } from "node:util";
import { formatJsonPath } from "../shared/format-json-path.js";
import { isRecord } from "../shared/is-record.js";
import type { FormatName } from "./portable-hooks.js";

/** Which conversion wrote the hooks being merged, and whether the target's own values may go. */
export interface HookMergeOptions {
  from: FormatName;
  to: FormatName;
  /** Replace what the target holds at a place the conversion writes, even the user's own hooks. */
  force: boolean;
}

/** One value to set in the target document, at a path of object keys. */
export interface MergeChange {
  path: readonly string[];
  /** The value the path holds afterwards. */
  value: unknown;
  /**
   * Set for an event list that keeps entries of the user's own: which of its entries go (indices,
   * ascending) and which are appended after the rest, so an editor changes only those.
   */
  listEdit?: { remove: readonly number[]; append: readonly unknown[] };
}

/** How to merge a converted document into an existing one, and what stands in the way. */
export interface HookMergePlan {
  /** The values to set, in document order; an empty list when the target already holds them. */
  changes: MergeChange[];
  /**
   * What the target holds that the changes would replace and agent-hooks did not write, such as
   * `hooks.BeforeTool (1 entry of its own)`; empty with `force`, whose replacements are in `replaced`.
   */
  conflicts: string[];
  /** What the changes replace: entries agent-hooks wrote before and, with `force`, the conflicts. */
  replaced: string[];
  /** Events whose entries of the user's own are kept, before the converted ones. */
  kept: string[];
}

/** Handler keys that hold a command in some format (`bash` and `powershell` in Copilot CLI's). */
const commandKeys = new Set([
  "command",
  "commandWindows",
  "command_windows",
  "bash",
  "powershell",
  "windows",
  "linux",
  "osx",
]);

/**
 * Plans how a converted hook document merges into a target settings document of the same format,
 * keeping everything else the target holds. Under `hooks`, an event the target lacks is added. In
 * an event it has, the entries agent-hooks wrote for this conversion (each command an
 * `agent-hooks shim --hook <from> --host <to>` command) and entries equal to a converted one are
 * replaced; the user's own entries are kept, with the converted ones after them, unless one has
 * the matcher of a converted entry (an older conversion, or the user's own version of the hook):
 * that is a conflict. Any other value the conversion writes (`version`, `$schema`,
 * `hooksConfig.enabled`) is added where missing and is a conflict where the target holds another
 * one. With `force`, conflicts are replaced and listed in `replaced`.
 *
 * @example
 * ```ts
 * planHookMerge({ theme: "dark" }, { hooks: { BeforeTool: [group] } }, { from: "claude", to: "gemini", force: false });
 * // { changes: [{ path: ["hooks"], value: { BeforeTool: [group] } }], conflicts: [], replaced: [] }
 * ```
 */
export function planHookMerge(
  target: Record<string, unknown>,
  converted: Record<string, unknown>,
  options: HookMergeOptions,
): HookMergePlan {
  const plan: HookMergePlan = { changes: [], conflicts: [], replaced: [], kept: [] };
  planObject(target, converted, [], options, plan);
  return plan;
}

function planObject(
  target: Record<string, unknown>,
  converted: Record<string, unknown>,
  path: readonly string[],
  options: HookMergeOptions,
  plan: HookMergePlan,
): void {
  for (const [key, value] of Object.entries(converted)) {
    const place = [...path, key];
    const current = Object.hasOwn(target, key) ? target[key] : undefined;
    if (current === undefined) {
      plan.changes.push({ path: place, value });
    } else if (isDeepStrictEqual(normalize(current), normalize(value))) {
      // Already there.
    } else if (isRecord(current) && isRecord(value)) {
      planObject(current, value, place, options, plan);
    } else if (path.length === 1 && path[0] === "hooks" && Array.isArray(value)) {
      planEvent(current, value, place, options, plan);
    } else {
      recordConflict(plan, place, formatJsonPath(place), value, options);
    }
  }
}

function planEvent(
  current: unknown,
  entries: readonly unknown[],
  place: readonly string[],
  options: HookMergeOptions,
  plan: HookMergePlan,
): void {
  const name = formatJsonPath(place);
  if (!Array.isArray(current)) {
    recordConflict(plan, place, `${name} (not a list)`, entries, options);
    return;
  }
  const remove: number[] = [];
  const clashing: number[] = [];
  const kept: unknown[] = [];
  for (const [index, entry] of current.entries()) {
    if (
      isWrittenByShim(entry, options) ||
      entries.some((converted) => isDeepStrictEqual(normalize(entry), normalize(converted)))
    ) {
      remove.push(index);
    } else if (entries.some((converted) => hasSameMatcher(entry, converted))) {
      clashing.push(index);
    } else {
      kept.push(entry);
    }
  }
  // Converted again into a file that holds the result already (the user's entries first).
  if (
    clashing.length === 0 &&
    isDeepStrictEqual(normalize(current), normalize([...kept, ...entries]))
  ) {
    return;
  }
  if (remove.length > 0) {
    plan.replaced.push(`${name}: ${describeCount(remove.length)} agent-hooks wrote before`);
  }
  if (clashing.length > 0) {
    const description = `${name} (${describeCount(clashing.length)} of its own on the matcher of a converted one)`;
    if (!options.force) {
      plan.conflicts.push(description);
      return;
    }
    plan.replaced.push(description);
  }
  if (kept.length === 0) {
    plan.changes.push({ path: place, value: entries });
    return;
  }
  plan.kept.push(`${name}: ${describeCount(kept.length)} of its own`);
  plan.changes.push({
    path: place,
    value: [...kept, ...entries],
    listEdit: { remove: [...remove, ...clashing].sort((a, b) => a - b), append: entries },
  });
}

/** Whether two hook entries match the same thing: equal `matcher` values, or neither has one. */
function hasSameMatcher(entry: unknown, converted: unknown): boolean {
  if (!isRecord(entry) || !isRecord(converted)) return false;
  return isDeepStrictEqual(normalize(entry.matcher), normalize(converted.matcher));
}

function recordConflict(
  plan: HookMergePlan,
  place: readonly string[],
  description: string,
  value: unknown,
  options: HookMergeOptions,
): void {
  if (!options.force) {
    plan.conflicts.push(description);
    return;
  }
  plan.replaced.push(description);
  plan.changes.push({ path: place, value });
}

/**
 * Whether a hook entry (a matcher group, or a flat entry) is one `convert --shim` wrote for this
 * pair of formats: every handler runs a command, and each command starts the shim with
 * `--hook <from> --host <to>`.
 */
export function isWrittenByShim(entry: unknown, options: Pick<HookMergeOptions, "from" | "to">) {
  if (!isRecord(entry)) return false;
  const handlers = Array.isArray(entry.hooks) ? entry.hooks : [entry];
  if (handlers.length === 0) return false;
  const shim = new RegExp(
    `(?:^|\\s)shim --hook ${options.from} --host ${options.to} --event \\S+ --timeout \\S+ --(?:\\s|$)`,
  );
  return handlers.every((handler) => {
    if (!isRecord(handler)) return false;
    const commands = Object.entries(handler).filter(([key]) => commandKeys.has(key));
    return (
      commands.length > 0 &&
      commands.every(([, command]) => typeof command === "string" && shim.test(command))
    );
  });
}

/** A value as plain data, so a TOML table (no prototype) compares equal to a JSON object. */
function normalize(value: unknown): unknown {
  return structuredClone(value);
}

function describeCount(count: number): string {
  return `${count} ${count === 1 ? "entry" : "entries"}`;
}
