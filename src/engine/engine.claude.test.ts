import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { copyFixture } from "../../test/support/copy-fixture.js";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import type { Diagnostic } from "../diagnostic.js";
import { createHookEngine, type HookEngine, type HookEngineOptions } from "./engine.js";

// The Claude Code profile, run through real Claude-style handler scripts
// (test/fixtures/claude/scripts/) and real-world hooks (test/fixtures/claude/real-world/).

const scripts = fileURLToPath(new URL("../../test/fixtures/claude/scripts/", import.meta.url));
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
/** A command string running a fixture script, as settings files write them. */
const script = (name: string, ...args: string[]) =>
  [join(scripts, name), ...args].map(quote).join(" ");
const command = (text: string, extra: Record<string, unknown> = {}) => ({
  type: "command",
  command: text,
  ...extra,
});
const group = (matcher: string | null, ...hooks: unknown[]) =>
  matcher === null ? { hooks } : { matcher, hooks };
const codes = (result: { readonly diagnostics: readonly Diagnostic[] }) =>
  result.diagnostics.map((diagnostic) => diagnostic.code);
const problems = (result: { readonly diagnostics: readonly Diagnostic[] }) =>
  result.diagnostics.filter((diagnostic) => diagnostic.severity !== "info");
const statuses = (result: DispatchResult) => result.runs.map((run) => run.status);
const bash = (text: string, extra: Record<string, unknown> = {}) => ({
  tool_name: "Bash",
  tool_input: { command: text },
  ...extra,
});

/** Engine options, plus the managed settings file the lead wires into the engine. */
type ClaudeEngineOptions = Partial<HookEngineOptions> & { managedSettings?: string };

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

interface Workspace {
  root: string;
  home: string;
  cwd: string;
  userSettings: string;
  projectSettings: string;
  localSettings: string;
}

function createWorkspace(): Workspace {
  const workspace = createTestWorkspace("claude-engine");
  const { root, home, project: cwd } = workspace;
  workspace.createDirectory("home", ".claude");
  workspace.createDirectory("project", ".claude");
  return {
    root,
    home,
    cwd,
    userSettings: join(home, ".claude", "settings.json"),
    projectSettings: join(cwd, ".claude", "settings.json"),
    localSettings: join(cwd, ".claude", "settings.local.json"),
  };
}

function writeSettings(file: string, settings: unknown): void {
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
}

async function createEngine(
  workspace: { home: string; cwd: string },
  extra: ClaudeEngineOptions = {},
): Promise<HookEngine> {
  const options: HookEngineOptions & { managedSettings?: string } = {
    profile: "claude",
    cwd: workspace.cwd,
    home: workspace.home,
    sessionId: "session-1",
    ...extra,
  };
  const engine = await createHookEngine(options);
  engines.push(engine);
  return engine;
}

/** Writes `{ hooks }` to the project's `.claude/settings.json` and creates an engine over it. */
async function setup(hooks: Record<string, unknown[]>, extra: ClaudeEngineOptions = {}) {
  const workspace = createWorkspace();
  writeSettings(workspace.projectSettings, { hooks });
  const engine = await createEngine(workspace, extra);
  return { ...workspace, engine };
}

