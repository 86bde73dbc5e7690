import { copilotProfile } from "../../profiles/copilot.js";
import type { EventSpec } from "../../profiles/profile.js";
import { vscodeProfile } from "../../profiles/vscode.js";

const localEvents: Readonly<Record<string, EventSpec>> = vscodeProfile.events;
const copilotEvents: Readonly<Record<string, EventSpec>> = copilotProfile.events;

/** Whether the Local harness has a configurable event of this name. */
function isLocalEvent(name: string | undefined): name is string {
  return (
    name !== undefined &&
    Object.hasOwn(localEvents, name) &&
    localEvents[name]?.configurable === true
  );
}

/**
 * Copilot CLI event names (lowerCamelCase, the copilot profile's rows) and the Local events they
 * become: the row's canonical event, where the Local harness has it. `userPromptSubmit` is also
 * taken, a spelling Copilot CLI files written for VS Code use.
 */
export const copilotEventNames: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.entries(copilotEvents).flatMap(([name, spec]) =>
      isLocalEvent(spec.canonical) ? [[name, spec.canonical]] : [],
    ),
  ),
  userPromptSubmit: "UserPromptSubmit",
};

/** Copilot CLI events the Local harness has no counterpart for. */
export const copilotOnlyEvents: ReadonlySet<string> = new Set(
  Object.entries(copilotEvents)
    .filter(([, spec]) => !isLocalEvent(spec.canonical))
    .map(([name]) => name),
);

/** The properties of a Copilot CLI command entry; `comment` is documentation only. */
export const copilotEntryKeys: ReadonlySet<string> = new Set([
  "type",
  "bash",
  "powershell",
  "cwd",
  "env",
  "timeoutSec",
  "matcher",
  "comment",
  "persistent",
  "prewarm",
]);

/** Where each Local property of a mapped Copilot entry came from, for diagnostics. */
export const copilotSourceKeys: Readonly<Record<string, string>> = {
  linux: "bash",
  osx: "bash",
  windows: "powershell",
  timeout: "timeoutSec",
};

/**
 * Maps a Copilot CLI command entry to the Local shape: `bash` runs on Linux and macOS,
 * `powershell` on Windows, `timeoutSec` becomes `timeout`; `cwd`, `env`, `matcher` are kept and
 * `comment` is dropped. Values are copied unchecked: the Local reader validates them.
 *
 * @example
 * ```ts
 * mapCopilotEntry({ type: "command", bash: "./audit.sh", timeoutSec: 10 });
 * // { type: "command", linux: "./audit.sh", osx: "./audit.sh", timeout: 10 }
 * ```
 */
export function mapCopilotEntry(entry: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const mapped: Record<string, unknown> = { type: entry.type };
  if (entry.bash !== undefined) {
    mapped.linux = entry.bash;
    mapped.osx = entry.bash;
  }
  if (entry.powershell !== undefined) mapped.windows = entry.powershell;
  if (entry.cwd !== undefined) mapped.cwd = entry.cwd;
  if (entry.env !== undefined) mapped.env = entry.env;
  if (entry.timeoutSec !== undefined) mapped.timeout = entry.timeoutSec;
  if (entry.matcher !== undefined) mapped.matcher = entry.matcher;
  if (entry.persistent !== undefined) mapped.persistent = entry.persistent;
  if (entry.prewarm !== undefined) mapped.prewarm = entry.prewarm;
  return mapped;
}
