import type { DispatchObservation } from "./dispatch-observation.js";

/** Span attributes as OpenTelemetry takes them. */
type SpanAttributes = Record<string, string | number | boolean>;

/** The part of an OpenTelemetry span the engine uses. */
export interface SpanLike {
  setStatus(status: { code: number; message?: string }): unknown;
  spanContext(): { traceId: string; spanId: string; traceFlags: number };
  isRecording(): boolean;
  end(endTime?: number): void;
}

/** The part of an OpenTelemetry tracer the engine uses (`trace.getTracer(…)` returns one). */
export interface TracerLike {
  startSpan(
    name: string,
    options?: { attributes?: SpanAttributes; startTime?: number; kind?: number },
    context?: unknown,
  ): SpanLike;
}

/** Whether to trace dispatches: detect a registered provider (default), never, or with this tracer. */
export type TracingOption = boolean | { tracer: TracerLike };

/** Records a finished dispatch as a span with a child span per handler. */
export interface DispatchTracer {
  record(observation: DispatchObservation): void;
}

// OpenTelemetry's SpanStatusCode.ERROR and SpanKind.INTERNAL, stable in the API's wire format.
const errorStatus = 2;
const internalKind = 0;

/**
 * Imports `@opentelemetry/api` (an optional peer) and returns a tracer that records dispatches,
 * or null when tracing is off or the package cannot be imported. Never rejects.
 */
export async function loadDispatchTracer(option: TracingOption): Promise<DispatchTracer | null> {
  if (option === false) return null;
  let api: typeof import("@opentelemetry/api");
  try {
    api = await import("@opentelemetry/api");
  } catch {
    return null;
  }
  const tracer: TracerLike = option === true ? api.trace.getTracer("agent-hooks") : option.tracer;
  return {
    record(observation) {
      const parent = api.context.active();
      const { event, result } = observation;
      const endsAt = observation.startedAt + observation.durationMs;
      const attributes: SpanAttributes = {
        "agent_hooks.event": event,
        "agent_hooks.session": observation.session,
        "agent_hooks.dispatch_id": observation.dispatchId,
        "agent_hooks.run_count": result.runs.length,
        "agent_hooks.continue": result.continue,
      };
      if (result.decision !== null) attributes["agent_hooks.decision"] = result.decision;
      if (observation.matcherValue !== null) {
        attributes["agent_hooks.matcher_value"] = observation.matcherValue;
      }
      const span = tracer.startSpan(
        `agent-hooks.dispatch ${event}`,
        { attributes, startTime: observation.startedAt, kind: internalKind },
        parent,
      );
      // No provider registered: the span records nothing, so neither would its children.
      if (!span.isRecording()) {
        span.end();
        return;
      }
      const failed = result.diagnostics.find(
        (diagnostic) =>
          diagnostic.code === "unknown_event" || diagnostic.code === "invalid_payload",
      );
      if (failed !== undefined) span.setStatus({ code: errorStatus, message: failed.message });
      const inside = api.trace.setSpanContext(parent, span.spanContext());
      for (const run of observation.runs) {
        const { summary } = run;
        const runAttributes: SpanAttributes = {
          "agent_hooks.event": event,
          "agent_hooks.hook_id": summary.id,
          "agent_hooks.source": summary.source,
          "agent_hooks.path": summary.path,
          "agent_hooks.status": summary.status,
        };
        if (summary.exitCode !== null) runAttributes["agent_hooks.exit_code"] = summary.exitCode;
        if (summary.signal !== null) runAttributes["agent_hooks.signal"] = summary.signal;
        if (run.decision !== null) runAttributes["agent_hooks.decision"] = run.decision;
        if (run.matcher !== null) runAttributes["agent_hooks.matcher"] = run.matcher;
        const runSpan = tracer.startSpan(
          `agent-hooks.run ${summary.id}`,
          { attributes: runAttributes, startTime: run.startedAt, kind: internalKind },
          inside,
        );
        if (summary.status === "error" || summary.status === "timeout") {
          const message = run.diagnostics[0]?.message ?? summary.status;
          runSpan.setStatus({ code: errorStatus, message });
        }
        runSpan.end(run.startedAt + summary.durationMs);
      }
      span.end(endsAt);
    },
  };
}
