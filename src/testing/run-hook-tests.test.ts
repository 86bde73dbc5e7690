import { mkdir, readFile, realpath, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../test/fixtures/sdk/ensure-built.js";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { formatHookTestReport } from "./format-hook-test-report.js";
import { matchText } from "./match-expectation.js";
import { runHookTests } from "./run-hook-tests.js";

const fixtures = fileURLToPath(new URL("../../test/fixtures/hook-tests/", import.meta.url));
const brokenHooks = `${fixtures}broken-hooks`;

// Cases run with the real home unless told otherwise: tests give them an empty one.
const temporaryHome = () => createTestWorkspace("hook-test-home").home;

// The fixture hooks are SDK scripts that import the built package.
beforeAll(() => ensureBuilt(), 120_000);

describe("runHookTests", () => {
  it("runs a case file through the real engine", async () => {
    const report = await runHookTests([`${fixtures}guard.test.json`], {
      home: temporaryHome(),
    });
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
      { baseDirectory: fixtures, home: temporaryHome() },
    );
    expect(report.failed).toBe(1);
    expect(report.results[0]?.failures).toEqual(['expected decision "deny", got null']);
    expect(formatHookTestReport(report)).toBe(
      '✗ context is not a denial: expected decision "deny", got null\n0 passed, 1 failed\n',
    );
  });

  it("turns a broken case file and an unknown event into failed results", async () => {
    const report = await runHookTests(
      [
        `${fixtures}broken.test.json`,
        `${fixtures}missing.test.json`,
        { name: "unknown event", event: "Nope", expect: {} },
      ],
      { home: temporaryHome() },
    );
    expect(report.failed).toBe(3);
    expect(report.results[0]?.failures[0]).toContain("at cases.0.expect");
    expect(report.results[1]?.failures[0]).toContain("cannot read");
    expect(report.results[2]?.failures[0]).toMatch(
      /^unknown event "Nope" for profile deepagents \(events: SessionStart, /,
    );
  });
});

describe("runHookTests on broken hooks", () => {
  it.each([
    ["Missing", "nonzero_exit", /exited with code 127/],
    ["NotExecutable", "nonzero_exit", /exited with code 126/],
    ["Crash", "nonzero_exit", /killed by SIGKILL/],
    ["Garbage", "invalid_output", /does not parse/],
    ["Unstartable", "spawn_failed", /could not start/],
  ] as const)("fails a case whose %s hook breaks, with %s", async (tool, code, message) => {
    const home = temporaryHome();
    const testCase = {
      name: tool,
      event: "PreToolUse",
      config: "hooks.json",
      payload: { tool_name: tool, tool_input: {} },
      expect: { decision: null },
    };
    const failed = await runHookTests([testCase], { baseDirectory: brokenHooks, home });
    expect(failed.results[0]?.passed).toBe(false);
    expect(failed.results[0]?.failures).toEqual([]);
    expect(failed.results[0]?.errors).toEqual([
      expect.objectContaining({
        code,
        message: expect.stringMatching(message),
        file: path.join(brokenHooks, "hooks.json"),
      }),
    ]);
    expect(formatHookTestReport(failed).split("\n").slice(0, 2)).toEqual([
      `✗ ${tool}`,
      expect.stringMatching(new RegExp(`^    ${code}: `)),
    ]);
    // Expected, the same failure passes.
    const expected = await runHookTests(
      [{ ...testCase, expect: { decision: null, errors: [code] } }],
      { baseDirectory: brokenHooks, home },
    );
    expect(expected.results[0]?.passed).toBe(true);
  });

  it("fails a case whose config file does not exist, and one expecting an error that did not occur", async () => {
    const report = await runHookTests(
      [
        { name: "no file", event: "PreToolUse", config: "nope.json", expect: {} },
        {
          name: "healthy",
          event: "PreToolUse",
          config: "hooks.json",
          payload: { tool_name: "Fine", tool_input: {} },
          expect: { errors: ["nonzero_exit"] },
        },
      ],
      { baseDirectory: brokenHooks, home: temporaryHome() },
    );
    expect(report.results[0]?.errors.map((error) => error.code)).toEqual(["config_not_found"]);
    expect(report.results[1]).toMatchObject({
      passed: false,
      failures: ["expected error nonzero_exit, which did not occur"],
      errors: [],
    });
  });
});

describe("where cases run", () => {
  const fine = {
    name: "fine",
    event: "PreToolUse",
    payload: { tool_name: "Fine", tool_input: {} },
    env: { CASE_WORD: "hello" },
    expect: {},
  };

  it("runs in the current directory by default, as every command does, with the case's env", async () => {
    const report = await runHookTests([{ ...fine, config: "hooks.json" }], {
      baseDirectory: brokenHooks,
      home: temporaryHome(),
    });
    expect(report.results[0]?.result?.additionalContext).toEqual([
      `word=hello cwd=${await realpath(process.cwd())}`,
    ]);
  });

  it("runs in --cwd when given", async () => {
    const project = createTestWorkspace("hook-test-project").root;
    const report = await runHookTests([{ ...fine, config: "hooks.json" }], {
      baseDirectory: brokenHooks,
      cwd: project,
      home: temporaryHome(),
    });
    expect(report.results[0]?.result?.additionalContext).toEqual([`word=hello cwd=${project}`]);
  });

  it("runs in a temporary directory, removed afterwards, in a sandbox", async () => {
    const report = await runHookTests([{ ...fine, config: "hooks.json", sandbox: true }], {
      baseDirectory: brokenHooks,
    });
    const context = report.results[0]?.result?.additionalContext[0] ?? "";
    const sandboxCwd = /cwd=(.*)$/.exec(context)?.[1] ?? "";
    expect(path.basename(sandboxCwd)).toBe("cwd");
    expect(sandboxCwd).not.toBe(await realpath(brokenHooks));
    await expect(realpath(sandboxCwd)).rejects.toThrow(/ENOENT/);
  });

  it("refuses files outside a sandbox", async () => {
    const report = await runHookTests(
      [{ ...fine, config: "hooks.json", files: { "x.txt": "x" } }],
      { baseDirectory: brokenHooks, home: temporaryHome() },
    );
    expect(report.results[0]?.failures).toEqual([
      "files are written only in a sandbox: add sandbox: true (or pass --sandbox)",
    ]);
  });

  it("refuses files that would land outside the sandbox, writing none of them", async () => {
    const home = temporaryHome();
    const outsideFile = path.join(home, "escaped.txt");
    const report = await runHookTests(
      [
        {
          ...fine,
          config: "hooks.json",
          sandbox: true,
          files: {
            "inside.txt": "x",
            "../../../../../../../../tmp-outsideFile.txt": "x",
            [outsideFile]: "x",
          },
        },
      ],
      { baseDirectory: brokenHooks, home },
    );
    expect(report.results[0]?.failures).toEqual([
      `files are written only inside the sandbox: "../../../../../../../../tmp-outsideFile.txt", ${JSON.stringify(outsideFile)} are outside it`,
    ]);
    await expect(readFile(outsideFile, "utf8")).rejects.toThrow(/ENOENT/);
  });

  it("reads a config under ~/ from the case's home", async () => {
    const home = temporaryHome();
    await mkdir(path.join(home, ".deepagents"));
    await writeFile(
      path.join(home, ".deepagents", "hooks.json"),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            { hooks: [{ type: "command", command: '"$AGENT_HOOKS_TEST_DIR/fine.sh"' }] },
          ],
        },
      }),
    );
    const report = await runHookTests([{ ...fine, config: "~/.deepagents/hooks.json" }], {
      baseDirectory: brokenHooks,
      home,
    });
    expect(report.results[0]?.errors).toEqual([]);
    expect(report.results[0]?.result?.runs.map((run) => run.source)).toEqual([
      path.join(home, ".deepagents", "hooks.json"),
    ]);
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

describe("cases that would pass for the wrong reason", () => {
  // A Claude Code project: a guard on Bash, and a hook under a misspelled event.
  function createClaudeProject(guard: string) {
    const workspace = createTestWorkspace("hook-test-claude");
    workspace.writeJson("project/.claude/settings.json", {
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' }],
          },
        ],
        PostTooluse: [{ hooks: [{ type: "command", command: "true" }] }],
      },
    });
    workspace.writeScript("project/.claude/hooks/guard.sh", guard);
    return { project: workspace.project, home: workspace.home, workspace };
  }
  const denyJson =
    '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}';
  const bash = { tool_name: "Bash", tool_input: { command: "rm -rf build" } };

  it("detects the project's profile for a case that names none, as every command does", async () => {
    const { project, home } = createClaudeProject(`#!/bin/sh\necho '${denyJson}'\n`);
    const report = await runHookTests(
      [{ name: "denies", event: "PreToolUse", payload: bash, expect: { decision: "deny" } }],
      { cwd: project, home },
    );
    expect(report.results[0]).toMatchObject({ profile: "claude", passed: true });
  });

  it("fails a case whose hook prints text before its JSON decision, naming it", async () => {
    const { project, home } = createClaudeProject(
      `#!/bin/sh\necho "debug: got a payload"\necho '${denyJson}'\n`,
    );
    const report = await runHookTests(
      [{ name: "denies", event: "PreToolUse", payload: bash, expect: { decision: "deny" } }],
      { cwd: project, home },
    );
    const [result] = report.results;
    expect(result?.failures).toEqual(['expected decision "deny", got null']);
    expect(result?.errors).toEqual([
      expect.objectContaining({
        code: "invalid_output",
        message: expect.stringContaining(
          'printed other text before a JSON object with "hookSpecificOutput"',
        ),
      }),
    ]);
    expect(formatHookTestReport(report).split("\n")[1]).toMatch(
      /^ {4}invalid_output: PreToolUse hook .* printed other text before a JSON object/,
    );
  });

  it("fails a case in which no hook ran, shows the warning that explains it, and passes one expecting none", async () => {
    const { project, home } = createClaudeProject("#!/bin/sh\ntrue\n");
    const nothing = {
      name: "nothing happens after a tool",
      event: "PostToolUse",
      payload: { tool_name: "Bash", tool_input: {}, tool_response: {} },
      expect: { decision: null },
    };
    const report = await runHookTests(
      [nothing, { ...nothing, name: "expects none", expect: { hooksRun: 0 } }],
      { cwd: project, home },
    );
    expect(report.results.map((result) => result.passed)).toEqual([false, true]);
    expect(report.results[0]?.failures).toEqual([
      "no hook ran (write expect.hooksRun: 0 for a case that expects none)",
    ]);
    expect(formatHookTestReport(report).split("\n").slice(0, 2)).toEqual([
      "✗ nothing happens after a tool: no hook ran (write expect.hooksRun: 0 for a case that expects none)",
      expect.stringMatching(
        /^ {4}warning unknown_event: Claude Code has no hook event "PostTooluse" \(did you mean "PostToolUse"\?\)/,
      ),
    ]);
  });

  it("compares expect.hooksRun with the hooks that ran", async () => {
    const { project, home } = createClaudeProject("#!/bin/sh\ntrue\n");
    const report = await runHookTests(
      [{ name: "two", event: "PreToolUse", payload: bash, expect: { hooksRun: 2 } }],
      { cwd: project, home },
    );
    expect(report.results[0]?.failures).toEqual(["expected hooksRun 2, got 1"]);
  });

  it("says where the configuration is when the case runs in a folder below it", async () => {
    const { project, home, workspace } = createClaudeProject("#!/bin/sh\ntrue\n");
    const below = workspace.createDirectory("project", "tests");
    const report = await runHookTests(
      [{ name: "guarded", event: "PreToolUse", payload: bash, expect: { decision: null } }],
      { cwd: below, home },
    );
    expect(report.results[0]?.failures).toEqual([
      `no hook ran (write expect.hooksRun: 0 for a case that expects none); ${path.join(project, ".claude", "settings.json")} (claude) is above the working directory ${below}, which has no project hook configuration: run from ${project} or pass --cwd ${project}`,
    ]);
  });
});
