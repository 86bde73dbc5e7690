import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import os from "node:os";
import path from "node:path";
import type { HookDefinition } from "./config/hook-definition.js";
import { loadConfig } from "./config/load-config.js";
import { aggregateVerdicts } from "./decide/aggregate-verdicts.js";
import { createToolInputValidator } from "./decide/create-tool-input-validator.js";
import {
  createEmptyDispatchResult,
  type DispatchResult,
  type RunStatus,
  type RunSummary,
} from "./decide/dispatch-result.js";
import { createEmptyVerdict, type HandlerVerdict } from "./decide/handler-verdict.js";
import { interpretOutcome } from "./decide/interpret-outcome.js";
import { createDiagnostic, type Diagnostic } from "./diagnostic.js";
import { buildPayload } from "./events/build-payload.js";
import type { ExplainOptions, HookExplanation } from "./explain/explain-hooks.js";
import { type CompiledHook, compileHooks } from "./match/compile-hooks.js";
import { indexHooksByName, selectCandidateHooks } from "./match/index-hooks-by-name.js";
import { type PlannedHandler, planHandlers } from "./match/plan-handlers.js";
import type { AuditLog } from "./observe/audit-log.js";
import { hasRegisteredTracerProvider } from "./observe/detect-tracer-provider.js";
import {
  type DispatchObservation,
  type RunObservation,
  readClock,
} from "./observe/dispatch-observation.js";
import type { DispatchTracer, TracingOption } from "./observe/trace-dispatch.js";
import { findEventSpec, resolveEventName } from "./profiles/find-event-spec.js";
import type { EventSpec, Profile } from "./profiles/profile.js";
import { type ProfileName, resolveProfile } from "./profiles/profiles.js";
import { paceWork } from "./run/pace-work.js";
import { createPersistentHandlerPool } from "./run/persistent-handler-pool.js";
import type { ProcessOutcome, SpawnRequest } from "./run/process-outcome.js";
import { removeSecretVariables } from "./run/remove-secret-variables.js";
import { spawnHandler } from "./run/spawn-handler.js";
import { createTrustGate } from "./trust/gate-hook-trust.js";

/** A handler about to run, as passed to `onRunStart`. */
export interface RunStart {
  id: string;
  event: string;
  command: HookDefinition["command"];
  /** The handler's `statusMessage`, for the host to show while it runs, or null. */
  statusMessage: string | null;
  source: string;
  path: string;
}

