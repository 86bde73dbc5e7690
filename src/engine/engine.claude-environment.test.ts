import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { copyFixture } from "../../test/support/copy-fixture.js";
import {
  createTestWorkspace,
  type TestWorkspace,
} from "../../test/support/create-test-workspace.js";
import type { Diagnostic } from "../diagnostic.js";
import { createHookEngine, type HookEngine, type HookEngineOptions } from "./engine.js";

// The Claude Code hook environment end to end: CLAUDE_ENV_FILE, CLAUDE_PLUGIN_OPTION_<KEY>, the
// credential scrub, SessionEnd's budget and `shell: "powershell"`, through real settings files
// and real processes.

const fixtures = fileURLToPath(new URL("../../test/fixtures/claude/environment/", import.meta.url));
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
const script = (name: string, ...args: string[]) =>
  [join(fixtures, name), ...args].map(quote).join(" ");
const command = (text: string, extra: Record<string, unknown> = {}) => ({
  type: "command",
  command: text,
  ...extra,
});
const codes = (diagnostics: readonly Diagnostic[]) => diagnostics.map((entry) => entry.code);

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

async function createEngine(
  workspace: TestWorkspace,
  hooks: Record<string, unknown[]>,
  extra: Partial<HookEngineOptions> = {},
): Promise<HookEngine> {
  const settingsFile = workspace.writeJson("project/.claude/settings.json", { hooks });
  const engine = await createHookEngine({
    profile: "claude",
    configFiles: [settingsFile],
    cwd: workspace.project,
    home: workspace.home,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
    ...extra,
  });
  engines.push(engine);
  return engine;
}

describe.skipIf(process.platform === "win32")("claude profile: CLAUDE_ENV_FILE", () => {
  it("returns the variables a SessionStart hook exports, warns on a line it cannot read, and removes the file", async () => {
    const workspace = createTestWorkspace("claude-env-file");
    const engine = await createEngine(workspace, {
      SessionStart: [{ hooks: [command(script("write-environment-file.sh"))] }],
    });
    const result = await engine.dispatch("SessionStart", { source: "startup" });
    expect(result.runs.map((run) => run.status)).toEqual(["ok"]);
    expect(result.environment).toEqual({ FROM_HOOK: "one", SPACED: "a b" });
    const warnings = result.diagnostics.filter((entry) => entry.code === "environment_file");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain("line 3");
    expect(warnings[0]?.message).toContain("PATH");
    // The hook printed the file's path as plain stdout, which SessionStart reads as context.
    const file = result.additionalContext[0] ?? "";
    expect(file).toMatch(/env\.sh$/);
    expect(existsSync(file)).toBe(false);
  });

  it("merges several hooks' variables in configuration order: a later hook's value wins", async () => {
    const workspace = createTestWorkspace("claude-env-merge");
    const engine = await createEngine(workspace, {
      SessionStart: [
        { hooks: [command(script("write-environment-file.sh", "first"))] },
        {
          hooks: [
            command(
              `printf 'export FROM_HOOK=second\\nexport ONLY_SECOND=1\\n' >> "$CLAUDE_ENV_FILE"`,
            ),
          ],
        },
      ],
    });
    const result = await engine.dispatch("SessionStart", { source: "startup" });
    expect(result.environment).toEqual({ FROM_HOOK: "second", SPACED: "a b", ONLY_SECOND: "1" });
  });

  it("leaves environment out when no hook exports anything, and gives other events no file", async () => {
    const workspace = createTestWorkspace("claude-env-none");
    const engine = await createEngine(workspace, {
      SessionStart: [{ hooks: [command("echo started")] }],
      UserPromptSubmit: [
        {
          hooks: [
            command(
              // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
              'echo "file=${CLAUDE_ENV_FILE-none}"; echo "export A=b" >> "${CLAUDE_ENV_FILE:-/dev/null}"',
            ),
          ],
        },
      ],
    });
    const started = await engine.dispatch("SessionStart", { source: "startup" });
    expect(started.additionalContext).toEqual(["started"]);
    expect("environment" in started).toBe(false);
    const prompted = await engine.dispatch("UserPromptSubmit", { prompt: "hi" });
    expect(prompted.additionalContext).toEqual(["file=none"]);
    expect("environment" in prompted).toBe(false);
  });

  it("reads what a hook wrote before its timeout and removes the file", async () => {
    const workspace = createTestWorkspace("claude-env-timeout");
    const engine = await createEngine(workspace, {
      SessionStart: [{ hooks: [command(script("write-then-sleep.sh"), { timeout: 0.5 })] }],
    });
    const result = await engine.dispatch("SessionStart", { source: "startup" });
    expect(result.runs.map((run) => run.status)).toEqual(["timeout"]);
    expect(result.environment).toEqual({ BEFORE_TIMEOUT: "yes" });
  });
});

