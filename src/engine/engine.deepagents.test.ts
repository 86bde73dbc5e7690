import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import type { Diagnostic } from "../diagnostic.js";
import {
  createHookEngine,
  type HookEngine,
  type HookEngineOptions,
  type RunEnd,
  type RunStart,
} from "./engine.js";

// Every test here spawns the real handler scripts in test/fixtures/engine/.

const fixtures = fileURLToPath(new URL("../../test/fixtures/engine/", import.meta.url));
const fixture = (name: string): string => join(fixtures, name);
/** `emit.sh` with flags: --stdout, --stderr, --exit, --sleep (seconds), --save-stdin, --label. */
const emit = (...args: string[]): string[] => [fixture("emit.sh"), ...args];
/** `record.sh <file> [args…]`: saves stdin, argv and env next to `file` (see {@link readRecord}). */
const record = (file: string, ...args: string[]): string[] => [fixture("record.sh"), file, ...args];

const handler = (command: unknown, extra: Record<string, unknown> = {}) => ({
  type: "command",
  command,
  ...extra,
});
const group = (matcher: string | undefined, ...hooks: unknown[]) =>
  matcher === undefined ? { hooks } : { matcher, hooks };

interface Workspace {
  root: string;
  home: string;
  cwd: string;
  configFile: string;
}

const engines: HookEngine[] = [];
/** Pids of grandchildren fixtures leave behind on purpose, killed when the test's workspace goes. */
const strayPids = new Set<number>();

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

function createWorkspace(): Workspace {
  const workspace = createTestWorkspace("engine");
  // Registered after the workspace, so it runs before the workspace's cleanup.
  onTestFinished(() => {
    for (const pid of strayPids) workspace.expectLeftoverProcess(pid);
    strayPids.clear();
  });
  const { root, home, project: cwd } = workspace;
  workspace.createDirectory("home", ".deepagents");
  return { root, home, cwd, configFile: join(home, ".deepagents", "hooks.json") };
}

