import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { createDiagnostic } from "../diagnostic.js";
import { claudeProfile } from "../profiles/claude.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import { type CompiledHook, compileHooks } from "./compile-hooks.js";
import { type DispatchFacts, describeDispatch } from "./describe-dispatch.js";

const facts: DispatchFacts = {
  cwd: "/work",
  sessionId: "session-1",
  payloadDefaults: { model: "default-model" },
  closed: false,
  action: "dispatched",
  availableCallbacks: new Set(),
  trustGate: { refuse: () => null },
};

function compileOne(overrides: Partial<HookDefinition>): CompiledHook {
  const definition = createHookDefinition(overrides);
  const hook = compileHooks([definition], claudeProfile).byEvent.get(definition.event)?.[0];
  if (hook === undefined) throw new Error("the hook did not compile");
  return hook;
}

describe("describeDispatch", () => {
  it("builds the payload and reads the match value of a known event", () => {
    const described = describeDispatch(claudeProfile, "PreToolUse", { tool_name: "Bash" }, facts);
    expect(described).toMatchObject({
      event: "PreToolUse",
      spec: claudeProfile.events.PreToolUse,
      refusal: null,
      matchField: "tool_name",
      matchValue: "Bash",
      toolName: "Bash",
      aliases: [],
    });
    expect(described.payload).toMatchObject({
      tool_name: "Bash",
      session_id: "session-1",
      cwd: "/work",
      hook_event_name: "PreToolUse",
      model: "default-model",
    });
  });

  it("describes a subagent's event when asSubagent maps it", () => {
    const described = describeDispatch(claudeProfile, "Stop", {}, { ...facts, asSubagent: true });
    expect(described.event).toBe("SubagentStop");
    expect(described.spec).toBe(claudeProfile.events.SubagentStop);
    expect(described.payload.hook_event_name).toBe("SubagentStop");
  });

  it("reads a tool's match aliases and its public name", () => {
    const described = describeDispatch(
      zerocodeProfile,
      "PreToolUse",
      { tool_name: "apply_patch" },
      facts,
    );
    expect(described.toolName).toBe("apply_patch");
    expect(described.aliases).toEqual(["Edit", "Write"]);
  });

  it.each(["constructor", "toString", "__proto__"])(
    "gives a tool named %j no aliases (own keys only)",
    (toolName) => {
      const described = describeDispatch(
        zerocodeProfile,
        "PreToolUse",
        { tool_name: toolName },
        facts,
      );
      expect(described.aliases).toEqual([]);
    },
  );

  it("has no tool name where the event does not match on it", () => {
    const described = describeDispatch(
      claudeProfile,
      "FileChanged",
      {
        file_path: "/repo/.envrc",
        tool_name: "Bash",
      },
      facts,
    );
    expect(described).toMatchObject({
      matchField: "file_path",
      matchValue: ".envrc",
      toolName: null,
    });
  });

  it.each([
    ["an unknown event", "Nope", {}, false, "unknown_event"],
    ["a closed engine", "Stop", {}, true, "engine_closed"],
    ["a payload that is no object", "Stop", ["x"], false, "invalid_payload"],
  ] as const)("refuses %s, still describing the request", (_, event, payload, closed, code) => {
    const described = describeDispatch(deepagentsProfile, event, payload, { ...facts, closed });
    expect(described.refusal?.code).toBe(code);
    expect(described.event).toBe(event);
    expect(described.payload).toMatchObject({ hook_event_name: event, session_id: "session-1" });
  });

  it("says what a closed engine did not do", () => {
    const described = describeDispatch(
      deepagentsProfile,
      "Stop",
      {},
      {
        ...facts,
        closed: true,
        action: "explained",
      },
    );
    expect(described.refusal?.message).toBe("The engine is closed; Stop was not explained");
  });

  it("gates a handler without its host callback first, then by trust", () => {
    const untrusted = createDiagnostic("hook_untrusted", "warning", "not trusted");
    const trustGate = { refuse: () => untrusted };
    const prompt = compileOne({
      action: { type: "prompt", prompt: "Is it safe?", model: null, continueOnBlock: null },
    });
    const command = compileOne({});
    const withoutCallback = describeDispatch(
      claudeProfile,
      "PreToolUse",
      {},
      {
        ...facts,
        trustGate,
      },
    );
    expect(withoutCallback.gate(prompt)?.code).toBe("unsupported_handler_type");
    expect(withoutCallback.gate(command)).toBe(untrusted);
    const withCallback = describeDispatch(
      claudeProfile,
      "PreToolUse",
      {},
      {
        ...facts,
        trustGate,
        availableCallbacks: new Set(["evaluatePrompt"]),
      },
    );
    expect(withCallback.gate(prompt)).toBe(untrusted);
  });
});
