import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { loadConfig } from "../config/load-config.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { geminiProfile } from "../profiles/gemini.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// The gemini profile on a real Gemini CLI settings tree (test/fixtures/gemini-profile/: the
// workspace's .gemini/settings.json with comments, the user's ~/.gemini/settings.json), found by
// the profile's own locations and run through real hook scripts answering in Gemini CLI's fields.

const fixtures = fileURLToPath(new URL("../../test/fixtures/gemini-profile/", import.meta.url));
const project = join(fixtures, "project");
const home = join(fixtures, "home");
const binary = fileURLToPath(new URL("../../bin/agent-hooks.js", import.meta.url));
const codes = (result: DispatchResult) => result.diagnostics.map((item) => item.code);
const shell = (command: string) => ({
  tool_name: "run_shell_command",
  tool_input: { command },
});

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

const options = {
  profile: "gemini",
  cwd: project,
  home,
  env: { PATH: process.env.PATH, HOME: home },
  sessionId: "session-1",
} as const;

async function start(): Promise<HookEngine> {
  const engine = await createHookEngine(options);
  engines.push(engine);
  return engine;
}

describe("the gemini profile on a Gemini CLI settings tree", () => {
  it("loads the user and workspace settings, skipping the hook hooksConfig.disabled names", async () => {
    const loaded = await loadConfig(geminiProfile, options);
    expect(loaded.diagnostics.map((item) => [item.code, item.path])).toEqual([
      ["hook_disabled", "hooks.BeforeTool[1].hooks[0]"],
    ]);
    expect(loaded.definitions.map((hook) => [hook.layer, hook.event, hook.timeoutMs])).toEqual([
      ["user", "BeforeTool", 2000],
      ["project", "BeforeTool", 5000],
      ["project", "AfterTool", 60_000],
      ["project", "BeforeAgent", 60_000],
      ["project", "AfterAgent", 60_000],
      ["project", "SessionStart", 60_000],
    ]);
  });

  it.each([
    ["rm -rf build", "rm -rf is not allowed here"],
    ["git push", "pushing is blocked"],
    ["sudo ls", "sudo refused"],
  ])("BeforeTool %s: denied, with the reason the guard gave", async (command, reason) => {
    const engine = await start();
    const result = await engine.dispatch("BeforeTool", shell(command));
    expect(result).toMatchObject({ decision: "deny", reason });
    expect(result.systemMessages).toEqual(["the user layer ran"]);
  });

  it("BeforeTool ask: the call needs a person", async () => {
    const engine = await start();
    const result = await engine.dispatch("BeforeTool", shell("deploy prod"));
    expect(result).toMatchObject({ decision: "ask", reason: "deploying needs a person" });
  });

  it("BeforeTool hookSpecificOutput.tool_input alone rewrites the call", async () => {
    const engine = await start();
    const result = await engine.dispatch("BeforeTool", shell("npm test"));
    expect(result).toMatchObject({
      decision: null,
      updatedInput: { command: "npm test --silent" },
    });
    expect(codes(result)).toEqual([]);
  });

  it("BeforeTool continue: false stops the agent", async () => {
    const engine = await start();
    const result = await engine.dispatch("BeforeTool", shell("halt"));
    expect(result).toMatchObject({ continue: false, stopReason: "halted by the guard" });
  });

  it("write_file runs only the user layer's hook: the workspace's is disabled by name", async () => {
    const engine = await start();
    const result = await engine.dispatch("BeforeTool", {
      tool_name: "write_file",
      tool_input: { file_path: "a.txt", content: "a" },
    });
    expect(result.decision).toBeNull();
    expect(result.runs.map((run) => run.path)).toEqual(["hooks.BeforeTool[0].hooks[0]"]);
  });

  it("AfterTool context carries the handler's env and Gemini CLI's project variables", async () => {
    const engine = await start();
    const result = await engine.dispatch("AfterTool", {
      ...shell("ls"),
      tool_response: { llmContent: "a.txt" },
    });
    expect(result.additionalContext).toEqual([
      `from the handler env; ${project}; ${project}; ${project}`,
    ]);
  });

  it("BeforeAgent blocks a prompt with a secret and adds context to others", async () => {
    const engine = await start();
    const blocked = await engine.dispatch("BeforeAgent", { prompt: "here is my secret" });
    expect(blocked).toMatchObject({
      decision: "block",
      reason: "prompts with secrets are refused",
    });
    const checked = await engine.dispatch("BeforeAgent", { prompt: "fix the bug" });
    expect(checked).toMatchObject({
      decision: null,
      additionalContext: ["the prompt was checked"],
    });
  });

  it("AfterAgent's deny keeps the agent going once; stop_hook_active then lets it stop", async () => {
    const engine = await start();
    const payload = { prompt: "fix it", prompt_response: "Done." };
    const first = await engine.dispatch("AfterAgent", { ...payload, stop_hook_active: false });
    expect(first).toMatchObject({ decision: "block", reason: "run the tests before you stop" });
    const second = await engine.dispatch("AfterAgent", { ...payload, stop_hook_active: true });
    expect(second.decision).toBeNull();
  });

  it("SessionStart's matcher is the whole source: startup runs it, resume does not", async () => {
    const engine = await start();
    const startup = await engine.dispatch("SessionStart", { source: "startup" });
    expect(startup.additionalContext).toEqual(["the session started"]);
    const resume = await engine.dispatch("SessionStart", { source: "resume" });
    expect(resume.runs).toEqual([]);
  });

  it("writes the project directory, quoted, in place of every $GEMINI_PROJECT_DIR, as Gemini CLI does: a folder whose name has a space runs $GEMINI_PROJECT_DIR/hook.sh", async () => {
    const workspace = createTestWorkspace("gemini-space");
    const spaced = workspace.createDirectory("my project");
    workspace.writeScript(
      "my project/.gemini/hooks/note.sh",
      `#!/bin/sh\ncat > /dev/null\nprintf '{"systemMessage":"%s"}\\n' "$1"\n`,
    );
    const commands = [
      "$GEMINI_PROJECT_DIR/.gemini/hooks/note.sh unquoted",
      "$GEMINI_CWD/.gemini/hooks/note.sh cwd",
      "$CLAUDE_PROJECT_DIR/.gemini/hooks/note.sh claude",
      // Gemini CLI writes the quoted path inside the double quotes too: the path then holds
      // quote characters, and bash finds no such file (scenario quoted-project-dir-with-space).
      '"$GEMINI_PROJECT_DIR"/.gemini/hooks/note.sh quoted',
    ];
    workspace.writeJson("my project/.gemini/settings.json", {
      hooks: {
        BeforeTool: [
          {
            matcher: "run_shell_command",
            hooks: commands.map((command) => ({ type: "command", command })),
          },
        ],
      },
    });
    const engine = await createHookEngine({
      ...options,
      cwd: spaced,
      home: workspace.home,
      env: { PATH: process.env.PATH, HOME: workspace.home },
    });
    engines.push(engine);
    const result = await engine.dispatch("BeforeTool", shell("ls"));
    expect(result.systemMessages).toEqual(["unquoted", "cwd", "claude"]);
    expect(result.runs.map((run) => run.exitCode)).toEqual([0, 0, 0, 127]);
    // The run names the command as it is written.
    expect(result.runs.map((run) => run.command)).toEqual(commands);
  });

  it("agent-hooks dispatch BeforeTool --profile gemini runs the same tree", () => {
    const workspace = createTestWorkspace("gemini-cli");
    const run = spawnSync(
      process.execPath,
      [binary, "dispatch", "BeforeTool", "--profile", "gemini", "--cwd", project, "--home", home],
      {
        input: JSON.stringify({ session_id: "s", ...shell("rm -rf /") }),
        encoding: "utf8",
        env: { PATH: process.env.PATH, HOME: home, TMPDIR: workspace.root },
      },
    );
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      event: "BeforeTool",
      decision: "deny",
      reason: "rm -rf is not allowed here",
    });
  });
});