describe.skipIf(process.platform === "win32")("createHookEngine (claude profile)", () => {
  describe("scripts written for Claude Code", () => {
    it("runs a script that never reads stdin, even when the payload fills the pipe", async () => {
      const { engine } = await setup({
        PreToolUse: [group("Write", command(script("no-stdin.sh")))],
      });
      const result = await engine.dispatch("PreToolUse", {
        tool_name: "Write",
        tool_input: { file_path: "big.txt", content: "x".repeat(4 * 1024 * 1024) },
      });
      expect(result).toMatchObject({ decision: "allow", reason: "checked without reading stdin" });
      expect(statuses(result)).toEqual(["ok"]);
      expect(result.diagnostics).toEqual([]);
    });

    it("lets exit 2 deny over the allow a script prints before it: stderr is the reason", async () => {
      const { engine } = await setup({
        PreToolUse: [group("Bash", command(script("json-then-exit-2.sh")))],
        Stop: [group(null, command(script("json-then-exit-2.sh")))],
      });
      const pre = await engine.dispatch("PreToolUse", bash("psql prod"));
      expect(pre).toMatchObject({
        decision: "deny",
        reason: "Blocked by policy: use the staging database",
      });
      expect(pre.runs).toEqual([expect.objectContaining({ status: "blocked", exitCode: 2 })]);
      expect(pre.diagnostics).toEqual([]);
      const stop = await engine.dispatch("Stop", {});
      expect(stop).toMatchObject({
        decision: "block",
        reason: "Blocked by policy: use the staging database",
      });
    });

    it("ignores unknown output keys and applies the rest", async () => {
      const { engine } = await setup({
        PreToolUse: [group("Bash", command(script("extra-keys.sh")))],
      });
      const result = await engine.dispatch("PreToolUse", bash("git push origin main"));
      expect(result).toMatchObject({
        decision: "deny",
        reason: "Pushing to main is not allowed",
        systemMessages: ["policy-guard checked the command"],
      });
      expect(statuses(result)).toEqual(["blocked"]);
      expect(problems(result)).toEqual([]);
      expect(codes(result)).toEqual([
        "unknown_field",
        "unknown_field",
        "unknown_field",
        "unknown_field",
      ]);
    });

    it("runs inline commands with /bin/sh -c, as Claude Code does, also with shell: bash", async () => {
      const { engine } = await setup(
        {
          UserPromptSubmit: [
            group(null, command('echo "plain $0"')),
            group(null, command('echo "field $0"', { shell: "bash" })),
          ],
        },
        { env: { ...process.env, SHELL: "/bin/bash" } },
      );
      const result = await engine.dispatch("UserPromptSubmit", { prompt: "deploy now" });
      expect(result.diagnostics).toEqual([]);
      expect(result.additionalContext).toEqual(["plain /bin/sh", "field /bin/sh"]);
    });

    it("exports CLAUDE_PROJECT_DIR, the project directory, to every handler", async () => {
      const workspace = createWorkspace();
      const hooksDirectory = join(workspace.cwd, ".claude", "hooks");
      mkdirSync(hooksDirectory);
      writeFileSync(
        join(hooksDirectory, "where.sh"),
        readFileSync(join(scripts, "project-dir.sh"), "utf8"),
        { mode: 0o755 },
      );
      writeSettings(workspace.projectSettings, {
        hooks: {
          SessionStart: [group(null, command('"$CLAUDE_PROJECT_DIR"/.claude/hooks/where.sh'))],
          Notification: [group(null, command(script("project-dir.sh")))],
        },
      });
      const engine = await createEngine(workspace, {
        env: { ...process.env, CLAUDE_PROJECT_DIR: "/somewhere/else" },
      });
      const started = await engine.dispatch("SessionStart", { source: "startup" });
      expect(started.diagnostics).toEqual([]);
      expect(started.additionalContext).toEqual([`project=${workspace.cwd}`]);
      const notified = await engine.dispatch("Notification", { notification_type: "idle_prompt" });
      expect(statuses(notified)).toEqual(["ok"]);
    });

    it("passes no inherited OTEL_ variable to hooks, as Claude Code does", async () => {
      const { engine } = await setup(
        { SessionStart: [group(null, command(script("otel-variables.sh")))] },
        {
          env: {
            ...process.env,
            OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318",
            OTEL_SERVICE_NAME: "agent",
            OTELISH: "kept",
          },
        },
      );
      const started = await engine.dispatch("SessionStart", { source: "startup" });
      expect(started.additionalContext).toEqual(["OTELISH=kept end"]);
    });

    it("applies updatedInput with an allow", async () => {
      const { engine } = await setup({
        PreToolUse: [group("Bash", command(script("rewrite-command.sh")))],
      });
      const allowed = await engine.dispatch(
        "PreToolUse",
        bash("npm install", { tool_input: { command: "npm install", description: "Install" } }),
      );
      expect(allowed).toMatchObject({
        decision: "allow",
        reason: "npm is run as pnpm here",
        updatedInput: { command: "pnpm install", description: "Install" },
      });
      expect(allowed.diagnostics).toEqual([]);
      const untouched = await engine.dispatch("PreToolUse", bash("ls"));
      expect(untouched).toMatchObject({ decision: null, updatedInput: null });
    });

    // Needs the pipeline to keep the decision when a rewrite comes with ask or deny.
    it("keeps the rewrite of an ask, and the deny of a deny that carries a rewrite", async () => {
      const { engine } = await setup({
        PreToolUse: [group("Bash", command(script("rewrite-command.sh")))],
      });
      const asked = await engine.dispatch("PreToolUse", bash("pip install requests"));
      expect(asked).toMatchObject({
        decision: "ask",
        reason: "pip is run through uv here",
        updatedInput: { command: "uv pip install requests" },
      });
      const denied = await engine.dispatch("PreToolUse", bash("yarn add left-pad"));
      expect(denied).toMatchObject({ decision: "deny", reason: "use pnpm", updatedInput: null });
      expect(statuses(denied)).toEqual(["blocked"]);
    });

    it("keeps the turn going once with a Stop block, then sees stop_hook_active", async () => {
      const { engine } = await setup({
        Stop: [group(null, command(script("stop-until-done.sh")))],
      });
      const first = await engine.dispatch("Stop", {});
      expect(first).toMatchObject({
        decision: "block",
        reason: "Run the linter before you finish (stop_hook_active=false)",
      });
      const second = await engine.dispatch("Stop", {});
      expect(second).toMatchObject({ decision: null, reason: null });
      expect(statuses(second)).toEqual(["ok"]);
      const third = await engine.dispatch("Stop", {});
      expect(third.decision).toBe("block");
    });

    it("ends the turn after 8 consecutive Stop blocks, as Claude Code does", async () => {
      const { engine } = await setup({
        Stop: [group(null, command(script("always-block-stop.sh")))],
      });
      const reasons: (string | null)[] = [];
      for (let index = 0; index < 8; index += 1) {
        const result = await engine.dispatch("Stop", {});
        expect(codes(result)).toEqual([]);
        reasons.push(result.reason);
      }
      expect(reasons).toEqual([
        "keep going (stop_hook_active=false)",
        ...Array.from({ length: 7 }, () => "keep going (stop_hook_active=true)"),
      ]);
      const ninth = await engine.dispatch("Stop", {});
      expect(ninth).toMatchObject({ decision: null, reason: null });
      expect(codes(ninth)).toEqual(["continuation_cap"]);
      await engine.dispatch("UserPromptSubmit", { prompt: "next" });
      const fresh = await engine.dispatch("Stop", {});
      expect(fresh.reason).toBe("keep going (stop_hook_active=false)");
    });

    it.each([
      ["2", 2],
      ["0", 12],
    ])(
      "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=%s in the engine's env allows %i blocks in a row",
      async (value, allowed) => {
        const { engine } = await setup(
          { Stop: [group(null, command(script("always-block-stop.sh")))] },
          { env: { ...process.env, CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: value } },
        );
        const decisions: (string | null)[] = [];
        for (let index = 0; index < Math.min(allowed + 1, 12); index += 1) {
          decisions.push((await engine.dispatch("Stop", {})).decision);
        }
        const expected = Array.from({ length: Math.min(allowed + 1, 12) }, (_, index) =>
          index < allowed ? "block" : null,
        );
        expect(decisions).toEqual(expected);
      },
    );

    it("treats plain stdout as context for SessionStart and UserPromptSubmit only", async () => {
      const plain = [group(null, command(script("plain-context.sh")))];
      const { engine } = await setup({
        SessionStart: plain,
        UserPromptSubmit: plain,
        PreToolUse: plain,
        PostToolUse: plain,
        Stop: plain,
      });
      const expected = {
        SessionStart: ["Sprint goal: ship the billing export"],
        UserPromptSubmit: ["Sprint goal: ship the billing export"],
        PreToolUse: [],
        PostToolUse: [],
        Stop: [],
      };
      for (const [event, context] of Object.entries(expected)) {
        const result = await engine.dispatch(event, { ...bash("ls"), source: "startup" });
        expect([event, result.additionalContext, result.diagnostics]).toEqual([event, context, []]);
      }
    });
  });

  describe("settings files", () => {
    it("loads user, project and local settings in order; a repeated command runs once, from the higher layer", async () => {
      const root = copyFixture("claude/layers", createTestWorkspace("claude-layers").root);
      const workspace = { home: join(root, "home"), cwd: join(root, "project") };
      const engine = await createEngine(workspace);
      expect(engine.diagnostics).toEqual([]);
      const startup = await engine.dispatch("SessionStart", { source: "startup" });
      // `echo shared` is in the user and the project settings: the project's copy runs.
      expect(startup.additionalContext).toEqual(["user", "project", "shared", "local"]);
      expect(statuses(startup)).toEqual(["ok", "skipped", "ok", "ok", "ok"]);
      expect(codes(startup)).toEqual(["duplicate_handler"]);
      const cleared = await engine.dispatch("SessionStart", { source: "clear" });
      expect(cleared.additionalContext).toEqual(["local"]);
    });

    it("reads the managed settings file first (engine option managedSettings)", async () => {
      const root = copyFixture("claude/layers", createTestWorkspace("claude-layers").root);
      const workspace = { home: join(root, "home"), cwd: join(root, "project") };
      const engine = await createEngine(workspace, {
        managedSettings: join(root, "managed", "managed-settings.json"),
      });
      const startup = await engine.dispatch("SessionStart", { source: "startup" });
      expect(startup.additionalContext).toEqual(["managed", "user", "project", "shared", "local"]);
    });

    it("runs no hooks when disableAllHooks is true", async () => {
      const workspace = createWorkspace();
      writeSettings(workspace.userSettings, {
        hooks: { SessionStart: [group(null, command("echo user"))] },
      });
      writeSettings(workspace.localSettings, { disableAllHooks: true });
      const engine = await createEngine(workspace);
      expect(codes(engine)).toEqual(["hooks_disabled"]);
      const result = await engine.dispatch("SessionStart", { source: "startup" });
      expect(result).toMatchObject({ runs: [], additionalContext: [], diagnostics: [] });
    });

    it("skips prompt, agent and mcp_tool handlers whose host callback is missing, naming it; command siblings run", async () => {
      const { engine } = await setup({
        Stop: [
          group(
            null,
            { type: "prompt", prompt: "Are all tasks done? $ARGUMENTS" },
            { type: "agent", prompt: "Check the tests" },
            { type: "mcp_tool", server: "memory", tool: "check" },
            command('echo \'{"systemMessage": "stop checked"}\''),
          ),
        ],
      });
      const lent =
        "the handler runs only in dispatches that lend one (the agent-hooks adapters lend the agent's model)";
      expect(engine.diagnostics.map(({ code, message, path }) => [code, message, path])).toEqual([
        [
          "unsupported_handler_type",
          `Handler type "prompt" needs the host's evaluatePrompt callback, which this engine was not given; ${lent}`,
          "hooks.Stop[0].hooks[0].type",
        ],
        [
          "unsupported_handler_type",
          `Handler type "agent" needs the host's runAgentHook callback, which this engine was not given; ${lent}`,
          "hooks.Stop[0].hooks[1].type",
        ],
        [
          "unsupported_handler_type",
          `Handler type "mcp_tool" needs the host's callMcpTool callback, which this engine was not given; ${lent}`,
          "hooks.Stop[0].hooks[2].type",
        ],
      ]);
      const result = await engine.dispatch("Stop", {});
      expect(result.systemMessages).toEqual(["stop checked"]);
      expect(result.runs.map((run) => run.status)).toEqual(["skipped", "skipped", "skipped", "ok"]);
      expect(result.diagnostics.map(({ code, path }) => [code, path])).toEqual([
        ["unsupported_handler_type", "hooks.Stop[0].hooks[0].type"],
        ["unsupported_handler_type", "hooks.Stop[0].hooks[1].type"],
        ["unsupported_handler_type", "hooks.Stop[0].hooks[2].type"],
      ]);
    });

    it("filters handlers with an if rule on the tool call", async () => {
      const { engine } = await setup({
        PreToolUse: [
          group(
            "Bash",
            command('echo \'{"systemMessage": "git"}\'', { if: "Bash(git *)" }),
            command('echo \'{"systemMessage": "any"}\''),
          ),
        ],
      });
      expect((await engine.dispatch("PreToolUse", bash("git push"))).systemMessages).toEqual([
        "git",
        "any",
      ]);
      expect((await engine.dispatch("PreToolUse", bash("ls"))).systemMessages).toEqual(["any"]);
    });
  });

  describe("event semantics", () => {
    // Exit 2 from each event: its blocking decision, feedback for Claude, or stderr for the user only.
    it.each([
      ["PreToolUse", "deny", []],
      ["PermissionRequest", "deny", []],
      ["UserPromptSubmit", "block", []],
      ["Stop", "block", []],
      ["SubagentStop", "block", []],
      ["PreCompact", "block", []],
      ["PostToolUse", "block", []],
      ["PostToolUseFailure", null, ["block_ignored"]],
      ["SessionStart", null, ["block_ignored"]],
      ["SessionEnd", null, ["block_ignored"]],
      ["Notification", null, ["block_ignored"]],
      ["SubagentStart", null, ["block_ignored"]],
      ["PostCompact", null, ["block_ignored"]],
    ])("exit 2 from %s decides %s", async (event, decision, diagnostics) => {
      const { engine } = await setup({
        [event]: [group(null, command(script("exit-2.sh", event)))],
      });
      const result = await engine.dispatch(event, bash("ls"));
      expect(result.decision).toBe(decision);
      expect(result.reason).toBe(decision === null ? null : `exit 2 from ${event}`);
      expect(codes(result)).toEqual(diagnostics);
      expect(statuses(result)).toEqual(["blocked"]);
      // Only PostToolUseFailure hands a non-deciding block to Claude as feedback.
      expect(result.additionalContext).toEqual(
        event === "PostToolUseFailure" ? [`exit 2 from ${event}`] : [],
      );
    });

    it("reads legacy approve and block decisions on PreToolUse", async () => {
      const { engine } = await setup({
        PreToolUse: [
          group("Read", command(`echo '{"decision": "approve", "reason": "docs are public"}'`)),
          group("Bash", command(`echo '{"decision": "block", "reason": "no shell"}'`)),
        ],
      });
      const read = await engine.dispatch("PreToolUse", { tool_name: "Read", tool_input: {} });
      expect(read).toMatchObject({ decision: "allow", reason: "docs are public" });
      const shell = await engine.dispatch("PreToolUse", bash("ls"));
      expect(shell).toMatchObject({ decision: "deny", reason: "no shell" });
    });

    it("blocks a prompt with decision block and adds UserPromptSubmit context", async () => {
      const { engine } = await setup({
        UserPromptSubmit: [
          group(
            null,
            command(
              `echo '{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit", "additionalContext": "Current branch: main"}}'`,
            ),
            command(
              `echo '{"decision": "block", "reason": "Prompts about production are reviewed"}'`,
            ),
          ),
        ],
      });
      const result = await engine.dispatch("UserPromptSubmit", { prompt: "drop prod" });
      expect(result).toMatchObject({
        decision: "block",
        reason: "Prompts about production are reviewed",
        additionalContext: ["Current branch: main"],
      });
    });

    it("applies PermissionRequest decision.behavior and its decision.updatedInput", async () => {
      const { engine } = await setup({
        PermissionRequest: [
          group(
            "Bash",
            command(
              `echo '{"hookSpecificOutput": {"hookEventName": "PermissionRequest", "decision": {"behavior": "allow", "updatedInput": {"command": "ls -la"}}}}'`,
            ),
          ),
        ],
      });
      const result = await engine.dispatch("PermissionRequest", bash("ls"));
      expect(result).toMatchObject({ decision: "allow", updatedInput: { command: "ls -la" } });
      expect(codes(result)).toEqual([]);
    });

    it("dispatches a subagent's Stop as SubagentStop", async () => {
      const { engine } = await setup({
        Stop: [group(null, command(`echo '{"systemMessage": "main stop"}'`))],
        SubagentStop: [group(null, command(`echo '{"systemMessage": "subagent stop"}'`))],
      });
      const result = await engine.dispatch("Stop", { agent_type: "Explore" }, { asSubagent: true });
      expect(result).toMatchObject({ event: "SubagentStop", systemMessages: ["subagent stop"] });
    });

    it("passes public tool names through unchanged", async () => {
      const { engine } = await setup({
        PreToolUse: [group("mcp__github__.*", command(`echo '{"systemMessage": "github"}'`))],
      });
      const result = await engine.dispatch("PreToolUse", {
        tool_name: "mcp__github__create_issue",
        tool_input: {},
      });
      expect(result.systemMessages).toEqual(["github"]);
    });
  });

  describe("real-world hooks (test/fixtures/claude/real-world)", () => {
    /** A copy of the fixture project, a git repository with one commit, and an engine on it. */
    async function setupProject() {
      const root = copyFixture("claude/real-world", createTestWorkspace("claude-real-world").root);
      const cwd = join(root, "project");
      const home = join(root, "home");
      mkdirSync(home);
      const git = (...args: string[]) =>
        execFileSync("git", ["-c", "user.name=Dev", "-c", "user.email=dev@example.com", ...args], {
          cwd,
          stdio: "pipe",
        });
      git("init", "--quiet", "--initial-branch=main");
      git("add", ".");
      git("commit", "--quiet", "-m", "Initial commit");
      const env = { ...process.env, DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
      const engine = await createEngine({ home, cwd }, { env });
      expect(engine.diagnostics).toEqual([]);
      return { cwd, home, engine, file: (name: string) => join(cwd, name) };
    }

    it("SessionStart: git-context.sh adds the branch and uncommitted changes as context", async () => {
      const { engine, file } = await setupProject();
      writeFileSync(file("notes.md"), "draft\n");
      const result = await engine.dispatch("SessionStart", { source: "startup" });
      expect(result.diagnostics).toEqual([]);
      const [context] = result.additionalContext;
      expect(context).toContain("Branch: main");
      expect(context).toContain("?? notes.md");
      expect(context).toContain("Initial commit");
      const compacted = await engine.dispatch("SessionStart", { source: "compact" });
      expect(compacted.runs).toEqual([]);
    });

    it("UserPromptSubmit: block-secrets.py refuses a prompt holding an API key", async () => {
      const { engine } = await setupProject();
      const leaked = await engine.dispatch("UserPromptSubmit", {
        prompt: "call the API with sk-live_abcdefghijklmnopqrstuvwx",
      });
      expect(leaked).toMatchObject({ decision: "block", additionalContext: [] });
      expect(leaked.reason).toContain("seems to contain an API key");
      const clean = await engine.dispatch("UserPromptSubmit", { prompt: "add a CSV export" });
      expect(clean).toMatchObject({ decision: null, diagnostics: [] });
      expect(statuses(clean)).toEqual(["ok"]);
    });

    it("PreToolUse Bash: block-dangerous-rm.sh denies rm -rf; the inline logger records every command", async () => {
      const { engine, file } = await setupProject();
      const denied = await engine.dispatch(
        "PreToolUse",
        bash("rm -rf build", { tool_input: { command: "rm -rf build", description: "Clean" } }),
      );
      expect(denied.decision).toBe("deny");
      expect(denied.reason).toContain('"rm -rf build" deletes recursively');
      expect(statuses(denied)).toEqual(["blocked", "ok"]);
      const listed = await engine.dispatch("PreToolUse", bash("ls -la"));
      expect(listed).toMatchObject({ decision: null, diagnostics: [] });
      expect(readFileSync(file(".claude/bash-commands.log"), "utf8")).toBe(
        "rm -rf build\tClean\nls -la\t-\n",
      );
    });

    it("PreToolUse Edit|Write: protect-env-files.sh denies .env files, allows the rest", async () => {
      const { engine, file } = await setupProject();
      const write = (path: string) =>
        engine.dispatch("PreToolUse", {
          tool_name: "Write",
          tool_input: { file_path: path, content: "KEY=1" },
        });
      const env = await write(file(".env.production"));
      expect(env).toMatchObject({
        decision: "deny",
        reason: `${file(".env.production")} holds secrets; edit it by hand.`,
      });
      expect((await write(file(".env.example"))).decision).toBeNull();
      expect((await write(file("src/export.ts"))).decision).toBeNull();
      const bashCall = await engine.dispatch("PreToolUse", bash("cat .env"));
      expect(bashCall.runs.map((run) => run.path)).toEqual([
        "hooks.PreToolUse[0].hooks[0]",
        "hooks.PreToolUse[0].hooks[1]",
      ]);
    });

    it("PostToolUse: format-json.sh formats an edited JSON file and reports invalid JSON to Claude", async () => {
      const { engine, file } = await setupProject();
      writeFileSync(file("config.json"), '{"name":"billing","retries":3}');
      const edit = (path: string) =>
        engine.dispatch("PostToolUse", {
          tool_name: "Edit",
          tool_input: { file_path: path, old_string: "2", new_string: "3" },
          tool_response: { success: true },
        });
      const formatted = await edit(file("config.json"));
      expect(formatted).toMatchObject({ decision: null, diagnostics: [] });
      expect(readFileSync(file("config.json"), "utf8")).toBe(
        '{\n  "name": "billing",\n  "retries": 3\n}\n',
      );
      writeFileSync(file("broken.json"), '{"name": ');
      const broken = await edit(file("broken.json"));
      expect(broken).toMatchObject({
        decision: "block",
        reason: `${file("broken.json")} is not valid JSON after your edit; fix the syntax.`,
      });
      const other = await edit(file("README.md"));
      expect(statuses(other)).toEqual(["ok"]);
    });

    it("Notification: notify.sh logs the prompt without reading its input; other types do not match", async () => {
      const { engine, file } = await setupProject();
      const result = await engine.dispatch("Notification", {
        notification_type: "permission_prompt",
        message: "Claude needs your permission to use Bash",
      });
      expect(result).toMatchObject({ diagnostics: [] });
      expect(statuses(result)).toEqual(["ok"]);
      expect(readFileSync(file(".claude/notifications.log"), "utf8")).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ Claude Code needs your attention in project\n$/,
      );
      const other = await engine.dispatch("Notification", { notification_type: "auth_success" });
      expect(other.runs).toEqual([]);
    });

    it("Stop: require-tests.sh keeps Claude working while tests fail, once per stop", async () => {
      const { engine, file } = await setupProject();
      writeFileSync(file("tests/FAILING"), "");
      const failing = await engine.dispatch("Stop", {});
      expect(failing.decision).toBe("block");
      expect(failing.reason).toContain("The tests fail. Fix them before you finish:");
      expect(failing.reason).toContain("FAIL tests/billing.test: expected 42, got 41");
      // The hook sees stop_hook_active and lets Claude stop instead of looping.
      const again = await engine.dispatch("Stop", {});
      expect(again).toMatchObject({ decision: null, diagnostics: [] });
      rmSync(file("tests/FAILING"));
      const passing = await engine.dispatch("Stop", {});
      expect(passing).toMatchObject({ decision: null, diagnostics: [] });
    });
  });
});