function writeJson(file: string, value: unknown): void {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

async function createEngine(
  workspace: Workspace,
  extra: Partial<HookEngineOptions> = {},
): Promise<HookEngine> {
  const engine = await createHookEngine({
    profile: "deepagents",
    cwd: workspace.cwd,
    home: workspace.home,
    sessionId: "session-1",
    ...extra,
  });
  engines.push(engine);
  return engine;
}

/** Writes `{ hooks }` to `<home>/.deepagents/hooks.json` and creates an engine over it. */
async function setup(hooks: Record<string, unknown>, extra: Partial<HookEngineOptions> = {}) {
  const workspace = createWorkspace();
  writeJson(workspace.configFile, { hooks });
  const engine = await createEngine(workspace, extra);
  return { ...workspace, engine };
}

const configurableEvents = [
  "SessionStart",
  "SessionEnd",
  "PermissionRequest",
  "Notification",
  "PreToolUse",
  "PostToolUse",
  "Stop",
  "SubagentStart",
  "SubagentStop",
] as const;

/** What `reply.sh` does on the next dispatch: sleep, print stdout (an object as JSON), stderr, exit. */
interface Step {
  stdout?: unknown;
  stderr?: string;
  exit?: number;
  sleepMs?: number;
}

/** A dispatch's payload plus what each scripted handler does, by label. */
interface Scripted {
  script: Record<string, Step>;
  payload: Record<string, unknown>;
}

const scripted = (
  script: Record<string, Step>,
  payload: Record<string, unknown> = {},
): Scripted => ({
  script,
  payload,
});

/**
 * One matcher-less group of `reply.sh <control> a`, `… b`, … on every configurable event.
 * `run(event, scripted(script, payload))` writes each handler's step to the control folder, then
 * dispatches; `received(label)` is the payload that handler last read from stdin.
 */
async function scriptedSetup(labels: readonly string[] = ["a", "b", "c"]) {
  const workspace = createWorkspace();
  const control = join(workspace.root, "control");
  mkdirSync(control);
  const hooks = Object.fromEntries(
    configurableEvents.map((event) => [
      event,
      [group(undefined, ...labels.map((label) => handler([fixture("reply.sh"), control, label])))],
    ]),
  );
  writeJson(workspace.configFile, { hooks });
  const engine = await createEngine(workspace);
  const run = (event: string, { script, payload }: Scripted) => {
    for (const label of labels) {
      const step = script[label] ?? {};
      const files = {
        stdout:
          step.stdout === undefined
            ? undefined
            : typeof step.stdout === "string"
              ? step.stdout
              : JSON.stringify(step.stdout),
        stderr: step.stderr,
        exit: step.exit === undefined ? undefined : String(step.exit),
        sleep: step.sleepMs === undefined ? undefined : String(step.sleepMs / 1000),
      };
      for (const [kind, content] of Object.entries(files)) {
        const file = join(control, `${label}.${kind}`);
        if (content === undefined) rmSync(file, { force: true });
        else writeFileSync(file, content);
      }
    }
    return engine.dispatch(event, payload);
  };
  const received = (label: string) =>
    JSON.parse(readFileSync(join(control, `${label}.stdin`), "utf8")) as Record<string, unknown>;
  return { ...workspace, engine, run, received };
}

const codes = (result: { readonly diagnostics: readonly Diagnostic[] }) =>
  result.diagnostics.map((diagnostic) => diagnostic.code);
const withCode = (diagnostics: readonly Diagnostic[], code: Diagnostic["code"]) =>
  diagnostics.filter((diagnostic) => diagnostic.code === code);
const ids = (result: DispatchResult) => result.runs.map((run) => run.id);
const statuses = (result: DispatchResult) => result.runs.map((run) => run.status);
const bash = (command: string, extra: Record<string, unknown> = {}) => ({
  tool_name: "Bash",
  tool_input: { command },
  ...extra,
});
const preToolUse = (fields: Record<string, unknown>, top: Record<string, unknown> = {}) => ({
  ...top,
  hookSpecificOutput: { hookEventName: "PreToolUse", ...fields },
});
const permissionRequest = (
  decision: Record<string, unknown>,
  fields: Record<string, unknown> = {},
) => ({
  hookSpecificOutput: { hookEventName: "PermissionRequest", decision, ...fields },
});
const context = (event: string, additionalContext: string) => ({
  hookSpecificOutput: { hookEventName: event, additionalContext },
});

/** What `record.sh <file>` saved: its stdin, its arguments and its environment. */
interface Recorded {
  argv: string[];
  stdin: string;
  env: string[];
}
const splitNul = (text: string) => (text === "" ? [] : text.slice(0, -1).split("\0"));
const readRecord = (file: string): Recorded => ({
  argv: splitNul(readFileSync(`${file}.argv`, "utf8")),
  stdin: readFileSync(`${file}.stdin`, "utf8"),
  env: splitNul(readFileSync(`${file}.env`, "utf8")),
});
const readPayload = (file: string): Record<string, unknown> =>
  JSON.parse(readRecord(file).stdin) as Record<string, unknown>;

function lastPrintedPid(): number {
  const pid = printedPids.at(-1);
  if (pid === undefined) throw new Error("no fixture printed its grandchild's pid");
  return pid;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pids fixtures printed on the first line of stderr, in the order their runs ended. */
const printedPids: number[] = [];

/** Remembers the pid a fixture printed on the first line of stderr, for cleanup. */
function rememberPrintedPid(run: RunEnd): void {
  const pid = Number.parseInt(run.stderr.split("\n")[0] ?? "", 10);
  if (pid > 0) {
    strayPids.add(pid);
    printedPids.push(pid);
  }
}

describe.skipIf(process.platform === "win32")("createHookEngine (deepagents profile)", () => {
  describe("1. configuration file, snapshot, timeout, argv commands", () => {
    it("finds ~/.deepagents/hooks.json through `home` and loads it without diagnostics", async () => {
      const { engine, configFile } = await setup({
        PreToolUse: [group("Bash", handler(emit("--stdout", "{}")))],
      });
      expect(engine.diagnostics).toEqual([]);
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(result.runs).toEqual([
        expect.objectContaining({
          id: "PreToolUse:0:0",
          source: configFile,
          path: "hooks.PreToolUse[0].hooks[0]",
          status: "ok",
          exitCode: 0,
          signal: null,
        }),
      ]);
      expect(result.diagnostics).toEqual([]);
    });

    it("reads nothing and reports nothing when the home has no hooks.json", async () => {
      const workspace = createWorkspace();
      const engine = await createEngine(workspace);
      expect(engine.diagnostics).toEqual([]);
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(result.runs).toEqual([]);
      expect(result.decision).toBeNull();
    });

    it("reads only `configFiles` when given, replacing discovery", async () => {
      const workspace = createWorkspace();
      writeJson(workspace.configFile, {
        hooks: { PreToolUse: [group(undefined, handler(emit("--label", "home")))] },
      });
      const custom = join(workspace.root, "custom-hooks.json");
      writeJson(custom, {
        hooks: { PreToolUse: [group(undefined, handler(emit("--label", "custom")))] },
      });
      const engine = await createEngine(workspace, { configFiles: [custom] });
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(result.runs.map((run) => [run.source, run.command])).toEqual([
        [custom, emit("--label", "custom")],
      ]);
    });

    it("reports a missing explicit config file and still creates the engine", async () => {
      const workspace = createWorkspace();
      const missing = join(workspace.root, "missing.json");
      const engine = await createEngine(workspace, { configFiles: [missing] });
      expect(engine.diagnostics).toEqual([
        expect.objectContaining({ code: "config_not_found", severity: "error", file: missing }),
      ]);
      expect((await engine.dispatch("Stop", {})).runs).toEqual([]);
    });

    it("snapshots the configuration: editing or deleting hooks.json later changes nothing", async () => {
      const { engine, configFile, home, cwd, root } = await setup({
        PreToolUse: [
          group(
            "Bash",
            handler(emit("--stdout", JSON.stringify(preToolUse({ permissionDecision: "allow" })))),
          ),
        ],
      });
      writeJson(configFile, {
        hooks: {
          PreToolUse: [
            group(
              "Bash",
              handler(emit("--stdout", JSON.stringify(preToolUse({ permissionDecision: "deny" })))),
            ),
          ],
        },
      });
      const afterEdit = await engine.dispatch("PreToolUse", bash("ls"));
      expect(afterEdit.decision).toBe("allow");

      // A new engine (a new session) sees the edit.
      const fresh = await createEngine({ root, home, cwd, configFile });
      expect((await fresh.dispatch("PreToolUse", bash("ls"))).decision).toBe("deny");

      rmSync(configFile);
      const afterDelete = await engine.dispatch("PreToolUse", bash("ls"));
      expect(afterDelete.decision).toBe("allow");
    });

    it("defaults the timeout to 600 s: a handler without one is never cut short", async () => {
      const { engine } = await setup({
        PreToolUse: [group(undefined, handler(emit("--sleep", "0.3", "--stdout", "{}")))],
      });
      expect(engine.diagnostics).toEqual([]);
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(statuses(result)).toEqual(["ok"]);
      expect(result.diagnostics).toEqual([]);
    });

    it.each([
      ["0", 0],
      ["-1", -1],
      ['"5"', "5"],
      ["null", null],
      ["an object", { seconds: 5 }],
    ])(
      "rejects timeout %s with invalid_config at its JSON path; the sibling still runs",
      async (_name, timeout) => {
        const { engine, configFile } = await setup({
          PreToolUse: [
            group(
              "Bash",
              handler(emit("--label", "bad"), { timeout }),
              handler(emit("--label", "good"), { timeout: 5 }),
            ),
          ],
        });
        expect(engine.diagnostics).toEqual([
          expect.objectContaining({
            code: "invalid_config",
            severity: "error",
            file: configFile,
            path: "hooks.PreToolUse[0].hooks[0].timeout",
          }),
        ]);
        const result = await engine.dispatch("PreToolUse", bash("ls"));
        expect(ids(result)).toEqual(["PreToolUse:0:1"]);
      },
    );

    it("runs an argv-array command without a shell", async () => {
      const workspace = createWorkspace();
      const out = join(workspace.root, "argv.json");
      const literal = ["$HOME", "two words", "*", "`id`", "; echo injected", "'quoted'"];
      writeJson(workspace.configFile, {
        hooks: {
          PreToolUse: [group(undefined, handler(record(out, ...literal)))],
        },
      });
      const engine = await createEngine(workspace);
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(statuses(result)).toEqual(["ok"]);
      expect(readRecord(out).argv).toEqual(literal);
    });

    it("runs a string command through the shell, with HOME set to the engine's home", async () => {
      const workspace = createWorkspace();
      const out = join(workspace.root, "shell.json");
      writeJson(workspace.configFile, {
        hooks: {
          PreToolUse: [
            group(undefined, handler(`'${fixture("record.sh")}' '${out}' "$HOME" a\\ b`)),
          ],
        },
      });
      const engine = await createEngine(workspace);
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(statuses(result)).toEqual(["ok"]);
      expect(readRecord(out).argv).toEqual([workspace.home, "a b"]);
    });

    it("expands a leading ~/ in the command to the engine's home", async () => {
      const workspace = createWorkspace();
      mkdirSync(join(workspace.home, ".deepagents", "hooks"));
      symlinkSync(fixture("emit.sh"), join(workspace.home, ".deepagents", "hooks", "guard.sh"));
      const deny = JSON.stringify(preToolUse({ permissionDecision: "deny" }));
      writeJson(workspace.configFile, {
        hooks: {
          PreToolUse: [
            group("Bash", handler(`~/.deepagents/hooks/guard.sh --stdout '${deny}'`)),
            group("Bash", handler(["~/.deepagents/hooks/guard.sh", "--label", "argv"])),
          ],
        },
      });
      const engine = await createEngine(workspace);
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(statuses(result)).toEqual(["blocked", "ok"]);
      expect(result.decision).toBe("deny");
    });
  });

  describe("2. configuration diagnostics", () => {
    it("reports an unsupported handler type with file and path; siblings still run", async () => {
      const { engine, configFile } = await setup({
        PreToolUse: [
          group(
            "Bash",
            { type: "prompt", prompt: "Is this command safe?" },
            handler(emit("--label", "sibling")),
          ),
        ],
      });
      expect(engine.diagnostics).toEqual([
        expect.objectContaining({
          code: "unsupported_handler_type",
          severity: "error",
          file: configFile,
          path: "hooks.PreToolUse[0].hooks[0].type",
        }),
      ]);
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(ids(result)).toEqual(["PreToolUse:0:1"]);
      expect(statuses(result)).toEqual(["ok"]);
    });

    it("reports bad shapes as invalid_config at their paths and keeps valid siblings", async () => {
      const { engine, configFile } = await setup({
        PreToolUse: [
          "not a group",
          { matcher: "Bash" },
          { matcher: 42, hooks: [handler(emit("--label", "numeric-matcher"))] },
          group(
            "Bash",
            { command: "echo no type" },
            handler(""),
            handler([]),
            handler(42),
            handler(emit("--label", "x"), { statusMessage: 7 }),
            "not a handler",
            handler(emit("--label", "valid")),
          ),
        ],
        Stop: { hooks: [] },
      });
      const found = engine.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path]);
      expect(found).toEqual(
        expect.arrayContaining([
          ["invalid_config", "hooks.PreToolUse[0]"],
          ["invalid_config", "hooks.PreToolUse[1].hooks"],
          ["invalid_config", "hooks.PreToolUse[2].matcher"],
          ["invalid_config", "hooks.PreToolUse[3].hooks[0].type"],
          ["invalid_config", "hooks.PreToolUse[3].hooks[1].command"],
          ["invalid_config", "hooks.PreToolUse[3].hooks[2].command"],
          ["invalid_config", "hooks.PreToolUse[3].hooks[3].command"],
          ["invalid_config", "hooks.PreToolUse[3].hooks[4].statusMessage"],
          ["invalid_config", "hooks.PreToolUse[3].hooks[5]"],
          ["invalid_config", "hooks.Stop"],
        ]),
      );
      for (const diagnostic of engine.diagnostics) {
        expect(diagnostic.file).toBe(configFile);
        expect(diagnostic.severity).toBe("error");
      }
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(ids(result)).toEqual(["PreToolUse:3:6"]);
    });

    it("warns about unknown events and fields without dropping valid handlers", async () => {
      const { engine } = await setup({
        PreToolUse: [group("Bash", handler(emit("--label", "ok"), { shell: "bash" }))],
        BeforeToolUse: [group(undefined, handler(emit("--label", "never")))],
        UserPromptSubmit: [group(undefined, handler(emit("--label", "never")))],
      });
      expect(engine.diagnostics.map((d) => [d.code, d.severity, d.path])).toEqual(
        expect.arrayContaining([
          ["unknown_field", "warning", "hooks.PreToolUse[0].hooks[0].shell"],
          ["unknown_event", "warning", "hooks.BeforeToolUse"],
          ["unknown_event", "warning", "hooks.UserPromptSubmit"],
        ]),
      );
      expect(ids(await engine.dispatch("PreToolUse", bash("ls")))).toEqual(["PreToolUse:0:0"]);
      expect((await engine.dispatch("UserPromptSubmit", { prompt: "hi" })).runs).toEqual([]);
    });

    it("reports a file that is not valid JSON as invalid_json; the engine is still created", async () => {
      const workspace = createWorkspace();
      writeFileSync(workspace.configFile, '{ "hooks": { "PreToolUse": [ }');
      const engine = await createEngine(workspace);
      expect(engine.diagnostics).toEqual([
        expect.objectContaining({
          code: "invalid_json",
          severity: "error",
          file: workspace.configFile,
        }),
      ]);
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(result.runs).toEqual([]);
      expect(result.decision).toBeNull();
    });
  });

  describe("3. matchers", () => {
    const matcherGroups = [undefined, "", "*", "Bash", "Edit|Write", "mcp__.*", "^Notebook"];

    async function matcherEngine() {
      return setup({
        PreToolUse: matcherGroups.map((matcher, index) =>
          group(matcher, handler(emit("--label", `group-${index}`))),
        ),
      });
    }

    it.each([
      ["Bash", [0, 1, 2, 3]],
      ["BashOutput", [0, 1, 2]],
      ["bash", [0, 1, 2]],
      ["Edit", [0, 1, 2, 4]],
      ["Write", [0, 1, 2, 4]],
      ["MultiEdit", [0, 1, 2]],
      ["Edit|Write", [0, 1, 2]],
      ["mcp__github__create_issue", [0, 1, 2, 5]],
      ["x_mcp__y", [0, 1, 2, 5]],
      ["NotebookEdit", [0, 1, 2, 6]],
      ["Read", [0, 1, 2]],
    ])("tool %s selects groups %j", async (toolName, groups) => {
      const { engine } = await matcherEngine();
      expect(engine.diagnostics).toEqual([]);
      const result = await engine.dispatch("PreToolUse", { tool_name: toolName, tool_input: {} });
      expect(ids(result)).toEqual(groups.map((index) => `PreToolUse:${index}:0`));
    });

    it("drops only the group whose regex does not compile, with invalid_matcher", async () => {
      const { engine, configFile } = await setup({
        PreToolUse: [
          group("Bash", handler(emit("--label", "before"))),
          group("(unclosed", handler(emit("--label", "broken"))),
          group("Ba.*", handler(emit("--label", "after"))),
        ],
      });
      expect(engine.diagnostics).toEqual([
        expect.objectContaining({
          code: "invalid_matcher",
          severity: "error",
          file: configFile,
          path: "hooks.PreToolUse[1].matcher",
        }),
      ]);
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(ids(result)).toEqual(["PreToolUse:0:0", "PreToolUse:2:0"]);
    });
  });

  describe("4. each event matches on its own field", () => {
    async function fieldEngine() {
      return setup({
        SessionStart: [group("startup|resume", handler(emit("--label", "session-start")))],
        SessionEnd: [group("logout", handler(emit("--label", "session-end")))],
        PermissionRequest: [group("Bash", handler(emit("--label", "permission")))],
        PreToolUse: [group("Bash", handler(emit("--label", "pre")))],
        PostToolUse: [group("Write", handler(emit("--label", "post")))],
        Notification: [group("idle_prompt", handler(emit("--label", "notification")))],
        SubagentStart: [group("researcher", handler(emit("--label", "subagent-start")))],
        SubagentStop: [group("researcher", handler(emit("--label", "subagent-stop")))],
      });
    }

    it.each([
      ["SessionStart", { source: "startup" }, 1],
      ["SessionStart", { source: "resume" }, 1],
      ["SessionStart", { source: "clear" }, 0],
      [
        "SessionStart",
        { reason: "startup", notification_type: "startup", tool_name: "startup" },
        0,
      ],
      ["SessionEnd", { reason: "logout" }, 1],
      ["SessionEnd", { reason: "clear" }, 0],
      ["SessionEnd", { source: "logout", tool_name: "logout" }, 0],
      ["PermissionRequest", { tool_name: "Bash", tool_input: {} }, 1],
      ["PermissionRequest", { tool_name: "Write", tool_input: {} }, 0],
      ["PreToolUse", { tool_name: "Bash", tool_input: {} }, 1],
      ["PreToolUse", { tool_name: "Edit", agent_type: "Bash" }, 0],
      ["PostToolUse", { tool_name: "Write", tool_input: {}, tool_response: {} }, 1],
      ["PostToolUse", { tool_name: "Bash", tool_input: {}, tool_response: {} }, 0],
      ["Notification", { notification_type: "idle_prompt", message: "waiting" }, 1],
      [
        "Notification",
        {
          notification_type: "permission_prompt",
          message: "idle_prompt",
          tool_name: "idle_prompt",
        },
        0,
      ],
      ["SubagentStart", { agent_type: "researcher", agent_id: "a1" }, 1],
      [
        "SubagentStart",
        { agent_type: "coder", agent_id: "researcher", tool_name: "researcher" },
        0,
      ],
      ["SubagentStop", { agent_type: "researcher", agent_id: "a1" }, 1],
      ["SubagentStop", { agent_type: "coder", agent_id: "a1", tool_name: "researcher" }, 0],
    ])("%s with %j runs %i handler(s)", async (event, payload, count) => {
      const { engine } = await fieldEngine();
      const result = await engine.dispatch(event, payload);
      expect(result.runs).toHaveLength(count);
      expect(result.diagnostics).toEqual([]);
    });

    it("ignores a matcher on Stop with a matcher_ignored warning; the handler still runs", async () => {
      const { engine, configFile } = await setup({
        Stop: [group("Bash", handler(emit("--label", "stop")))],
      });
      expect(engine.diagnostics).toEqual([
        expect.objectContaining({
          code: "matcher_ignored",
          severity: "warning",
          file: configFile,
          path: "hooks.Stop[0].matcher",
        }),
      ]);
      const result = await engine.dispatch("Stop", { last_assistant_message: "done" });
      expect(ids(result)).toEqual(["Stop:0:0"]);
      expect(statuses(result)).toEqual(["ok"]);
    });
  });

  describe("5. the `if` predicate", () => {
    async function ifEngine() {
      return setup({
        PreToolUse: [
          group(
            "Bash",
            handler(emit("--label", "git"), { if: "Bash(git *)" }),
            handler(emit("--label", "npm"), { if: "Bash(npm run test:*)" }),
          ),
          group(undefined, handler(emit("--label", "src"), { if: "Write(src/**)" })),
        ],
        PostToolUse: [group(undefined, handler(emit("--label", "post"), { if: "Bash(git *)" }))],
        PermissionRequest: [
          group(undefined, handler(emit("--label", "permission"), { if: "Edit(src/**)" })),
        ],
      });
    }

    it.each([
      ["git status", ["PreToolUse:0:0"]],
      ["git push origin main", ["PreToolUse:0:0"]],
      ["ls", []],
      ["echo git status", []],
      ["npm run test", ["PreToolUse:0:1"]],
      ["npm run test -- --watch", ["PreToolUse:0:1"]],
      ["npm run build", []],
    ])("Bash %j runs %j", async (command, expected) => {
      const { engine } = await ifEngine();
      expect(engine.diagnostics).toEqual([]);
      expect(ids(await engine.dispatch("PreToolUse", bash(command)))).toEqual(expected);
    });

    it("matches Write(src/**) on file_path, relative to the cwd or absolute", async () => {
      const { engine, cwd } = await ifEngine();
      const write = (filePath: string) =>
        engine.dispatch("PreToolUse", {
          tool_name: "Write",
          tool_input: { file_path: filePath, content: "x" },
        });
      expect(ids(await write("src/a/b.ts"))).toEqual(["PreToolUse:1:0"]);
      expect(ids(await write(join(cwd, "src", "index.ts")))).toEqual(["PreToolUse:1:0"]);
      expect(ids(await write("docs/readme.md"))).toEqual([]);
      expect(ids(await write("/elsewhere/src/a.ts"))).toEqual([]);
      // The rule names Write: an Edit of the same file does not match it.
      const edit = await engine.dispatch("PreToolUse", {
        tool_name: "Edit",
        tool_input: { file_path: "src/a.ts" },
      });
      expect(ids(edit)).toEqual([]);
    });

    it("filters PostToolUse and PermissionRequest handlers too", async () => {
      const { engine } = await ifEngine();
      expect(ids(await engine.dispatch("PostToolUse", bash("git log")))).toEqual([
        "PostToolUse:0:0",
      ]);
      expect(ids(await engine.dispatch("PostToolUse", bash("ls")))).toEqual([]);
      const edit = (filePath: string) =>
        engine.dispatch("PermissionRequest", {
          tool_name: "Edit",
          tool_input: { file_path: filePath, old_string: "a", new_string: "b" },
        });
      expect(ids(await edit("src/x.ts"))).toEqual(["PermissionRequest:0:0"]);
      expect(ids(await edit("test/x.ts"))).toEqual([]);
    });

    it("drops a handler whose `if` does not parse, with invalid_if; siblings still run", async () => {
      const { engine, configFile } = await setup({
        PreToolUse: [
          group(
            "Bash",
            handler(emit("--label", "broken"), { if: "Bash(git *" }),
            handler(emit("--label", "fine"), { if: "Bash(git *)" }),
          ),
        ],
      });
      expect(engine.diagnostics).toEqual([
        expect.objectContaining({
          code: "invalid_if",
          severity: "error",
          file: configFile,
          path: "hooks.PreToolUse[0].hooks[0].if",
        }),
      ]);
      expect(ids(await engine.dispatch("PreToolUse", bash("git status")))).toEqual([
        "PreToolUse:0:1",
      ]);
    });

    it("fails closed on SessionStart: the handler is skipped with if_not_supported", async () => {
      const workspace = createWorkspace();
      const out = join(workspace.root, "should-not-exist.json");
      writeJson(workspace.configFile, {
        hooks: {
          SessionStart: [
            group(
              undefined,
              handler(record(out), { if: "Bash(git *)" }),
              handler(emit("--stdout", JSON.stringify(context("SessionStart", "hello")))),
            ),
          ],
        },
      });
      const engine = await createEngine(workspace);
      expect(engine.diagnostics).toEqual([
        expect.objectContaining({
          code: "if_not_supported",
          file: workspace.configFile,
          path: "hooks.SessionStart[0].hooks[0].if",
        }),
      ]);
      const result = await engine.dispatch("SessionStart", { source: "startup" });
      expect(result.runs.map((run) => [run.id, run.status, run.exitCode])).toEqual([
        ["SessionStart:0:0", "skipped", null],
        ["SessionStart:0:1", "ok", 0],
      ]);
      expect(codes(result)).toEqual(["if_not_supported"]);
      expect(result.additionalContext).toEqual(["hello"]);
      expect(existsSync(`${out}.stdin`)).toBe(false);
    });
  });

  describe("6. payload", () => {
    it("sends the envelope on stdin and fills hook_event_name, cwd and session_id", async () => {
      const workspace = createWorkspace();
      const out = join(workspace.root, "payload.json");
      writeJson(workspace.configFile, {
        hooks: { PreToolUse: [group("Bash", handler(record(out)))] },
      });
      const engine = await createEngine(workspace);
      const payload = {
        transcript_path: "/tmp/transcript.jsonl",
        prompt_id: "5d1f8c4e-0000-4000-8000-000000000000",
        permission_mode: "default",
        effort: { level: "medium" },
        tool_name: "Bash",
        tool_input: { command: "rm -rf /tmp/build" },
        tool_use_id: "toolu_01ABC",
      };
      await engine.dispatch("PreToolUse", payload);
      expect(readPayload(out)).toEqual({
        ...payload,
        session_id: "session-1",
        cwd: workspace.cwd,
        hook_event_name: "PreToolUse",
      });
    });

    it("keeps session_id and cwd the host gives", async () => {
      const workspace = createWorkspace();
      const out = join(workspace.root, "payload.json");
      writeJson(workspace.configFile, {
        hooks: { SessionEnd: [group(undefined, handler(record(out)))] },
      });
      const engine = await createEngine(workspace);
      await engine.dispatch("SessionEnd", {
        session_id: "host-session",
        cwd: "/host/cwd",
        hook_event_name: "SessionEnd",
        reason: "logout",
      });
      expect(readPayload(out)).toEqual({
        session_id: "host-session",
        cwd: "/host/cwd",
        hook_event_name: "SessionEnd",
        reason: "logout",
      });
    });

    it("defaults session_id to a random UUID when neither host nor options give one", async () => {
      const workspace = createWorkspace();
      const out = join(workspace.root, "payload.json");
      writeJson(workspace.configFile, {
        hooks: { Notification: [group(undefined, handler(record(out)))] },
      });
      const engine = await createHookEngine({
        profile: "deepagents",
        cwd: workspace.cwd,
        home: workspace.home,
      });
      engines.push(engine);
      await engine.dispatch("Notification", { message: "hi", notification_type: "idle_prompt" });
      expect(readPayload(out).session_id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    });

    it("passes the payload on stdin only: never in argv, the command string or the env", async () => {
      const workspace = createWorkspace();
      const argvOut = join(workspace.root, "argv.json");
      const shellOut = join(workspace.root, "shell.json");
      writeJson(workspace.configFile, {
        hooks: {
          PreToolUse: [
            group(
              "Bash",
              handler(record(argvOut, "$1", "{tool_input.command}")),
              handler(
                `'${fixture("record.sh")}' '${shellOut}' "$@" "$TOOL_INPUT" '{tool_input.command}'`,
              ),
            ),
          ],
        },
      });
      const engine = await createEngine(workspace);
      const marker = "MARKER-7f3a9c";
      const result = await engine.dispatch("PreToolUse", bash(`echo ${marker}`));
      expect(statuses(result)).toEqual(["ok", "ok"]);
      for (const out of [argvOut, shellOut]) {
        const recorded = readRecord(out);
        expect(recorded.stdin).toContain(marker);
        expect(JSON.stringify(recorded.argv)).not.toContain(marker);
        expect(JSON.stringify(recorded.env)).not.toContain(marker);
      }
      expect(readRecord(argvOut).argv).toEqual(["$1", "{tool_input.command}"]);
      expect(readRecord(shellOut).argv).toEqual(["", "{tool_input.command}"]);
    });
  });

  describe("environment", () => {
    it("runs handlers with the `env` option, HOME set to `home`, in the session cwd", async () => {
      const workspace = createWorkspace();
      const out = join(workspace.root, "env");
      writeJson(workspace.configFile, {
        hooks: { Stop: [group(undefined, handler(`'${fixture("record.sh")}' '${out}' "$PWD"`))] },
      });
      const engine = await createEngine(workspace, {
        env: { PATH: process.env.PATH, HOOK_TEST_VALUE: "from-host", HOME: "/not/used" },
      });
      await engine.dispatch("Stop", {});
      const recorded = readRecord(out);
      expect(recorded.env).toEqual(
        expect.arrayContaining(["HOOK_TEST_VALUE=from-host", `HOME=${workspace.home}`]),
      );
      expect(recorded.env.some((entry) => entry.startsWith("VITEST"))).toBe(false);
      expect(recorded.argv).toEqual([workspace.cwd]);
    });
  });

  describe("7. tool names", () => {
    const aliases = [
      ["execute", "Bash"],
      ["write_file", "Write"],
      ["edit_file", "Edit"],
      ["read_file", "Read"],
      ["ls", "LS"],
      ["glob", "Glob"],
      ["grep", "Grep"],
    ] as const;

    it.each(aliases)("maps %s to %s before matching and in the payload", async (internal, name) => {
      const workspace = createWorkspace();
      const out = join(workspace.root, "payload.json");
      writeJson(workspace.configFile, {
        hooks: {
          PreToolUse: [
            group(internal, handler(emit("--label", "internal-name"))),
            group(name, handler(record(out))),
          ],
        },
      });
      const engine = await createEngine(workspace);
      const result = await engine.dispatch("PreToolUse", { tool_name: internal, tool_input: {} });
      expect(ids(result)).toEqual(["PreToolUse:1:0"]);
      expect(readPayload(out).tool_name).toBe(name);
    });

    it("applies `if` rules to the public name and leaves mcp__ names alone", async () => {
      const workspace = createWorkspace();
      const out = join(workspace.root, "payload.json");
      writeJson(workspace.configFile, {
        hooks: {
          PreToolUse: [
            group(undefined, handler(emit("--label", "git"), { if: "Bash(git *)" })),
            group("mcp__github__.*", handler(record(out))),
          ],
          PostToolUse: [group("Write", handler(emit("--label", "post")))],
          PermissionRequest: [group("Edit", handler(emit("--label", "permission")))],
        },
      });
      const engine = await createEngine(workspace);
      const execute = { tool_name: "execute", tool_input: { command: "git status" } };
      expect(ids(await engine.dispatch("PreToolUse", execute))).toEqual(["PreToolUse:0:0"]);
      await engine.dispatch("PreToolUse", { tool_name: "mcp__github__create_issue" });
      expect(readPayload(out).tool_name).toBe("mcp__github__create_issue");
      const write = { tool_name: "write_file", tool_input: { file_path: "a", content: "" } };
      expect(ids(await engine.dispatch("PostToolUse", write))).toEqual(["PostToolUse:0:0"]);
      const edit = { tool_name: "edit_file", tool_input: { file_path: "a" } };
      expect(ids(await engine.dispatch("PermissionRequest", edit))).toEqual([
        "PermissionRequest:0:0",
      ]);
    });
  });

  describe("8. exit codes", () => {
    const deny = preToolUse({ permissionDecision: "deny", permissionDecisionReason: "json deny" });
    const allow = preToolUse({ permissionDecision: "allow", permissionDecisionReason: "ok" });

    it("exit 0 with JSON only: parsed and applied", async () => {
      const { run } = await scriptedSetup(["a"]);
      const result = await run("PreToolUse", scripted({ a: { stdout: deny } }, bash("x")));
      expect(result).toMatchObject({ decision: "deny", reason: "json deny" });
      expect(statuses(result)).toEqual(["blocked"]);
      expect(result.runs[0]?.exitCode).toBe(0);
      const padded = await run(
        "PreToolUse",
        scripted({ a: { stdout: `\n  ${JSON.stringify(deny)}\n\n` } }, bash("x")),
      );
      expect(padded.decision).toBe("deny");
    });

    it("exit 0 with JSON plus other text: not parsed", async () => {
      const { run } = await scriptedSetup(["a"]);
      const before = await run(
        "PreToolUse",
        scripted({ a: { stdout: `checking...\n${JSON.stringify(deny)}` } }, bash("x")),
      );
      expect(before.decision).toBeNull();
      expect(statuses(before)).toEqual(["ok"]);
      const after = await run(
        "PreToolUse",
        scripted({ a: { stdout: `${JSON.stringify(deny)}\ndone` } }, bash("x")),
      );
      expect(after.decision).toBeNull();
      expect(statuses(after)).toEqual(["ok"]);
      expect(codes(after)).toEqual(["invalid_output"]);
    });

    it("exit 2: blocking path with stderr as the reason; stdout JSON is ignored", async () => {
      const { run } = await scriptedSetup(["a"]);
      const result = await run(
        "PreToolUse",
        scripted({ a: { stdout: allow, stderr: "rm is blocked\n", exit: 2 } }, bash("rm -rf /")),
      );
      expect(result).toMatchObject({ decision: "deny", reason: "rm is blocked" });
      expect(result.runs[0]).toMatchObject({ status: "blocked", exitCode: 2 });
    });

    it("exit 2 with empty stderr still blocks, with a generated reason", async () => {
      const { run } = await scriptedSetup(["a"]);
      const result = await run("PreToolUse", scripted({ a: { exit: 2 } }, bash("x")));
      expect(result.decision).toBe("deny");
      expect(result.reason).toEqual(expect.stringContaining("exit code 2"));
    });

    it.each([1, 3, 127])(
      "exit %i: nonzero_exit, status error, other decisions still apply",
      async (code) => {
        const { run, configFile } = await scriptedSetup(["a", "b"]);
        const result = await run(
          "PreToolUse",
          scripted(
            { a: { stdout: allow, stderr: "boom", exit: code }, b: { stdout: deny } },
            bash("x"),
          ),
        );
        expect(result.runs.map((run) => [run.status, run.exitCode])).toEqual([
          ["error", code],
          ["blocked", 0],
        ]);
        expect(result).toMatchObject({ decision: "deny", reason: "json deny" });
        expect(withCode(result.diagnostics, "nonzero_exit")).toEqual([
          expect.objectContaining({
            severity: "warning",
            file: configFile,
            path: "hooks.PreToolUse[0].hooks[0]",
            message: expect.stringContaining("boom"),
          }),
        ]);
      },
    );

    it("a command that cannot start is a spawn_failed error, not a crash", async () => {
      const workspace = createWorkspace();
      writeJson(workspace.configFile, {
        hooks: {
          PreToolUse: [
            group(
              undefined,
              handler([join(workspace.root, "no-such-handler")]),
              handler(`'${join(workspace.root, "no-such-script")}'`),
              handler(emit("--stdout", JSON.stringify(deny))),
            ),
          ],
        },
      });
      const engine = await createEngine(workspace);
      const result = await engine.dispatch("PreToolUse", bash("x"));
      expect(statuses(result)).toEqual(["error", "error", "blocked"]);
      expect(codes(result)).toEqual(["spawn_failed", "nonzero_exit"]);
      expect(result.decision).toBe("deny");
    });
  });

  describe("9. universal fields: continue, stopReason, systemMessage", () => {
    it("continue:false stops and overrides the decision; first stopReason, all systemMessages in order", async () => {
      const { run } = await scriptedSetup(["a", "b", "c"]);
      const result = await run(
        "PreToolUse",
        scripted(
          {
            a: { stdout: { systemMessage: "message a" }, sleepMs: 150 },
            b: {
              stdout: preToolUse(
                { permissionDecision: "deny", permissionDecisionReason: "no" },
                { continue: false, stopReason: "stop b", systemMessage: "message b" },
              ),
              sleepMs: 75,
            },
            c: { stdout: { continue: false, stopReason: "stop c", systemMessage: "message c" } },
          },
          bash("x"),
        ),
      );
      expect(result).toMatchObject({
        decision: null,
        reason: null,
        continue: false,
        stopReason: "stop b",
        systemMessages: ["message a", "message b", "message c"],
      });
      expect(withCode(result.diagnostics, "decision_overridden")).toHaveLength(1);
    });

    it("continue:true and no output leave everything as it was", async () => {
      const { run } = await scriptedSetup(["a", "b"]);
      const result = await run(
        "PreToolUse",
        scripted({ a: { stdout: { continue: true, suppressOutput: true } } }, bash("x")),
      );
      expect(result).toMatchObject({
        decision: null,
        continue: true,
        stopReason: null,
        systemMessages: [],
        additionalContext: [],
        updatedInput: null,
      });
      expect(result.diagnostics).toEqual([]);
    });
  });

  describe("10. PreToolUse decisions", () => {
    const decisions = ["deny", "ask", "allow"] as const;
    // One order end to end; all six, and the pairs below, are pure cases in
    // decide/apply-session-rules.test.ts.
    const orders = [["deny", "ask", "allow"]] as const;

    it.each(orders)(
      "deny wins in order %s, %s, %s, with additionalContext in config order",
      async (...order) => {
        const { run } = await scriptedSetup(["a", "b", "c"]);
        const labels = ["a", "b", "c"] as const;
        const script: Record<string, Step> = {};
        order.forEach((decision, index) => {
          script[labels[index] ?? "a"] = {
            stdout: preToolUse({
              permissionDecision: decision,
              permissionDecisionReason: `${decision} reason`,
              additionalContext: `context ${index}`,
            }),
            // The first-configured handler finishes last.
            sleepMs: (2 - index) * 60,
          };
        });
        const result = await run("PreToolUse", scripted(script, bash("x")));
        expect(result).toMatchObject({ decision: "deny", reason: "deny reason" });
        expect(result.additionalContext).toEqual(["context 0", "context 1", "context 2"]);
        expect(result.diagnostics).toEqual([]);
      },
    );

    it.each([[["ask", "allow"], "ask"]] as const)("%j → %s", async (pair, expected) => {
      const { run } = await scriptedSetup(["a", "b"]);
      const step = (decision: (typeof decisions)[number] | null, label: string): Step =>
        decision === null
          ? {}
          : {
              stdout: preToolUse({
                permissionDecision: decision,
                permissionDecisionReason: `${decision} from ${label}`,
              }),
            };
      const result = await run(
        "PreToolUse",
        scripted({ a: step(pair[0], "a"), b: step(pair[1], "b") }, bash("x")),
      );
      expect(result.decision).toBe(expected);
      const winner = pair.indexOf(expected as never);
      expect(result.reason).toBe(expected === null ? null : `${expected} from ${"ab"[winner]}`);
    });

    it("keeps the reason of the first deny in configuration order", async () => {
      const { run } = await scriptedSetup(["a", "b", "c"]);
      const result = await run(
        "PreToolUse",
        scripted(
          {
            a: { stdout: preToolUse({ permissionDecision: "allow" }) },
            b: {
              stdout: preToolUse({ permissionDecision: "deny", permissionDecisionReason: "first" }),
              sleepMs: 150,
            },
            c: { stderr: "second", exit: 2 },
          },
          bash("x"),
        ),
      );
      expect(result).toMatchObject({ decision: "deny", reason: "first" });
      expect(statuses(result)).toEqual(["ok", "blocked", "blocked"]);
    });

    it("exit 2 is a deny with stderr as the reason, over another hook's allow", async () => {
      const { run } = await scriptedSetup(["a", "b"]);
      const result = await run(
        "PreToolUse",
        scripted(
          {
            a: { stdout: preToolUse({ permissionDecision: "allow" }) },
            b: { stderr: "Destructive command blocked by hook", exit: 2 },
          },
          bash("rm -rf /tmp/build"),
        ),
      );
      expect(result).toMatchObject({
        decision: "deny",
        reason: "Destructive command blocked by hook",
      });
    });

    it("accepts the legacy top-level approve / block decision", async () => {
      const { run } = await scriptedSetup(["a"]);
      const approve = await run(
        "PreToolUse",
        scripted({ a: { stdout: { decision: "approve", reason: "fine" } } }, bash("x")),
      );
      expect(approve).toMatchObject({ decision: "allow", reason: "fine" });
      const block = await run(
        "PreToolUse",
        scripted({ a: { stdout: { decision: "block", reason: "nope" } } }, bash("x")),
      );
      expect(block).toMatchObject({ decision: "deny", reason: "nope" });
    });

    it("ignores hookSpecificOutput addressed to another event, with invalid_output", async () => {
      const { run } = await scriptedSetup(["a"]);
      const result = await run(
        "PreToolUse",
        scripted(
          {
            a: {
              stdout: {
                systemMessage: "still shown",
                hookSpecificOutput: { hookEventName: "PostToolUse", permissionDecision: "deny" },
              },
            },
          },
          bash("x"),
        ),
      );
      expect(result).toMatchObject({ decision: null, systemMessages: ["still shown"] });
      expect(codes(result)).toEqual(["invalid_output"]);
    });

    it("ignores an invalid permissionDecision with invalid_output", async () => {
      const { run } = await scriptedSetup(["a"]);
      const result = await run(
        "PreToolUse",
        scripted({ a: { stdout: preToolUse({ permissionDecision: "maybe" }) } }, bash("x")),
      );
      expect(result.decision).toBeNull();
      expect(codes(result)).toEqual(["invalid_output"]);
    });
  });

  describe("11. PermissionRequest decisions", () => {
    // The other pairs: decide/apply-session-rules.test.ts.
    it.each([[["allow", "deny"], "deny"]] as const)("%j → %s", async (pair, expected) => {
      const { run } = await scriptedSetup(["a", "b"]);
      const step = (behavior: "allow" | "deny" | null): Step =>
        behavior === null
          ? {}
          : { stdout: permissionRequest({ behavior, message: `${behavior} message` }) };
      const result = await run(
        "PermissionRequest",
        scripted({ a: step(pair[0]), b: step(pair[1]) }, bash("x")),
      );
      expect(result.decision).toBe(expected);
      expect(result.reason).toBe(expected === null ? null : `${expected} message`);
      expect(result.diagnostics).toEqual([]);
    });

    it("exit 2 denies with stderr; an ask is not a PermissionRequest decision", async () => {
      const { run } = await scriptedSetup(["a", "b"]);
      const denied = await run(
        "PermissionRequest",
        scripted(
          { a: { stdout: permissionRequest({ behavior: "allow" }) }, b: { stderr: "no", exit: 2 } },
          bash("x"),
        ),
      );
      expect(denied).toMatchObject({ decision: "deny", reason: "no" });
      const ask = await run(
        "PermissionRequest",
        scripted({ a: { stdout: permissionRequest({ behavior: "ask" }) } }, bash("x")),
      );
      expect(ask.decision).toBeNull();
      expect(codes(ask)).toEqual(["invalid_output"]);
    });
  });

  describe("12. Stop continuations", () => {
    const block = (reason: string): Step => ({ stdout: { decision: "block", reason } });

    async function stopEngine() {
      const { engine, run, received } = await scriptedSetup(["a"]);
      const stop = async (step: Step, sessionId = "session-1") => {
        const result = await run("Stop", scripted({ a: step }, { session_id: sessionId }));
        return { result, active: received("a").stop_hook_active };
      };
      return { engine, stop };
    }

    it("blocks through JSON and through exit 2, with the reason", async () => {
      const { stop } = await stopEngine();
      const viaJson = await stop(block("Tests are still failing; keep working"));
      expect(viaJson.result).toMatchObject({
        decision: "block",
        reason: "Tests are still failing; keep working",
      });
      expect(statuses(viaJson.result)).toEqual(["blocked"]);
      const viaExit = await stop({ stderr: "lint errors remain", exit: 2 });
      expect(viaExit.result).toMatchObject({ decision: "block", reason: "lint errors remain" });
      const done = await stop({});
      expect(done.result).toMatchObject({ decision: null, reason: null });
    });

    it("sets stop_hook_active: false first, true after a Stop that blocked", async () => {
      const { stop } = await stopEngine();
      expect((await stop(block("1"))).active).toBe(false);
      expect((await stop(block("2"))).active).toBe(true);
      expect((await stop({})).active).toBe(true);
      // The Stop that did not block reset the count.
      expect((await stop({})).active).toBe(false);
    });

    it("allows eight consecutive blocks and refuses the ninth with continuation_cap", async () => {
      const { stop } = await stopEngine();
      for (let count = 1; count <= 8; count += 1) {
        const { result, active } = await stop(block(`block ${count}`));
        expect(result.decision).toBe("block");
        expect(active).toBe(count > 1);
        expect(result.diagnostics).toEqual([]);
      }
      const ninth = await stop(block("block 9"));
      expect(ninth.active).toBe(true);
      expect(ninth.result).toMatchObject({ decision: null, reason: null });
      expect(withCode(ninth.result.diagnostics, "continuation_cap")).toEqual([
        expect.objectContaining({ severity: "warning" }),
      ]);
      // The refused continuation ended the turn: the next Stop starts counting afresh.
      const next = await stop(block("new turn"));
      expect(next.active).toBe(false);
      expect(next.result.decision).toBe("block");
    });

    it("a UserPromptSubmit dispatch resets the count", async () => {
      const { engine, stop } = await stopEngine();
      for (let count = 1; count <= 5; count += 1) await stop(block(String(count)));
      const prompt = await engine.dispatch("UserPromptSubmit", {
        session_id: "session-1",
        prompt: "go on",
      });
      expect(prompt.runs).toEqual([]);
      expect(prompt.diagnostics).toEqual([]);
      for (let count = 1; count <= 8; count += 1) {
        const { result, active } = await stop(block(String(count)));
        expect(result.decision).toBe("block");
        expect(active).toBe(count > 1);
      }
      expect((await stop(block("9"))).result.decision).toBeNull();
    });

    it("counts per session_id", async () => {
      const { stop } = await stopEngine();
      for (let count = 1; count <= 8; count += 1) await stop(block(String(count)), "session-a");
      const other = await stop(block("other"), "session-b");
      expect(other.active).toBe(false);
      expect(other.result.decision).toBe("block");
      const ninth = await stop(block("9"), "session-a");
      expect(ninth.result.decision).toBeNull();
      expect(codes(ninth.result)).toContain("continuation_cap");
      expect((await stop(block("2"), "session-b")).result.decision).toBe("block");
    });
  });

  describe("13. context-only events", () => {
    it.each(["SessionStart", "SubagentStart"])(
      "%s collects additionalContext in config order",
      async (event) => {
        const { run } = await scriptedSetup(["a", "b", "c"]);
        const result = await run(
          event,
          scripted(
            {
              a: { stdout: context(event, "first"), sleepMs: 120 },
              b: { stdout: { systemMessage: "note" } },
              c: { stdout: context(event, "third") },
            },
            { source: "startup", agent_type: "researcher", agent_id: "a1" },
          ),
        );
        expect(result).toMatchObject({
          decision: null,
          additionalContext: ["first", "third"],
          systemMessages: ["note"],
        });
        expect(result.diagnostics).toEqual([]);
      },
    );

    it.each(["SessionStart", "SessionEnd", "Notification", "SubagentStart"])(
      "%s cannot block: exit 2 is reported with block_ignored, no decision",
      async (event) => {
        const { run } = await scriptedSetup(["a"]);
        const result = await run(event, scripted({ a: { stderr: "halt", exit: 2 } }));
        expect(result.decision).toBeNull();
        expect(result.additionalContext).toEqual([]);
        expect(codes(result)).toEqual(["block_ignored"]);
        expect(statuses(result)).toEqual(["blocked"]);
      },
    );

    it("PostToolUse: a block is not a decision; block_ignored, reason kept as context", async () => {
      const { run } = await scriptedSetup(["a", "b"]);
      const result = await run(
        "PostToolUse",
        scripted(
          {
            a: {
              stdout: {
                decision: "block",
                reason: "lint failed",
                hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "ran lint" },
              },
            },
            b: { stderr: "tests failed", exit: 2 },
          },
          { ...bash("npm test"), tool_response: { exit_code: 0 } },
        ),
      );
      expect(result.decision).toBeNull();
      expect(result.reason).toBeNull();
      expect(result.additionalContext).toEqual(["ran lint\nlint failed", "tests failed"]);
      expect(codes(result)).toEqual(["block_ignored", "block_ignored"]);
    });

    it("SubagentStop: a block is context only, with unsupported_field", async () => {
      const { run } = await scriptedSetup(["a", "b"]);
      const result = await run(
        "SubagentStop",
        scripted(
          {
            a: { stdout: { decision: "block", reason: "do more research" } },
            b: { stderr: "missing sources", exit: 2 },
          },
          { agent_type: "researcher", agent_id: "a1", stop_hook_active: false },
        ),
      );
      expect(result.decision).toBeNull();
      expect(result.additionalContext).toEqual(["do more research", "missing sources"]);
      expect(codes(result)).toEqual(["unsupported_field", "unsupported_field"]);
    });
  });

  describe("14. parsed-but-not-applied fields", () => {
    it("PreToolUse updatedInput: unsupported_field, the allow stands, updatedInput stays null", async () => {
      const { run } = await scriptedSetup(["a"]);
      const result = await run(
        "PreToolUse",
        scripted(
          {
            a: {
              stdout: preToolUse({
                permissionDecision: "allow",
                updatedInput: { command: "ls -la" },
              }),
            },
          },
          bash("ls"),
        ),
      );
      expect(result).toMatchObject({ decision: "allow", updatedInput: null });
      expect(codes(result)).toEqual(["unsupported_field"]);
    });

    it("PreToolUse defer: decision null (never allow), unsupported_field", async () => {
      const { run } = await scriptedSetup(["a", "b"]);
      const viaDecision = await run(
        "PreToolUse",
        scripted({ a: { stdout: preToolUse({ permissionDecision: "defer" }) } }, bash("x")),
      );
      expect(viaDecision.decision).toBeNull();
      expect(codes(viaDecision)).toEqual(["unsupported_field"]);
      const viaField = await run(
        "PreToolUse",
        scripted({ a: { stdout: preToolUse({ defer: true }) } }, bash("x")),
      );
      expect(viaField.decision).toBeNull();
      expect(codes(viaField)).toEqual(["unsupported_field"]);
      // A defer does not weaken another hook's ask.
      const withAsk = await run(
        "PreToolUse",
        scripted(
          {
            a: { stdout: preToolUse({ permissionDecision: "defer" }) },
            b: { stdout: preToolUse({ permissionDecision: "ask" }) },
          },
          bash("x"),
        ),
      );
      expect(withAsk.decision).toBe("ask");
    });

    it("PostToolUse updatedToolOutput: unsupported_field, context still applied", async () => {
      const { run } = await scriptedSetup(["a"]);
      const result = await run(
        "PostToolUse",
        scripted(
          {
            a: {
              stdout: {
                hookSpecificOutput: {
                  hookEventName: "PostToolUse",
                  updatedToolOutput: "redacted",
                  additionalContext: "output checked",
                },
              },
            },
          },
          { ...bash("cat .env"), tool_response: { stdout: "SECRET=1" } },
        ),
      );
      expect(result).toMatchObject({
        decision: null,
        updatedInput: null,
        additionalContext: ["output checked"],
      });
      expect(codes(result)).toEqual(["unsupported_field"]);
    });

    it("PermissionRequest updatedInput / updatedPermissions: unsupported_field, the decision stands", async () => {
      const { run } = await scriptedSetup(["a", "b"]);
      const result = await run(
        "PermissionRequest",
        scripted(
          {
            a: {
              stdout: permissionRequest({
                behavior: "allow",
                updatedInput: { command: "ls" },
                updatedPermissions: [{ type: "addRules" }],
              }),
            },
            b: {
              stdout: {
                hookSpecificOutput: {
                  hookEventName: "PermissionRequest",
                  updatedInput: { command: "ls" },
                  updatedPermissions: [],
                },
              },
            },
          },
          bash("ls"),
        ),
      );
      expect(result).toMatchObject({ decision: "allow", updatedInput: null });
      expect(codes(result)).toEqual([
        "unsupported_field",
        "unsupported_field",
        "unsupported_field",
        "unsupported_field",
      ]);
    });
  });

  describe("15. message cap", () => {
    const huge = (letter: string) => letter.repeat(50_000);
    const limit = 10_000;

    it("caps reason, additionalContext, systemMessage and stopReason at 10,000 characters", async () => {
      const { run } = await scriptedSetup(["a", "b"]);
      const result = await run(
        "PreToolUse",
        scripted(
          {
            a: {
              stdout: preToolUse(
                {
                  permissionDecision: "deny",
                  permissionDecisionReason: huge("r"),
                  additionalContext: huge("c"),
                },
                { systemMessage: huge("m") },
              ),
            },
            b: { stdout: { continue: false, stopReason: huge("s") } },
          },
          bash("x"),
        ),
      );
      const messages = [
        result.stopReason ?? "",
        ...result.systemMessages,
        ...result.additionalContext,
      ];
      expect(messages).toHaveLength(3);
      for (const message of messages) {
        expect(message.length).toBeLessThanOrEqual(limit);
        expect(message.length).toBeGreaterThan(limit / 2);
      }
      expect(result.stopReason?.startsWith("sss")).toBe(true);
      expect(result.systemMessages[0]?.startsWith("mmm")).toBe(true);
      expect(result.additionalContext[0]?.startsWith("ccc")).toBe(true);
      expect(withCode(result.diagnostics, "output_truncated")).toHaveLength(4);
    });

    it("caps a 50,000-character deny reason and an exit-2 stderr reason", async () => {
      const { run } = await scriptedSetup(["a"]);
      const json = await run(
        "PreToolUse",
        scripted(
          {
            a: {
              stdout: preToolUse({
                permissionDecision: "deny",
                permissionDecisionReason: huge("r"),
              }),
            },
          },
          bash("x"),
        ),
      );
      expect(json.decision).toBe("deny");
      expect(json.reason?.length).toBeLessThanOrEqual(limit);
      expect(json.reason?.startsWith("rrr")).toBe(true);
      expect(codes(json)).toEqual(["output_truncated"]);
      const stderr = await run(
        "PreToolUse",
        scripted({ a: { stderr: huge("e"), exit: 2 } }, bash("x")),
      );
      expect(stderr.decision).toBe("deny");
      expect(stderr.reason?.length).toBeLessThanOrEqual(limit);
      expect(codes(stderr)).toEqual(["output_truncated"]);
    });

    it("caps a Stop block reason and a PostToolUse feedback", async () => {
      const { run } = await scriptedSetup(["a"]);
      const stop = await run(
        "Stop",
        scripted({ a: { stdout: { decision: "block", reason: huge("b") } } }),
      );
      expect(stop.decision).toBe("block");
      expect(stop.reason?.length).toBeLessThanOrEqual(limit);
      expect(codes(stop)).toEqual(["output_truncated"]);
      const post = await run(
        "PostToolUse",
        scripted({ a: { stderr: huge("f"), exit: 2 } }, bash("x")),
      );
      expect(post.additionalContext).toHaveLength(1);
      expect(post.additionalContext[0]?.length).toBeLessThanOrEqual(limit);
      expect(codes(post)).toEqual(expect.arrayContaining(["block_ignored", "output_truncated"]));
    });

    it("keeps a message of exactly 10,000 characters whole", async () => {
      const { run } = await scriptedSetup(["a"]);
      const exact = "x".repeat(limit);
      const result = await run(
        "SessionStart",
        scripted({ a: { stdout: context("SessionStart", exact) } }, { source: "startup" }),
      );
      expect(result.additionalContext).toEqual([exact]);
      expect(result.diagnostics).toEqual([]);
    });
  });

  describe("16. concurrency and configuration order", () => {
    it("runs matching handlers at the same time (a rendezvous that sequential runs would miss)", async () => {
      const workspace = createWorkspace();
      const first = join(workspace.root, "first-started");
      const second = join(workspace.root, "second-started");
      writeJson(workspace.configFile, {
        hooks: {
          PreToolUse: [
            group(
              undefined,
              handler([fixture("rendezvous.sh"), first, second], { timeout: 90 }),
              handler([fixture("rendezvous.sh"), second, first], { timeout: 90 }),
            ),
          ],
        },
      });
      const engine = await createEngine(workspace);
      const result = await engine.dispatch("PreToolUse", bash("x"));
      expect(result.runs.map((run) => [run.status, run.exitCode])).toEqual([
        ["ok", 0],
        ["ok", 0],
      ]);
    });

    it("runs three matching handlers at the same time: each waits for the other two to start", async () => {
      const workspace = createWorkspace();
      const marks = ["a", "b", "c"].map((label) => join(workspace.root, `${label}-started`));
      const others = (mine: string) => marks.filter((mark) => mark !== mine);
      writeJson(workspace.configFile, {
        hooks: {
          PreToolUse: [
            group(
              undefined,
              ...marks.map((mark) =>
                handler([fixture("rendezvous.sh"), mark, ...others(mark)], { timeout: 90 }),
              ),
            ),
          ],
        },
      });
      const engine = await createEngine(workspace);
      const result = await engine.dispatch("PreToolUse", bash("x"));
      expect(result.runs.map((run) => [run.status, run.exitCode])).toEqual([
        ["ok", 0],
        ["ok", 0],
        ["ok", 0],
      ]);
    });

    it("combines results and lists runs in configuration order, not completion order", async () => {
      const { engine } = await setup({
        PreToolUse: [
          group(
            undefined,
            handler(
              emit(
                "--sleep",
                "0.3",
                "--stdout",
                JSON.stringify(
                  preToolUse({ additionalContext: "0:0" }, { systemMessage: "first" }),
                ),
              ),
            ),
            handler(
              emit(
                "--sleep",
                "0.15",
                "--stdout",
                JSON.stringify(
                  preToolUse({ additionalContext: "0:1" }, { systemMessage: "second" }),
                ),
              ),
            ),
          ),
          group(
            "Bash",
            handler(
              emit(
                "--stdout",
                JSON.stringify(
                  preToolUse({ additionalContext: "1:0" }, { systemMessage: "third" }),
                ),
              ),
            ),
          ),
        ],
      });
      const result = await engine.dispatch("PreToolUse", bash("x"));
      expect(ids(result)).toEqual(["PreToolUse:0:0", "PreToolUse:0:1", "PreToolUse:1:0"]);
      expect(result.additionalContext).toEqual(["0:0", "0:1", "1:0"]);
      expect(result.systemMessages).toEqual(["first", "second", "third"]);
    });
  });

  describe("17. timeouts", () => {
    it("kills a handler past its timeout: status timeout, a timeout diagnostic, others still apply", async () => {
      const { engine, configFile } = await setup({
        PreToolUse: [
          group(
            undefined,
            handler(emit("--sleep", "30"), { timeout: 0.5 }),
            handler(emit("--stdout", JSON.stringify(preToolUse({ permissionDecision: "deny" })))),
          ),
        ],
      });
      const result = await engine.dispatch("PreToolUse", bash("x"));
      expect(result.runs[0]).toMatchObject({
        status: "timeout",
        exitCode: null,
        signal: "SIGTERM",
      });
      expect(result.decision).toBe("deny");
      expect(withCode(result.diagnostics, "timeout")).toEqual([
        expect.objectContaining({
          file: configFile,
          path: "hooks.PreToolUse[0].hooks[0]",
          message: expect.stringContaining("0.5 s"),
        }),
      ]);
    });

    it("SIGKILLs a handler that ignores SIGTERM after the grace period", async () => {
      const { engine } = await setup({
        Stop: [group(undefined, handler([fixture("ignore-sigterm.sh")], { timeout: 0.5 }))],
      });
      const result = await engine.dispatch("Stop", {});
      expect(result.runs[0]).toMatchObject({ status: "timeout", signal: "SIGKILL" });
      expect(result.decision).toBeNull();
      expect(codes(result)).toEqual(["timeout"]);
    });

    it("returns after a timeout even when a detached grandchild holds stdout open", async () => {
      const { engine } = await setup(
        {
          PreToolUse: [
            group(undefined, handler([fixture("spawn-grandchild.sh"), "hang"], { timeout: 0.5 })),
          ],
        },
        { onRunEnd: rememberPrintedPid },
      );
      const result = await engine.dispatch("PreToolUse", bash("x"));
      expect(statuses(result)).toEqual(["timeout"]);
      // The grandchild sleeps 30 s: still alive means the dispatch did not wait for it.
      expect(isAlive(lastPrintedPid())).toBe(true);
    });

    it("returns promptly when a handler exits but its grandchild holds stdout open", async () => {
      const output = JSON.stringify(preToolUse({ permissionDecision: "ask" }));
      const { engine } = await setup(
        {
          PreToolUse: [group(undefined, handler([fixture("spawn-grandchild.sh"), "exit", output]))],
        },
        { onRunEnd: rememberPrintedPid },
      );
      const result = await engine.dispatch("PreToolUse", bash("x"));
      expect(statuses(result)).toEqual(["ok"]);
      expect(result.decision).toBe("ask");
      expect(isAlive(lastPrintedPid())).toBe(true);
    });
  });

  describe("18. misbehaving handlers", () => {
    it("survives a handler that never reads a big payload (EPIPE) and still reads its output", async () => {
      const allow = JSON.stringify(preToolUse({ permissionDecision: "allow" }));
      const { engine } = await setup({
        PreToolUse: [group(undefined, handler([fixture("ignore-stdin.sh"), allow]))],
      });
      const payload = {
        tool_name: "Write",
        tool_input: { file_path: "big.txt", content: "x".repeat(4 * 1024 * 1024) },
      };
      const result = await engine.dispatch("PreToolUse", payload);
      expect(statuses(result)).toEqual(["ok"]);
      expect(result.decision).toBe("allow");
      expect(result.diagnostics).toEqual([]);
    });

    it("bounds 5 MB of stdout garbage: status error, an output_truncated error, nothing parsed", async () => {
      const { engine } = await setup({
        PreToolUse: [
          group(
            undefined,
            handler([fixture("print-garbage.sh"), String(5 * 1024 * 1024)]),
            handler(emit("--stdout", JSON.stringify(preToolUse({ permissionDecision: "ask" })))),
          ),
        ],
      });
      const result = await engine.dispatch("PreToolUse", bash("x"));
      expect(statuses(result)).toEqual(["error", "ok"]);
      expect(result.decision).toBe("ask");
      expect(codes(result)).toEqual(["output_truncated"]);
      expect(result.diagnostics[0]?.severity).toBe("error");
    });

    it("bounds 5 MB of stderr garbage from a failing handler", async () => {
      const { engine } = await setup({
        PreToolUse: [
          group(
            undefined,
            handler([fixture("print-garbage.sh"), String(5 * 1024 * 1024), "stderr", "1"]),
          ),
        ],
      });
      const result = await engine.dispatch("PreToolUse", bash("x"));
      expect(result.runs[0]).toMatchObject({ status: "error", exitCode: 1 });
      const [diagnostic] = withCode(result.diagnostics, "nonzero_exit");
      expect(diagnostic?.message.length).toBeLessThan(2_000);
    });

    it.each([
      ["plain text", "hello from the hook\n", []],
      ["binary-ish garbage", "}{ \u0001\u0002 ]][[", []],
      ["broken JSON", '{"hookSpecificOutput": {', ["invalid_output"]],
      ["a JSON array", '["deny"]', []],
      ["a JSON string", '"deny"', []],
    ])("ignores %s on stdout", async (_name, stdout, expectedCodes) => {
      const { engine } = await setup({
        PreToolUse: [group(undefined, handler(emit("--stdout", stdout)))],
      });
      const result = await engine.dispatch("PreToolUse", bash("x"));
      expect(statuses(result)).toEqual(["ok"]);
      expect(result.decision).toBeNull();
      expect(codes(result)).toEqual(expectedCodes);
    });

    it("reports output fields of the wrong type and keeps the rest", async () => {
      const { run } = await scriptedSetup(["a"]);
      const result = await run(
        "PreToolUse",
        scripted(
          {
            a: {
              stdout: {
                continue: "no",
                systemMessage: 42,
                extra: true,
                hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" },
              },
            },
          },
          bash("x"),
        ),
      );
      expect(result).toMatchObject({ decision: "deny", continue: true, systemMessages: [] });
      expect(codes(result)).toEqual(["invalid_output", "invalid_output", "unknown_field"]);
    });
  });

  describe("runs, callbacks, close, unknown events", () => {
    it("lists runs in configuration order with <event>:<group>:<handler> ids", async () => {
      const { engine, configFile } = await setup({
        PreToolUse: [
          group(
            undefined,
            handler(emit("--label", "0:0", "--sleep", "0.2")),
            handler(emit("--label", "0:1")),
          ),
          group("Write", handler(emit("--label", "1:0"))),
          group("Bash", handler(emit("--label", "2:0", "--sleep", "0.1"))),
        ],
      });
      const result = await engine.dispatch("PreToolUse", bash("x"));
      expect(result.runs.map((run) => [run.id, run.path, run.source])).toEqual([
        ["PreToolUse:0:0", "hooks.PreToolUse[0].hooks[0]", configFile],
        ["PreToolUse:0:1", "hooks.PreToolUse[0].hooks[1]", configFile],
        ["PreToolUse:2:0", "hooks.PreToolUse[2].hooks[0]", configFile],
      ]);
      expect(result.runs[0]?.command).toEqual(emit("--label", "0:0", "--sleep", "0.2"));
      for (const run of result.runs) expect(run.durationMs).toBeGreaterThan(0);
    });

    it("numbers groups across several config files without collisions", async () => {
      const workspace = createWorkspace();
      const first = join(workspace.root, "first.json");
      const second = join(workspace.root, "second.json");
      writeJson(first, {
        hooks: { Stop: [group(undefined, handler(emit("--label", "first")))] },
      });
      writeJson(second, {
        hooks: { Stop: [group(undefined, handler(emit("--label", "second")))] },
      });
      const engine = await createEngine(workspace, { configFiles: [first, second] });
      const result = await engine.dispatch("Stop", {});
      expect(result.runs.map((run) => [run.id, run.source])).toEqual([
        ["Stop:0:0", first],
        ["Stop:1:0", second],
      ]);
    });

    it("runs a repeated identical command once and lists the repeat as skipped", async () => {
      const { engine } = await setup({
        Stop: [
          group(undefined, handler(emit("--label", "same"))),
          group(undefined, handler(emit("--label", "same"))),
        ],
      });
      const result = await engine.dispatch("Stop", {});
      expect(statuses(result)).toEqual(["ok", "skipped"]);
      expect(codes(result)).toEqual(["duplicate_handler"]);
    });

    it("calls onRunStart with the statusMessage and onRunEnd with the outcome", async () => {
      const starts: RunStart[] = [];
      const ends: RunEnd[] = [];
      const { engine, configFile } = await setup(
        {
          PreToolUse: [
            group(
              "Bash",
              handler(emit("--stdout", "{}", "--stderr", "note"), {
                statusMessage: "Checking policy…",
              }),
              handler(emit("--exit", "1")),
            ),
          ],
        },
        {
          onRunStart: (run) => {
            starts.push(run);
          },
          onRunEnd: (run) => {
            ends.push(run);
            throw new Error("a failing host callback must not break dispatch");
          },
        },
      );
      const result = await engine.dispatch("PreToolUse", bash("x"));
      expect(statuses(result)).toEqual(["ok", "error"]);
      expect(starts.map((run) => [run.id, run.event, run.statusMessage, run.source])).toEqual([
        ["PreToolUse:0:0", "PreToolUse", "Checking policy…", configFile],
        ["PreToolUse:0:1", "PreToolUse", null, configFile],
      ]);
      const byId = new Map(ends.map((run) => [run.id, run]));
      expect(byId.get("PreToolUse:0:0")).toMatchObject({
        status: "ok",
        exitCode: 0,
        stdout: "{}",
        stderr: "note",
        timedOut: false,
      });
      expect(byId.get("PreToolUse:0:1")).toMatchObject({ status: "error", exitCode: 1 });
    });

    it("close() cancels running handlers; a later dispatch reports engine_closed", async () => {
      const workspace = createWorkspace();
      writeJson(workspace.configFile, {
        hooks: { Stop: [group(undefined, handler(emit("--sleep", "30"), { timeout: 20 }))] },
      });
      const engine = await createHookEngine({
        profile: "deepagents",
        cwd: workspace.cwd,
        home: workspace.home,
      });
      const pending = engine.dispatch("Stop", {});
      await new Promise((resolve) => setTimeout(resolve, 150));
      await engine.close();
      const cancelled = await pending;
      expect(statuses(cancelled)).toEqual(["error"]);
      expect(codes(cancelled)).toEqual(["engine_closed"]);
      const after = await engine.dispatch("Stop", {});
      expect(after).toMatchObject({ decision: null, runs: [] });
      expect(codes(after)).toEqual(["engine_closed"]);
    });

    it("reports an unknown event without throwing", async () => {
      const { engine } = await setup({});
      const result = await engine.dispatch("BeforeEverything", { anything: true });
      expect(result).toMatchObject({
        event: "BeforeEverything",
        decision: null,
        continue: true,
        runs: [],
      });
      expect(result.diagnostics).toEqual([
        expect.objectContaining({ code: "unknown_event", severity: "error" }),
      ]);
    });

    it("rejects a payload that is not an object with invalid_payload", async () => {
      const { engine } = await scriptedSetup(["a"]);
      const result = await engine.dispatch("Stop", ["not", "an", "object"] as unknown as Record<
        string,
        unknown
      >);
      expect(result.runs).toEqual([]);
      expect(codes(result)).toEqual(["invalid_payload"]);
    });
  });
});
