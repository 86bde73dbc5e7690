import { describe, expect, it } from "vitest";
import type { HookDefinition } from "../config/hook-definition.js";
import { createDiagnostic } from "../diagnostic.js";
import { claudeProfile } from "../profiles/claude.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import { type CompiledHook, compileHooks } from "./compile-hooks.js";
import { planHandlers } from "./plan-handlers.js";

function createDefinition(layer: string, matcher: string | null, index: number): HookDefinition {
  return {
    event: "PreToolUse",
    matcher,
    if: null,
    command: "./guard.sh",
    timeoutMs: 1000,
    statusMessage: null,
    cwd: null,
    additionalContextLimit: null,
    persistent: false,
    trust: layer === "managed" ? "managed" : "none",
    env: {},
    file: `/config/${layer}.json`,
    layer,
    path: `hooks.PreToolUse[${index}].hooks[0]`,
    groupPath: `hooks.PreToolUse[${index}]`,
    groupIndex: index,
    handlerIndex: 0,
  };
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
