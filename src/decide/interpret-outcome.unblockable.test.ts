import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createProcessOutcome } from "../../test/support/create-process-outcome.js";
import { claudeProfile } from "../profiles/claude.js";
import type { ProcessOutcome } from "../run/process-outcome.js";
import { interpretOutcome } from "./interpret-outcome.js";

// The `unblockable` rule of an event row: ConfigChange blocks, except a policy_settings change.

function interpret(payload: Record<string, unknown> | undefined, fields: Partial<ProcessOutcome>) {
  const hook = createHookDefinition({
    event: "ConfigChange",
    command: "./hook.sh",
    file: "/cfg/settings.json",
  });
  return interpretOutcome(createProcessOutcome(fields), {
    hook,
    spec: claudeProfile.events.ConfigChange,
    profile: claudeProfile,
    toolName: null,
    ...(payload !== undefined && { payload }),
  });
}

const exitTwo = { exitCode: 2, stderr: "frozen\n" };
const blockJson = { stdout: JSON.stringify({ decision: "block", reason: "frozen" }) };

describe("interpretOutcome: payloads an event cannot block", () => {
  it.each([
    ["exit 2", exitTwo],
    ['decision "block"', blockJson],
  ])("ignores %s on a policy_settings change, with a block_ignored warning", (_name, fields) => {
    const verdict = interpret({ source: "policy_settings" }, fields);
    expect(verdict).toMatchObject({ decision: null, reason: null, additionalContext: null });
    expect(verdict.diagnostics).toMatchObject([{ code: "block_ignored", severity: "warning" }]);
    expect(verdict.diagnostics[0]?.message).toContain(
      'a ConfigChange with source "policy_settings" cannot be blocked in Claude Code: frozen',
    );
  });

  it.each([
    ["exit 2", exitTwo],
    ['decision "block"', blockJson],
  ])("applies %s on a user_settings change", (_name, fields) => {
    const verdict = interpret({ source: "user_settings" }, fields);
    expect(verdict).toMatchObject({ status: "blocked", decision: "block", reason: "frozen" });
    expect(verdict.diagnostics).toEqual([]);
  });

  it("applies the event's own block effect when no payload is given", () => {
    expect(interpret(undefined, exitTwo).decision).toBe("block");
  });
});