describe.skipIf(process.platform === "win32")("claude profile: plugin options", () => {
  it("gives a plugin's hooks CLAUDE_PLUGIN_OPTION_<KEY> from pluginConfigs, else the manifest defaults", async () => {
    const root = copyFixture(
      "claude/plugin-options",
      createTestWorkspace("claude-plugin-options").root,
    );
    const engine = await createHookEngine({
      profile: "claude",
      cwd: join(root, "project"),
      home: join(root, "home"),
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
    });
    engines.push(engine);
    expect(codes(engine.diagnostics)).toEqual([]);
    const result = await engine.dispatch("SessionStart", { source: "startup" });
    expect(result.runs.map((run) => run.status)).toEqual(["ok"]);
    // The sensitive api_token lives in Claude Code's keychain, which is not read.
    expect(result.additionalContext).toEqual([
      [
        "CLAUDE_PLUGIN_OPTION_CHANNEL=ops",
        "CLAUDE_PLUGIN_OPTION_MAXITEMS=7",
        "CLAUDE_PLUGIN_OPTION_TAGS=ci,night",
        "CLAUDE_PLUGIN_OPTION_WEBHOOKURL=https://hooks.example/abc",
      ].join("\n"),
    ]);
  });
});

describe.skipIf(process.platform === "win32")(
  "claude profile: CLAUDE_CODE_SUBPROCESS_ENV_SCRUB",
  () => {
    const inherited = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      ANTHROPIC_API_KEY: "sk-ant-test",
      AWS_SESSION_TOKEN: "aws-test",
      GITHUB_TOKEN: "ghs-test",
    };
    const printCredentials = command(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell variables, not a template
      'echo "${ANTHROPIC_API_KEY-unset} ${AWS_SESSION_TOKEN-unset} ${GITHUB_TOKEN-unset}"',
    );

    it.each([
      ["1", "unset unset ghs-test"],
      ["0", "sk-ant-test aws-test ghs-test"],
    ])("with the variable %j, hooks see %j", async (value, seen) => {
      const workspace = createTestWorkspace("claude-scrub");
      const engine = await createEngine(
        workspace,
        { SessionStart: [{ hooks: [printCredentials] }] },
        { env: { ...inherited, CLAUDE_CODE_SUBPROCESS_ENV_SCRUB: value } },
      );
      const result = await engine.dispatch("SessionStart", { source: "startup" });
      expect(result.additionalContext).toEqual([seen]);
    });
  },
);

describe.skipIf(process.platform === "win32")("claude profile: SessionEnd's budget", () => {
  const sleeper = { hooks: [command("exec sleep 30")] };

  it("ends a SessionEnd hook that outlasts the 1.5 s budget (its own timeout is 600 s)", async () => {
    const workspace = createTestWorkspace("claude-session-end");
    const engine = await createEngine(workspace, { SessionEnd: [sleeper] });
    const result = await engine.dispatch("SessionEnd", { reason: "other" });
    expect(result.runs.map((run) => run.status)).toEqual(["timeout"]);
    expect(result.diagnostics[0]?.message).toContain("timed out after 1.5 s and was killed");
  });

  it("takes the budget from CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS", async () => {
    const workspace = createTestWorkspace("claude-session-end-variable");
    const engine = await createEngine(
      workspace,
      { SessionEnd: [sleeper, { hooks: [command("echo done")] }] },
      {
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "300",
        },
      },
    );
    expect(codes(engine.diagnostics)).toEqual([]);
    const result = await engine.dispatch("SessionEnd", { reason: "other" });
    expect(result.runs.map((run) => run.status)).toEqual(["timeout", "ok"]);
  });

  it("warns in engine.diagnostics about a value that is not a number of milliseconds", async () => {
    const workspace = createTestWorkspace("claude-session-end-invalid");
    const engine = await createEngine(
      workspace,
      { SessionEnd: [{ hooks: [command("echo done")] }] },
      {
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "2s",
        },
      },
    );
    expect(engine.diagnostics).toEqual([
      expect.objectContaining({ code: "event_budget", severity: "warning" }),
    ]);
    const result = await engine.dispatch("SessionEnd", { reason: "other" });
    expect(result.runs.map((run) => run.status)).toEqual(["ok"]);
  });
});

function hasPowerShell(): boolean {
  try {
    execFileSync("sh", ["-c", "command -v pwsh || command -v powershell"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe('claude profile: shell "powershell"', () => {
  it("fails visibly, as a missing program does, when PowerShell is not on PATH", async () => {
    const workspace = createTestWorkspace("claude-powershell");
    const engine = await createEngine(
      workspace,
      { SessionStart: [{ hooks: [command("Write-Output hi", { shell: "powershell" })] }] },
      { env: { PATH: workspace.createDirectory("empty-bin") } },
    );
    const result = await engine.dispatch("SessionStart", { source: "startup" });
    expect(result.runs.map((run) => run.status)).toEqual(["error"]);
    const failure = result.diagnostics.find((entry) => entry.code === "spawn_failed");
    expect(failure?.message).toContain("neither pwsh nor powershell is on PATH");
  });

  it.skipIf(!hasPowerShell())(
    "runs the command with PowerShell (skipped: pwsh is not installed on this machine)",
    async () => {
      const workspace = createTestWorkspace("claude-powershell-run");
      const engine = await createEngine(workspace, {
        SessionStart: [{ hooks: [command("Write-Output hi", { shell: "powershell" })] }],
      });
      const result = await engine.dispatch("SessionStart", { source: "startup" });
      expect(result.additionalContext).toEqual(["hi"]);
    },
  );
});
