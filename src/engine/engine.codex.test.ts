import { appendFileSync, cpSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { loadConfig } from "../config/load-config.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { codexProfile } from "../profiles/codex.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// What only Codex 0.169 does, through real hook processes: its layered .codex folders read natively
// (test/fixtures/codex-profile/layered), its matchers, timeoutSec, its hooks.json root rule, and
// its two events Claude Code lacks. The rules every profile shares run in engine.profile-rules.test.ts.

const fixtures = fileURLToPath(new URL("../../test/fixtures/", import.meta.url));
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
/** A shell command running emit.sh with flags (--stdout, --stderr, --exit, --sleep). */
const emit = (...args: string[]) =>
  [join(fixtures, "engine", "emit.sh"), ...args].map(quote).join(" ");
const codes = (result: DispatchResult) => result.diagnostics.map((item) => item.code);
const statuses = (result: DispatchResult) => result.runs.map((run) => run.status);

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

/** The layered fixture copied into a workspace; `trusted` adds the user's trust of the project. */
function copyLayered(trusted: boolean) {
  const workspace = createTestWorkspace("codex-profile");
  cpSync(join(fixtures, "codex-profile", "layered"), workspace.root, { recursive: true });
  const project = join(workspace.root, "project");
  if (trusted) {
    appendFileSync(
      join(workspace.root, "home", ".codex", "config.toml"),
      `\n[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n`,
    );
  }
  return { workspace, project, home: join(workspace.root, "home") };
}

async function openEngine(options: {
  cwd: string;
  home: string;
  systemDir: string;
  configFiles?: string[];
  bypassHookTrust?: boolean;
}) {
  const engine = await createHookEngine({
    profile: "codex",
    bypassHookTrust: true,
    sessionId: "thread-1",
    ...options,
  });
  engines.push(engine);
  return engine;
}

const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } });

describe("codex profile: Codex's own configuration files", () => {
  it("reads the user's config.toml [hooks] tables and a trusted project's .codex/hooks.json; [hooks.state] is not an event", async () => {
    const { workspace, project, home } = copyLayered(true);
    const loaded = await loadConfig(codexProfile, {
      home,
      cwd: project,
      systemDir: workspace.path("system"),
    });
    expect(
      loaded.definitions.map((definition) => [
        definition.layer,
        definition.event,
        definition.matcher,
        definition.timeoutMs,
      ]),
    ).toEqual([
      ["user", "PreToolUse", "Edit|Write", 5000],
      ["project", "PreToolUse", "Bash", 10_000],
      ["project", "Stop", null, 10_000],
    ]);
    expect(loaded.diagnostics.filter((item) => item.severity !== "info")).toEqual([]);
  });

  it("does not load an untrusted project's hooks, and says so", async () => {
    const { workspace, project, home } = copyLayered(false);
    const loaded = await loadConfig(codexProfile, {
      home,
      cwd: project,
      systemDir: workspace.path("system"),
    });
    expect(loaded.definitions.map((definition) => definition.layer)).toEqual(["user"]);
    expect(loaded.diagnostics.map((item) => item.code)).toContain("project_untrusted");
  });

  it("runs the project's guard: a deny with its reason, and nothing for a harmless command", async () => {
    const { workspace, project, home } = copyLayered(true);
    const engine = await openEngine({ cwd: project, home, systemDir: workspace.path("system") });
    const denied = await engine.dispatch("PreToolUse", bash("rm -rf build"));
    expect(denied.decision).toBe("deny");
    expect(denied.reason).toBe("rm -rf is not allowed here");
    const allowed = await engine.dispatch("PreToolUse", bash("ls"));
    expect(allowed.decision).toBeNull();
    expect(statuses(allowed)).toEqual(["ok"]);
  });

  it("selects apply_patch with an Edit|Write matcher, the payload keeping apply_patch", async () => {
    const { workspace, project, home } = copyLayered(true);
    const engine = await openEngine({ cwd: project, home, systemDir: workspace.path("system") });
    const result = await engine.dispatch("PreToolUse", {
      tool_name: "apply_patch",
      tool_input: { command: "*** Begin Patch\n*** Add File: a.txt\n+a\n*** End Patch\n" },
    });
    expect(result.additionalContext).toEqual(["user toml saw an edit"]);
  });

  it("keeps the turn going once with the Stop hook's reason", async () => {
    const { workspace, project, home } = copyLayered(true);
    const engine = await openEngine({ cwd: project, home, systemDir: workspace.path("system") });
    const first = await engine.dispatch("Stop", { stop_hook_active: false });
    expect(first.decision).toBe("block");
    expect(first.reason).toBe("run the tests first");
  });

  it("skips hooks no one trusted unless trust is bypassed", async () => {
    const { workspace, project, home } = copyLayered(true);
    const engine = await openEngine({
      cwd: project,
      home,
      systemDir: workspace.path("system"),
      bypassHookTrust: false,
    });
    const result = await engine.dispatch("PreToolUse", bash("rm -rf build"));
    expect(result.decision).toBeNull();
    expect(codes(result)).toContain("hook_untrusted");
  });
});

