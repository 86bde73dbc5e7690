import { setMaxListeners } from "node:events";
import os from "node:os";
import path from "node:path";
import type { HandlerType } from "../config/hook-definition.js";
import { aggregateVerdicts } from "../decide/aggregate-verdicts.js";
import {
  applySessionRules,
  beginSessionEvent,
  newSessionState,
  readHostStopHookActive,
  type SessionState,
} from "../decide/apply-session-rules.js";
import { createToolInputValidator } from "../decide/create-tool-input-validator.js";
import { createEmptyDispatchResult, type DispatchResult } from "../decide/dispatch-result.js";
import { mergeAsyncOutput } from "../decide/merge-async-output.js";
import { resolveContinuationCap } from "../decide/resolve-continuation-cap.js";
import { resolveEventBudgets } from "../decide/resolve-event-budgets.js";
import { createDiagnostic } from "../diagnostic.js";
import { checkRequest } from "../match/check-request.js";
import { selectCandidateHooks } from "../match/index-hooks-by-name.js";
import { planHandlers } from "../match/plan-handlers.js";
import { readMatchValue } from "../match/read-match-value.js";
import { refuseMissingCallback } from "../match/refuse-missing-callback.js";
import { createScopedHookSets, mergeScopedHooks } from "../match/scoped-hook-sets.js";
import { type DispatchTrace, observeDispatches } from "../observe/observe-dispatches.js";
import { buildPayload } from "../payload/build-payload.js";
import { resolveDispatchedEvent } from "../profiles/find-event-spec.js";
import { resolveProfile } from "../profiles/profiles.js";
import { createHookEnvironments } from "../run/create-hook-environments.js";
import { fillHostCallbacks, type HostCallbacks, listHostCallbacks } from "../run/host-callbacks.js";
import { paceWork } from "../run/pace-work.js";
import { createPersistentHandlerPool } from "../run/persistent-handler-pool.js";
import { createPrewarmedHandlerPool } from "../run/prewarmed-handler-pool.js";
import { selectPrewarmedHooks } from "../run/select-prewarmed-hooks.js";
import { tiePoolLifetime } from "../run/tie-pool-lifetime.js";
import { createRandomUuid } from "../shared/create-random-uuid.js";
import { createAsyncHandlerRunner } from "./create-async-handler-runner.js";
import type { DispatchOptions, HookEngine, HookEngineOptions } from "./engine-types.js";
import { loadHookSnapshot } from "./load-hook-snapshot.js";
import {
  type HandlerCall,
  type HandlerRun,
  type HandlerRunContext,
  runPlannedHandler,
} from "./run-planned-handler.js";

export type {
  AsyncHookOutput,
  CallMcpTool,
  DispatchOptions,
  EvaluatePrompt,
  HookEngine,
  HookEngineOptions,
  HostCallbacks,
  McpToolRequest,
  McpToolResult,
  ModelHookReply,
  ModelHookRequest,
  RunEnd,
  RunStart,
} from "./engine-types.js";

