import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { runCli } from "../../test/support/run-cli.js";
import { packageRoot as root } from "../../test/support/run-node-script.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import type { Diagnostic } from "../diagnostic.js";

const config = "test/fixtures/cli/hooks.json";

describe("agent-hooks dispatch", () => {
  it("prints the DispatchResult JSON with decision, runs and load diagnostics", async () => {
    const payload = JSON.stringify({ tool_name: "execute", tool_input: { command: "rm -rf /" } });
    const run = await runCli(
      ["dispatch", "PreToolUse", "--payload", "-", "--config", config, "--session", "s-1"],
      { input: payload },
    );
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as DispatchResult;
    expect(result).toMatchObject({
      event: "PreToolUse",
      decision: "deny",
      reason: "rm -rf blocked (Bash in session s-1)",
      continue: true,
      stopReason: null,
      systemMessages: [],
      additionalContext: [],
      updatedInput: null,
    });
    expect(result.runs).toEqual([
      expect.objectContaining({
        id: "PreToolUse:0:0",
        source: path.join(root, config),
        status: "blocked",
        exitCode: 0,
        signal: null,
      }),
    ]);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        code: "invalid_matcher",
        severity: "error",
        file: path.join(root, config),
        path: "hooks.PreToolUse[1].matcher",
      }),
    );
  });

  it("reads the payload from a file and dispatches an empty payload without one", async () => {
    const directory = createTestWorkspace("cli").root;
    const file = path.join(directory, "payload.json");
    await writeFile(file, JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" } }));
    const withFile = await runCli([
      "dispatch",
      "PreToolUse",
      "--payload",
      file,
      "--config",
      config,
    ]);
    expect(JSON.parse(withFile.stdout)).toMatchObject({ decision: null, runs: [{ status: "ok" }] });
    const without = await runCli(["dispatch", "Stop", "--config", config]);
    expect(JSON.parse(without.stdout)).toMatchObject({ decision: "block", reason: "keep going" });
  });

  it.each([
    [["dispatch", "NoSuchEvent", "--config", config], /unknown event "NoSuchEvent"/],
    [["dispatch", "Stop", "--profile", "nope"], /unknown profile "nope"/],
    [
      ["dispatch", "Stop", "--payload", "/no/such/file.json"],
      /no such file "\/no\/such\/file.json"/,
    ],
    [["dispatch"], /missing required argument/],
    [["frobnicate"], /unknown command/],
  ])("exits 1 with a one-line message for usage error %j", async (args, message) => {
    const run = await runCli(args);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split("\n").length).toBeLessThanOrEqual(2);
    expect(run.stdout).toBe("");
  });

  it("rejects a payload that is not a JSON object", async () => {
    const run = await runCli(["dispatch", "Stop", "--payload", "-", "--config", config], {
      input: "[1, 2]",
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/standard input must contain a JSON object/);
  });
});

describe("agent-hooks payload input", () => {
  const claudeConfig = "test/fixtures/cli/claude-settings.json";
  const rmPayload = JSON.stringify({ tool_name: "Bash", tool_input: { command: "rm -rf /" } });
  const dispatchClaude = [
    "dispatch",
    "PreToolUse",
    "--profile",
    "claude",
    "--config",
    claudeConfig,
  ];

  it.each([
    ["piped without --payload", [], rmPayload, "deny"],
    ["piped with --payload -", ["--payload", "-"], rmPayload, "deny"],
    ["inline with --payload", ["--payload", rmPayload], "", "deny"],
    ["an empty pipe: no payload", [], "", null],
    ["a whitespace-only pipe: no payload", [], " \n\t\n", null],
    ["an empty pipe with --payload -: no payload", ["--payload", "-"], "", null],
  ])("dispatch decides on a payload %s", async (_name, args, input, decision) => {
    const run = await runCli([...dispatchClaude, ...args], { input });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(run.stdout)).toMatchObject({ event: "PreToolUse", decision });
  });

  it.each([
    [["--payload", "nosuchfile"], 'agent-hooks: --payload: no such file "nosuchfile"'],
    [["--payload", "rm -rf"], "--payload takes a file or -"],
    [["--payload", "{not json"], "--payload is not valid JSON"],
    [[], "standard input is not valid JSON"],
    [["--payload", "-"], "standard input is not valid JSON"],
  ])("dispatch %j exits 1 with a one-line usage error", async (args, message) => {
    const run = await runCli([...dispatchClaude, ...args], { input: "rm -rf /" });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(message);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("explain reads a piped payload without --payload", async () => {
    const run = await runCli(
      ["explain", "PreToolUse", "--profile", "claude", "--config", claudeConfig, "--json"],
      { input: JSON.stringify({ tool_name: "Read", tool_input: { file_path: "a" } }) },
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ matchValue: "Read" });
  });

  it("replay reads piped standard input when no file is given", async () => {
    const lines = [JSON.stringify({ event: "PreToolUse", payload: JSON.parse(rmPayload) })];
    const run = await runCli(["replay", "--profile", "claude", "--config", claudeConfig], {
      input: `${lines.join("\n")}\n`,
    });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(run.stdout)).toMatchObject({ event: "PreToolUse", decision: "deny" });
  });
});

