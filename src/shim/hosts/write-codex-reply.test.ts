import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbitraryShimVerdict } from "../../../test/support/arbitrary-shim-verdict.js";
import { checkCodexOutput } from "../../convert/check-codex-output.js";
import { codexHookOutputs } from "../../convert/codex-hook-outputs.js";
import { isRecord } from "../../shared/is-record.js";
import { safeParseJson } from "../../shared/safe-parse-json.js";
import { createShimVerdict } from "../create-shim-verdict.js";
import { writeHostReply } from "../write-host-reply.js";
import { codexHost } from "./codex.js";
import { fitCodexReply, writeCodexReply } from "./write-codex-reply.js";
import { writeProfileReply } from "./write-profile-reply.js";

const codexEvents = [...Object.keys(codexHookOutputs), "SessionEnd"];
// The events whose hook Codex lets block: a refusal must come out as a deny or block there.
const blockingEvents = Object.entries(codexHookOutputs)
  .filter(([, row]) => row.emptyExitTwo !== null)
  .map(([event]) => event);

function readReply(stdout: string): Record<string, unknown> {
  if (stdout === "") return {};
  const parsed = safeParseJson(stdout);
  if (!parsed.success || !isRecord(parsed.value)) throw new Error(`not a JSON object: ${stdout}`);
  return parsed.value;
}

function readRefusal(output: Record<string, unknown>): string | null {
  const specific = isRecord(output.hookSpecificOutput) ? output.hookSpecificOutput : {};
  const behavior = isRecord(specific.decision) ? specific.decision.behavior : undefined;
  if (specific.permissionDecision === "deny" || behavior === "deny") return "deny";
  return output.decision === "block" ? "block" : null;
}

describe("writeCodexReply", () => {
  it("every reply passes Codex 0.169's output schema and rules", () => {
    fc.assert(
      fc.property(arbitraryShimVerdict, fc.constantFrom(...codexEvents), (verdict, event) => {
        const reply = writeHostReply({ host: "codex", hostEvent: event, verdict });
        expect(reply.exitCode).toBe(0);
        const output = readReply(reply.stdout);
        if (Object.keys(output).length > 0) expect(checkCodexOutput(event, output)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it("a deny, a block or a failure stays a refusal on every event that can block", () => {
    const refusing = arbitraryShimVerdict.filter(
      (verdict) =>
        verdict.decision === "deny" || verdict.decision === "block" || verdict.failure !== null,
    );
    fc.assert(
      fc.property(refusing, fc.constantFrom(...blockingEvents), (verdict, event) => {
        const reply = writeHostReply({ host: "codex", hostEvent: event, verdict });
        expect(readRefusal(readReply(reply.stdout))).not.toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    [
      "a deny without a reason gets a default one",
      "PreToolUse",
      createShimVerdict({ decision: "deny", reason: "  " }),
      {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "Blocked by the hook",
        },
      },
    ],
    [
      "a Stop block without a reason gets a default one",
      "Stop",
      createShimVerdict({ decision: "block" }),
      { decision: "block", reason: "Blocked by the hook" },
    ],
    [
      "an allow with a rewrite is kept",
      "PreToolUse",
      createShimVerdict({ decision: "allow", updatedInput: { command: "ls -a" } }),
      {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "allow",
          updatedInput: { command: "ls -a" },
        },
      },
    ],
    [
      "an allow without a rewrite is left out, its context kept",
      "PreToolUse",
      createShimVerdict({
        decision: "allow",
        reason: "fine",
        additionalContext: ["mind the tests"],
      }),
      { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "mind the tests" } },
    ],
    ["a bare allow is no reply at all", "PreToolUse", createShimVerdict({ decision: "allow" }), {}],
  ])("%s", (_name, event, verdict, expected) => {
    expect(writeCodexReply(codexHost, event, verdict).output).toEqual(expected);
  });

  it("says on stderr that a bare allow was left out", () => {
    const reply = writeHostReply({
      host: "codex",
      hostEvent: "PreToolUse",
      verdict: createShimVerdict({ decision: "allow" }),
    });
    expect(reply).toEqual({
      exitCode: 0,
      stdout: "",
      stderr:
        "agent-hooks shim: lossy: Codex takes allow only with a rewritten tool input: the hook's allow is sent as no decision\n",
    });
  });

  it.each([
    [
      "PreToolUse",
      { hookEventName: "PreToolUse", permissionDecision: "ask" },
      {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason:
            "agent-hooks shim: the hook failed (its reply would break Codex 0.169's PreToolUse output rules (PreToolUse hook returned unsupported permissionDecision:ask)), so PreToolUse is denied (fails closed)",
        },
      },
    ],
    [
      "Stop",
      { hookEventName: "Stop" },
      {
        decision: "block",
        reason:
          "agent-hooks shim: the hook failed (its reply would break Codex 0.169's Stop output rules (hook returned invalid stop hook JSON output (\"hookSpecificOutput\" is not in Codex's schema))), so Stop is blocked (fails closed)",
      },
    ],
    ["SessionStart", { hookEventName: "SessionStart", note: "x" }, {}],
    ["SessionEnd", { hookEventName: "SessionEnd" }, {}],
  ])(
    "a %s reply Codex would fail is replaced: fails closed where the event can block",
    (event, specific, expected) => {
      const written = writeProfileReply(
        codexHost,
        event,
        createShimVerdict({ problems: ["kept"] }),
      );
      written.output = { hookSpecificOutput: specific };
      const fitted = fitCodexReply(codexHost, event, written);
      expect(fitted.output).toEqual(expected);
      expect(fitted.decision.lossy).toContain("kept");
      expect(fitted.decision.failure).toMatch(/^its reply would break Codex 0\.169's /);
    },
  );
});
