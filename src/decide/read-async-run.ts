import type { HookDefinition } from "../config/hook-definition.js";
import type { Diagnostic } from "../diagnostic.js";
import type { QueuedAsyncOutput } from "./async-output-queue.js";
import { createHandlerDiagnostic } from "./create-handler-diagnostic.js";
import type { HandlerVerdict } from "./handler-verdict.js";

/** One `async` handler run that ended, as its background runner saw it. */
export interface FinishedAsyncRun {
  sessionId: string;
  hookId: string;
  hook: HookDefinition;
  verdict: HandlerVerdict;
  exitCode: number | null;
  /** Captured output; null for a run that never started (skipped when verified). */
  stdout: string | null;
  stderr: string | null;
  /** Whether the host listens (`onAsyncOutput`); without it a rewake message waits as context. */
  hostListens: boolean;
}

/** What the host is told at once through `onAsyncOutput` (ids aside). */
export interface AsyncRunNotice {
  additionalContext: string | null;
  systemMessage: string | null;
  rewake: boolean;
  message: string | null;
}

/** What an ended async run yields: a notice for the host now, output for the next dispatch. */
export interface AsyncRunYield {
  notice: AsyncRunNotice | null;
  queued: QueuedAsyncOutput | null;
}

/**
 * Reads an ended async run as Claude Code does: its decision has no effect (an info diagnostic
 * says so), its `additionalContext` and `systemMessage` go to the host and wait for the session's
 * next dispatch, and an `asyncRewake` handler's exit 2 asks the host to wake the agent with its
 * stderr (else stdout).
 *
 * @example
 * ```ts
 * const { notice, queued } = readAsyncRun({ sessionId, hookId, hook, verdict, exitCode: 0,
 *   stdout, stderr, hostListens: true });
 * ```
 */
export function readAsyncRun(run: FinishedAsyncRun): AsyncRunYield {
  const { hook, verdict } = run;
  if (run.exitCode === 2) return readBlockingExit(run);
  const diagnostics: Diagnostic[] = [...verdict.diagnostics];
  if (verdict.decision !== null || !verdict.continue || verdict.updatedInput !== undefined) {
    diagnostics.push(
      createHandlerDiagnostic(
        hook,
        "async_decision_ignored",
        "info",
        `ran in the background (async), so its decision had no effect${describeDecision(verdict)}`,
      ),
    );
  }
  const { additionalContext, systemMessage } = verdict;
  const said = additionalContext !== null || systemMessage !== null;
  const notice = said ? { additionalContext, systemMessage, rewake: false, message: null } : null;
  if (!said && diagnostics.length === 0) return { notice, queued: null };
  return { notice, queued: queue(run, additionalContext, systemMessage, diagnostics) };
}

// Exit 2 is a blocking error: its stderr is a decision's reason, not context. Only an
// `asyncRewake` handler turns it into something the agent sees.
function readBlockingExit(run: FinishedAsyncRun): AsyncRunYield {
  const { hook } = run;
  const message = firstText(run.stderr, run.stdout);
  if (hook.asyncRewake === true) {
    const notice = { additionalContext: null, systemMessage: null, rewake: true, message };
    if (run.hostListens) return { notice, queued: null };
    const waiting = createHandlerDiagnostic(
      hook,
      "async_decision_ignored",
      "info",
      "exited 2 to wake the agent (asyncRewake), but the host does not listen (no onAsyncOutput, or it returned false): its message is delivered as context instead",
    );
    return { notice, queued: queue(run, message, null, [waiting]) };
  }
  const ignored = createHandlerDiagnostic(
    hook,
    "async_decision_ignored",
    "info",
    "exited 2 in the background (async), which blocks nothing; set asyncRewake to wake the agent with its message",
  );
  return { notice: null, queued: queue(run, null, null, [ignored]) };
}

function queue(
  run: FinishedAsyncRun,
  additionalContext: string | null,
  systemMessage: string | null,
  diagnostics: readonly Diagnostic[],
): QueuedAsyncOutput {
  const { sessionId, hookId, hook } = run;
  return { sessionId, hookId, hook, additionalContext, systemMessage, diagnostics };
}

function describeDecision(verdict: HandlerVerdict): string {
  if (verdict.decision !== null) return ` (${verdict.decision})`;
  return verdict.continue ? " (updatedInput)" : " (continue: false)";
}

function firstText(...texts: (string | null)[]): string | null {
  for (const text of texts) {
    const trimmed = text?.trim() ?? "";
    if (trimmed !== "") return trimmed;
  }
  return null;
}
