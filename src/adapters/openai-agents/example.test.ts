import { expect, it } from "vitest";
import { runNodeScript } from "../../../test/support/run-node-script.js";

// The example imports `agent-hooks/openai-agents` by package self-reference, so it runs against
// dist/ (built by `npm test` before vitest).

it("the OpenAI Agents example rejects rm -rf and an unapproved .env write, and Stop sends it back once", async () => {
  const run = await runNodeScript("examples/openai-agents-agent.mjs");
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  const lines = run.stdout.split("\n");
  expect(lines).toContain(
    "model saw (bash): A PreToolUse hook denied this call: Recursive or forced rm is blocked by policy: rm -rf build",
  );
  expect(lines).not.toContain("tool  bash ran: rm -rf build");
  expect(lines).toContain("user  asked to approve Write .env: declines");
  expect(lines).toContain(
    "model saw (write_file): The user did not approve this call: .env may hold secrets",
  );
  expect(lines).not.toContain("tool  write_file wrote: .env");
  expect(lines).toContain(
    "model saw (write_file): (pretend) wrote src/add.ts  Hook context: Remember to format the file you just wrote.",
  );
  expect(lines.filter((line) => line.startsWith("hook  Stop → block"))).toHaveLength(1);
  expect(lines).toContain(
    "end   Fixed add(); npm test ran and the tests pass. (Stop continuations: 1)",
  );
});