describe.skipIf(process.platform === "win32")("claude plugin hooks", () => {
  it("gives hooks of a plugin's hooks file CLAUDE_PLUGIN_ROOT, so ${CLAUDE_PLUGIN_ROOT} paths work", async () => {
    const workspace = createWorkspace();
    const plugin = join(workspace.root, "plugins", "repo-policy");
    mkdirSync(join(plugin, ".claude-plugin"), { recursive: true });
    mkdirSync(join(plugin, "hooks"));
    mkdirSync(join(plugin, "scripts"));
    writeFileSync(join(plugin, ".claude-plugin", "plugin.json"), '{"name": "repo-policy"}\n');
    const context = JSON.stringify({
      hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "from plugin" },
    });
    writeFileSync(
      join(plugin, "scripts", "context.sh"),
      `#!/usr/bin/env bash\necho '${context}'\n`,
    );
    const hooksFile = join(plugin, "hooks", "hooks.json");
    writeSettings(hooksFile, {
      description: "repo policy",
      hooks: {
        SessionStart: [group(null, command('bash "${CLAUDE_PLUGIN_ROOT}/scripts/context.sh"'))],
      },
    });
    const engine = await createEngine(workspace, { configFiles: [hooksFile] });
    const result = await engine.dispatch("SessionStart", { source: "startup" });
    expect(result.additionalContext).toEqual(["from plugin"]);
  });
});

