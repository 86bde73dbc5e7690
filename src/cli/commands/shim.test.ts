import { copyFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  createTestWorkspace,
  type TestWorkspace,
} from "../../../test/support/create-test-workspace.js";
import { runCli } from "../../../test/support/run-cli.js";
import { packageRoot, runProgram, type ScriptRun } from "../../../test/support/run-node-script.js";
import { isRecord } from "../../shared/is-record.js";
import { quoteShellWord } from "../../shell/quote-shell-word.js";

const fixtures = path.join(packageRoot, "test/fixtures/shim");
// How a converted configuration starts this checkout's CLI (the built bin, npm run build first).
const shimCommand = [process.execPath, path.join(packageRoot, "bin/agent-hooks.js")]
  .map(quoteShellWord)
  .join(" ");

/** Runs a command string as the agents run a hook: `sh -c`, the payload on stdin. */
function runAsAgent(
  command: string,
  options: { cwd: string; env: Record<string, string | undefined>; input: string },
): Promise<ScriptRun> {
  return runProgram("/bin/sh", ["-c", command], options);
}

/** A Claude Code project with a PreToolUse guard on Bash that denies every call. */
function writeClaudeProject(workspace: TestWorkspace): string {
  const hooks = workspace.createDirectory("project", ".claude", "hooks");
  copyFileSync(path.join(fixtures, "claude-deny.sh"), path.join(hooks, "deny.sh"));
  return workspace.writeJson("project/.claude/settings.json", {
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/deny.sh' }],
        },
      ],
    },
  });
}

/** A ZeroCode project whose `.zerotwo/hooks.json` guards Bash with a ZeroCode deny hook. */
function writeZerocodeProject(workspace: TestWorkspace): string {
  const hooks = workspace.createDirectory("project", ".zerotwo", "hooks");
  const script = path.join(hooks, "deny.sh");
  copyFileSync(path.join(fixtures, "zerocode-deny.sh"), script);
  return workspace.writeJson("project/.zerotwo/hooks.json", {
    hooks: {
      PreToolUse: [
        { matcher: "^Bash$", hooks: [{ type: "command", command: quoteShellWord(script) }] },
      ],
    },
  });
}

async function convertWithShim(
  settings: string,
  to: string,
  from = "claude",
): Promise<Record<string, unknown>> {
  const run = await runCli([
    "convert",
    "--shim",
    "--shim-command",
    shimCommand,
    "--from",
    from,
    "--to",
    to,
    settings,
  ]);
  expect([0, 3], run.stderr).toContain(run.code);
  expect(run.stderr).toContain(`note: commands run through ${shimCommand} shim`);
  const parsed: unknown = JSON.parse(run.stdout);
  if (!isRecord(parsed)) throw new Error(`convert printed ${run.stdout}`);
  return parsed;
}

/** Every `[event, command]` of a converted document, grouped (Gemini CLI) or flat (Cursor). */
function listCommands(document: Record<string, unknown>): [string, string][] {
  const found: [string, string][] = [];
  const hooks = isRecord(document.hooks) ? document.hooks : {};
  for (const [event, entries] of Object.entries(hooks)) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries) {
      const handlers: unknown[] =
        isRecord(entry) && Array.isArray(entry.hooks) ? entry.hooks : [entry];
      for (const handler of handlers) {
        if (isRecord(handler) && typeof handler.command === "string") {
          found.push([event, handler.command]);
        }
      }
    }
  }
  return found;
}

function parseStdout(run: ScriptRun): Record<string, unknown> {
  const parsed: unknown = JSON.parse(run.stdout);
  if (!isRecord(parsed)) throw new Error(`not a JSON object: ${run.stdout}`);
  return parsed;
}

