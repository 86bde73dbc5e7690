import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { type ParsedHandlerOutput, parseHandlerOutput } from "./parse-handler-output.js";

type EventName = keyof typeof deepagentsProfile.events;

function parse(event: EventName, output: unknown): ParsedHandlerOutput {
  const hook = createHookDefinition({ event, command: ["./guard.sh"], file: "/cfg/hooks.json" });
  const stdout = typeof output === "string" ? output : JSON.stringify(output);
  return parseHandlerOutput(stdout, {
    hook,
    spec: deepagentsProfile.events[event],
    profile: deepagentsProfile,
    toolName: null,
  });
}

const codes = (parsed: ParsedHandlerOutput) => parsed.diagnostics.map((d) => [d.code, d.severity]);
const specific = (event: EventName, fields: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: event, ...fields },
});

describe("parseHandlerOutput", () => {
  it.each([
    ["plain text", "hello"],
    ["a JSON array", "[1, 2]"],
    ["a JSON number", "42"],
    ["JSON after text", 'note {"continue": false}'],
  ])("reads %s as plain output without diagnostics", (_name, stdout) => {
    expect(parse("PreToolUse", stdout)).toEqual({
      kind: "plain",
      diagnostics: [],
      notApplied: [],
      failClosed: [],
    });
  });

  it.each([
    [
      "a debug line, then the answer",
      'debug: got it\n{"decision": "block", "reason": "no"}',
      '"decision", "reason"',
    ],
    [
      "then pretty JSON",
      'checking\n{\n  "hookSpecificOutput": {"hookEventName": "PreToolUse"}\n}',
      '"hookSpecificOutput"',
    ],
    ["the answer, then a trailing line", 'start\n{"continue": false}\ndone', '"continue"'],
  ])(
    "reports text before a JSON object of output fields (%s) and reads it as plain",
    (_name, stdout, fields) => {
      const parsed = parse("PreToolUse", stdout);
      expect(parsed.kind).toBe("plain");
      expect(codes(parsed)).toEqual([["invalid_output", "warning"]]);
      expect(parsed.diagnostics[0]?.message).toContain(
        `printed other text before a JSON object with ${fields}`,
      );
      expect(parsed.diagnostics[0]?.message).toContain("write debug output to stderr");
    },
  );

  it.each([
    ["a JSON log line of other fields", 'step 1\n{"level": "info", "msg": "ok"}'],
    ["a line that only starts like JSON", "step 1\n{not json}"],
  ])("reads %s after text as plain output without diagnostics", (_name, stdout) => {
    expect(parse("PreToolUse", stdout).diagnostics).toEqual([]);
  });

  it("reports output that starts like JSON but does not parse", () => {
    const parsed = parse("PreToolUse", '{"continue": false} trailing');
    expect(parsed.kind).toBe("plain");
    expect(codes(parsed)).toEqual([["invalid_output", "warning"]]);
  });

  it("reads the universal fields", () => {
    const parsed = parse("SessionEnd", {
      continue: false,
      stopReason: "bye",
      suppressOutput: true,
      systemMessage: "note",
    });
    expect(parsed).toEqual({
      kind: "json",
      output: { continue: false, stopReason: "bye", systemMessage: "note" },
      diagnostics: [],
      notApplied: [],
      failClosed: [],
      invalid: false,
    });
  });

  it("reports wrong types and unknown fields, keeping the rest", () => {
    const parsed = parse("Stop", {
      continue: "no",
      systemMessage: ["a"],
      reason: 3,
      colour: "blue",
      stopReason: "kept",
    });
    expect(parsed.kind === "json" && parsed.output).toEqual({ stopReason: "kept" });
    expect(codes(parsed)).toEqual([
      ["invalid_output", "warning"],
      ["invalid_output", "warning"],
      ["invalid_output", "warning"],
      ["unknown_field", "info"],
    ]);
  });

  describe("PreToolUse", () => {
    it.each(["allow", "deny", "ask"])("applies permissionDecision %s with its reason", (value) => {
      const parsed = parse(
        "PreToolUse",
        specific("PreToolUse", {
          permissionDecision: value,
          permissionDecisionReason: "because",
          additionalContext: "ctx",
        }),
      );
      expect(parsed).toEqual({
        kind: "json",
        output: { decision: value, reason: "because", additionalContext: "ctx" },
        diagnostics: [],
        notApplied: [],
        failClosed: [],
        invalid: false,
      });
    });

    it.each([
      ["approve", "allow"],
      ["block", "deny"],
    ])("maps the legacy top-level decision %s to %s", (legacy, decision) => {
      const parsed = parse("PreToolUse", { decision: legacy, reason: "r" });
      expect(parsed.kind === "json" && parsed.output).toEqual({ decision, reason: "r" });
    });

    it("does not apply updatedInput or defer: unsupported_field, never an allow", () => {
      const parsed = parse(
        "PreToolUse",
        specific("PreToolUse", { updatedInput: { command: "ls" }, defer: true }),
      );
      expect(parsed.kind === "json" && parsed.output).toEqual({});
      expect(codes(parsed)).toEqual([
        ["unsupported_field", "warning"],
        ["unsupported_field", "warning"],
      ]);
      const deferred = parse("PreToolUse", specific("PreToolUse", { permissionDecision: "defer" }));
      expect(deferred.kind === "json" && deferred.output).toEqual({});
      expect(codes(deferred)).toEqual([["unsupported_field", "warning"]]);
    });

    it("rejects a decision it does not know, a field of another event and an unknown field", () => {
      const parsed = parse(
        "PreToolUse",
        specific("PreToolUse", {
          permissionDecision: "maybe",
          decision: { behavior: "allow" },
          sparkle: true,
          additionalContext: 5,
        }),
      );
      expect(parsed.kind === "json" && parsed.output).toEqual({});
      expect(codes(parsed)).toEqual([
        ["invalid_output", "warning"],
        ["invalid_output", "warning"],
        ["unknown_field", "info"],
        ["invalid_output", "warning"],
      ]);
    });

    it("ignores hookSpecificOutput addressed to another event", () => {
      const parsed = parse("PreToolUse", {
        systemMessage: "kept",
        ...specific("PermissionRequest", { permissionDecision: "deny" }),
      });
      expect(parsed.kind === "json" && parsed.output).toEqual({ systemMessage: "kept" });
      expect(codes(parsed)).toEqual([["invalid_output", "warning"]]);
    });

    it("accepts hookSpecificOutput without hookEventName", () => {
      const parsed = parse("PreToolUse", { hookSpecificOutput: { permissionDecision: "ask" } });
      expect(parsed.kind === "json" && parsed.output).toEqual({ decision: "ask" });
    });
  });

  describe("PermissionRequest", () => {
    it("applies decision.behavior and decision.message", () => {
      const parsed = parse(
        "PermissionRequest",
        specific("PermissionRequest", { decision: { behavior: "deny", message: "no" } }),
      );
      expect(parsed).toEqual({
        kind: "json",
        output: { decision: "deny", reason: "no" },
        diagnostics: [],
        notApplied: [],
        failClosed: [],
        invalid: false,
      });
    });

    it("parses but does not apply updatedInput / updatedPermissions, nested or not", () => {
      const parsed = parse(
        "PermissionRequest",
        specific("PermissionRequest", {
          decision: { behavior: "allow", updatedInput: {}, updatedPermissions: [] },
          updatedInput: {},
          updatedPermissions: [],
        }),
      );
      expect(parsed.kind === "json" && parsed.output).toEqual({ decision: "allow" });
      expect(codes(parsed)).toEqual([
        ["unsupported_field", "warning"],
        ["unsupported_field", "warning"],
        ["unsupported_field", "warning"],
        ["unsupported_field", "warning"],
      ]);
    });

    it.each([
      ["no behavior", { message: "x" }],
      ["an ask", { behavior: "ask" }],
      ["a string", "allow"],
    ])("rejects a decision with %s", (_name, decision) => {
      const parsed = parse("PermissionRequest", specific("PermissionRequest", { decision }));
      expect(parsed.kind === "json" && parsed.output).toEqual({});
      expect(codes(parsed)).toEqual([["invalid_output", "warning"]]);
    });

    it("rejects a top-level block decision", () => {
      const parsed = parse("PermissionRequest", { decision: "block", reason: "r" });
      expect(parsed.kind === "json" && parsed.output).toEqual({});
      expect(codes(parsed)).toEqual([["invalid_output", "warning"]]);
    });
  });

  describe("Stop and the non-deciding events", () => {
    it("reads a top-level block as a block with its reason, or a generated one", () => {
      const withReason = parse("Stop", { decision: "block", reason: "keep going" });
      expect(withReason.kind === "json" && withReason.output).toEqual({ block: "keep going" });
      const without = parse("Stop", { decision: "block" });
      expect(without.kind === "json" && without.output.block).toContain("Blocked by Stop hook");
    });

    it.each(["PostToolUse", "SubagentStop", "SessionStart"] as const)(
      "passes a %s block on for the event's block effect",
      (event) => {
        const parsed = parse(event, { decision: "block", reason: "r" });
        expect(parsed.kind === "json" && parsed.output).toEqual({ block: "r" });
      },
    );

    it("does not apply PostToolUse updatedToolOutput but keeps its context", () => {
      const parsed = parse(
        "PostToolUse",
        specific("PostToolUse", { updatedToolOutput: "x", additionalContext: "ctx" }),
      );
      expect(parsed.kind === "json" && parsed.output).toEqual({ additionalContext: "ctx" });
      expect(codes(parsed)).toEqual([["unsupported_field", "warning"]]);
    });

    it("rejects a permissionDecision on an event that cannot decide", () => {
      const parsed = parse(
        "SessionStart",
        specific("SessionStart", { permissionDecision: "deny" }),
      );
      expect(parsed.kind === "json" && parsed.output).toEqual({});
      expect(codes(parsed)).toEqual([["invalid_output", "warning"]]);
    });
  });
});

