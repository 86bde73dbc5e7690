import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { context, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { createHookEngine, type HookEngineOptions } from "../engine/engine.js";

// Spans through the real engine and real handler processes, exported to memory. The global
// provider is registered by the second test; the first runs with none.

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
const deny = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "rm is blocked",
  },
});

function engineOptions(extra: Partial<HookEngineOptions> = {}): HookEngineOptions {
  const directory = createTestWorkspace("trace").root;
  const file = join(directory, "hooks.json");
  const hooks = {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [
          { type: "command", command: `cat >/dev/null; printf '%s' ${quote(deny)}` },
          { type: "command", command: "cat >/dev/null; echo broken >&2; exit 1" },
        ],
      },
    ],
  };
  writeFileSync(file, JSON.stringify({ hooks }));
  return {
    profile: "deepagents",
    cwd: directory,
    home: directory,
    sessionId: "s-trace",
    configFiles: [file],
    ...extra,
  };
}

const payload = { tool_name: "Bash", tool_input: { command: "rm -rf build" } };
const withoutDurations = (result: DispatchResult) => ({
  ...result,
  runs: result.runs.map((run) => ({ ...run, durationMs: 0 })),
});

afterAll(() => {
  trace.disable();
  context.disable();
});

describe("OpenTelemetry spans", () => {
  it("dispatches normally when no tracer provider is registered", async () => {
    const options = engineOptions();
    const traced = await createHookEngine(options);
    const untraced = await createHookEngine({ ...options, tracing: false });
    const first = await traced.dispatch("PreToolUse", payload);
    const second = await untraced.dispatch("PreToolUse", payload);
    await Promise.all([traced.close(), untraced.close()]);
    expect(first.decision).toBe("deny");
    expect(withoutDurations(first)).toEqual(withoutDurations(second));
  });

  it("records a dispatch span under the caller's span, with a child span per run", async () => {
    // Created before the provider is registered: tracing is detected per dispatch.
    const engine = await createHookEngine(engineOptions());
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(provider);

    const host = trace.getTracer("host");
    const result = await host.startActiveSpan("agent turn", async (span) => {
      const dispatched = await engine.dispatch("PreToolUse", payload);
      span.end();
      return dispatched;
    });
    await engine.close();
    expect(result.decision).toBe("deny");

    const spans = exporter.getFinishedSpans();
    const byName = (name: string) => spans.find((span) => span.name === name) as ReadableSpan;
    const turn = byName("agent turn");
    const dispatch = byName("agent-hooks.dispatch PreToolUse");
    const denying = byName("agent-hooks.run PreToolUse:0:0");
    const failing = byName("agent-hooks.run PreToolUse:0:1");
    expect(spans.map((span) => span.name).sort()).toEqual([
      "agent turn",
      "agent-hooks.dispatch PreToolUse",
      "agent-hooks.run PreToolUse:0:0",
      "agent-hooks.run PreToolUse:0:1",
    ]);
    expect(dispatch.parentSpanContext?.spanId).toBe(turn.spanContext().spanId);
    expect(dispatch.spanContext().traceId).toBe(turn.spanContext().traceId);
    for (const run of [denying, failing]) {
      expect(run.parentSpanContext?.spanId).toBe(dispatch.spanContext().spanId);
    }
    expect(dispatch.attributes).toMatchObject({
      "agent_hooks.event": "PreToolUse",
      "agent_hooks.session": "s-trace",
      "agent_hooks.decision": "deny",
      "agent_hooks.run_count": 2,
      "agent_hooks.matcher_value": "Bash",
    });
    expect(denying.attributes).toMatchObject({
      "agent_hooks.event": "PreToolUse",
      "agent_hooks.hook_id": "PreToolUse:0:0",
      "agent_hooks.status": "blocked",
      "agent_hooks.exit_code": 0,
      "agent_hooks.decision": "deny",
    });
    expect(String(denying.attributes["agent_hooks.source"])).toMatch(/hooks\.json$/);
    expect(denying.status.code).toBe(SpanStatusCode.UNSET);
    expect(failing.attributes).toMatchObject({
      "agent_hooks.status": "error",
      "agent_hooks.exit_code": 1,
    });
    expect(failing.attributes["agent_hooks.decision"]).toBeUndefined();
    expect(failing.status.code).toBe(SpanStatusCode.ERROR);
    expect(failing.status.message).toContain("exited with code 1");

    exporter.reset();
    const off = await createHookEngine(engineOptions({ tracing: false }));
    await off.dispatch("PreToolUse", payload);
    await off.close();
    expect(exporter.getFinishedSpans()).toEqual([]);

    const custom = await createHookEngine(
      engineOptions({ tracing: { tracer: provider.getTracer("custom-scope") } }),
    );
    await custom.dispatch("Stop", {});
    await custom.close();
    const [stop] = exporter.getFinishedSpans();
    expect(stop?.name).toBe("agent-hooks.dispatch Stop");
    expect(stop?.instrumentationScope.name).toBe("custom-scope");
    expect(stop?.attributes["agent_hooks.run_count"]).toBe(0);
  });
});
