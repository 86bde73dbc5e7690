import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createProcessOutcome } from "../../test/support/create-process-outcome.js";
import { claudeProfile } from "../profiles/claude.js";
import { copilotProfile } from "../profiles/copilot.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import type { Profile } from "../profiles/profile.js";
import { vscodeProfile } from "../profiles/vscode.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import type { HandlerVerdict } from "./handler-verdict.js";
import { interpretOutcome } from "./interpret-outcome.js";

// Exit codes per profile. Claude Code (2.1.328) reads JSON on stdout whatever the exit code (a
// signal counts as exit 1) and says "No stderr output" for an exit 2 with empty stderr; the seed
// profiles read stdout on exit 0 only and name the handler.

interface RunFields {
  exitCode?: number | null;
  signal?: string | null;
  timedOut?: boolean;
  truncated?: boolean;
  action?: boolean;
}

function interpret(
  profile: Profile,
  event: string,
  stdout: unknown,
  stderr: string,
  fields: RunFields = {},
): HandlerVerdict {
  const spec = profile.events[event];
  if (spec === undefined) throw new Error(`${profile.name} has no ${event}`);
  const hook = createHookDefinition({
    event,
    command: "./guard.sh",
    ...(fields.action === true && {
      action: { type: "prompt", prompt: "p", model: null, continueOnBlock: null },
    }),
  });
  const text = typeof stdout === "string" ? stdout : JSON.stringify(stdout);
  const outcome = createProcessOutcome({
    exitCode: fields.exitCode === undefined ? 2 : fields.exitCode,
    signal: fields.signal ?? null,
    timedOut: fields.timedOut ?? false,
    stdout: text,
    stderr,
    ...(fields.truncated === true && { stdoutTruncated: true }),
  });
  const toolName = spec.matchField === "tool_name" ? "Bash" : null;
  return interpretOutcome(outcome, { hook, spec, profile, toolName });
}

const fields = (verdict: HandlerVerdict) => ({
  status: verdict.status,
  decision: verdict.decision,
  reason: verdict.reason,
  continue: verdict.continue,
  additionalContext: verdict.additionalContext,
  updatedInput: verdict.updatedInput ?? null,
});

const block = { decision: "block", reason: "from json" };
const pre = (specific: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: "PreToolUse", ...specific },
});

describe("interpretOutcome: exit 2 with empty stderr", () => {
  it.each([
    ["PreToolUse", "deny"],
    ["PermissionRequest", "deny"],
    ["UserPromptSubmit", "block"],
    ["UserPromptExpansion", "block"],
    ["PostToolUse", "block"],
    ["PostToolBatch", "block"],
    ["Stop", "block"],
    ["SubagentStop", "block"],
    ["PreCompact", "block"],
    ["TaskCompleted", "block"],
    ["ConfigChange", "block"],
  ])("claude %s: %s with Claude Code's text", (event, decision) => {
    const verdict = interpret(claudeProfile, event, "", "");
    expect(fields(verdict)).toMatchObject({
      status: "blocked",
      decision,
      reason: "No stderr output",
    });
  });

  it("claude: whitespace-only stderr is empty; a model or agent handler keeps the engine's text", () => {
    expect(interpret(claudeProfile, "Stop", "", " \n").reason).toBe("No stderr output");
    const call = interpret(claudeProfile, "Stop", "", "", { action: true });
    expect(call.reason).toMatch(/\(exit code 2\)$/);
  });

  it.each([deepagentsProfile, zerocodeProfile, vscodeProfile])(
    "$name keeps naming the handler and the exit code",
    (profile) => {
      const verdict = interpret(profile, "PreToolUse", "", "");
      expect(verdict.reason).toMatch(/^Blocked by .*\(exit code 2\)$/);
    },
  );
});

