import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../test/fixtures/sdk/ensure-built.js";
import { formatHookTestReport } from "./format-hook-test-report.js";
import { matchText } from "./match-expectation.js";
import { runHookTests } from "./run-hook-tests.js";

const fixtures = fileURLToPath(new URL("../../test/fixtures/hook-tests/", import.meta.url));

// The fixture hooks are SDK scripts that import the built package.
beforeAll(() => ensureBuilt(), 120_000);

describe("runHookTests", () => {
  it("runs a case file through the real engine", async () => {
    const report = await runHookTests([`${fixtures}guard.test.json`]);
    expect(report.results.map((result) => [result.name, result.passed])).toEqual([
      ["denies rm -rf", true],
      ["asks before a push", true],
      ["adds context to other commands", true],
      ["sends the agent back once on Stop", true],
      ["runs a project hook from files under vscode", true],
    ]);
    expect(report.results[0]?.result?.decision).toBe("deny");
    expect(report).toMatchObject({ passed: 5, failed: 0 });
  });

  it("runs case objects and reports mismatches as values", async () => {
    const report = await runHookTests(
      [
        {
          name: "context is not a denial",
          event: "PreToolUse",
          config: "hooks.json",
          payload: { tool_name: "Bash", tool_input: { command: "ls" } },
          expect: { decision: "deny", additionalContext: "/guard: ls$/" },
        },
      ],
      { baseDirectory: fixtures },
    );
    expect(report.failed).toBe(1);
    expect(report.results[0]?.failures).toEqual(['expected decision "deny", got null']);
    expect(formatHookTestReport(report)).toBe(
      '✗ context is not a denial: expected decision "deny", got null\n0 passed, 1 failed\n',
    );
  });

  it("turns a broken case file and an unknown event into failed results", async () => {
    const report = await runHookTests([
      `${fixtures}broken.test.json`,
      `${fixtures}missing.test.json`,
      { name: "unknown event", event: "Nope", expect: {} },
    ]);
    expect(report.failed).toBe(3);
    expect(report.results[0]?.failures[0]).toContain("at cases.0.expect");
    expect(report.results[1]?.failures[0]).toContain("cannot read");
    expect(report.results[2]?.failures[0]).toBe('unknown event "Nope" for profile deepagents');
  });
});

describe("matchText", () => {
  it.each([
    ["deny", "do not deny this", true],
    ["DENY", "deny", false],
    ["/^no/i", "No way", true],
    ["/^no/", "say no", false],
    ["/unclosed", "/unclosed here", true],
  ])("%s against %s", (pattern, text, expected) => {
    expect(matchText(pattern, text)).toBe(expected);
  });
});
