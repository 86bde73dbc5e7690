import { describe, expect, it } from "vitest";
import { eventSchemas } from "../event-schemas/event-schemas.js";
import { codexProfile } from "./codex.js";
import { findStrictOutputViolations } from "./find-strict-output-violations.js";
import type { DecisionKind } from "./profile.js";

const strict = codexProfile.strictOutput;

// Codex 0.169's parser rules (its messages, codex-rs hooks/src/engine/output_parser.rs), one row each.
const cases: readonly [string, DecisionKind, Record<string, unknown>, readonly string[]][] = [
  [
    "a deny with its reason",
    "permission",
    { hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "no" } },
    [],
  ],
  [
    "a deny without a reason",
    "permission",
    { hookSpecificOutput: { permissionDecision: "deny" } },
    ["deny-without-reason"],
  ],
  [
    "a deny with a blank reason",
    "permission",
    { hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "  " } },
    ["deny-without-reason"],
  ],
  [
    "an allow without a rewrite",
    "permission",
    { hookSpecificOutput: { permissionDecision: "allow" } },
    ["rewrite-only-decision"],
  ],
  [
    "an allow with a rewrite",
    "permission",
    { hookSpecificOutput: { permissionDecision: "allow", updatedInput: { command: "ls" } } },
    [],
  ],
  [
    "a permission reason without a decision",
    "permission",
    { hookSpecificOutput: { permissionDecisionReason: "why" } },
    ["permission-reason-without-decision"],
  ],
  ["a block without a reason", "block", { decision: "block" }, ["block-without-reason"]],
  [
    "a block with JSON null as its reason",
    "block",
    { decision: "block", reason: null },
    ["block-without-reason"],
  ],
  ["a block with its reason", "block", { decision: "block", reason: "tests fail" }, []],
  ["a reason without a decision", "block", { reason: "why" }, ["reason-without-decision"]],
  ["a reason beside continue: false", "block", { reason: "why", continue: false }, []],
  ["JSON null as the reason", "block", { reason: null }, []],
  [
    "hookSpecificOutput's decision on an event that is not a permission",
    "block",
    { hookSpecificOutput: { permissionDecision: "allow" } },
    [],
  ],
];

describe("findStrictOutputViolations, with Codex's rules", () => {
  it.each(cases)("%s", (_name, decisionKind, output, expected) => {
    const rules = findStrictOutputViolations(strict, decisionKind, output).map(
      (violation) => violation.rule,
    );
    expect(rules).toEqual(expected);
  });

  it("breaks nothing where a profile's rules are off", () => {
    const lenient = { reasonRequired: false, rewriteOnlyDecisions: [], reasonNeedsDecision: false };
    for (const [, decisionKind, output] of cases) {
      expect(findStrictOutputViolations(lenient, decisionKind, output)).toEqual([]);
    }
  });

  // The engine fails what the event's output schema refuses: both read this one function.
  it.each([
    [
      "PreToolUse",
      { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecisionReason: "why" } },
    ],
    [
      "PreToolUse",
      { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } },
    ],
    ["Stop", { decision: "block" }],
    ["Stop", { reason: "why" }],
  ] as const)("the codex %s output schema refuses %j", (event, output) => {
    expect(eventSchemas.codex[event].output.safeParse(output).success).toBe(false);
  });
});