describe("interpretOutcome: exit 2 with JSON on stdout", () => {
  it.each([
    ["Stop block", "Stop", block, { decision: "block", reason: "from json" }],
    ["SubagentStop block", "SubagentStop", block, { decision: "block", reason: "from json" }],
    [
      "UserPromptSubmit block",
      "UserPromptSubmit",
      block,
      { decision: "block", reason: "from json" },
    ],
    ["PostToolUse block", "PostToolUse", block, { decision: "block", reason: "from json" }],
    [
      "PreToolUse deny",
      "PreToolUse",
      pre({ permissionDecision: "deny", permissionDecisionReason: "from json" }),
      { decision: "deny", reason: "from json" },
    ],
    ["PreToolUse legacy block", "PreToolUse", block, { decision: "deny", reason: "from json" }],
    [
      "PreToolUse allow with a rewrite: exit 2 denies (the session rules drop the rewrite)",
      "PreToolUse",
      pre({ permissionDecision: "allow", updatedInput: { command: "ls" } }),
      { decision: "deny", reason: "from stderr" },
    ],
    [
      "PermissionRequest deny: exit 2's reason",
      "PermissionRequest",
      {
        hookSpecificOutput: {
          hookEventName: "PermissionRequest",
          decision: { behavior: "deny", message: "from json" },
        },
      },
      { decision: "deny", reason: "from stderr" },
    ],
    [
      "UserPromptSubmit continue: false: both",
      "UserPromptSubmit",
      { continue: false, stopReason: "halt" },
      { decision: "block", reason: "from stderr", continue: false },
    ],
    [
      "UserPromptSubmit context: kept beside the block",
      "UserPromptSubmit",
      { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "ctx" } },
      { decision: "block", reason: "from stderr", additionalContext: "ctx" },
    ],
    [
      "UserPromptSubmit plain text: not context",
      "UserPromptSubmit",
      "plain words",
      { decision: "block", reason: "from stderr", additionalContext: null },
    ],
    [
      "Stop output that does not parse",
      "Stop",
      "{oops",
      { decision: "block", reason: "from stderr" },
    ],
    [
      "PostToolUseFailure block: feedback with the JSON's reason only",
      "PostToolUseFailure",
      block,
      { decision: null, additionalContext: "from json" },
    ],
    [
      "an invalid rewrite: the run's output is dropped, exit 2 blocks",
      "PreToolUse",
      pre({ permissionDecision: "allow", updatedInput: "ls" }),
      { decision: "deny", reason: "from stderr" },
    ],
  ])("claude %s", (_name, event, stdout, expected) => {
    const verdict = interpret(claudeProfile, event, stdout, "from stderr");
    expect(fields(verdict)).toMatchObject({ status: "blocked", ...expected });
  });

  it("claude: a cut stdout is not read", () => {
    const verdict = interpret(claudeProfile, "Stop", block, "from stderr", { truncated: true });
    expect(fields(verdict)).toMatchObject({ decision: "block", reason: "from stderr" });
  });

  it.each([deepagentsProfile, zerocodeProfile, vscodeProfile])(
    "$name ignores the JSON: stderr is the reason",
    (profile) => {
      const verdict = interpret(profile, "Stop", block, "from stderr");
      expect(verdict.reason).toBe("from stderr");
      expect(verdict.additionalContext).toBeNull();
    },
  );
});

const codesOf = (verdict: HandlerVerdict) =>
  verdict.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity]);

