import { expect, it } from "vitest";
import { runNodeScript } from "../../../test/support/run-node-script.js";

// The example imports `agent-hooks/ai-sdk` by package self-reference, so it runs against dist/
// (built by `npm test` before vitest).

it("the AI SDK example denies rm -rf, asks before .env, and is sent back by Stop once", async () => {
  const run = await runNodeScript("examples/ai-sdk-agent.mjs");
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const lines = run.stdout.split("\n");
  expect(lines).toContain(
    "hook  PreToolUse Bash → deny: Recursive or forced rm is blocked by policy: rm -rf build",
  );
  expect(lines).not.toContain("tool  bash ran: rm -rf build");
  expect(lines).toContain(
    'model saw: {"hook":{"event":"PreToolUse","decision":"deny","reason":"Recursive or forced rm is blocked by policy: rm -rf build"}}',
  );
  expect(lines).toContain("approval requested for writeFile .env");
  expect(lines).not.toContain("tool  writeFile wrote: .env");
  expect(lines).toContain("      context → Remember to format the file you just wrote.");
  expect(lines.filter((line) => line.startsWith("hook  Stop → block"))).toHaveLength(1);
  expect(lines).toContain("tool  bash ran: npm test");
  expect(lines).toContain(
    "end   Fixed add(); npm test ran and the tests pass. (Stop continuations: 1)",
  );
});
