import type { ConfigSource } from "../discover-config-files.js";
import { copilotEntryKeys, copilotSourceKeys, mapCopilotEntry } from "./map-copilot-format.js";

/**
 * How an agent's flat hook file (`{"version": 1, "hooks": {<event>: [<entry>, …]}}`) is spelled:
 * the keys of an entry, how an entry maps to the Local shape `readLocalEntry` reads, and the
 * document's root keys; a writer (tests, examples) reads `commandKey` and `timeoutKey`.
 */
export interface FlatHookFileShape {
  /** The key an entry's (Linux and macOS) command is written under. */
  commandKey: string;
  /** The key an entry's timeout is written under, in the profile's `timeoutUnit`. */
  timeoutKey: string;
  /** The source's names of the command properties, for messages. */
  commandProperties: readonly string[];
  /** Every key an entry may have (agent-hooks' `persistent` and `prewarm` included). */
  entryKeys: ReadonlySet<string>;
  /** Entry keys the agent applies and the engine does not: why, for an `unsupported_field` warning. */
  unappliedEntryKeys: Readonly<Record<string, string>>;
  /** Root keys beside `hooks` and `version`; others get `unknown_field` (settings files excepted). */
  rootKeys: ReadonlySet<string>;
  /** Settings files whose `hooks` is read among other settings: their other keys are not reported. */
  settingsFileNames: RegExp | null;
  /** Whether an event may also be named by its canonical (Claude Code) name (`PreToolUse`). */
  acceptsCanonicalEventNames: boolean;
  /** The entry in the Local shape (`type`, `command`/`linux`/`osx`/`windows`, `timeout`, …). */
  mapEntry: (entry: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  /** Where a Local property came from in the source entry, for diagnostic paths. */
  sourceKeys: Readonly<Record<string, string>>;
  /** The directory a command runs in when the entry names none (null: the session's cwd). */
  selectCommandDirectory: (source: ConfigSource, directory: string) => string | null;
}

const extensionKeys = ["persistent", "prewarm"] as const;

/**
 * The flat hook files of Cursor (cursor.com/docs/agent/hooks) and Copilot CLI
 * (docs.github.com/en/copilot/reference/hooks-reference), by dialect name.
 */
export const flatHookFileShapes = {
  cursor: {
    commandKey: "command",
    timeoutKey: "timeout",
    commandProperties: ["command"],
    entryKeys: new Set([
      "type",
      "command",
      "prompt",
      "matcher",
      "timeout",
      "failClosed",
      "loop_limit",
      ...extensionKeys,
    ]),
    unappliedEntryKeys: {
      failClosed:
        "Cursor blocks the action when such a hook fails, times out or prints invalid JSON; agent-hooks fails open",
      loop_limit:
        "Cursor caps this hook's automatic stop follow-ups with it; agent-hooks applies the profile's cap of 5",
    },
    rootKeys: new Set(["$schema"]),
    settingsFileNames: null,
    acceptsCanonicalEventNames: false,
    // An entry without a type is a command.
    mapEntry: (entry) => {
      const { failClosed: _failClosed, loop_limit: _loopLimit, ...rest } = entry;
      return { ...rest, type: entry.type ?? "command" };
    },
    sourceKeys: {},
    // Project hooks run from the project root; user and enterprise hooks from their hooks.json's
    // folder (`~/.cursor`), so `./hooks/x.sh` names a script beside the file.
    selectCommandDirectory: (source, directory) => (source.layer === "project" ? null : directory),
  },
  copilot: {
    commandKey: "bash",
    timeoutKey: "timeoutSec",
    commandProperties: ["bash", "powershell"],
    // A `prompt` hook (sessionStart only) carries its text in `prompt`.
    entryKeys: new Set([...copilotEntryKeys, "prompt"]),
    unappliedEntryKeys: {},
    rootKeys: new Set(["$schema", "description"]),
    settingsFileNames: /^settings(\.local)?\.json$/,
    acceptsCanonicalEventNames: true,
    mapEntry: mapCopilotEntry,
    sourceKeys: copilotSourceKeys,
    selectCommandDirectory: () => null,
  },
} as const satisfies Record<string, FlatHookFileShape>;

/** A dialect whose files are flat hook files. */
export type FlatHookFileDialect = keyof typeof flatHookFileShapes;

/** The flat hook file shape of a dialect, or undefined for a dialect of another layout. */
export function findFlatHookFileShape(dialect: string): FlatHookFileShape | undefined {
  return Object.hasOwn(flatHookFileShapes, dialect)
    ? flatHookFileShapes[dialect as FlatHookFileDialect]
    : undefined;
}
