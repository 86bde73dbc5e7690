import type { DispatchResult } from "../decide/dispatch-result.js";
import { createRandomUuid } from "../shared/create-random-uuid.js";
import type { AuditLog } from "./audit-log.js";
import { hasRegisteredTracerProvider } from "./detect-tracer-provider.js";
import {
  type DispatchObservation,
  type RunObservation,
  readClock,
} from "./dispatch-observation.js";
import type { DispatchTracer, TracingOption } from "./trace-dispatch.js";

/** What a dispatch learned on the way, for the audit log and tracing. */
export interface DispatchTrace {
  session: string;
  matcherValue: string | null;
  /** The payload as the handlers received it, or null when the dispatch ended before. */
  input: string | null;
  runs: RunObservation[];
}

/**
 * A dispatch that writes what it learned on the way into `trace` when one is given; `Options` are
 * the engine's per-dispatch options, passed through unread.
 */
export type TracedDispatch<Options> = (
  event: string,
  payload: Readonly<Record<string, unknown>>,
  options: Options,
  trace: DispatchTrace | null,
) => Promise<DispatchResult>;

/** Where observations go: an audit log file, OpenTelemetry, both or neither. */
export interface ObserverOptions {
  /** The session a dispatch is observed under when its payload names none. */
  sessionId: string;
  auditLog?: string | undefined;
  /** Also writes payloads and handler output to the audit log. */
  auditPayloads?: boolean | undefined;
  tracing?: TracingOption | undefined;
}

/** A dispatch function with observation wrapped around it, and how to finish observing. */
export interface ObservedDispatch<Options> {
  dispatch: (
    event: string,
    payload: Readonly<Record<string, unknown>>,
    options: Options,
  ) => Promise<DispatchResult>;
  /** Waits for observed dispatches, then closes the audit log. */
  close(): Promise<void>;
}

/**
 * Wraps a dispatch with the audit log and tracing: each dispatch is observed once it has a
 * result; without a log or a tracer provider, the wrapper only passes the result on.
 *
 * @example
 * ```ts
 * const observed = await observeDispatches(dispatchTraced, { sessionId, auditLog: "audit.jsonl" });
 * const result = await observed.dispatch("Stop", {}, {});
 * ```
 */
export async function observeDispatches<Options>(
  dispatchTraced: TracedDispatch<Options>,
  options: ObserverOptions,
): Promise<ObservedDispatch<Options>> {
  const audit: AuditLog | null =
    options.auditLog === undefined
      ? null
      : (await import("./audit-log.js")).createAuditLog(options.auditLog);
  const formatAuditLines =
    audit === null ? null : (await import("./format-audit-lines.js")).formatAuditLines;
  const auditPayloads = options.auditPayloads === true;
  // Tracing is detected per dispatch (a registered provider) and imported once, on first use;
  // `tracer` is null when `@opentelemetry/api` cannot be imported.
  let tracer: DispatchTracer | null | undefined;
  let tracerLoading: Promise<DispatchTracer | null> | undefined;
  const wantsTracing = () =>
    tracer !== null &&
    (options.tracing === undefined ? hasRegisteredTracerProvider() : options.tracing !== false);
  const loadTracer = () => {
    tracerLoading ??= import("./trace-dispatch.js")
      .then(({ loadDispatchTracer }) => loadDispatchTracer(options.tracing ?? true))
      .then((loaded) => {
        tracer = loaded;
        return loaded;
      });
    return tracerLoading;
  };
  const engineTag = createRandomUuid().slice(0, 8);
  let dispatchCount = 0;
  const observing = new Set<Promise<unknown>>();

  const observe = async (
    event: string,
    payload: Readonly<Record<string, unknown>>,
    dispatchOptions: Options,
    tracing: boolean,
  ): Promise<DispatchResult> => {
    dispatchCount += 1;
    const dispatchId = `d-${engineTag}-${dispatchCount}`;
    const startedAt = readClock();
    const given = typeof payload === "object" && payload !== null ? payload.session_id : undefined;
    const trace: DispatchTrace = {
      session: typeof given === "string" ? given : options.sessionId,
      matcherValue: null,
      input: null,
      runs: [],
    };
    const result = await dispatchTraced(event, payload, dispatchOptions, trace);
    const observation: DispatchObservation = {
      dispatchId,
      session: trace.session,
      event: result.event,
      matcherValue: trace.matcherValue,
      startedAt,
      durationMs: readClock() - startedAt,
      payload: auditPayloads ? trace.input : null,
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

  return {
    dispatch(event, payload, dispatchOptions) {
      const tracing = wantsTracing();
      if (audit === null && !tracing) {
        return dispatchTraced(event, payload, dispatchOptions, null);
      }
      const observed = observe(event, payload, dispatchOptions, tracing);
      observing.add(observed);
      void observed.finally(() => observing.delete(observed));
      return observed;
    },
    async close() {
      await Promise.allSettled([...observing]);
      await audit?.close();
    },
  };
}
