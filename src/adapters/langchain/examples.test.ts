import { describe, expect, it } from "vitest";
import { runNodeScript } from "../../../test/support/run-node-script.js";

// The examples import `agent-hooks` by package self-reference, so they run against dist/ (built by
// `npm test` before vitest, like the CLI tests).

describe("examples", () => {
  it("npm start: the Deep Agents demo prints a timeline the example hooks decide", async () => {
    const run = await runNodeScript("examples/deepagents-agent.mjs");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines).toContain(
      "hook   PreToolUse Bash → deny — Recursive or forced rm is blocked by policy: rm -rf build",
    );
    expect(lines).toContain("hook   PreToolUse Write → ask — /.env may hold secrets");
    expect(lines).toContain("hook   PreToolUse Edit → allow — ordinary file");
    expect(lines).toContain("       context → You edited code: run the tests before you finish.");
    expect(lines.filter((line) => line.startsWith("hook   Stop → block"))).toEqual([
      "hook   Stop → block — Run the tests and report the result before stopping. (the agent goes back to work)",
    ]);
    expect(lines).toContain("tool   ✓ tests pass");
    expect(lines).toContain("hook   Stop → no block: the turn ends");
    expect(run.stdout).toMatch(
      /end {4}session ends: “Fixed add\(\); npm test ran and the tests pass\.”/,
    );
    expect(run.stdout).toMatch(/Stop blocked once · build\/ kept · \.env not written/);
  });

  it("the createAgent example denies rm -rf before the tool runs", async () => {
    const run = await runNodeScript("examples/langchain-agent.mjs");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "hook  PreToolUse Bash → deny: Recursive or forced rm is blocked by policy: rm -rf build",
    );
    expect(run.stdout).toContain(
      "tool  Denied by a PreToolUse hook: Recursive or forced rm is blocked by policy: rm -rf build",
    );
    expect(run.stdout).not.toContain("(pretend) ran");
  });
});