/** A finished handler, as passed to `onRunEnd`: the summary plus its captured output. */
export interface RunEnd extends RunSummary {
  event: string;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Options of {@link createHookEngine}. */
export interface HookEngineOptions {
  /** A built-in profile name or a profile table. */
  profile: ProfileName | Profile;
  /** The session's working directory: handlers run here; defaults to `process.cwd()`. */
  cwd?: string;
  /** Filled into payloads that carry no `session_id`; defaults to a random UUID. */
  sessionId?: string;
  /** The home directory configuration is found under; defaults to the OS home (`$HOME`). */
  home?: string;
  /** Configuration files to read instead of the profile's discovery. */
  configFiles?: readonly string[];
  /** The system configuration directory of profiles that have one (ZeroCode: `/etc/zerotwo`). */
  systemDir?: string;
  /** A managed (administrator) settings file read before every other layer (Claude Code profile). */
  managedSettings?: string;
  /** Runs enabled hooks without persisted trust, for this engine only (profiles with hook trust). */
  bypassHookTrust?: boolean;
  /** Payload fields filled in when the host leaves them out, such as `model` or `permission_mode`. */
  payloadDefaults?: Readonly<Record<string, unknown>>;
  /** The environment handlers run with; defaults to `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Called as each handler starts (errors thrown here are ignored). */
  onRunStart?: (run: RunStart) => void;
  /** Called as each handler finishes (errors thrown here are ignored). */
  onRunEnd?: (run: RunEnd) => void;
  /** Appends a JSON line per handler run and per dispatch to this file, created 0600 (docs/observability.md). */
  auditLog?: string;
  /** Also writes the payload (dispatch lines) and handler stdout and stderr (run lines) to the audit log. */
  auditPayloads?: boolean;
  /** OpenTelemetry spans per dispatch and run: on when `@opentelemetry/api` has a provider (default), off, or this tracer. */
  tracing?: TracingOption;
}

/** Per-dispatch facts only the host knows. */
export interface DispatchOptions {
  /** The event fires for a custom agent running as a subagent (VS Code: its Stop is a SubagentStop). */
  asSubagent?: boolean;
  /** JSON Schema of the tool's input; profiles that need one apply a rewrite only when it matches. */
  toolInputSchema?: unknown;
  /** A validator for the tool's input, used instead of `toolInputSchema`. */
  validateToolInput?: (input: unknown) => boolean;
}

/** A loaded hook configuration that dispatches events; see {@link createHookEngine}. */
export interface HookEngine {
  readonly profile: Profile;
  /** Load-time diagnostics, in file order. */
  readonly diagnostics: readonly Diagnostic[];
  /** Runs every matching handler of an event and combines their results; never throws for hook or config problems. */
  dispatch(
    event: string,
    payload?: Readonly<Record<string, unknown>>,
    options?: DispatchOptions,
  ): Promise<DispatchResult>;
  /** Cancels running handlers and stops persistent ones (killing their process groups); refuses later dispatches. */
  close(): Promise<void>;
  /**
   * Keeps `secrets` (a server's token) out of handlers started from now on: a variable whose value
   * is one of them is not passed. `AGENT_HOOKS_TOKEN` never is. Absent where hooks run elsewhere.
   */
  withholdSecrets?(secrets: readonly string[]): void;
  /** Says, for every configured hook, whether it would run for this event and payload, and why not; runs nothing. */
  explain(
    event: string,
    payload?: Readonly<Record<string, unknown>>,
    options?: ExplainOptions,
  ): Promise<HookExplanation>;
}

/** One dispatched event as every handler of it sees it. */
interface HandlerCall {
  event: string;
  input: string;
  spec: EventSpec;
  toolName: string | null;
  sessionId: string;
  validateToolInput: ((input: unknown) => boolean) | null;
}

/** Dispatches running at once beyond which new ones start on later event-loop turns. */
const burstDispatches = 16;

interface SessionState {
  continuations: number;
}

/** What a dispatch learned on the way, for the audit log and tracing. */
interface DispatchTrace {
  session: string;
  matcherValue: string | null;
  payload: string | null;
  runs: RunObservation[];
}

/**
 * Loads a profile's hook configuration once (a snapshot) and returns an engine that dispatches events.
 *
 * @example
 * ```ts
 * const engine = await createHookEngine({ profile: "deepagents", cwd: process.cwd() });
 * const result = await engine.dispatch("PreToolUse", {
 *   tool_name: "Bash",
 *   tool_input: { command: "rm -rf /tmp/build" },
 * });
 * if (result.decision === "deny") console.log(result.reason);
 * await engine.close();
 * ```
 */
export async function createHookEngine(options: HookEngineOptions): Promise<HookEngine> {
  const profile = resolveProfile(options.profile);
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const home = path.resolve(options.home ?? os.homedir());
  const sessionId = options.sessionId ?? randomUUID();
  const environment = { ...(options.env ?? process.env) };
  if (options.home !== undefined) environment.HOME = home;
  for (const name of profile.projectDirectoryVariables) environment[name] = cwd;
  const loaded = await loadConfig(profile, {
    home,
    cwd,
    configFiles: options.configFiles,
    ...(options.systemDir !== undefined && { systemDir: options.systemDir }),
    ...(options.managedSettings !== undefined && { managedSettings: options.managedSettings }),
  });
  const payloadDefaults = { ...profile.payloadDefaults, ...options.payloadDefaults };
  const compiled = compileHooks(loaded.definitions, profile);
  const hookIndexes = new Map(
    [...compiled.byEvent].map(([event, hooks]) => [event, indexHooksByName(hooks)]),
  );
  const trustGate = await createTrustGate(profile, loaded.definitions, {
    cwd,
    home,
    bypass: options.bypassHookTrust === true,
    command: {
      profile: profile.name,
      ...(options.home !== undefined && { home }),
      ...(options.systemDir !== undefined && { systemDir: options.systemDir }),
    },
  });
  const diagnostics = [...loaded.diagnostics, ...compiled.diagnostics, ...trustGate.diagnostics];
  const audit: AuditLog | null =
    options.auditLog === undefined
      ? null
      : (await import("./observe/audit-log.js")).createAuditLog(options.auditLog);
  const formatAuditLines =
    audit === null ? null : (await import("./observe/format-audit-lines.js")).formatAuditLines;
  const auditPayloads = options.auditPayloads === true;
  // Tracing is detected per dispatch (a registered provider) and imported once per engine, on
  // first use; `tracer` is null when `@opentelemetry/api` cannot be imported.
  let tracer: DispatchTracer | null | undefined;
  let tracerLoading: Promise<DispatchTracer | null> | undefined;
  const wantsTracing = () =>
    tracer !== null &&
    (options.tracing === undefined ? hasRegisteredTracerProvider() : options.tracing !== false);
  const loadTracer = () => {
    tracerLoading ??= import("./observe/trace-dispatch.js")
      .then(({ loadDispatchTracer }) => loadDispatchTracer(options.tracing ?? true))
      .then((loadedTracer) => {
        tracer = loadedTracer;
        return loadedTracer;
      });
    return tracerLoading;
  };
  const engineTag = randomUUID().slice(0, 8);
  let dispatchCount = 0;
  const observedDispatches = new Set<Promise<unknown>>();
  const sessions = new Map<string, SessionState>();
  const running = new Set<Promise<unknown>>();
  const closing = new AbortController();
  // Every running handler listens for close; hundreds may run at once.
  setMaxListeners(0, closing.signal);
  const persistentHandlers = createPersistentHandlerPool();
  // One frozen environment per hook: the runner then resolves each command once, not per event.
  const hookEnvironments = new Map<string, Readonly<Record<string, string | undefined>>>();
  // Values no handler may see (a server's token): `withholdSecrets` adds to it.
  const secrets = new Set<string>();
  const environmentFor = (hook: CompiledHook) => {
    let hookEnvironment = hookEnvironments.get(hook.id);
    if (hookEnvironment === undefined) {
      hookEnvironment = Object.freeze(
        removeSecretVariables({ ...environment, ...hook.definition.env }, secrets),
      );
      hookEnvironments.set(hook.id, hookEnvironment);
    }
    return hookEnvironment;
  };

  const runHandler = async (call: HandlerCall, planned: PlannedHandler) => {
    const { event, input, spec, toolName } = call;

    const { hook } = planned;
    const { definition } = hook;
    const skip = planned.skip ?? (await trustGate.verify(hook));
    if (skip !== null) {
      const verdict = createEmptyVerdict("skipped");
      verdict.diagnostics.push(skip);
      const summary = summarize(hook, "skipped", null, 0);
      return { verdict, summary, observation: observeRun(hook, summary, verdict, null, false) };
    }
    notify(options.onRunStart, {
      id: hook.id,
      event,
      command: definition.command,
      statusMessage: definition.statusMessage,
      source: definition.file,
      path: definition.path,
    });
    const startedAt = readClock();
    const request: SpawnRequest = {
      command: expandCommandHome(definition.command, home),
      cwd: definition.cwd === null ? cwd : path.resolve(cwd, definition.cwd),
      env: environmentFor(hook),
      input,
      timeoutMs: definition.timeoutMs,
      killGraceMs: profile.killGraceMs,
      captureLimitBytes: profile.captureLimitBytes,
      shell: profile.shell,
      signal: closing.signal,
    };
    // A persistent handler answers on its running process; its answer reads like an exit.
    const outcome = definition.persistent
      ? await persistentHandlers.run(hook.id, request)
      : await spawnHandler(request);
    const verdict = interpretOutcome(outcome, {
      hook: definition,
      spec,
      profile,
      toolName,
      validateToolInput: call.validateToolInput,
    });
    let contextSpilled = false;
    if (profile.spill !== null && verdict.additionalContext !== null) {
      // Loaded on first use: most profiles never spill.
      const { spillContext } = await import("./spill/spill-context.js");
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
    const summary = summarize(hook, verdict.status, outcome, outcome.durationMs);
    notify(options.onRunEnd, {
      ...summary,
      event,
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      timedOut: outcome.timedOut,
    });
    const observation = observeRun(hook, summary, verdict, outcome, contextSpilled, startedAt);
    return { verdict, summary, observation };
  };

  // Handler starts are paced (a burst of events must not stall the host's event loop), and so
  // are dispatches beyond `burstDispatches` in flight, which then cost their caller almost nothing.
  const runPaced = (call: HandlerCall, planned: PlannedHandler) =>
    new Promise<Awaited<ReturnType<typeof runHandler>>>((resolve) => {
      paceWork(() => resolve(runHandler(call, planned)));
    });
  let inFlight = 0;
  const dispatch = (
    requestedEvent: string,
    payload: Readonly<Record<string, unknown>> = {},
    dispatchOptions: DispatchOptions = {},
  ): Promise<DispatchResult> => {
    if (inFlight < burstDispatches) return dispatchNow(requestedEvent, payload, dispatchOptions);
    return new Promise((resolve) => {
      paceWork(() => resolve(dispatchNow(requestedEvent, payload, dispatchOptions)), "accept");
    });
  };

  // Without an audit log or tracing, a dispatch is just `dispatchOnce`.
  const dispatchNow = (
    requestedEvent: string,
    payload: Readonly<Record<string, unknown>> = {},
    dispatchOptions: DispatchOptions = {},
  ): Promise<DispatchResult> => {
    const tracing = wantsTracing();
    if (audit === null && !tracing) {
      return dispatchOnce(requestedEvent, payload, dispatchOptions, null);
    }
    const observed = dispatchObserved(requestedEvent, payload, dispatchOptions, tracing);
    observedDispatches.add(observed);
    void observed.finally(() => observedDispatches.delete(observed));
    return observed;
  };

  const dispatchObserved = async (
    requestedEvent: string,
    payload: Readonly<Record<string, unknown>>,
    dispatchOptions: DispatchOptions,
    tracing: boolean,
  ): Promise<DispatchResult> => {
    dispatchCount += 1;
    const dispatchId = `d-${engineTag}-${dispatchCount}`;
    const startedAt = readClock();
    const given = typeof payload === "object" && payload !== null ? payload.session_id : undefined;
    const trace: DispatchTrace = {
      session: typeof given === "string" ? given : sessionId,
      matcherValue: null,
      payload: null,
      runs: [],
    };
    const result = await dispatchOnce(requestedEvent, payload, dispatchOptions, trace);
    const observation: DispatchObservation = {
      dispatchId,
      session: trace.session,
      event: result.event,
      matcherValue: trace.matcherValue,
      startedAt,
      durationMs: readClock() - startedAt,
      payload: trace.payload,
      result,
      runs: trace.runs,
    };
    if (audit !== null && formatAuditLines !== null) {
      audit.append(formatAuditLines(observation, auditPayloads));
      // Only the first dispatch waits, for the file to open: a failure then shows on its result.
      const opening = audit.opening();
      if (opening !== null) await opening;
      const failure = audit.takeFailure();
      if (failure !== null) result.diagnostics.push(failure);
    }
    if (tracing) {
      const loadedTracer = tracer ?? (await loadTracer());
      try {
        loadedTracer?.record(observation);
      } catch {
        // A host tracer's failure must not break dispatch.
      }
    }
    return result;
  };

  const dispatchOnce = async (
    requestedEvent: string,
    payload: Readonly<Record<string, unknown>>,
    dispatchOptions: DispatchOptions,
    trace: DispatchTrace | null,
  ): Promise<DispatchResult> => {
    // Own keys only: an event named "constructor" or "__proto__" is unknown, not Object's.
    const event = resolveEventName(profile, requestedEvent, dispatchOptions.asSubagent);
    const spec = findEventSpec(profile, event);
    if (spec === undefined) {
      const known = Object.keys(profile.events).join(", ");
      return createEmptyDispatchResult(event, [
        createDiagnostic(
          "unknown_event",
          "error",
          `${profile.title} has no event "${event}" (events: ${known})`,
        ),
      ]);
    }
    if (closing.signal.aborted) {
      return createEmptyDispatchResult(event, [
        createDiagnostic(
          "engine_closed",
          "error",
          `The engine is closed; ${event} was not dispatched`,
        ),
      ]);
    }
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
      return createEmptyDispatchResult(event, [
        createDiagnostic("invalid_payload", "error", `The ${event} payload must be a JSON object`),
      ]);
    }
    const built = buildPayload(event, payload, profile, { cwd, sessionId, payloadDefaults });
    const session = sessionFor(String(built.session_id));
    if (spec.resetsContinuations) session.continuations = 0;
    if (spec.countsContinuations) built.stop_hook_active = session.continuations > 0;
    let input: string;
    try {
      input = JSON.stringify(built);
    } catch (error) {
      return createEmptyDispatchResult(event, [
        createDiagnostic(
          "invalid_payload",
          "error",
          `The ${event} payload cannot be serialized: ${String(error)}`,
        ),
      ]);
    }
    const toolName =
      spec.matchField === profile.toolNameField ? built[profile.toolNameField] : null;
    const aliases = typeof toolName === "string" ? (profile.toolMatchAliases[toolName] ?? []) : [];
    const matchValue = spec.matchField === null ? undefined : built[spec.matchField];
    if (trace !== null) {
      trace.session = String(built.session_id);
      trace.matcherValue = typeof matchValue === "string" ? matchValue : null;
      trace.payload = auditPayloads ? input : null;
    }
    const candidates = selectCandidateHooks(
      hookIndexes.get(event),
      typeof matchValue === "string" ? matchValue : undefined,
      aliases,
    );
    const planned = planHandlers(candidates, built, spec, {
      cwd,
      home,
      aliases,
      gate: trustGate.refuse,
      deduplicate: profile.deduplicate,
    });
    const validation = createToolInputValidator(dispatchOptions);
    if (planned.length === 0) {
      const result = combine(event, spec, [], session);
      result.diagnostics.unshift(...validation.diagnostics);
      return result;
    }
    const call: HandlerCall = {
      event,
      input,
      spec,
      validateToolInput: validation.validate,
      toolName: typeof toolName === "string" ? toolName : null,
      sessionId: String(built.session_id),
    };
    const work = Promise.all(planned.map((entry) => runPaced(call, entry)));
    running.add(work);
    inFlight += 1;
    const settled = await work.finally(() => {
      running.delete(work);
      inFlight -= 1;
    });
    if (trace !== null) trace.runs = settled.map((entry) => entry.observation);
    const result = combine(event, spec, settled, session);
    result.diagnostics.unshift(...validation.diagnostics);
    return result;
  };

  const combine = (
    event: string,
    spec: EventSpec,
    settled: { verdict: HandlerVerdict; summary: RunSummary }[],
    session: SessionState,
  ): DispatchResult => {
    const verdicts = settled.map((entry) => entry.verdict);
    const aggregated = aggregateVerdicts(verdicts, spec.decisionKind);
    const dispatchDiagnostics = verdicts.flatMap((verdict) => verdict.diagnostics);
    let { decision, reason } = aggregated;
    if (!aggregated.continue && decision !== null) {
      dispatchDiagnostics.push(
        createDiagnostic(
          "decision_overridden",
          "info",
          `A ${event} hook returned continue: false, which takes precedence over the "${decision}" decision`,
        ),
      );
      decision = null;
      reason = null;
    }
    if (spec.countsContinuations) {
      const cap = profile.continuationCap;
      if (decision === "block" && cap !== null && session.continuations >= cap) {
        dispatchDiagnostics.push(
          createDiagnostic(
            "continuation_cap",
            "warning",
            `${event} hooks asked to keep the turn going ${cap + 1} times in a row; ${profile.title} allows ${cap} consecutive continuations, so the turn ends`,
          ),
        );
        decision = null;
        reason = null;
      }
      session.continuations = decision === "block" ? session.continuations + 1 : 0;
    }
    return {
      event,
      decision,
      reason,
      continue: aggregated.continue,
      stopReason: aggregated.stopReason,
      systemMessages: aggregated.systemMessages,
      additionalContext: aggregated.additionalContext,
      // A rewrite only goes with a call that may still run.
      updatedInput: decision === "allow" || decision === "ask" ? aggregated.updatedInput : null,
      runs: settled.map((entry) => entry.summary),
      diagnostics: dispatchDiagnostics,
    };
  };

  const sessionFor = (id: string): SessionState => {
    let state = sessions.get(id);
    if (state === undefined) {
      state = { continuations: 0 };
      sessions.set(id, state);
    }
    return state;
  };

  return {
    profile,
    diagnostics,
    dispatch,
    withholdSecrets(values) {
      for (const value of values) if (value !== "") secrets.add(value);
      hookEnvironments.clear();
    },
    async close() {
      closing.abort();
      await Promise.allSettled([...running]);
      await persistentHandlers.close();
      await Promise.allSettled([...observedDispatches]);
      await audit?.close();
    },
    async explain(event, payload = {}, explainOptions = {}) {
      const { explainHooks } = await import("./explain/explain-hooks.js");
      return explainHooks(
        {
          profile,
          cwd,
          home,
          sessionId,
          payloadDefaults,
          definitions: loaded.definitions,
          excluded: loaded.excluded,
          diagnostics,
          compiled,
          gate: trustGate,
        },
        event,
        payload,
        explainOptions,
      );
    },
  };
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

function summarize(
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

// A leading `~/` names the engine's home, which may differ from the shell's `$HOME`.
function expandCommandHome(
  command: HookDefinition["command"],
  home: string,
): HookDefinition["command"] {
  if (typeof command === "string") {
    return command.startsWith("~/") ? `${quoteForShell(home)}${command.slice(1)}` : command;
  }
  const [first, ...rest] = command;
  return first?.startsWith("~/") ? [path.join(home, first.slice(2)), ...rest] : command;
}

function quoteForShell(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

function notify<T>(callback: ((value: T) => void) | undefined, value: T): void {
  if (callback === undefined) return;
  try {
    callback(value);
  } catch {
    // A host callback's failure must not break dispatch.
  }
}