describe("agent-hooks convert --shim, run as the target agent runs it", () => {
  it("a Claude Code deny hook converted to Gemini CLI answers Gemini's deny", async () => {
    const workspace = createTestWorkspace("shim-cli");
    const converted = await convertWithShim(writeClaudeProject(workspace), "gemini");
    const commands = listCommands(converted);
    expect(commands).toHaveLength(1);
    const [event, command] = commands[0] ?? ["", ""];
    expect(event).toBe("BeforeTool");
    expect(command).toContain("shim --hook claude --host gemini --event BeforeTool");
    const payload = {
      session_id: "session-1",
      transcript_path: workspace.path("transcript.jsonl"),
      cwd: workspace.project,
      hook_event_name: "BeforeTool",
      timestamp: "2026-12-01T00:00:00.000Z",
      tool_name: "run_shell_command",
      tool_input: { command: "rm -rf /" },
    };
    // Gemini CLI sets GEMINI_PROJECT_DIR and, for Claude Code hooks, CLAUDE_PROJECT_DIR.
    const run = await runAsAgent(command, {
      cwd: workspace.project,
      env: {
        PATH: process.env.PATH,
        GEMINI_PROJECT_DIR: workspace.project,
        CLAUDE_PROJECT_DIR: workspace.project,
      },
      input: JSON.stringify(payload),
    });
    expect(run.code, run.stderr).toBe(0);
    expect(parseStdout(run)).toMatchObject({
      decision: "deny",
      reason: expect.stringContaining("rm -rf is not allowed here"),
    });
  });

  it("a Claude Code deny hook converted to Cursor answers Cursor's deny", async () => {
    const workspace = createTestWorkspace("shim-cli");
    const converted = await convertWithShim(writeClaudeProject(workspace), "cursor");
    expect(converted.version).toBe(1);
    const commands = listCommands(converted);
    expect(commands.length).toBeGreaterThanOrEqual(1);
    for (const [event, command] of commands) {
      expect(command).toContain(`shim --hook claude --host cursor --event ${event}`);
      const base = {
        conversation_id: "conversation-1",
        generation_id: "generation-1",
        hook_event_name: event,
        workspace_roots: [workspace.project],
      };
      const payload =
        event === "beforeShellExecution"
          ? { ...base, command: "rm -rf /", cwd: workspace.project }
          : { ...base, tool_name: "Shell", tool_input: { command: "rm -rf /" } };
      // Cursor sets no CLAUDE_PROJECT_DIR: the shim fills it in with the working directory.
      const run = await runAsAgent(command, {
        cwd: workspace.project,
        env: { PATH: process.env.PATH },
        input: JSON.stringify(payload),
      });
      expect(run.code, run.stderr).toBe(0);
      expect(parseStdout(run)).toMatchObject({
        permission: "deny",
        agent_message: expect.stringContaining("rm -rf is not allowed here"),
      });
    }
  });

  it("a ZeroCode deny hook converted to Cursor answers Cursor's deny, and lets ls through", async () => {
    const workspace = createTestWorkspace("shim-cli");
    const converted = await convertWithShim(writeZerocodeProject(workspace), "cursor", "zerocode");
    expect(converted.version).toBe(1);
    const commands = listCommands(converted);
    expect(commands.length).toBeGreaterThanOrEqual(1);
    for (const [event, command] of commands) {
      expect(command).toContain(`shim --hook zerocode --host cursor --event ${event}`);
      const base = {
        conversation_id: "conversation-1",
        generation_id: "generation-1",
        hook_event_name: event,
        workspace_roots: [workspace.project],
      };
      const shellPayload = (line: string) =>
        event === "beforeShellExecution"
          ? { ...base, command: line, cwd: workspace.project }
          : { ...base, tool_name: "Shell", tool_input: { command: line } };
      const denied = await runAsAgent(command, {
        cwd: workspace.project,
        env: { PATH: process.env.PATH },
        input: JSON.stringify(shellPayload("rm -rf /")),
      });
      expect(denied.code, denied.stderr).toBe(0);
      expect(parseStdout(denied)).toMatchObject({
        permission: "deny",
        agent_message: "Recursive rm is blocked by policy",
      });
      const allowed = await runAsAgent(command, {
        cwd: workspace.project,
        env: { PATH: process.env.PATH },
        input: JSON.stringify(shellPayload("ls")),
      });
      expect(allowed, allowed.stderr).toMatchObject({ code: 0, stdout: "" });
    }
  });
});

/**
 * The command as Gemini CLI 0.61.0 starts it (hookRunner.js `expandCommand`): each `$NAME` of
 * its five variables replaced, wherever it stands, by the directory quoted for the shell.
 */
