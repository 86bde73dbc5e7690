import type { ConversionIssue } from "./conversion-issue.js";
import type { TimeoutUnit } from "./convert-timeout-unit.js";
import type {
  DocumentSyntax,
  FormatName,
  Platform,
  PortableHook,
  PortableHookSet,
} from "./portable-hooks.js";

/** How a format spells and treats one canonical event. */
export interface FormatEvent {
  /** The event name as the format writes it (`agentStop`). */
  name: string;
  /** Other spellings accepted when reading (Copilot also takes `Stop`). */
  aliases: readonly string[];
  /** Whether the format ignores a matcher on this event (it fires for every occurrence). */
  ignoresMatcher: boolean;
  /** Set where the format compares the matcher as one exact string (Gemini CLI's SessionStart). */
  exactMatcher?: true;
  /** Whether handlers of this event may carry an `if` predicate. */
  supportsIf: boolean;
  /** The event's own default timeout, overriding the format's. */
  defaultTimeoutSeconds?: number;
  /** The longest timeout the format allows for the event. */
  maxTimeoutSeconds?: number;
}

/** Optional handler fields beside the command and timeout. */
export type OptionalField = "statusMessage" | "cwd" | "env" | "additionalContextLimit" | "async";

/** How a format's tool names relate to the public names matchers are converted through. */
export interface ToolNameRules {
  /** Host-internal names that handlers see under a public name (`execute` → `Bash`). */
  internalNames: Readonly<Record<string, string>>;
  /** One tool the format matches under several public names (`apply_patch` → `Edit`, `Write`). */
  groupedNames: Readonly<Record<string, readonly string[]>>;
  /**
   * Set where matchers see only the internal names (Gemini CLI's `run_shell_command`, never
   * `Bash`); the format's writer renames name lists, plain or anchored (`^Bash$`).
   */
  matchesInternalNames?: true;
}

/** What reading a document gives: portable hooks and issues, or why the document is unusable. */
export type ReadResult =
  | { ok: true; set: PortableHookSet; issues: ConversionIssue[] }
  | { ok: false; error: string };

/** Which handler key fills which portable slot, in priority order. */
export type HandlerSlot =
  | "command"
  | "arguments"
  | Platform
  | "timeout"
  | "statusMessage"
  | "cwd"
  | "env"
  | "if"
  | "additionalContextLimit"
  | "async";

/** A hook configuration format described as data, with its reader and writer. */
export interface HookFormat {
  name: FormatName;
  /** The system's name, for messages. */
  title: string;
  /** Document syntaxes the format is written in; the first is the default. */
  syntaxes: readonly DocumentSyntax[];
  /** The format's events by canonical name. */
  events: Readonly<Record<string, FormatEvent>>;
  /** How the format spells events it does not know: `camel` (Copilot) or `pascal`. */
  eventCase: "camel" | "pascal";
  defaultTimeoutSeconds: number;
  /** The unit of the written `timeout` value: seconds, or milliseconds (Gemini CLI). */
  timeoutUnit: TimeoutUnit;
  /** Default timeouts of handler types other than `command`. */
  typeTimeoutSeconds: Readonly<Record<string, number>>;
  /** Whether hooks sit in matcher groups; `exact` reads names exactly, `regex` always as a RegExp. */
  matchers: "exact" | "regex" | null;
  fields: readonly OptionalField[];
  /** Per-OS command overrides the format can hold. */
  platforms: readonly Platform[];
  /** Whether a handler needs a default command (else one override is enough). */
  defaultCommandRequired: boolean;
  /**
   * Set for a format without a default command (Copilot CLI): the per-OS commands a default one is
   * written as (`bash`: Linux and macOS). A target that needs a default takes it from them.
   */
  defaultCommandPlatforms?: readonly Platform[];
  /** Whether a command may be an argument list run without a shell. */
  argv: boolean;
  /** Handler keys and the slots they fill, in priority order. */
  handlerKeys: readonly (readonly [key: string, slot: HandlerSlot])[];
  /** Handler keys the format ignores, with why: read with a note, never carried. */
  ignoredHandlerKeys: Readonly<Record<string, string>>;
  /** Whether the format parses `async: true` but skips such hooks instead of running them. */
  skipsAsyncHooks: boolean;
  /** Syntaxes in which a document may carry a top-level `description`. */
  descriptionSyntaxes: readonly DocumentSyntax[];
  toolNames: ToolNameRules;
  /** Environment variables the host sets for every handler, which commands may refer to. */
  variables: readonly string[];
  /**
   * Variables the host replaces in the command text itself, as `$NAME`, before its shell runs it
   * (Gemini CLI, shell-quoted); the braced `${NAME}` is left to the shell.
   */
  substitutedVariables: readonly string[];
  /**
   * A note every conversion into the format reports (Codex's trust review of new hooks); what the
   * format's agent reads of a hook's answer is its row in `formatOutputProtocols`.
   */
  targetNote?: { subject: string; reason: string };
  /**
   * Why a portable tool matcher on `event` cannot be written with its meaning (Cursor names MCP
   * tools `MCP:<tool>`), or null; set where some matchers cannot be.
   */
  describeMatcherLoss?(event: string, matcher: string): string | null;
  /**
   * Why a command hook of another format, converted without `agent-hooks shim`, may not be read
   * by the format's agent as meant (Codex 0.169's strict output rules), or null; set where the
   * agent reads output more strictly than the protocol hooks are written for.
   */
  describeOutputLoss?(hook: PortableHook): string | null;
  /** Reads a document; `syntax` overrides the choice by file extension (ZeroCode's `.toml`). */
  read(text: string, file: string, syntax?: DocumentSyntax): ReadResult;
  write(set: PortableHookSet, syntax: DocumentSyntax): string;
}

/** The handler key a format uses for a slot (`powershell` for Copilot's Windows command). */
export function findHandlerKey(format: HookFormat, slot: HandlerSlot): string | undefined {
  return format.handlerKeys.find(([, candidate]) => candidate === slot)?.[0];
}
