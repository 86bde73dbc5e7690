// The contract between the shim's three steps: translate the host's payload into the hook's
// protocol, read what the hook decided in its protocol, write that decision in the host's.

import { type FormatName, formatNames } from "../convert/portable-hooks.js";

/** The protocols `agent-hooks shim` translates between: every format `agent-hooks convert` knows. */
export const shimFormatNames = formatNames;

/** A protocol the shim translates from or to. */
export type ShimFormatName = FormatName;

/** The host's event payload rewritten for the hook, or why it cannot be. */
export type TranslatedPayload =
  | {
      ok: true;
      /** The event as the hook's protocol names it (`PreToolUse` for Cursor's `beforeShellExecution`). */
      hookEvent: string;
      payload: Record<string, unknown>;
      /** What could not be carried over, one sentence each, for stderr. */
      problems: string[];
    }
  | { ok: false; error: string };

/** How the hook's process ended, as the shim's runner saw it. */
export interface ShimRunOutcome {
  /** The exit code, or null when the process was killed or never started. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Whether stdout or stderr was cut at the capture limit. */
  truncated: boolean;
  /** Why the process could not start (a missing program), or null. */
  spawnError: string | null;
  /** The signal that ended the process (`SIGKILL`), when the runner saw one. */
  signal?: string | null;
  /**
   * True when the command ran through a shell, whose exit code 128 + N reports a child that
   * signal N ended. Absent means false.
   */
  viaShell?: boolean;
}

/** What a hook decided, read from its exit code and output in its own protocol, format-neutral. */
export interface ShimVerdict {
  /**
   * `allow`, `deny` or `ask` on a permission event (a tool call); `block` on another event that can
   * block (a prompt, a stop: keep going); null when the hook decided nothing.
   */
  decision: "allow" | "deny" | "ask" | "block" | null;
  /** Why, for the model (a permission reason, exit-2 stderr, Cursor's `agent_message`). */
  reason: string | null;
  /** A message for the user (`systemMessage`, Cursor's `user_message`). */
  userMessage: string | null;
  additionalContext: string[];
  /** False when the hook asked to stop the agent altogether. */
  continue: boolean;
  stopReason: string | null;
  /** The tool input the hook rewrote, or null. */
  updatedInput: Record<string, unknown> | null;
  /** Fields of the hook's output the host's protocol has no place for, one sentence each. */
  problems: string[];
  /**
   * Set when the hook's outcome cannot be read as a decision (crash, timeout, spawn failure,
   * unreadable or cut output): the reply fails closed on an event that can block.
   */
  failure: string | null;
}

/** What the shim prints and exits with, in the host's protocol. */
export interface HostReply {
  exitCode: number;
  stdout: string;
  stderr: string;
}
