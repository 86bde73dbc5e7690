import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { createDiagnostic } from "../diagnostic.js";
import { claudeProfile } from "../profiles/claude.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import { type CompiledHook, compileHooks } from "./compile-hooks.js";
import {
  type PlanCall,
  type PlanContext,
  planHandlers,
  traceHandler,
  traceHandlerPlan,
} from "./plan-handlers.js";

function createDefinition(layer: string, matcher: string | null, index: number): HookDefinition {
  return createHookDefinition({
    matcher,
    command: "./guard.sh",
    trust: layer === "managed" ? "managed" : "none",
    file: `/config/${layer}.json`,
    layer,
    groupIndex: index,
  });
}

const compile = (...copies: [layer: string, matcher: string | null][]) =>
  compileHooks(
    copies.map(([layer, matcher], index) => createDefinition(layer, matcher, index)),
    claudeProfile,
  ).byEvent.get("PreToolUse") ?? [];
const spec = claudeProfile.events.PreToolUse;
const payload = { tool_name: "Bash", tool_input: { command: "ls" } };
const base = { cwd: "/w", home: "/h", aliases: [], deduplicate: claudeProfile.deduplicate };
const summarize = (planned: ReturnType<typeof planHandlers>) =>
  planned.map((entry) => [entry.hook.id, entry.skip?.code ?? "runs"]);

describe("planHandlers: identical handlers", () => {
  it("runs the highest-precedence copy, listing the others as duplicates in configuration order", () => {
    const hooks = compile(["user", null], ["project", "Bash"], ["managed", null]);
    const planned = planHandlers(hooks, payload, spec, base);
    expect(summarize(planned)).toEqual([
      ["PreToolUse:0:0", "duplicate_handler"],
      ["PreToolUse:1:0", "duplicate_handler"],
      ["PreToolUse:2:0", "runs"],
    ]);
    expect(planned[0]?.skip).toMatchObject({
      severity: "info",
      file: "/config/user.json",
      path: "hooks.PreToolUse[0].hooks[0]",
    });
    expect(planned[0]?.skip?.message).toContain("as PreToolUse:2:0 (managed layer");
  });

  it("picks the survivor among the copies that match only", () => {
    const hooks = compile(["user", null], ["project", "Bash"], ["managed", "Write"]);
    expect(summarize(planHandlers(hooks, payload, spec, base))).toEqual([
      ["PreToolUse:0:0", "duplicate_handler"],
      ["PreToolUse:1:0", "runs"],
    ]);
  });

  it("never lets a copy the gate refuses keep another copy from running", () => {
    const hooks = compile(["managed", null], ["user", null]);
    const refuse = (hook: CompiledHook) =>
      hook.definition.layer === "managed"
        ? createDiagnostic("hook_untrusted", "warning", "refused", {
            file: hook.definition.file,
            path: hook.definition.path,
          })
        : null;
    expect(summarize(planHandlers(hooks, payload, spec, { ...base, gate: refuse }))).toEqual([
      ["PreToolUse:0:0", "hook_untrusted"],
      ["PreToolUse:1:0", "runs"],
    ]);
  });

  it("runs every copy for a profile without deduplication", () => {
    const hooks = compile(["user", null], ["user", null], ["managed", null]);
    const planned = planHandlers(hooks, payload, spec, {
      ...base,
      deduplicate: zerocodeProfile.deduplicate,
    });
    expect(summarize(planned)).toEqual([
      ["PreToolUse:0:0", "runs"],
      ["PreToolUse:1:0", "runs"],
      ["PreToolUse:2:0", "runs"],
    ]);
  });
});

/** One compiled hook from a PreToolUse definition with `overrides` (such as another event). */
function compileOne(overrides: Partial<HookDefinition>): CompiledHook {
  const definition = { ...createDefinition("user", null, 0), ...overrides };
  const hook = compileHooks([definition], claudeProfile).byEvent.get(definition.event)?.[0];
  if (hook === undefined) throw new Error("the hook did not compile");
  return hook;
}

const refusal = createDiagnostic("hook_untrusted", "warning", "refused");
const disabled = createDiagnostic("hook_disabled", "info", "disabled");
const bashCall: PlanCall = { event: "PreToolUse", value: "Bash", payload };

