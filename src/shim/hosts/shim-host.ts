// What the shim knows of one agent, as one object: the generic steps (read the host's payload,
// write it for the hook, read the hook's verdict, write the host's reply) read it from the
// registry (`shim-hosts.ts`) and never branch on an agent's name.

import type { TimeoutUnit } from "../../convert/convert-timeout-unit.js";
import type {
  ShimFormatName,
  ShimRunOutcome,
  ShimVerdict,
  TranslatedPayload,
} from "../shim-types.js";

/**
 * What an event can decide in a protocol: `permission` (allow, deny, ask a tool call), `block`
 * (refuse a prompt, keep a turn going, replace a tool result) or `none` (it only observes).
 */
export type ShimDecisionKind = "permission" | "block" | "none";

/** A host's payload in canonical (Claude Code) shape, or why it cannot be read. */
export type CanonicalPayload =
  | { ok: true; event: string; payload: Record<string, unknown>; problems: string[] }
  | { ok: false; error: string };

/** Which host events apply a rewritten tool input, and with which decisions. */
export interface RewritingEvents {
  events: readonly string[];
  decisions: readonly (string | null)[];
}

/** What a host event can decide, and what it does with an `ask` and a rewritten tool input. */
export interface ShimHostDecisions {
  /** Each deciding event's kind, by every spelling the host takes; an event not listed is `none`. */
  kinds: Readonly<Record<string, ShimDecisionKind>>;
  /** The permission events where a hook can ask the user to confirm the call. */
  askingEvents: readonly string[];
  /** The events that apply a rewritten tool input, and the decisions that carry it. */
  rewritingEvents: RewritingEvents;
}

/** The decision a host event receives, with its reason and what could not be carried. */
export interface HostDecision {
  kind: ShimDecisionKind;
  decision: "allow" | "deny" | "ask" | "block" | null;
  reason: string | null;
  /** Sentences for `agent-hooks shim: lossy:` lines. */
  lossy: string[];
  /** The hook's failure, for stderr (the decision denies or blocks where the event can); null otherwise. */
  failure: string | null;
}

/** A reply's JSON fields, and the decision they carry. */
export interface WrittenReply {
  output: Record<string, unknown>;
  decision: HostDecision;
}

/** Where the host runs a hook and what the shim knows of the hook, to find the hook's project. */
export interface ProjectDirectoryInput {
  /** The directory the host runs the hook in. */
  cwd: string;
  /** The hook's command as the shim got it after `--`. */
  command: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
}

/** A host's event names: its own spelling ↔ the canonical (Claude Code) event. */
export interface ShimHostEvents {
  /** Every spelling the host takes (aliases included) → the canonical event it is read as. */
  canonicalByName: Readonly<Record<string, string>>;
  /**
   * A canonical event as the host spells it for a call of `toolName` (Cursor has an event per
   * kind of tool), or null when the host has no counterpart.
   */
  writeName(canonical: string, toolName: string | null): string | null;
}

/** A host's tool names: its own ↔ the canonical (Claude Code) names. */
export interface ShimHostTools {
  /** The host's tool names whose canonical name differs, and that name. */
  canonicalByName: Readonly<Record<string, string | undefined>>;
  /** A canonical tool name as the host's payloads carry it (`Bash` → `run_shell_command`). */
  writeName(name: string): string;
}

/** One agent's protocol, for the shim: names, payloads, verdicts, replies and timeouts. */
export interface ShimHost {
  name: ShimFormatName;
  /** The agent, for messages (`Gemini CLI`), as the convert format names it. */
  title: string;
  events: ShimHostEvents;
  tools: ShimHostTools;
  decisions: ShimHostDecisions;
  /** The default timeout of a command hook, and the unit the agent's config files count it in. */
  timeouts: { defaultSeconds: number; unit: TimeoutUnit };
  /** Whether the host's file edits arrive as one Codex `apply_patch` call. */
  patchesFiles: boolean;
  /** Whether the host sends camelCase payloads to hooks configured under its camelCase events. */
  camelCasePayloads: boolean;
  /** Whether the host reads exit 2 as a block (Copilot CLI logs and skips a failing hook). */
  exitTwoBlocks: boolean;
  /** Variables a hook written for this agent reads, which the shim sets where the host does not. */
  shimVariables: readonly string[];
  /** Where `CLAUDE_PROJECT_DIR` points when this host runs a hook that needs it. */
  projectDirectory: {
    /** For messages: "the directory Cursor runs the hook in". */
    description: string;
    find(input: ProjectDirectoryInput): string;
  };
  /** Reads the host's payload of `hostEvent` (canonically `event`) into Claude Code's shape. */
  readPayload(hostEvent: string, event: string, payload: Record<string, unknown>): CanonicalPayload;
  /** Writes a canonical payload (of the canonical `event`) as the host's payload of `hookEvent`. */
  writePayload(
    hookEvent: string,
    canonical: Record<string, unknown>,
    event: string,
  ): TranslatedPayload;
  /** Reads a hook's exit code and output, written in this protocol, as a verdict. */
  readVerdict(hookEvent: string, outcome: ShimRunOutcome): ShimVerdict;
  /** Writes a verdict as this host's reply JSON on exit 0. */
  writeReply(hostEvent: string, verdict: ShimVerdict): WrittenReply;
}

/**
 * The canonical event of a host event, or null when the host has no such event.
 *
 * @example
 * ```ts
 * readCanonicalEvent(geminiHost, "AfterAgent"); // "Stop"
 * ```
 */
export function readCanonicalEvent(host: Pick<ShimHost, "events">, event: string): string | null {
  const names = host.events.canonicalByName;
  return Object.hasOwn(names, event) ? (names[event] ?? null) : null;
}

/**
 * A host tool name as its canonical (Claude Code) name; names without a counterpart stay.
 *
 * @example
 * ```ts
 * readCanonicalToolName(geminiHost, "replace"); // "Edit"
 * ```
 */
export function readCanonicalToolName(host: Pick<ShimHost, "tools">, name: string): string {
  const names = host.tools.canonicalByName;
  return Object.hasOwn(names, name) ? (names[name] ?? name) : name;
}

/**
 * What a host event can decide; `none` for an event the host lacks or that only observes.
 *
 * @example
 * ```ts
 * readDecisionKind(cursorHost, "beforeShellExecution"); // "permission"
 * ```
 */
export function readDecisionKind(
  host: Pick<ShimHost, "decisions">,
  event: string,
): ShimDecisionKind {
  const kinds = host.decisions.kinds;
  return Object.hasOwn(kinds, event) ? (kinds[event] ?? "none") : "none";
}
