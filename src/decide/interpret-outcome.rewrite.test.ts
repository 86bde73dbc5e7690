import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createProcessOutcome } from "../../test/support/create-process-outcome.js";
import { claudeProfile } from "../profiles/claude.js";
import type { Profile } from "../profiles/profile.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import type { HandlerVerdict } from "./handler-verdict.js";
import { interpretOutcome } from "./interpret-outcome.js";

// A PreToolUse rewrite (`updatedInput`) and the decision it comes with, per profile: ZeroCode
// accepts it only with "allow" and fails the run for any other shape; Claude Code keeps a deny
// and drops only its rewrite, and applies a rewrite that comes with no decision.

const definition = createHookDefinition({
  command: "./rewrite.sh",
  timeoutMs: 500,
  file: "/home/me/hooks.json",
});

function interpret(profile: Profile, toolName: string, output: unknown): HandlerVerdict {
  const spec = profile.events.PreToolUse;
  if (spec === undefined) throw new Error(`${profile.name} has no PreToolUse`);
  const stdout = JSON.stringify(output);
  const outcome = createProcessOutcome({ stdout });
  return interpretOutcome(outcome, { hook: definition, spec, profile, toolName });
}

const specific = (fields: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: "PreToolUse", ...fields },
});
const rewrite = { command: "ls -la" };

/** The verdict fields a row checks, and whether an `invalid_output` error is reported. */
interface Expected {
  status: HandlerVerdict["status"];
  decision: HandlerVerdict["decision"];
  reason: string | null;
  updatedInput: unknown;
  invalidRewrite: boolean;
}

const failed: Expected = {
  status: "error",
  decision: null,
  reason: null,
  updatedInput: null,
  invalidRewrite: true,
};

const table: [string, Profile, string, unknown, Expected][] = [
  [
    "allow with a rewrite",
    zerocodeProfile,
    "Bash",
    specific({ permissionDecision: "allow", updatedInput: rewrite }),
    { status: "ok", decision: "allow", reason: null, updatedInput: rewrite, invalidRewrite: false },
  ],
  [
    "deny with a rewrite",
    zerocodeProfile,
    "Bash",
    specific({ permissionDecision: "deny", permissionDecisionReason: "no", updatedInput: rewrite }),
    failed,
  ],
  [
    "deny with a rewrite that is not an object",
    zerocodeProfile,
    "mcp__fs__write",
    specific({ permissionDecision: "deny", updatedInput: "x" }),
    failed,
  ],
  [
    "the legacy block with a rewrite",
    zerocodeProfile,
    "Bash",
    { decision: "block", reason: "no", ...specific({ updatedInput: rewrite }) },
    failed,
  ],
  [
    "ask with a rewrite",
    zerocodeProfile,
    "Bash",
    specific({ permissionDecision: "ask", updatedInput: rewrite }),
    failed,
  ],
  [
    "a rewrite with no decision",
    zerocodeProfile,
    "Bash",
    specific({ updatedInput: rewrite }),
    failed,
  ],
  [
    "a rewrite with an unknown decision",
    zerocodeProfile,
    "Bash",
    specific({ permissionDecision: "maybe", updatedInput: rewrite }),
    failed,
  ],
  [
    "allow with a rewrite that is a string",
    zerocodeProfile,
    "mcp__fs__write",
    specific({ permissionDecision: "allow", updatedInput: "x" }),
    failed,
  ],
  [
    "allow with a rewrite that is null",
    zerocodeProfile,
    "mcp__fs__write",
    specific({ permissionDecision: "allow", updatedInput: null }),
    failed,
  ],
  [
    "allow with a rewrite that is a list",
    zerocodeProfile,
    "mcp__fs__write",
    specific({ permissionDecision: "allow", updatedInput: ["ls"] }),
    failed,
  ],
  [
    "deny with a rewrite (the deny stands, the rewrite goes)",
    claudeProfile,
    "Bash",
    specific({ permissionDecision: "deny", permissionDecisionReason: "no", updatedInput: rewrite }),
    {
      status: "blocked",
      decision: "deny",
      reason: "no",
      updatedInput: null,
      invalidRewrite: false,
    },
  ],
  [
    "ask with a rewrite",
    claudeProfile,
    "Bash",
    specific({ permissionDecision: "ask", updatedInput: rewrite }),
    { status: "ok", decision: "ask", reason: null, updatedInput: rewrite, invalidRewrite: false },
  ],
  // Claude Code applies a rewrite alone; its own permission flow then judges the new input.
  [
    "a rewrite with no decision",
    claudeProfile,
    "Bash",
    specific({ updatedInput: rewrite }),
    { status: "ok", decision: null, reason: null, updatedInput: rewrite, invalidRewrite: false },
  ],
  [
    "a rewrite with no decision, and context",
    claudeProfile,
    "Edit",
    specific({ updatedInput: { file_path: "/a", old_string: "x" }, additionalContext: "c" }),
    {
      status: "ok",
      decision: null,
      reason: null,
      updatedInput: { file_path: "/a", old_string: "x" },
      invalidRewrite: false,
    },
  ],
  [
    "a rewrite with no decision that is not an object",
    claudeProfile,
    "Bash",
    specific({ updatedInput: "ls" }),
    failed,
  ],
  [
    "a Bash rewrite with no decision and no command",
    claudeProfile,
    "Bash",
    specific({ updatedInput: { cmd: "ls" } }),
    failed,
  ],
  [
    "a rewrite with defer (the normal flow, never the rewrite)",
    claudeProfile,
    "Bash",
    specific({ permissionDecision: "defer", updatedInput: rewrite }),
    failed,
  ],
  [
    "a rewrite with no decision",
    zerocodeProfile,
    "Bash",
    specific({ updatedInput: rewrite }),
    failed,
  ],
];

describe("interpretOutcome: a PreToolUse rewrite and its decision", () => {
  const named = table.map(
    ([name, profile, ...rest]) => [`${profile.name}: ${name}`, profile, ...rest] as const,
  );
  it.each(named)("%s", (_name, profile, toolName, output, expected) => {
    const verdict = interpret(profile, toolName, output);
    expect({
      status: verdict.status,
      decision: verdict.decision,
      reason: verdict.reason,
      updatedInput: verdict.updatedInput ?? null,
      invalidRewrite: verdict.diagnostics.some(
        (diagnostic) => diagnostic.code === "invalid_output" && diagnostic.severity === "error",
      ),
    }).toEqual(expected);
  });

  it("discards the rest of a failed ZeroCode run's output", () => {
    const verdict = interpret(zerocodeProfile, "Bash", {
      systemMessage: "ignored",
      ...specific({ permissionDecision: "deny", updatedInput: rewrite, additionalContext: "x" }),
    });
    expect(verdict).toMatchObject({
      status: "error",
      additionalContext: null,
      systemMessage: null,
    });
  });
});
