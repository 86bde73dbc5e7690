import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../test/fixtures/sdk/ensure-built.js";
import { createTempDirectory } from "../../../test/support/create-temp-directory.js";
import { runCli } from "../../../test/support/run-cli.js";

const directories: string[] = [];

beforeAll(() => ensureBuilt(), 120_000);
afterAll(async () => {
  await Promise.all(
    directories.map((directory) => rm(directory, { recursive: true, force: true })),
  );
});

describe("agent-hooks test", () => {
  it("prints one line per passing case and exits 0", async () => {
    const { code, stdout } = await runCli(["test", "test/fixtures/hook-tests/guard.test.json"]);
    expect(stdout.trimEnd().split("\n")).toEqual([
      "✓ denies rm -rf",
      "✓ asks before a push",
      "✓ adds context to other commands",
      "✓ sends the agent back once on Stop",
      "✓ runs a project hook from files under vscode",
      "5 passed, 0 failed",
    ]);
    expect(code).toBe(0);
  });

  it("explains each failure, counts it and exits 1", async () => {
    const { code, stdout } = await runCli([
      "test",
      "test/fixtures/hook-tests/mixed.test.json",
      "test/fixtures/hook-tests/broken.test.json",
    ]);
    expect(stdout.trimEnd().split("\n")).toEqual([
      "✓ denies rm -rf",
      '✗ wrongly expects ls to be denied: expected decision "deny", got null; expected reason to match /never/, got null',
      "✗ test/fixtures/hook-tests/broken.test.json: invalid case file: Invalid input: expected object, received undefined at cases.0.expect",
      "1 passed, 2 failed",
    ]);
    expect(code).toBe(1);
  });

  it("reads YAML case files", async () => {
    // Written at run time: the linter parses YAML fixtures and would refuse a broken one.
    const directory = await createTempDirectory("cli-test");
    directories.push(directory);
    const brokenYaml = path.join(directory, "broken.test.yaml");
    await writeFile(brokenYaml, "cases:\n  - name: [unclosed\n");
    const { code, stdout } = await runCli([
      "test",
      "test/fixtures/hook-tests/prompt.test.yaml",
      brokenYaml,
    ]);
    const lines = stdout.trimEnd().split("\n");
    expect(lines.slice(0, 2)).toEqual([
      "✓ blocks a prompt with a secret",
      "✓ adds the house rules",
    ]);
    expect(lines[2]).toMatch(/^✗ .*broken\.test\.yaml: invalid YAML: /);
    expect(lines[3]).toBe("2 passed, 1 failed");
    expect(code).toBe(1);
  });

  it("gives machine output with --json", async () => {
    const { code, stdout } = await runCli([
      "test",
      "--json",
      "test/fixtures/hook-tests/mixed.test.json",
    ]);
    const report = JSON.parse(stdout) as { passed: number; failed: number; results: unknown[] };
    expect(report).toMatchObject({ passed: 1, failed: 1 });
    expect(report.results[1]).toMatchObject({
      name: "wrongly expects ls to be denied",
      passed: false,
    });
    expect(code).toBe(1);
  });

  it("refuses an unknown --profile as a usage error", async () => {
    const { code, stderr } = await runCli(["test", "--profile", "nope", "x.json"]);
    expect(stderr).toContain('unknown profile "nope"');
    expect(code).toBe(1);
  });
});
