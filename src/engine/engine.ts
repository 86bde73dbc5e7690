import { setMaxListeners } from "node:events";
import os from "node:os";
import path from "node:path";
import { createSessionTracker } from "../decide/create-session-tracker.js";
import { createToolInputValidator } from "../decide/create-tool-input-validator.js";
import {
  createDispatchResult,
  createEmptyDispatchResult,
  type DispatchResult,
} from "../decide/dispatch-result.js";
import { mergeAsyncOutput } from "../decide/merge-async-output.js";
import { resolveContinuationCap } from "../decide/resolve-continuation-cap.js";
import { resolveEventBudgets } from "../decide/resolve-event-budgets.js";
import type { CompiledHook } from "../match/compile-hooks.js";
import { describeDispatch } from "../match/describe-dispatch.js";
import { selectCandidateHooks } from "../match/index-hooks-by-name.js";
import { planHandlers } from "../match/plan-handlers.js";
import { createScopedHookSets, mergeScopedHooks } from "../match/scoped-hook-sets.js";
import { type DispatchTrace, observeDispatches } from "../observe/observe-dispatches.js";
import { serializePayload } from "../payload/serialize-payload.js";
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
import { createPlanRunner } from "./create-plan-runner.js";
import type { DispatchOptions, HookEngine, HookEngineOptions } from "./engine-types.js";
import { listRunnableHandlerTypes } from "./handler-type-runs.js";
import { loadHookSnapshot } from "./load-hook-snapshot.js";
import type { HandlerCall, HandlerRunContext } from "./run-planned-handler.js";

