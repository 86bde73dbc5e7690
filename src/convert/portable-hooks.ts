/** The configuration formats `agent-hooks convert` reads and writes. */
export const formatNames = [
  "deepagents",
  "zerocode",
  "vscode",
  "copilot",
  "claude",
  "gemini",
  "codex",
  "cursor",
] as const;

/** The name of a convertible hook configuration format. */
export type FormatName = (typeof formatNames)[number];

/** How a document is written: JSON everywhere, TOML for ZeroCode's `config.toml` `[hooks]`. */
export type DocumentSyntax = "json" | "toml";

/** The operating systems a hook may override its command for. */
export type Platform = "windows" | "linux" | "osx";

/** A hook's command: the default one and optional per-OS overrides. */
export interface PortableCommand {
  /** A shell string, or an argv list run without a shell; null when only overrides are given. */
  default: string | readonly string[] | null;
  windows: string | null;
  linux: string | null;
  osx: string | null;
}

/** A field the portable model has no place for: carried as written when the format stays the same. */
export interface CarriedField {
  /** Where the field goes in a document of the same format, such as `["hooks", "managed_dir"]`. */
  segments: readonly string[];
  value: unknown;
  /** JSON path of the field in the source, for messages. */
  path: string;
  /** What dropping it changes, when that is more than the field itself (`the hooks are enabled`). */
  consequence: string | null;
}

/** Where a portable hook came from: its format, spelling and JSON paths. */
export interface HookOrigin {
  format: FormatName;
  /** The event name as the source spells it (`agentStop`). */
  event: string;
  /** JSON path of the handler, such as `hooks.PreToolUse[0].hooks[1]`. */
  path: string;
  /** JSON path of its matcher, or null when the source had none. */
  matcherPath: string | null;
  /** Position of its matcher group among the event's groups, or null in formats without groups. */
  group: number | null;
}

/**
 * One hook in a format-neutral shape. The event is the canonical PascalCase name, the matcher is
 * written in the Claude Code syntax (names and `|` lists match exactly, anything else is an
 * unanchored regular expression) with public tool names (`Bash`, `Edit`, `Write`).
 */
export interface PortableHook {
  event: string;
  matcher: string | null;
  /** Set when the matcher is a regular expression naming tools of this format that could not be translated. */
  matcherFormat: FormatName | null;
  /** Handler type: `command`, or another type carried only within its own format. */
  type: string;
  command: PortableCommand;
  /** The effective timeout in seconds (the source's default when it set none). */
  timeoutSeconds: number;
  statusMessage: string | null;
  cwd: string | null;
  env: Readonly<Record<string, string>> | null;
  /** A permission-rule predicate such as `Bash(git *)`. */
  if: string | null;
  additionalContextLimit: number | null;
  async: boolean | null;
  /** Handler fields the model has no place for. */
  extraFields: readonly CarriedField[];
  origin: HookOrigin;
}

/** A whole configuration document as portable hooks, in source order. */
export interface PortableHookSet {
  format: FormatName;
  syntax: DocumentSyntax;
  description: string | null;
  hooks: readonly PortableHook[];
  /** Document-level fields the model has no place for (`$schema`, `disableAllHooks`). */
  extraFields: readonly CarriedField[];
}

/** A command with no default and no overrides, for handlers that run no command. */
export function createEmptyCommand(): PortableCommand {
  return { default: null, windows: null, linux: null, osx: null };
}
