import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../../test/fixtures/sdk/ensure-built.js";
import {
  createSuiteWorkspace,
  createTestWorkspace,
} from "../../../test/support/create-test-workspace.js";
import { runCli } from "../../../test/support/run-cli.js";

// Cases run with the real home unless told otherwise: these get an empty one.
const home = createSuiteWorkspace("cli-test-home").root;

beforeAll(() => {
  ensureBuilt();
}, 120_000);

describe("agent-hooks test", () => {
  it("prints one line per passing case and exits 0", async () => {
    const { code, stdout, stderr } = await runCli([
      "test",
      "--home",
      home,
      "test/fixtures/hook-tests/guard.test.json",
    ]);
    expect(stdout.trimEnd().split("\n")).toEqual([
      "✓ denies rm -rf",
      "✓ asks before a push",
      "✓ adds context to other commands",
      "✓ sends the agent back once on Stop",
      "✓ runs a project hook from files under vscode",
      "5 passed, 0 failed",
    ]);
    // Every case names its profile: no line says which one cases that name none would get.
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });

  it("explains each failure, counts it and exits 1", async () => {
    const { code, stdout } = await runCli([
      "test",
      "--home",
      home,
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
    const directory = createTestWorkspace("cli-test").root;
    const brokenYaml = path.join(directory, "broken.test.yaml");
    await writeFile(brokenYaml, "cases:\n  - name: [unclosed\n");
    const { code, stdout } = await runCli([
      "test",
      "--home",
      home,
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
      "--home",
      home,
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

  it("tests a real .claude/settings.json where it lives: fails on a broken script, passes once fixed", async () => {
    const project = createTestWorkspace("cli-test-project").root;
    await mkdir(path.join(project, ".claude", "hooks"), { recursive: true });
    await writeFile(
      path.join(project, ".claude", "settings.json"),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: "Bash",
              hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' }],
            },
          ],
        },
      }),
    );
    await writeFile(
      path.join(project, "hooks.test.json"),
      JSON.stringify({
        profile: "claude",
        cases: [
          {
            name: "denies rm -rf",
            event: "PreToolUse",
            payload: { tool_name: "Bash", tool_input: { command: "rm -rf build" } },
            expect: { decision: "deny", reason: "recursive deletes" },
          },
          {
            name: "lets ls through",
            event: "PreToolUse",
            payload: { tool_name: "Bash", tool_input: { command: "ls" } },
            expect: { decision: null },
          },
        ],
      }),
    );
    const guard = path.join(project, ".claude", "hooks", "guard.sh");
    const testFile = path.join(project, "hooks.test.json");
    const runTests = () => runCli(["test", "--home", home, testFile], { cwd: project });
    const brokenLine = (status: string) =>
      expect.stringMatching(
        new RegExp(
          `^ {4}nonzero_exit: PreToolUse hook .* ${status}.*settings\\.json hooks\\.PreToolUse\\[0\\]\\.hooks\\[0\\]\\)$`,
        ),
      );

    const missing = await runTests();
    expect(missing.stdout.trimEnd().split("\n")).toEqual([
      '✗ denies rm -rf: expected decision "deny", got null; expected reason to contain "recursive deletes", got null',
      brokenLine("exited with code 127"),
      "✗ lets ls through",
      brokenLine("exited with code 127"),
      "0 passed, 2 failed",
    ]);
    expect(missing.code).toBe(1);

    await writeFile(
      guard,
      `#!/bin/sh\nif grep -q '"rm -rf'; then\n  echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"recursive deletes are not allowed"}}'\nfi\n`,
      { mode: 0o644 },
    );
    const notExecutable = await runTests();
    expect(notExecutable.stdout).toContain("exited with code 126");
    expect(notExecutable.stdout.trimEnd().split("\n").at(-1)).toBe("0 passed, 2 failed");
    expect(notExecutable.code).toBe(1);

    await chmod(guard, 0o755);
    const fixed = await runTests();
    expect(fixed.stdout.trimEnd().split("\n")).toEqual([
      "✓ denies rm -rf",
      "✓ lets ls through",
      "2 passed, 0 failed",
    ]);
    expect(fixed.code).toBe(0);

    await writeFile(guard, "#!/bin/sh\nkill -SEGV $$\n");
    const crashed = await runTests();
    // The command runs with /bin/sh -c, as in Claude Code: dash reports the crash as exit 139,
    // a /bin/sh that execs its last command (bash) passes the signal on.
    expect(crashed.stdout).toMatch(/was killed by SIGSEGV|exited with code 139/);
    expect(crashed.code).toBe(1);
  });

  it("runs a case file in tests/ in the project, as claude, and fails what would pass for the wrong reason", async () => {
    const workspace = createTestWorkspace("cli-test-tests-folder");
    const project = workspace.project;
    workspace.writeJson("project/.claude/settings.json", {
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' }],
          },
        ],
      },
    });
    const deny =
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}';
    const guard = workspace.writeScript(
      "project/.claude/hooks/guard.sh",
      `#!/bin/sh\necho "debug: read the payload"\necho '${deny}'\n`,
    );
    const denies = {
      name: "denies rm -rf",
      event: "PreToolUse",
      payload: { tool_name: "Bash", tool_input: { command: "rm -rf build" } },
      expect: { decision: "deny" },
    };
    const nothing = {
      name: "nothing happens after a tool",
      event: "PostToolUse",
      payload: { tool_name: "Bash", tool_input: {}, tool_response: {} },
      expect: { decision: null },
    };
    const cases = workspace.writeJson("project/tests/hooks.test.json", {
      cases: [denies, nothing],
    });

    const first = await runCli(["test", "--home", home, cases], { cwd: project });
    expect(first.stderr.split("\n")[0]).toBe(
      `agent-hooks: profile claude (found ${path.join(".claude", "settings.json")}; --profile overrides)`,
    );
    expect(first.stdout.trimEnd().split("\n")).toEqual([
      '✗ denies rm -rf: expected decision "deny", got null',
      expect.stringMatching(
        /^ {4}invalid_output: PreToolUse hook .*guard\.sh" printed other text before a JSON object with "hookSpecificOutput"; .*write debug output to stderr/,
      ),
      "✗ nothing happens after a tool: no hook ran (write expect.hooksRun: 0 for a case that expects none)",
      "0 passed, 2 failed",
    ]);
    expect(first.code).toBe(1);

    await writeFile(guard, `#!/bin/sh\necho "debug: read the payload" >&2\necho '${deny}'\n`);
    workspace.writeJson(cases, { cases: [denies, { ...nothing, expect: { hooksRun: 0 } }] });
    const fixed = await runCli(["test", "--home", home, cases], { cwd: project });
    expect(fixed.stdout.trimEnd().split("\n")).toEqual([
      "✓ denies rm -rf",
      "✓ nothing happens after a tool",
      "2 passed, 0 failed",
    ]);
    expect(fixed.code).toBe(0);

    // Run from tests/, the project is that folder: no hook runs, and both lines say where they are.
    const below = await runCli(["test", "--home", home, cases], {
      cwd: path.join(project, "tests"),
    });
    const settings = path.join(project, ".claude", "settings.json");
    expect(below.stderr).toContain(
      `agent-hooks: ${settings} (claude) is above the working directory ${path.join(project, "tests")}`,
    );
    expect(below.stdout).toContain(
      `no hook ran (write expect.hooksRun: 0 for a case that expects none); ${settings} (claude) is above`,
    );
    expect(below.code).toBe(1);
  });

  it("refuses an unknown --profile as a usage error", async () => {
    const { code, stderr } = await runCli(["test", "--profile", "nope", "x.json"]);
    expect(stderr).toContain('unknown profile "nope"');
    const typo = await runCli(["test", "--profile", "claud", "x.json"]);
    expect(typo.stderr).toContain('unknown profile "claud" (did you mean "claude"?)');
    expect(code).toBe(1);
  });
});