describe.skipIf(process.platform === "win32")("claude command with args", () => {
  it("runs command + args as a program with arguments, without a shell", async () => {
    const output = JSON.stringify({ decision: "block", reason: "$HOME; not expanded" });
    const { engine } = await setup({
      Stop: [group(null, { type: "command", command: "printf", args: ["%s", output] })],
    });
    const result = await engine.dispatch("Stop", {});
    expect(result).toMatchObject({ decision: "block", reason: "$HOME; not expanded" });
  });
});

// Identical commands across settings files run once, as the highest-precedence file configures
// them (managed, then local, project, user), with that copy's own timeout; a plugin's copy stays
// its own handler. Every lower copy here has a 1 ms timeout, so a wrong survivor times out.
describe.skipIf(process.platform === "win32")("claude identical handlers", () => {
  const counter = fileURLToPath(
    new URL("../../test/fixtures/engine/count-run.sh", import.meta.url),
  );
  const countLines = (file: string) =>
    readFileSync(file, "utf8").split("\n").filter(Boolean).length;
  type Layer = "managed" | "user" | "project" | "local";

  it.each<[string, [Layer, number][], string[]]>([
    [
      "a managed copy over a user copy",
      [
        ["managed", 10],
        ["user", 0.001],
      ],
      ["ok", "skipped"],
    ],
    [
      "a project copy over an earlier user copy",
      [
        ["user", 0.001],
        ["project", 10],
      ],
      ["skipped", "ok"],
    ],
    [
      "a local copy over an earlier project copy",
      [
        ["project", 0.001],
        ["local", 10],
      ],
      ["skipped", "ok"],
    ],
    [
      "a local copy over user and project copies",
      [
        ["user", 0.001],
        ["project", 0.001],
        ["local", 10],
      ],
      ["skipped", "skipped", "ok"],
    ],
    [
      "a managed copy over user, project and local copies",
      [
        ["managed", 10],
        ["user", 0.001],
        ["project", 0.001],
        ["local", 0.001],
      ],
      ["ok", "skipped", "skipped", "skipped"],
    ],
  ])("runs %s, once, with its own timeout; explain agrees", async (_name, copies, expected) => {
    const workspace = createWorkspace();
    const log = join(workspace.root, "runs.log");
    const same = [counter, log, "0.2"].map(quote).join(" ");
    const files: Record<Layer, string> = {
      managed: join(workspace.root, "managed-settings.json"),
      user: workspace.userSettings,
      project: workspace.projectSettings,
      local: workspace.localSettings,
    };
    for (const [layer, timeout] of copies) {
      writeSettings(files[layer], { hooks: { Stop: [group(null, command(same, { timeout }))] } });
    }
    const managed = copies.some(([layer]) => layer === "managed");
    const engine = await createEngine(workspace, managed ? { managedSettings: files.managed } : {});
    const result = await engine.dispatch("Stop", {});
    expect(statuses(result)).toEqual(expected);
    expect(countLines(log)).toBe(1);
    expect(codes(result)).toEqual(
      expected.filter((status) => status === "skipped").map(() => "duplicate_handler"),
    );
    const explanation = await engine.explain("Stop", {});
    expect(explanation.entries.map((entry) => entry.verdict)).toEqual(
      expected.map((status) => (status === "ok" ? "would-run" : "skipped")),
    );
    const survivor = result.runs.find((run) => run.status === "ok");
    expect(
      explanation.entries.flatMap((entry) => entry.reasons.map((reason) => reason.message)),
    ).toEqual(
      expected
        .filter((status) => status === "skipped")
        .map(() => expect.stringContaining(`as ${survivor?.id}`)),
    );
  });

  it("keeps a copy with other environment variables (a plugin's CLAUDE_PLUGIN_ROOT) apart", async () => {
    const root = copyFixture("claude/plugins-basic", createTestWorkspace("claude-plugins").root);
    const home = join(root, "home");
    const registry = join(home, ".claude", "plugins", "installed_plugins.json");
    writeFileSync(registry, readFileSync(registry, "utf8").replaceAll("<fixture>", root));
    // The quiet plugin's SessionStart hook is `echo quiet`; the user settings hold the same command.
    writeSettings(join(home, ".claude", "settings.json"), {
      enabledPlugins: { "quiet@acme-tools": true },
      hooks: { SessionStart: [group(null, command("echo quiet"))] },
    });
    writeSettings(join(root, "project", ".claude", "settings.json"), {});
    const engine = await createEngine({ home, cwd: join(root, "project") });
    const result = await engine.dispatch("SessionStart", { source: "startup" });
    expect(result.additionalContext).toEqual(["quiet", "quiet"]);
    expect(codes(result)).toEqual([]);
  });
});