describe("parseHandlerOutput with prototype keys", () => {
  // Regression: a top-level "__proto__" key found Object.prototype as its field check and threw
  // "check is not a function" out of dispatch; "toString" and "constructor" passed as fields.
  it.each([
    ['{"__proto__": {"polluted": true}}', "__proto__"],
    ['{"toString": "x"}', "toString"],
    ['{"constructor": 1}', "constructor"],
    ['{"hasOwnProperty": false}', "hasOwnProperty"],
  ])("reports %s as an unknown field without throwing", (stdout, key) => {
    const parsed = parse("PreToolUse", stdout);
    expect(parsed.kind).toBe("json");
    expect(parsed.diagnostics.map((d) => [d.code, d.message.includes(`"${key}"`)])).toEqual([
      ["unknown_field", true],
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  // Regression: decision "constructor" read Object from the legacy table and became the decision.
  it.each(["constructor", "toString", "__proto__", "valueOf"])(
    "never takes the legacy decision %j from the prototype",
    (decision) => {
      const parsed = parse("PreToolUse", { decision });
      expect(parsed.kind === "json" ? parsed.output.decision : "plain").toBeUndefined();
      expect(codes(parsed)).toEqual([["invalid_output", "warning"]]);
    },
  );

  it.each(["constructor", "__proto__", "toString"])(
    "rejects permissionDecision %j as invalid output",
    (permissionDecision) => {
      const parsed = parse("PreToolUse", specific("PreToolUse", { permissionDecision }));
      expect(parsed.kind === "json" ? parsed.output.decision : "plain").toBeUndefined();
      expect(codes(parsed)).toEqual([["invalid_output", "warning"]]);
    },
  );
});