export type * from "./engine-types.js";

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
  const homeGiven = options.home !== undefined;
  const snapshot = await loadHookSnapshot(profile, {
    ...options,
    cwd,
    home,
    homeGiven,
    runnableHandlerTypes,
  });
  const { trustGate } = snapshot;
  // Skill and subagent hooks the host adds for their lifetime, beside the snapshot.
  const scopedHooks = createScopedHookSets(profile, {
    runnableHandlerTypes,
    httpHookPolicy: snapshot.httpHookPolicy,
  });
  const continuation = resolveContinuationCap(profile, environment);
  const sessions = createSessionTracker(profile, continuation.cap);
  const budgets = resolveEventBudgets(profile, environment);
  const engineDiagnostics = [
    ...snapshot.diagnostics,
    ...(continuation.diagnostic === null ? [] : [continuation.diagnostic]),
    ...budgets.diagnostics,
  ];
  const payloadDefaults = { ...profile.payloadDefaults, ...options.payloadDefaults };
  const closing = new AbortController();
  // Every running handler listens for close; hundreds may run at once.
  setMaxListeners(0, closing.signal);
  const persistentHandlers = createPersistentHandlerPool();
  // Standby processes of the snapshot's hooks that prewarm; none unless asked for.
  const prewarmed = selectPrewarmedHooks(
    snapshot.compiled.byEvent.values(),
    profile,
    options.prewarm,
  );
  const prewarm =
    prewarmed.size === 0
      ? undefined
      : {
          pool: createPrewarmedHandlerPool({ standbys: options.prewarmStandbys ?? 1 }),
          prewarms: (hook: CompiledHook) => prewarmed.has(hook),
        };
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
  const dispatchFacts = {
    cwd,
    sessionId,
    payloadDefaults,
    trustGate,
    action: "dispatched" as const,
  };
  const runContext: HandlerRunContext = {
    profile,
    cwd,
    home,
    verify: (hook) => trustGate.verify(hook),
    environmentFor: environments.environmentFor,
    persistentHandlers,
    prewarm,
    signal: closing.signal,
    onRunStart: options.onRunStart,
    onRunEnd: options.onRunEnd,
  };
  const asyncHandlers = createAsyncHandlerRunner(runContext, options.onAsyncOutput);
  const plans = createPlanRunner(runContext, asyncHandlers);

  const dispatchTraced = async (
    requestedEvent: string,
    payload: Readonly<Record<string, unknown>>,
    dispatchOptions: DispatchOptions,
    trace: DispatchTrace | null,
  ): Promise<DispatchResult> => {
    const callbacks = fillHostCallbacks(engineCallbacks, dispatchOptions.hostCallbacks);
    const described = describeDispatch(profile, requestedEvent, payload, {
      ...dispatchFacts,
      asSubagent: dispatchOptions.asSubagent,
      closed: closing.signal.aborted,
      availableCallbacks:
        callbacks === engineCallbacks ? engineCallbackNames : listHostCallbacks(callbacks),
    });
    const { event, spec, payload: built, aliases, refusal } = described;
    if (spec === undefined || refusal !== null) {
      return createEmptyDispatchResult(event, refusal === null ? [] : [refusal]);
    }
    const session = sessions.begin(spec, built);
    const serialized = serializePayload(event, built);
    if ("refusal" in serialized) return createEmptyDispatchResult(event, [serialized.refusal]);
    const { input } = serialized;
    // Output of async handlers that ended since this session's last dispatch (not this one's).
    const asyncOutput = asyncHandlers.take(session);
    if (trace !== null)
      Object.assign(trace, { session, matcherValue: described.matchValue, input });
    const value = described.matchValue ?? undefined;
    const candidates = scopedHooks.addCandidates(
      selectCandidateHooks(snapshot.indexes.get(event), value, aliases),
      { event, value, aliases, payload: built },
    );
    const { gate } = described;
    const { deduplicate } = scopedHooks;
    const plan = planHandlers(candidates, built, spec, { cwd, home, aliases, gate, deduplicate });
    const planned = scopedHooks.claimOnce(plan, session);
    const validation = createToolInputValidator(dispatchOptions);
    const runnable = planned.flatMap((entry) =>
      entry.skip === null ? [entry.hook.definition] : [],
    );
    const call: HandlerCall = {
      event,
      input,
      payload: built,
      spec,
      toolName: described.toolName,
      callbacks,
      validateToolInput: validation.validate,
      sessionId: session,
      budgetMs: budgets.budgetFor(event, runnable),
    };
    const settled = planned.length === 0 ? [] : await plans.run(call, planned);
    if (trace !== null) trace.runs = settled.map((entry) => entry.observation);
    const verdicts = settled.map((entry) => entry.verdict);
    const ruled = sessions.rule(verdicts, event, spec, session);
    const diagnostics = [
      ...validation.diagnostics,
      ...verdicts.flatMap((verdict) => verdict.diagnostics),
      ...ruled.diagnostics,
    ];
    const runs = settled.map((entry) => entry.summary);
    return mergeAsyncOutput(createDispatchResult(event, ruled, runs, diagnostics), asyncOutput);
  };

  const observed = await observeDispatches(dispatchTraced, { ...options, sessionId });
  // Dispatches beyond `burstDispatches` running are paced, and so is every handler start in run/
  // (a spawn, a persistent write): a burst of events must not stall the host's event loop.
  const dispatch: HookEngine["dispatch"] = (event, payload = {}, dispatchOptions = {}) => {
    if (plans.running < burstDispatches) return observed.dispatch(event, payload, dispatchOptions);
    return new Promise((resolve) => {
      paceWork(() => resolve(observed.dispatch(event, payload, dispatchOptions)), "accept");
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
      await plans.settle();
      await persistentHandlers.close();
      untiePrewarmedHandlers();
      await prewarm?.pool.close();
      await observed.close();
    },
    async explain(event, payload = {}, explainOptions = {}) {
      const { explainHooks } = await import("../explain/explain-hooks.js");
      const context = { ...snapshot, ...dispatchFacts, profile, home };
      const explained = mergeScopedHooks(
        { ...context, availableCallbacks: engineCallbackNames },
        scopedHooks,
        payload,
      );
      return explainHooks(explained, event, payload, explainOptions);
    },
  };
  // Standbys of an engine that is never closed end when it is garbage or the host exits.
  const untiePrewarmedHandlers =
    prewarm === undefined ? () => {} : tiePoolLifetime(engine, prewarm.pool);
  return engine;
}