describe("interpretOutcome: JSON on stdout beside another non-zero exit", () => {
  const deny = pre({ permissionDecision: "deny", permissionDecisionReason: "from json" });
  it.each([
    ["PreToolUse deny, exit 3", "PreToolUse", deny, 3, { status: "blocked", decision: "deny" }],
    ["PreToolUse deny, exit 1", "PreToolUse", deny, 1, { status: "blocked", decision: "deny" }],
    [
      "PreToolUse context, exit 1",
      "PreToolUse",
      pre({ additionalContext: "from json" }),
      1,
      { status: "ok", decision: null, additionalContext: "from json" },
    ],
    [
      "PreToolUse allow with a rewrite, exit 1",
      "PreToolUse",
      pre({ permissionDecision: "allow", updatedInput: { command: "ls" } }),
      1,
      { status: "ok", decision: "allow", updatedInput: { command: "ls" } },
    ],
    [
      "PreToolUse legacy block, exit 127",
      "PreToolUse",
      block,
      127,
      { status: "blocked", decision: "deny" },
    ],
    ["Stop block, exit 1", "Stop", block, 1, { status: "blocked", decision: "block" }],
    [
      "SubagentStop block, exit 1",
      "SubagentStop",
      block,
      1,
      { status: "blocked", decision: "block" },
    ],
    [
      "PostToolUse block, exit 1",
      "PostToolUse",
      block,
      1,
      { status: "blocked", decision: "block" },
    ],
    [
      "UserPromptSubmit block, exit 1",
      "UserPromptSubmit",
      block,
      1,
      { status: "blocked", decision: "block" },
    ],
    [
      "PermissionRequest deny, exit 1",
      "PermissionRequest",
      {
        hookSpecificOutput: {
          hookEventName: "PermissionRequest",
          decision: { behavior: "deny", message: "from json" },
        },
      },
      1,
      { status: "blocked", decision: "deny" },
    ],
    [
      "PreToolUse continue: false, exit 1",
      "PreToolUse",
      { continue: false, stopReason: "halt" },
      1,
      { status: "ok", decision: null, continue: false },
    ],
    [
      "Stop continue: false, exit 1",
      "Stop",
      { continue: false, stopReason: "halt" },
      1,
      { status: "ok", decision: null, continue: false },
    ],
    [
      "PostToolUseFailure block, exit 1: feedback",
      "PostToolUseFailure",
      block,
      1,
      { status: "blocked", decision: null, additionalContext: "from json" },
    ],
  ])("claude %s: the JSON decides", (_name, event, stdout, exitCode, expected) => {
    const verdict = interpret(claudeProfile, event, stdout, "from stderr", { exitCode });
    expect(fields(verdict)).toMatchObject(expected);
    if (expected.decision === "deny" || expected.decision === "block") {
      expect(verdict.reason).toBe("from json");
    }
    const failure = verdict.diagnostics.find((diagnostic) => diagnostic.code === "nonzero_exit");
    expect(failure?.severity).toBe("warning");
    expect(failure?.message).toContain(`exited with code ${exitCode}: from stderr; its JSON`);
  });

  it("claude: a signal death reads the JSON as Claude Code's exit 1, naming the signal", () => {
    const verdict = interpret(claudeProfile, "PreToolUse", deny, "", {
      exitCode: null,
      signal: "SIGKILL",
    });
    expect(fields(verdict)).toMatchObject({ status: "blocked", decision: "deny" });
    expect(verdict.diagnostics[0]?.message).toContain("was killed by SIGKILL; its JSON");
  });

  it.each([
    ["plain text", "deny"],
    ["output that does not parse", "{oops"],
  ])("claude: %s beside exit 1 is ignored, as before", (_name, stdout) => {
    const verdict = interpret(claudeProfile, "PreToolUse", stdout, "", { exitCode: 1 });
    expect(fields(verdict)).toMatchObject({ status: "error", decision: null });
    expect(verdict.additionalContext).toBeNull();
    expect(codesOf(verdict)).toEqual([["nonzero_exit", "warning"]]);
  });

  it("claude: output that breaks the event's contract decides nothing and says so", () => {
    const rewrite = pre({ permissionDecision: "allow", updatedInput: "ls" });
    const verdict = interpret(claudeProfile, "PreToolUse", rewrite, "", { exitCode: 1 });
    expect(fields(verdict)).toMatchObject({ status: "error", decision: null, updatedInput: null });
    expect(codesOf(verdict)).toContainEqual(["nonzero_exit", "warning"]);
    expect(verdict.diagnostics.at(-1)?.message).toContain("its JSON on stdout was invalid");
  });

  it.each([
    ["a timeout", { exitCode: null, timedOut: true }],
    ["a cut capture", { exitCode: 1, truncated: true }],
    ["a model or agent handler's failure", { exitCode: 1, action: true }],
  ])("claude: JSON is not read after %s", (_name, run) => {
    const verdict = interpret(claudeProfile, "PreToolUse", deny, "", run);
    expect(fields(verdict)).toMatchObject({ decision: null, additionalContext: null });
    expect(verdict.status === "error" || verdict.status === "timeout").toBe(true);
  });

  it("claude: WorktreeCreate still blocks on any failure, its stderr the reason", () => {
    const verdict = interpret(claudeProfile, "WorktreeCreate", "{}", "no space", { exitCode: 1 });
    expect(fields(verdict)).toMatchObject({ status: "blocked", reason: "no space" });
  });

  it.each([deepagentsProfile, zerocodeProfile, vscodeProfile])(
    "$name ignores the JSON beside exit 1 and 3: a non-blocking error",
    (profile) => {
      for (const exitCode of [1, 3]) {
        const verdict = interpret(profile, "PreToolUse", deny, "", { exitCode });
        expect(fields(verdict)).toMatchObject({ status: "error", decision: null });
        expect(codesOf(verdict)).toEqual([["nonzero_exit", "warning"]]);
      }
    },
  );
});

describe("an event whose exit 2 is a plain failing exit (exitTwo: failure, Copilot CLI)", () => {
  it("reports exit 2 as nonzero_exit and decides nothing; its JSON block on exit 0 still decides", () => {
    const failed = interpret(copilotProfile, "agentStop", "", "keep going", { exitCode: 2 });
    expect(failed).toMatchObject({ status: "error", decision: null, reason: null });
    expect(failed.diagnostics.map((item) => item.code)).toEqual(["nonzero_exit"]);
    const blocked = interpret(
      copilotProfile,
      "agentStop",
      { decision: "block", reason: "again" },
      "",
      {
        exitCode: 0,
      },
    );
    expect(blocked).toMatchObject({ decision: "block", reason: "again" });
  });

  it("keeps exit 2 a block on the events whose docs give it one (permissionRequest denies)", () => {
    const denied = interpret(copilotProfile, "permissionRequest", "", "not without review");
    expect(denied).toMatchObject({ decision: "deny", reason: "not without review" });
  });
});
