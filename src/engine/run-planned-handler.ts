import path from "node:path";
import type { HookDefinition } from "../config/hook-definition.js";
import type { RunStatus, RunSummary } from "../decide/dispatch-result.js";
import { createEmptyVerdict, type HandlerVerdict } from "../decide/handler-verdict.js";
import { interpretOutcome } from "../decide/interpret-outcome.js";
import { parseEnvironmentFile } from "../decide/parse-environment-file.js";
import { screenCutCapture } from "../decide/screen-cut-capture.js";
import { translateModelReply } from "../decide/translate-model-reply.js";
import type { Diagnostic } from "../diagnostic.js";
import type { CompiledHook } from "../match/compile-hooks.js";
import type { PlannedHandler } from "../match/plan-handlers.js";
import { type RunObservation, readClock } from "../observe/dispatch-observation.js";
import type { EventSpec, Profile } from "../profiles/profile.js";
import { selectHandlerShell } from "../profiles/select-handler-shell.js";
import type { HostCallbacks } from "../run/host-callbacks.js";
import type { PersistentHandlerPool } from "../run/persistent-handler-pool.js";
import type { PrewarmedHandlerPool } from "../run/prewarmed-handler-pool.js";
import type { ProcessOutcome, SpawnRequest } from "../run/process-outcome.js";
import { writeCommandVariables } from "../run/write-command-variables.js";
import { quoteShellWord } from "../shell/quote-shell-word.js";
import type { RunEnd, RunStart } from "./engine-types.js";
import { handlerTypeRuns } from "./handler-type-runs.js";

/** One dispatched event as every handler of it sees it. */
export interface HandlerCall {
  event: string;
  /** The payload, serialized once for every handler's stdin. */
  input: string;
  /**
   * The payload itself, for handlers that are not processes (mcp_tool placeholders, model
   * requests) and for the payloads an event cannot block.
   */
  payload: Readonly<Record<string, unknown>>;
  spec: EventSpec;
  toolName: string | null;
  sessionId: string;
  validateToolInput: ((input: unknown) => boolean) | null;
  /** The event's time budget for this dispatch: no handler runs longer (null or absent: none). */
  budgetMs?: number | null;
  /** The host's callbacks for prompt, agent and mcp_tool handlers: the engine's, filled in by the dispatch's. */
  callbacks: HostCallbacks;
}

/** What an engine lends each handler run: where and how it runs, and whom to tell. */
export interface HandlerRunContext {
  profile: Profile;
  cwd: string;
  home: string;
  /** Just before the run: a reason to skip it (a trusted script changed), or null. */
  verify: (hook: CompiledHook) => Promise<Diagnostic | null>;
  /** The hook's environment, secrets withheld. */
  environmentFor: (hook: CompiledHook) => Readonly<Record<string, string | undefined>>;
  persistentHandlers: PersistentHandlerPool;
  /** The engine's standby processes, and which hooks use them; absent when no hook prewarms. */
  prewarm?: { pool: PrewarmedHandlerPool; prewarms: (hook: CompiledHook) => boolean } | undefined;
  /** Aborted when the engine closes: running handlers are killed. */
  signal: AbortSignal;
  onRunStart?: ((run: RunStart) => void) | undefined;
  onRunEnd?: ((run: RunEnd) => void) | undefined;
}

/** A finished (or skipped) run: its verdict, its summary for the result, and what observers see. */
export interface HandlerRun {
  verdict: HandlerVerdict;
  summary: RunSummary;
  observation: RunObservation;
}

/**
 * Runs one planned handler: verify, start it as its type runs (`handlerTypeRuns`: a process in
 * its mode, or a call), interpret the outcome, read its environment file, spill long context
 * where the profile does, and summarize. Never throws for a hook's failure.
 *
 * @example
 * ```ts
 * const { verdict, summary } = await runPlannedHandler(call, planned, context);
 * ```
 */
