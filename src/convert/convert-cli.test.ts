import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { runCli } from "../../test/support/run-cli.js";
import { packageRoot as root } from "../../test/support/run-node-script.js";

const fixtures = "test/fixtures/convert";

function readExpected(name: string): Promise<string> {
  return readFile(path.join(root, fixtures, "expected", name), "utf8");
}

describe("agent-hooks convert", () => {
  it("prints the converted configuration and exits 0 when nothing is lost", async () => {
    const run = await runCli([
      "convert",
      "--from",
      "deepagents",
      "--to",
      "zerocode",
      "--to-format",
      "toml",
      `${fixtures}/deepagents/hooks.json`,
    ]);
    expect(run).toEqual({
      code: 0,
      stdout: await readExpected("deepagents-hooks.to-zerocode.toml.out"),
      stderr: "",
    });
  });

  it("lists every loss on stderr, one line each, and exits 3", async () => {
    const run = await runCli([
      "convert",
      "--from",
      "claude",
      "--to",
      "deepagents",
      `${fixtures}/claude/settings.json.txt`,
    ]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe(await readExpected("claude-settings.to-deepagents.json.out"));
    expect(run.stderr).toBe(await readExpected("claude-settings.to-deepagents.json.stderr"));
  });

  it("writes to --output, as TOML when the ZeroCode file ends in .toml", async () => {
    const directory = createTestWorkspace("convert").root;
    const output = path.join(directory, "config.toml");
    const run = await runCli([
      "convert",
      "--from",
      "deepagents",
      "--to",
      "zerocode",
      "-o",
      output,
      `${fixtures}/deepagents/hooks.json`,
    ]);
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(await readFile(output, "utf8")).toBe(
      await readExpected("deepagents-hooks.to-zerocode.toml.out"),
    );
  });

  it("reads standard input, as TOML with --from-format toml", async () => {
    const toml = await readFile(path.join(root, fixtures, "zerocode/config.toml"), "utf8");
    const run = await runCli(
      ["convert", "--from", "zerocode", "--from-format", "toml", "--to", "claude", "-"],
      { input: toml },
    );
    expect(run.code).toBe(3);
    expect(run.stdout).toBe(await readExpected("zerocode-config.to-claude.json.out"));
  });

  it("converts a file back to its own format without loss", async () => {
    const run = await runCli([
      "convert",
      "--from",
      "vscode",
      "--to",
      "vscode",
      `${fixtures}/vscode/hooks.json`,
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual(
      JSON.parse(await readFile(path.join(root, fixtures, "vscode/hooks.json"), "utf8")),
    );
  });

  it.each([
    [
      ["--from", "windsurf", "--to", "claude", `${fixtures}/deepagents/hooks.json`],
      'agent-hooks: unknown --from format "windsurf" (choose from: deepagents, zerocode, vscode, copilot, claude, gemini, codex, cursor)\n',
    ],
    [
      ["--from", "claude", "--to", "deepagents", `${fixtures}/missing.json`],
      `agent-hooks: cannot read ${fixtures}/missing.json (ENOENT)\n`,
    ],
    [
      ["--from", "deepagents", "--to", "claude", `${fixtures}/zerocode/config.toml`],
      `agent-hooks: ${fixtures}/zerocode/config.toml is not valid JSON: unexpected character at line 1, column 1\n`,
    ],
    [
      [
        "--from",
        "claude",
        "--to",
        "vscode",
        "--to-format",
        "toml",
        `${fixtures}/vscode/hooks.json`,
      ],
      "agent-hooks: vscode is written as json, not toml\n",
    ],
    [
      [
        "--from",
        "claude",
        "--to",
        "vscode",
        "--to-format",
        "yaml",
        `${fixtures}/vscode/hooks.json`,
      ],
      'agent-hooks: unknown --to-format "yaml" (choose from: json, toml)\n',
    ],
  ])("exits 1 with one line on a usage error: %j", async (args, stderr) => {
    const run = await runCli(["convert", ...args]);
    expect(run).toEqual({ code: 1, stdout: "", stderr });
  });

  it("converts a Claude guard to Gemini CLI: milliseconds and Gemini's tool name, exit 3 as Gemini CLI does not read its decisions", async () => {
    const guard = {
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh", timeout: 30 }] },
        ],
      },
    };
    const run = await runCli(["convert", "--from", "claude", "--to", "gemini", "-"], {
      input: JSON.stringify(guard),
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(
      'agent-hooks convert: lossy: the hooks\' output is Claude Code\'s (hookSpecificOutput.permissionDecision, decision: "block", continue), which Gemini CLI does not read: it reads {"decision": "allow"|"deny", "reason"} and sends its own payloads, so a decision a hook prints is ignored there and what it would block goes ahead (an exit 2 still blocks); convert with --shim to have agent-hooks shim translate each payload and reply\n',
    );
    expect(JSON.parse(run.stdout)).toEqual({
      hooks: {
        BeforeTool: [
          {
            matcher: "^run_shell_command$",
            hooks: [{ type: "command", command: "./guard.sh", timeout: 30000 }],
          },
        ],
      },
    });
  });

  it("lists a Claude event Gemini CLI lacks on stderr and exits 3", async () => {
    const settings = {
      hooks: { PermissionRequest: [{ hooks: [{ type: "command", command: "./a.sh" }] }] },
    };
    const run = await runCli(["convert", "--from", "claude", "--to", "gemini", "-"], {
      input: JSON.stringify(settings),
    });
    expect(run.code).toBe(3);
    expect(JSON.parse(run.stdout)).toEqual({ hooks: {} });
    expect(run.stderr).toContain("PermissionRequest");
  });

  it("converts a Claude guard to Codex TOML and back, noting Codex's trust review and, with exit 3, that Codex 0.169 may fail the guard's replies", async () => {
    const workspace = createTestWorkspace("convert-codex");
    const guard = {
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh", timeout: 30 }] },
        ],
      },
    };
    const source = workspace.writeJson("settings.json", guard);
    const target = workspace.path("config.toml");
    const run = await runCli([
      "convert",
      "--from",
      "claude",
      "--to",
      "codex",
      "-o",
      target,
      source,
    ]);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      "agent-hooks convert: lossy: the hook's output at hooks.PreToolUse[0].hooks[0]: it was written for another agent, and Codex 0.169 fails the hook for",
    );
    expect(run.stderr).toContain(
      "convert with --shim to have agent-hooks shim translate each reply",
    );
    expect(run.stderr).toContain(
      "agent-hooks convert: note: the converted hooks run in Codex only",
    );
    expect(await readFile(target, "utf8")).toContain('matcher = "^Bash$"');
    const back = await runCli(["convert", "--from", "codex", "--to", "claude", target]);
    expect(back.code).toBe(0);
    expect(back.stderr).toBe("");
    expect(JSON.parse(back.stdout)).toEqual(guard);
  });

  it("converts a Claude guard to Cursor and back: preToolUse on ^Shell$, seconds, exit 3 as each reads another protocol", async () => {
    const workspace = createTestWorkspace("convert-cursor");
    const guard = {
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh", timeout: 30 }] },
        ],
      },
    };
    const target = workspace.path("hooks.json");
    const run = await runCli(["convert", "--from", "claude", "--to", "cursor", "-o", target, "-"], {
      input: JSON.stringify(guard),
    });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(
      "agent-hooks convert: lossy: the hooks' output is Claude Code's (hookSpecificOutput.permissionDecision, decision: \"block\", continue), which Cursor does not read",
    );
    expect(JSON.parse(await readFile(target, "utf8"))).toEqual({
      version: 1,
      hooks: { preToolUse: [{ command: "./guard.sh", matcher: "^Shell$", timeout: 30 }] },
    });
    const back = await runCli(["convert", "--from", "cursor", "--to", "claude", target]);
    expect(back.code).toBe(3);
    expect(JSON.parse(back.stdout)).toEqual(guard);
  });

  it("converts the Cursor fixture to Claude Code, listing what is lost, exit 3", async () => {
    const run = await runCli([
      "convert",
      "--from",
      "cursor",
      "--to",
      "claude",
      `${fixtures}/cursor/hooks.json`,
    ]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe(await readExpected("cursor-hooks.to-claude.json.out"));
    expect(run.stderr).toBe(await readExpected("cursor-hooks.to-claude.json.stderr"));
  });

  it("exits 1 when --to is missing", async () => {
    const run = await runCli(["convert", "--from", "claude", `${fixtures}/vscode/hooks.json`]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("error: required option '--to <format>' not specified\n");
  });
});