describe("agent-hooks dispatch with broken configuration", () => {
  it.each([
    ["malformed JSON", '{"hooks": ', /agent-hooks: error invalid_json: .*\(.*hooks\.json/],
    [
      "hooks of the wrong type",
      '{"hooks": 3}',
      /agent-hooks: error invalid_config: .*hooks\.json hooks\)/,
    ],
  ])("prints %s on stderr, exits 0, and exits 1 with --strict", async (_name, text, line) => {
    const directory = createTestWorkspace("broken").root;
    const file = path.join(directory, "hooks.json");
    await writeFile(file, text);
    const args = ["dispatch", "Stop", "--profile", "claude", "--config", file];
    const run = await runCli(args);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(line);
    const result = JSON.parse(run.stdout) as DispatchResult;
    expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === "error")).toHaveLength(
      run.stderr.trim().split("\n").length,
    );
    const strict = await runCli([...args, "--strict"]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toBe(run.stderr);
    expect(JSON.parse(strict.stdout)).toEqual(result);
  });

  it("says on stderr that a --config file is missing", async () => {
    const run = await runCli([
      "dispatch",
      "Stop",
      "--profile",
      "deepagents",
      "--config",
      "test/fixtures/cli/nope.json",
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^agent-hooks: error config_not_found: .*nope\.json/);
    expect((await runCli(["dispatch", "Stop", "--config", "nope.json", "--strict"])).code).toBe(1);
  });

  it("exits 0 with --strict and prints nothing on stderr for a clean configuration", async () => {
    const run = await runCli([
      "dispatch",
      "Stop",
      "--profile",
      "deepagents",
      "--config",
      "examples/hooks.json",
      "--strict",
    ]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
  });

  it("replay --strict prints load and line errors on stderr and exits 1", async () => {
    const input = `${JSON.stringify({ event: "Stop", payload: {} })}\nnot json\n`;
    const lenient = await runCli(["replay", "-", "--config", config], { input });
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toMatch(/^agent-hooks: error invalid_matcher: /m);
    expect(lenient.stderr).toMatch(/^agent-hooks: error invalid_payload: -:2: not valid JSON/m);
    const strict = await runCli(["replay", "-", "--config", config, "--strict"], { input });
    expect(strict.code).toBe(1);
  });
});

describe("agent-hooks replay", () => {
  it("serves every line from one engine: the ninth consecutive Stop block is refused", async () => {
    const lines = Array.from({ length: 9 }, () => JSON.stringify({ event: "Stop", payload: {} }));
    lines.push(JSON.stringify({ event: "UserPromptSubmit", payload: { prompt: "again" } }));
    lines.push(JSON.stringify({ event: "Stop", payload: {} }));
    lines.push("not json");
    const run = await runCli(["replay", "-", "--config", config], {
      input: `${lines.join("\n")}\n`,
    });
    expect(run.code).toBe(0);
    const results = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as DispatchResult);
    expect(results).toHaveLength(12);
    expect(results.slice(0, 8).map((result) => result.decision)).toEqual(Array(8).fill("block"));
    expect(results[8]?.decision).toBeNull();
    expect(results[8]?.diagnostics.map((diagnostic) => diagnostic.code)).toContain(
      "continuation_cap",
    );
    expect(results[10]?.decision).toBe("block");
    expect(results[11]?.diagnostics).toContainEqual(
      expect.objectContaining({ code: "invalid_payload", message: expect.stringMatching(/-:12/) }),
    );
  });

  it("prints a readable timeline with --pretty", async () => {
    const run = await runCli([
      "replay",
      "examples/session.jsonl",
      "--config",
      "examples/hooks.json",
      "--pretty",
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("▸ PreToolUse Bash (execute) · rm -rf build");
    expect(run.stdout).toMatch(/decision: deny — Recursive or forced rm is blocked/);
    expect(run.stdout).toMatch(/decision: ask — \.env may hold secrets/);
    expect(run.stdout).toMatch(/decision: block — Run the tests/);
  });
});

describe("agent-hooks validate and config path", () => {
  it("prints diagnostics readably and exits 1 when any is an error", async () => {
    const run = await runCli(["validate", "--config", config]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/error\s+invalid_matcher/);
    expect(run.stdout).toContain("hooks.PreToolUse[1].matcher");
    const json = await runCli(["validate", "--config", config, "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ profile: "deepagents", handlers: 2 });
  });

  it("reports a missing or non-executable script as an error, in validate and explain", async () => {
    const directory = "test/fixtures/cli/broken-scripts";
    const flags = ["--cwd", directory, "--config", `${directory}/hooks.json`];
    const run = await runCli(["validate", ...flags, "--json"]);
    expect(run.code).toBe(1);
    const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
    expect(diagnostics.map(({ code, path }) => [code, path])).toEqual([
      ["script_not_executable", "hooks.PreToolUse[0].hooks[0]"],
      ["script_not_found", "hooks.PostToolUse[0].hooks[0]"],
      ["script_not_found", "hooks.Stop[0].hooks[0]"],
    ]);
    expect(diagnostics[0]?.file).toMatch(/broken-scripts[\\/]hooks\.json$/);
    expect(diagnostics[0]?.message).toMatch(/not-executable\.sh, which is not executable/);
    const input = JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" } });
    const explained = await runCli(["explain", "PreToolUse", ...flags], { input });
    expect(explained.stdout).toMatch(/0 of 6 configured hooks would run, 1 would fail/);
    expect(explained.stdout).toMatch(/would fail PreToolUse:0:0 .*script_not_executable/);
  });

  it("warns of bash-only syntax in a command Claude Code runs with /bin/sh, in validate and explain", async () => {
    const directory = "test/fixtures/cli/bash-syntax";
    const home = createTestWorkspace("home").root;
    const flags = ["--profile", "claude", "--cwd", directory, "--home", home];
    const settings = ["--config", `${directory}/settings.json`];
    const run = await runCli(["validate", ...flags, ...settings, "--json"]);
    expect(run.code).toBe(0);
    const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
    expect(diagnostics.map(({ code, severity, path }) => [code, severity, path])).toEqual([
      ["bash_syntax", "warning", "hooks.PreToolUse[0].hooks[0].command"],
      ["bash_syntax", "warning", "hooks.PreToolUse[0].hooks[2].command"],
    ]);
    expect(diagnostics[0]?.file).toMatch(/bash-syntax[\\/]settings\.json$/);
    expect(diagnostics[0]?.message).toMatch(
      /uses the bash test `\[\[ … \]\]` .*\(line 1, column 1\), but runs with \/bin\/sh -c/,
    );
    expect(diagnostics[1]?.message).toMatch(/uses an array \(line 1, column 7\)/);
    const input = JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" } });
    const explained = await runCli(["explain", "PreToolUse", ...flags, ...settings], { input });
    expect(explained.stdout).toMatch(/2 of 4 configured hooks would run, 2 would fail/);
    expect(explained.stdout).toMatch(/would fail PreToolUse:0:0 .*bash_syntax: .*bash test/);
  });

  it("exits 0 for a clean configuration", async () => {
    const run = await runCli(["validate", "--config", "examples/hooks.json"]);
    expect(run.stdout).toMatch(/5 handlers loaded/);
    expect(run.code).toBe(0);
  });

  it("resolves ~/.deepagents/hooks.json under --home and says whether it exists", async () => {
    const home = createTestWorkspace("home").root;
    const missing = await runCli(["config", "path", "--home", home, "--json"]);
    const file = path.join(home, ".deepagents", "hooks.json");
    expect(JSON.parse(missing.stdout)).toEqual([{ file, layer: "user", exists: false }]);
    await mkdir(path.dirname(file));
    await writeFile(file, "{}");
    const present = await runCli(["config", "path", "--home", home]);
    expect(present.stdout).toContain(`${file}  (user)  exists`);
  });
});

describe("agent-hooks dispatch --profile claude: decisions as Claude Code makes them", () => {
  // Each case's hook prints `stdout`, writes `stderr` and exits with `code`.
  const hook = (stdout: string, code: number, stderr = "") => ({
    type: "command",
    command: `cat >/dev/null; printf '%s' '${stdout}'; printf '%s' '${stderr}' >&2; exit ${code}`,
  });
  const rm = { tool_name: "Bash", tool_input: { command: "rm -rf /" } };
  it.each([
    [
      "a rewrite with no decision",
      "PreToolUse",
      rm,
      hook(
        '{"hookSpecificOutput":{"hookEventName":"PreToolUse","updatedInput":{"command":"ls"}}}',
        0,
      ),
      { decision: null, updatedInput: { command: "ls" }, continue: true },
    ],
    [
      "continue: false beside a deny",
      "PreToolUse",
      rm,
      hook(
        '{"continue":false,"stopReason":"halt","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}',
        0,
      ),
      { decision: "deny", reason: "no rm", continue: false, stopReason: "halt" },
    ],
    [
      "exit 2 with empty stderr",
      "PreToolUse",
      rm,
      hook("", 2),
      { decision: "deny", reason: "No stderr output" },
    ],
    [
      "exit 2 with JSON on a Stop",
      "Stop",
      {},
      hook('{"decision":"block","reason":"from json"}', 2, "from stderr"),
      { decision: "block", reason: "from json" },
    ],
    [
      "exit 2 with JSON on a UserPromptSubmit",
      "UserPromptSubmit",
      { prompt: "hi" },
      hook('{"decision":"block","reason":"from json"}', 2, "from stderr"),
      { decision: "block", reason: "from json" },
    ],
    [
      "exit 3 with a deny JSON",
      "PreToolUse",
      rm,
      hook(
        '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"EXIT3-NEEDLE"}}',
        3,
      ),
      { decision: "deny", reason: "EXIT3-NEEDLE", runs: [{ status: "blocked", exitCode: 3 }] },
    ],
    [
      "exit 1 with additionalContext JSON",
      "PreToolUse",
      rm,
      hook(
        '{"hookSpecificOutput":{"hookEventName":"PreToolUse","additionalContext":"EXIT1-CONTEXT-NEEDLE"}}',
        1,
      ),
      {
        decision: null,
        additionalContext: ["EXIT1-CONTEXT-NEEDLE"],
        runs: [{ status: "ok", exitCode: 1 }],
        diagnostics: [{ code: "nonzero_exit", severity: "warning" }],
      },
    ],
    [
      "a one-shot Stop with stop_hook_active: true (the guard lets Claude stop)",
      "Stop",
      { stop_hook_active: true },
      {
        type: "command",
        command: `grep -q '"stop_hook_active":true' && exit 0; printf '%s' '{"decision":"block","reason":"again"}'`,
      },
      { decision: null, reason: null },
    ],
  ])("%s", async (_name, event, payload, handler, expected) => {
    const workspace = createTestWorkspace("dispatch-claude");
    const file = workspace.writeJson("settings.json", {
      hooks: { [event]: [{ hooks: [handler] }] },
    });
    const run = await runCli(
      ["dispatch", event, "--profile", "claude", "--config", file, "--payload", "-"],
      { input: JSON.stringify(payload), cwd: workspace.root },
    );
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as DispatchResult;
    expect(result).toMatchObject({ event, ...expected });
    // Each warning (a failed exit) is also a line on stderr; nothing else is.
    const lines = run.stderr.split("\n").filter((line) => line !== "");
    expect(lines.map((line) => /^agent-hooks: (\w+ \w+): /.exec(line)?.[1])).toEqual(
      result.diagnostics
        .filter((diagnostic) => diagnostic.severity !== "info")
        .map((diagnostic) => `${diagnostic.severity} ${diagnostic.code}`),
    );
  });
});