describe("codex profile: the hooks.json dialect", () => {
  async function engineOn(document: unknown) {
    const workspace = createTestWorkspace("codex-dialect");
    const file = workspace.writeJson("hooks.json", document);
    const engine = await openEngine({
      cwd: workspace.project,
      home: workspace.home,
      systemDir: workspace.path("system"),
      configFiles: [file],
    });
    return { engine, file };
  }

  it("reads matchers of plain names exactly and anything else as an unanchored regex", async () => {
    const { engine } = await engineOn({
      hooks: {
        PreToolUse: [
          { matcher: "Bas", hooks: [{ type: "command", command: emit("--label", "exact") }] },
          { matcher: "^Bas", hooks: [{ type: "command", command: emit("--label", "regex") }] },
          { matcher: "*", hooks: [{ type: "command", command: emit("--label", "all") }] },
        ],
      },
    });
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result.runs.map((run) => run.id)).toEqual(["PreToolUse:1:0", "PreToolUse:2:0"]);
  });

  it("reads timeout in seconds and ignores timeoutSec, as Codex 0.169 does, naming the field", async () => {
    const { engine, file } = await engineOn({
      hooks: {
        PreToolUse: [
          { hooks: [{ type: "command", command: emit("--sleep", "5"), timeout: 1 }] },
          {
            hooks: [
              { type: "command", command: emit("--stdout", "{}", "--label", "b"), timeoutSec: 1 },
            ],
          },
        ],
      },
    });
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(statuses(result)).toEqual(["timeout", "ok"]);
    expect(engine.diagnostics).toContainEqual(
      expect.objectContaining({
        code: "unknown_field",
        file,
        path: "hooks.PreToolUse[1].hooks[0].timeoutSec",
      }),
    );
  });

  it("refuses a hooks.json with a root field other than description and hooks ($schema)", async () => {
    const { engine, file } = await engineOn({
      $schema: "https://example.com/hooks.json",
      hooks: { Stop: [{ hooks: [{ type: "command", command: "true" }] }] },
    });
    expect((await engine.dispatch("Stop", { stop_hook_active: false })).runs).toEqual([]);
    expect(engine.diagnostics).toContainEqual(
      expect.objectContaining({ code: "invalid_config", file, path: "$schema" }),
    );
  });

  it("runs Interrupt and SessionEnd hooks, Codex's events Claude Code lacks", async () => {
    const { engine } = await engineOn({
      hooks: {
        Interrupt: [
          { hooks: [{ type: "command", command: emit("--stdout", '{"systemMessage":"halted"}') }] },
        ],
        SessionEnd: [{ hooks: [{ type: "command", command: emit("--stdout", "bye") }] }],
      },
    });
    const interrupt = await engine.dispatch("Interrupt", { turn_id: "t1" });
    expect(interrupt.systemMessages).toEqual(["halted"]);
    const end = await engine.dispatch("SessionEnd", { reason: "other" });
    expect(statuses(end)).toEqual(["ok"]);
    expect(end.additionalContext).toEqual([]);
  });

  it("fails a PreToolUse run that asks, as Codex fails the hook: the call is not decided", async () => {
    const ask = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "ask",
        permissionDecisionReason: "sure?",
      },
    });
    const { engine } = await engineOn({
      hooks: { PreToolUse: [{ hooks: [{ type: "command", command: emit("--stdout", ask) }] }] },
    });
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result.decision).toBeNull();
    expect(codes(result)).toContain("unsupported_field");
  });
});

describe("codex profile: Codex 0.169's strict reading of hook output", () => {
  const deny = (reason: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      ...extra,
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: reason,
        additionalContext: "seen",
      },
    });

  async function dispatchOutput(event: string, stdout: string, stderr = "", exit = "0") {
    const workspace = createTestWorkspace("codex-strict");
    const command = emit("--stdout", stdout, "--stderr", stderr, "--exit", exit);
    const file = workspace.writeJson("hooks.json", {
      hooks: { [event]: [{ hooks: [{ type: "command", command }] }] },
    });
    const engine = await openEngine({
      cwd: workspace.project,
      home: workspace.home,
      systemDir: workspace.path("system"),
      configFiles: [file],
    });
    const payload = event === "PreToolUse" || event === "PostToolUse" ? bash("ls") : {};
    return engine.dispatch(event, { ...payload, tool_response: "", prompt: "hi" });
  }

  it.each([
    ["an unknown field beside a deny", "PreToolUse", deny("no", { extra: true })],
    [
      "a deny without hookEventName",
      "PreToolUse",
      JSON.stringify({
        hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "no" },
      }),
    ],
    ["a deny with an empty reason", "PreToolUse", deny(" ")],
    [
      "allow without updatedInput",
      "PreToolUse",
      JSON.stringify({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "allow",
          additionalContext: "seen",
        },
      }),
    ],
    [
      "a reason without a decision",
      "PreToolUse",
      JSON.stringify({
        reason: "why",
        hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "seen" },
      }),
    ],
    ["a block without a reason", "Stop", JSON.stringify({ decision: "block" })],
    ["output that starts like JSON but does not parse", "UserPromptSubmit", "{seen"],
  ])("fails the run for %s: nothing it asked for applies", async (_name, event, stdout) => {
    const result = await dispatchOutput(event, stdout);
    expect(statuses(result)).toEqual(["error"]);
    expect(result.decision).toBeNull();
    expect(result.additionalContext).toEqual([]);
  });

  it.each([
    ["continue: true", { continue: true }],
    ["suppressOutput: false", { suppressOutput: false }],
    ["stopReason: null", { stopReason: null }],
  ])("accepts %s beside a deny, which asks for nothing", async (_name, extra) => {
    const result = await dispatchOutput("PreToolUse", deny("no", extra));
    expect(result).toMatchObject({ decision: "deny", reason: "no" });
  });

  it("fails exit 2 with nothing on stderr instead of blocking, and blocks with stderr", async () => {
    const silent = await dispatchOutput("PreToolUse", "", "", "2");
    expect(statuses(silent)).toEqual(["error"]);
    expect(silent.decision).toBeNull();
    const said = await dispatchOutput("PreToolUse", "", "not here", "2");
    expect(said).toMatchObject({ decision: "deny", reason: "not here" });
  });
});