/** Dispatches running at once beyond which new ones start on later event-loop turns. */
const burstDispatches = 16;

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
  const sessionId = options.sessionId ?? createRandomUuid();
  const environment = { ...(options.env ?? process.env) };
  if (options.home !== undefined) environment.HOME = home;
  for (const name of profile.projectDirectoryVariables) environment[name] = cwd;
  const runnableHandlerTypes = listRunnableHandlerTypes(options);
  const snapshot = await loadHookSnapshot(profile, {
    cwd,
    home,
    configFiles: options.configFiles,
    systemDir: options.systemDir,
    managedSettings: options.managedSettings,
    bypassHookTrust: options.bypassHookTrust,
    homeGiven: options.home !== undefined,
    runnableHandlerTypes,
  });
  const { trustGate } = snapshot;
  // Skill and subagent hooks the host adds for their lifetime, beside the snapshot.
  const scopedHooks = createScopedHookSets(profile, {
    runnableHandlerTypes,
    httpHookPolicy: snapshot.httpHookPolicy,
  });
  const continuation = resolveContinuationCap(profile, environment);
  const sessionRules = { ...profile, continuationCap: continuation.cap };
  const budgets = resolveEventBudgets(profile, environment);
  const engineDiagnostics =
    continuation.diagnostic === null && budgets.diagnostics.length === 0
      ? snapshot.diagnostics
      : [
          ...snapshot.diagnostics,
          ...(continuation.diagnostic === null ? [] : [continuation.diagnostic]),
          ...budgets.diagnostics,
        ];
  const payloadDefaults = { ...profile.payloadDefaults, ...options.payloadDefaults };
  const sessions = new Map<string, SessionState>();
  // Sessions in which the engine has counted continuations itself (a Stop-like or resetting event).
  const trackedSessions = new Set<string>();
  const running = new Set<Promise<unknown>>();
  const closing = new AbortController();
  // Every running handler listens for close; hundreds may run at once.
  setMaxListeners(0, closing.signal);
  const persistentHandlers = createPersistentHandlerPool();
  // Standby processes of the snapshot's hooks that prewarm; none unless asked for.
  const prewarmedHooks = selectPrewarmedHooks(
    snapshot.compiled.byEvent.values(),
    profile,
    options.prewarm,
  );
  const prewarmedHandlers =
    prewarmedHooks.size === 0
      ? null
      : createPrewarmedHandlerPool({ standbys: options.prewarmStandbys ?? 1 });
  const environments = createHookEnvironments(
    environment,
    profile.withheldVariablePrefixes,
    profile.credentialScrub,
  );
  const engineCallbacks: HostCallbacks = {
    evaluatePrompt: options.evaluatePrompt,
    runAgentHook: options.runAgentHook,
    callMcpTool: options.callMcpTool,
  };
  const engineCallbackNames = listHostCallbacks(engineCallbacks);
  const runContext: HandlerRunContext = {
    profile,
    cwd,
    home,
    verify: (hook) => trustGate.verify(hook),
    environmentFor: environments.environmentFor,
    persistentHandlers,
    ...(prewarmedHandlers !== null && {
      prewarm: { pool: prewarmedHandlers, prewarms: (hook) => prewarmedHooks.has(hook) },
    }),
    signal: closing.signal,
    onRunStart: options.onRunStart,
    onRunEnd: options.onRunEnd,
  };
  const asyncHandlers = createAsyncHandlerRunner(runContext, options.onAsyncOutput);
  // Dispatches beyond `burstDispatches` in flight are paced, and so is every handler start in
  // run/ (a spawn, a persistent write): a burst of events must not stall the host's event loop.
  let inFlight = 0;

  const dispatchTraced = async (
    requestedEvent: string,
    payload: Readonly<Record<string, unknown>>,
    dispatchOptions: DispatchOptions,
    trace: DispatchTrace | null,
  ): Promise<DispatchResult> => {
    // Own keys only: an event named "constructor" or "__proto__" is unknown, not Object's.
    const event = resolveDispatchedEvent(profile, requestedEvent, dispatchOptions.asSubagent);
    const checked = checkRequest(profile, event, payload, closing.signal.aborted, "dispatched");
    if ("refusal" in checked) return createEmptyDispatchResult(event, [checked.refusal]);
    const spec = checked;
    const built = buildPayload(event, payload, profile, { cwd, sessionId, payloadDefaults });
    const session = String(built.session_id);
    const begun = beginSessionEvent(
      spec,
      sessions.get(session) ?? newSessionState,
      readHostStopHookActive(profile, built, trackedSessions.has(session)),
    );
    sessions.set(session, begun.state);
    if (spec.countsContinuations || spec.resetsContinuations) trackedSessions.add(session);
    if (begun.stopHookActive !== undefined) built.stop_hook_active = begun.stopHookActive;
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
    // Output of async handlers that ended since this session's last dispatch (not this one's).
    const asyncOutput = asyncHandlers.take(session);
    const toolName =
      spec.matchField === profile.toolNameField ? built[profile.toolNameField] : null;
    const aliases = typeof toolName === "string" ? (profile.toolMatchAliases[toolName] ?? []) : [];
    const matchValue = readMatchValue(spec, built);
    if (trace !== null) {
      trace.session = session;
      trace.matcherValue = matchValue;
      trace.input = input;
    }
    const value = matchValue ?? undefined;
    const candidates = scopedHooks.addCandidates(
      selectCandidateHooks(snapshot.indexes.get(event), value, aliases),
      { event, value, aliases, payload: built },
    );
    const callbacks = fillHostCallbacks(engineCallbacks, dispatchOptions.hostCallbacks);
    const available =
      callbacks === engineCallbacks ? engineCallbackNames : listHostCallbacks(callbacks);
    const plan = planHandlers(candidates, built, spec, {
      cwd,
      home,
      aliases,
      gate: (hook) => refuseMissingCallback(hook, available) ?? trustGate.refuse(hook),
      deduplicate: scopedHooks.deduplicate,
    });
    const planned = scopedHooks.claimOnce(plan, session);
    const validation = createToolInputValidator(dispatchOptions);
    let settled: HandlerRun[] = [];
    if (planned.length > 0) {
      const call: HandlerCall = {
        event,
        input,
        payload: built,
        spec,
        validateToolInput: validation.validate,
        toolName: typeof toolName === "string" ? toolName : null,
        sessionId: session,
        callbacks,
        budgetMs: budgets.budgetFor(
          event,
          planned.flatMap((entry) => (entry.skip === null ? [entry.hook.definition] : [])),
        ),
      };
      const work = Promise.all(
        planned.map((entry) =>
          entry.hook.definition.async === true
            ? asyncHandlers.start(call, entry)
            : runPlannedHandler(call, entry, runContext),
        ),
      );
      running.add(work);
      inFlight += 1;
      settled = await work.finally(() => {
        running.delete(work);
        inFlight -= 1;
      });
      if (trace !== null) trace.runs = settled.map((entry) => entry.observation);
    }
    const verdicts = settled.map((entry) => entry.verdict);
    const ruling = applySessionRules(
      aggregateVerdicts(verdicts, spec.decisionKind),
      event,
      spec,
      sessionRules,
      sessions.get(session) ?? newSessionState,
    );
    sessions.set(session, ruling.state);
    const ruled = ruling.result;
    const diagnostics = verdicts.flatMap((verdict) => verdict.diagnostics);
    diagnostics.unshift(...validation.diagnostics);
    diagnostics.push(...ruled.diagnostics);
    const result: DispatchResult = {
      event,
      decision: ruled.decision,
      reason: ruled.reason,
      continue: ruled.continue,
      stopReason: ruled.stopReason,
      systemMessages: ruled.systemMessages,
      additionalContext: ruled.additionalContext,
      updatedInput: ruled.updatedInput,
      ...(ruled.environment !== undefined && { environment: ruled.environment }),
      ...(ruled.eventOutput !== undefined && { eventOutput: ruled.eventOutput }),
      runs: settled.map((entry) => entry.summary),
      diagnostics,
    };
    return mergeAsyncOutput(result, asyncOutput);
  };

  const observed = await observeDispatches(dispatchTraced, { ...options, sessionId });
  const dispatch = (
    requestedEvent: string,
    payload: Readonly<Record<string, unknown>> = {},
    dispatchOptions: DispatchOptions = {},
  ): Promise<DispatchResult> => {
    if (inFlight < burstDispatches)
      return observed.dispatch(requestedEvent, payload, dispatchOptions);
    return new Promise((resolve) => {
      paceWork(
        () => resolve(observed.dispatch(requestedEvent, payload, dispatchOptions)),
        "accept",
      );
    });
  };

  const engine: HookEngine = {
    profile,
    diagnostics: engineDiagnostics,
    dispatch,
    withholdSecrets: environments.withhold,
    addScopedHooks: scopedHooks.add,
    async close() {
      closing.abort();
      await asyncHandlers.close();
      await Promise.allSettled([...running]);
      await persistentHandlers.close();
      untiePrewarmedHandlers();
      await prewarmedHandlers?.close();
      await observed.close();
    },
    async explain(event, payload = {}, explainOptions = {}) {
      const { explainHooks } = await import("../explain/explain-hooks.js");
      const context = {
        profile,
        cwd,
        home,
        sessionId,
        payloadDefaults,
        availableCallbacks: engineCallbackNames,
        ...snapshot,
      };
      return explainHooks(
        mergeScopedHooks(context, scopedHooks, payload),
        event,
        payload,
        explainOptions,
      );
    },
  };
  // Standbys of an engine that is never closed end when it is garbage or the host exits.
  const untiePrewarmedHandlers =
    prewarmedHandlers === null ? () => {} : tiePoolLifetime(engine, prewarmedHandlers);
  return engine;
}

// Command and http handlers always run; the others need the host's callback.
function listRunnableHandlerTypes(options: HookEngineOptions): ReadonlySet<HandlerType> {
  const types = new Set<HandlerType>(["command", "http"]);
  if (options.evaluatePrompt !== undefined) types.add("prompt");
  if (options.runAgentHook !== undefined) types.add("agent");
  if (options.callMcpTool !== undefined) types.add("mcp_tool");
  return types;
}