export async function runPlannedHandler(
  call: HandlerCall,
  planned: PlannedHandler,
  context: HandlerRunContext,
): Promise<HandlerRun> {
  const { event, input, spec, toolName } = call;
  const { profile, cwd, home } = context;
  const { hook } = planned;
  const { definition } = hook;
  const skip = planned.skip ?? (await context.verify(hook));
  if (skip !== null) {
    const verdict = createEmptyVerdict("skipped");
    verdict.diagnostics.push(skip);
    const summary = summarizeRun(hook, "skipped", null, 0);
    return { verdict, summary, observation: observeRun(hook, summary, verdict, null, false) };
  }
  notify(context.onRunStart, {
    id: hook.id,
    event,
    command: definition.command,
    statusMessage: definition.statusMessage,
    source: definition.file,
    path: definition.path,
  });
  const startedAt = readClock();
  const request: SpawnRequest = {
    command: expandCommandHome(writeProjectDirectory(definition.command, profile, cwd), home),
    cwd: definition.cwd === null ? cwd : path.resolve(cwd, definition.cwd),
    env: context.environmentFor(hook),
    input,
    timeoutMs: Math.min(definition.timeoutMs, call.budgetMs ?? Number.POSITIVE_INFINITY),
    killGraceMs: profile.killGraceMs,
    captureLimitBytes: profile.captureLimitBytes,
    shell: selectHandlerShell(definition, profile),
    signal: context.signal,
    ...(profile.cutCapture !== undefined && {
      outputDrain: { quietMs: profile.cutCapture.quietMs, capMs: profile.cutCapture.capMs },
    }),
  };
  const type = handlerTypeRuns[definition.action?.type ?? "command"];
  const started = await type.start({ call, hook, request, context });
  const { outcome } = started;
  const read = type.readsModelReply
    ? translateModelReply(outcome, { hook: definition, spec, profile })
    : outcome;
  // A budget that cut the timeout is what a timeout message names.
  const timed =
    request.timeoutMs === definition.timeoutMs
      ? definition
      : { ...definition, timeoutMs: request.timeoutMs };
  // A reply read from output a leftover process kept open is screened as the profile says.
  const screened = screenCutCapture(read, definition, profile.cutCapture);
  const verdict = interpretOutcome(screened.outcome, {
    hook: timed,
    spec,
    profile,
    toolName,
    validateToolInput: call.validateToolInput,
    payload: call.payload,
  });
  if (screened.diagnostic !== null) verdict.diagnostics.push(screened.diagnostic);
  verdict.diagnostics.push(...started.diagnostics);
  if (started.environmentFile !== null) {
    const exported = parseEnvironmentFile(started.environmentFile, definition);
    if (Object.keys(exported.variables).length > 0) verdict.environment = exported.variables;
    verdict.diagnostics.push(...exported.diagnostics);
  }
  let contextSpilled = false;
  if (profile.spill !== null && verdict.additionalContext !== null) {
    // Loaded on first use: most profiles never spill.
    const { spillContext } = await import("../spill/spill-context.js");
    const spilled = await spillContext({
      text: verdict.additionalContext,
      limitTokens: definition.additionalContextLimit ?? profile.spill.defaultLimitTokens,
      bytesPerToken: profile.spill.bytesPerToken,
      sessionId: call.sessionId,
    });
    contextSpilled = spilled.text !== verdict.additionalContext;
    verdict.additionalContext = spilled.text;
    if (spilled.diagnostic !== null) {
      const where = { file: definition.file, path: definition.path };
      verdict.diagnostics.push({ ...spilled.diagnostic, ...where });
    }
  }
  const summary = summarizeRun(hook, verdict.status, outcome, outcome.durationMs);
  notify(context.onRunEnd, {
    ...summary,
    event,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    timedOut: outcome.timedOut,
  });
  const observation = observeRun(hook, summary, verdict, outcome, contextSpilled, startedAt);
  return { verdict, summary, observation };
}

function observeRun(
  hook: CompiledHook,
  summary: RunSummary,
  verdict: HandlerVerdict,
  outcome: ProcessOutcome | null,
  spilled: boolean,
  startedAt: number = readClock(),
): RunObservation {
  return {
    summary,
    matcher: hook.definition.matcher,
    startedAt,
    decision: verdict.decision,
    truncated: outcome !== null && (outcome.stdoutTruncated || outcome.stderrTruncated),
    spilled,
    stdout: outcome?.stdout ?? null,
    stderr: outcome?.stderr ?? null,
    diagnostics: verdict.diagnostics,
  };
}

function summarizeRun(
  hook: CompiledHook,
  status: RunStatus,
  outcome: ProcessOutcome | null,
  durationMs: number,
): RunSummary {
  return {
    id: hook.id,
    command: hook.definition.command,
    source: hook.definition.file,
    path: hook.definition.path,
    status,
    exitCode: outcome?.exitCode ?? null,
    signal: outcome?.signal ?? null,
    durationMs: Math.round(durationMs * 10) / 10,
  };
}

// Where the agent writes the project directory into the command text (Gemini CLI).
function writeProjectDirectory(
  command: HookDefinition["command"],
  profile: Profile,
  cwd: string,
): HookDefinition["command"] {
  if (typeof command !== "string" || profile.projectDirectoryExpansion !== "command-text") {
    return command;
  }
  return writeCommandVariables(command, profile.projectDirectoryVariables, cwd);
}

// A leading `~/` names the engine's home, which may differ from the shell's `$HOME`.
function expandCommandHome(
  command: HookDefinition["command"],
  home: string,
): HookDefinition["command"] {
  if (typeof command === "string") {
    return command.startsWith("~/") ? `${quoteShellWord(home)}${command.slice(1)}` : command;
  }
  const [first, ...rest] = command;
  return first?.startsWith("~/") ? [path.join(home, first.slice(2)), ...rest] : command;
}

function notify<T>(callback: ((value: T) => void) | undefined, value: T): void {
  if (callback === undefined) return;
  try {
    callback(value);
  } catch {
    // A host callback's failure must not break dispatch.
  }
}