describe("traceHandler: one decision per hook", () => {
  it.each<{
    name: string;
    hook: Partial<HookDefinition>;
    call?: Partial<PlanCall>;
    context?: Partial<PlanContext>;
    outcome: string;
    reason: string | null;
    skip: string | null;
  }>([
    {
      name: "a matching hook runs",
      hook: { matcher: "Bash" },
      outcome: "run",
      reason: null,
      skip: null,
    },
    { name: "a match-all hook runs", hook: {}, outcome: "run", reason: null, skip: null },
    {
      name: "another event's hook is filtered",
      hook: { event: "PostToolUse" },
      outcome: "filtered",
      reason: "event",
      skip: null,
    },
    {
      name: "without an event every hook is taken as the event's",
      hook: { event: "PostToolUse" },
      call: { event: null },
      outcome: "run",
      reason: null,
      skip: null,
    },
    {
      name: "a matcher that does not match filters",
      hook: { matcher: "Write|Edit" },
      outcome: "filtered",
      reason: "matcher",
      skip: null,
    },
    {
      name: "a matcher filters when the payload has no value",
      hook: { matcher: "Bash" },
      call: { value: undefined },
      outcome: "filtered",
      reason: "matcher",
      skip: null,
    },
    {
      name: "a match alias runs the hook",
      hook: { matcher: "Edit" },
      call: { value: "apply_patch" },
      context: { aliases: ["Edit", "Write"] },
      outcome: "run",
      reason: null,
      skip: null,
    },
    {
      name: "an if rule that does not match filters",
      hook: { if: "Bash(git *)" },
      outcome: "filtered",
      reason: "if",
      skip: null,
    },
    {
      name: "an if rule that matches runs",
      hook: { if: "Bash(ls)" },
      outcome: "run",
      reason: null,
      skip: null,
    },
    {
      name: "an if rule filters a call without tool_name",
      hook: { if: "Bash(ls)" },
      call: { payload: {} },
      outcome: "filtered",
      reason: "if",
      skip: null,
    },
    {
      name: "an if on an event without if support is skipped",
      hook: { event: "Stop", if: "Bash(ls)" },
      call: { event: "Stop", value: undefined, payload: {} },
      outcome: "skip",
      reason: "if-unsupported",
      skip: "if_not_supported",
    },
    {
      name: "a hook the gate refuses is skipped with the refusal",
      hook: {},
      context: { gate: () => refusal },
      outcome: "skip",
      reason: "gate",
      skip: "hook_untrusted",
    },
    {
      name: "a disabled hook is skipped with the gate's diagnostic",
      hook: {},
      context: { gate: () => disabled },
      outcome: "skip",
      reason: "gate",
      skip: "hook_disabled",
    },
  ])("$name", ({ hook, call, context, outcome, reason, skip }) => {
    const trace = traceHandler(compileOne(hook), { ...bashCall, ...call }, { ...base, ...context });
    expect([trace.outcome, trace.reason, trace.skip?.code ?? null]).toEqual([
      outcome,
      reason,
      skip,
    ]);
    expect(trace.failed.map((failed) => failed.check)).toEqual(reason === null ? [] : [reason]);
  });

  it("stops at the first failed check, and never asks the gate about a filtered hook", () => {
    let asked = 0;
    const gate = () => {
      asked += 1;
      return refusal;
    };
    const hook = compileOne({ matcher: "Write", if: "Bash(git *)" });
    const trace = traceHandler(hook, bashCall, { ...base, gate });
    expect([trace.outcome, trace.reason, asked]).toEqual(["filtered", "matcher", 0]);
    expect(trace.failed).toEqual([{ check: "matcher" }]);
  });

  it("in full, lists every failed check in planning order, the first deciding", () => {
    const hook = compileOne({ matcher: "Write", if: "Bash(git *)" });
    const trace = traceHandler(hook, bashCall, { ...base, gate: () => refusal }, true);
    expect([trace.outcome, trace.reason, trace.skip]).toEqual(["filtered", "matcher", null]);
    expect(trace.failed).toEqual([
      { check: "matcher" },
      { check: "if" },
      { check: "gate", refusal },
    ]);
    const other = traceHandler(
      compileOne({ event: "Stop", if: "Bash(ls)" }),
      bashCall,
      {
        ...base,
        gate: () => refusal,
      },
      true,
    );
    expect(other.failed).toEqual([{ check: "event" }, { check: "gate", refusal }]);
  });
});

describe("traceHandlerPlan", () => {
  it("gives one entry per hook in order, with the copy a duplicate runs as", () => {
    const hooks = compile(["user", null], ["project", "Write"], ["managed", null]);
    const traces = traceHandlerPlan(hooks, bashCall, base);
    expect(traces.map((trace) => [trace.hook.id, trace.outcome, trace.reason])).toEqual([
      ["PreToolUse:0:0", "skip", "duplicate"],
      ["PreToolUse:1:0", "filtered", "matcher"],
      ["PreToolUse:2:0", "run", null],
    ]);
    expect(traces[0]?.failed).toEqual([{ check: "duplicate", survivor: hooks[2] }]);
    expect(traces[0]?.skip?.code).toBe("duplicate_handler");
  });

  it("is what planHandlers dispatches, without the filtered entries", () => {
    const hooks = compile(["user", null], ["project", "Write"], ["managed", null]);
    const traced = traceHandlerPlan(hooks, bashCall, base).filter(
      (trace) => trace.outcome !== "filtered",
    );
    const planned = planHandlers(hooks, payload, spec, base);
    expect(planned.map((entry) => [entry.hook, entry.skip])).toEqual(
      traced.map((trace) => [trace.hook, trace.skip]),
    );
  });
});
