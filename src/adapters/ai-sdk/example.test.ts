import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

// The example imports `agent-hooks/ai-sdk` by package self-reference, so it runs against dist/
// (built by `npm test` before vitest).
const root = fileURLToPath(new URL("../../..", import.meta.url));

function runExample(
  file: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

it("the AI SDK example denies rm -rf, asks before .env, and is sent back by Stop once", async () => {
  const run = await runExample("examples/ai-sdk-agent.mjs");
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