function expandLikeGemini(command: string, cwd: string): string {
  return command.replace(
    /\$(GEMINI_PROJECT_DIR|GEMINI_CWD|GEMINI_PLANS_DIR|GEMINI_SESSION_ID|CLAUDE_PROJECT_DIR)/g,
    () => quoteShellWord(cwd),
  );
}

// A guard that denies `rm -rf` and lets anything else through.
const rmGuard = `#!/bin/sh
if grep -q 'rm -rf'; then
  printf '%s\\n' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed here"}}'
fi
`;

describe("agent-hooks convert --shim to Gemini CLI, in project paths Gemini's quoting breaks", () => {
  let converted: Promise<string> | undefined;
  // One conversion for every project: the command does not depend on where the project is.
  const convertOnce = (): Promise<string> => {
    converted ??= (async () => {
      const workspace = createTestWorkspace("shim-gemini-settings");
      const settings = workspace.writeJson(".claude/settings.json", {
        hooks: {
          PreToolUse: [
            {
              matcher: "Bash",
              hooks: [{ type: "command", command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' }],
            },
          ],
        },
      });
      const [entry] = listCommands(await convertWithShim(settings, "gemini"));
      return entry?.[1] ?? "";
    })();
    return converted;
  };

  it.each([
    "with space",
    "at@sign",
    "comma,name",
    "colon:name",
    "single'quote",
    'double"quote',
    "dollar$name",
    "back\\slash",
  ])("a project in %s: rm -rf denied, ls allowed", { timeout: 60_000 }, async (name) => {
    const workspace = createTestWorkspace("shim-gemini-path");
    const project = workspace.createDirectory("projects", name);
    workspace.writeScript(path.join("projects", name, ".claude/hooks/guard.sh"), rmGuard);
    const command = expandLikeGemini(await convertOnce(), project);
    const runTool = (line: string) =>
      runProgram("bash", ["-c", command], {
        cwd: project,
        env: { PATH: process.env.PATH, GEMINI_PROJECT_DIR: project, CLAUDE_PROJECT_DIR: project },
        input: JSON.stringify({
          session_id: "session-1",
          cwd: project,
          hook_event_name: "BeforeTool",
          tool_name: "run_shell_command",
          tool_input: { command: line },
        }),
      });
    const denied = await runTool("rm -rf /");
    expect(denied.code, denied.stderr).toBe(0);
    expect(parseStdout(denied)).toMatchObject({
      decision: "deny",
      reason: "rm -rf is not allowed here",
    });
    const allowed = await runTool("ls");
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toBe("");
    expect(allowed.stderr).not.toContain("agent-hooks shim");
  });
});

describe("agent-hooks shim", () => {
  it("kills a hook that hangs at --timeout and answers Cursor's fail-closed deny", async () => {
    const workspace = createTestWorkspace("shim-cli");
    const hang = workspace.path("hang.sh");
    copyFileSync(path.join(fixtures, "hang.sh"), hang);
    const payload = {
      conversation_id: "conversation-1",
      hook_event_name: "beforeShellExecution",
      workspace_roots: [workspace.project],
      command: "ls",
      cwd: workspace.project,
    };
    const run = await runCli(
      ["shim", "--hook", "claude", "--host", "cursor", "--timeout", "2", "--", hang],
      { cwd: workspace.project, input: JSON.stringify(payload) },
    );
    const denied = run.code === 2 || parseStdout(run).permission === "deny";
    expect(denied, `${run.code} ${run.stdout} ${run.stderr}`).toBe(true);
    // The timeout counts from the shim's own start: on a loaded machine it may pass before the
    // hook starts, which fails closed the same way.
    expect(run.stderr).toMatch(/timed out|--timeout had passed before the hook could start/);
  });

  it("fails closed (exit 2) on flags it cannot use", async () => {
    const run = await runCli(["shim", "--hook", "claude", "--host", "windsurf", "--", "true"], {
      input: "{}",
    });
    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'agent-hooks shim: unknown --host format "windsurf" (choose from: deepagents, zerocode, vscode, copilot, claude, gemini, codex, cursor); failing closed\n',
    });
  });
});
