import { existsSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  createTestWorkspace,
  type TestWorkspace,
} from "../../test/support/create-test-workspace.js";
import { isProcessAlive, waitForProcessEnd } from "../../test/support/is-process-alive.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { quoteShellWord } from "../shell/quote-shell-word.js";
import { createHookEngine, type HookEngine, type HookEngineOptions } from "./engine.js";

// Prewarmed handlers through the whole engine (claude profile), with real scripts that log their
// pid when they start (started.log) and their pid and input once they have read it (ran.log).

const fixtures = fileURLToPath(new URL("../../test/fixtures/prewarm/", import.meta.url));
// The command that runs a fixture script, quoted: a clone's path may hold a space.
const fixtureCommand = (script: string) => quoteShellWord(`${fixtures}${script}`);

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

/** An engine whose one PreToolUse `Bash` hook runs the fixture `script`. */
async function createEngine(
  workspace: TestWorkspace,
  script: string,
  handler: Record<string, unknown> = {},
  options: Partial<HookEngineOptions> = { prewarm: true },
): Promise<HookEngine> {
  const settings = workspace.writeJson("project/.claude/settings.json", {
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [{ type: "command", command: fixtureCommand(script), ...handler }],
        },
      ],
    },
  });
  const engine = await createHookEngine({
    profile: "claude",
    cwd: workspace.project,
    home: workspace.home,
    configFiles: [settings],
    managedSettings: workspace.path("no-managed-settings.json"),
    ...options,
  });
  engines.push(engine);
  return engine;
}

const dispatchBash = (engine: HookEngine, command: string): Promise<DispatchResult> =>
  engine.dispatch("PreToolUse", { tool_name: "Bash", tool_input: { command } });

/** The lines of a log the fixture writes in the project folder (none yet: empty). */
function readLog(workspace: TestWorkspace, name: string): string[] {
  const file = workspace.path("project", name);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8").split("\n").filter(Boolean);
}

/** The pids in started.log (the first word of each line). */
const startedPids = (workspace: TestWorkspace) =>
  readLog(workspace, "started.log").map((line) => Number(line.split(" ")[0]));

/** Each run's pid and the `tool_input.command` of the event it read. */
function readRuns(workspace: TestWorkspace): { pid: number; command: unknown }[] {
  return readLog(workspace, "ran.log").map((line) => {
    const space = line.indexOf(" ");
    const payload = JSON.parse(line.slice(space + 1)) as { tool_input?: { command?: unknown } };
    return { pid: Number(line.slice(0, space)), command: payload.tool_input?.command };
  });
}

/** Waits (up to 60 s) until `count` processes of the fixture have started. */
async function waitForStarts(workspace: TestWorkspace, count: number): Promise<number[]> {
  const deadline = performance.now() + 60_000;
  while (startedPids(workspace).length < count && performance.now() < deadline) await sleep(20);
  const pids = startedPids(workspace);
  expect(pids.length).toBeGreaterThanOrEqual(count);
  return pids;
}

const codes = (result: DispatchResult) => result.diagnostics.map((diagnostic) => diagnostic.code);

describe("prewarmed handlers", () => {
  it("gives each event after the first to a standby, started again after each use", async () => {
    const workspace = createTestWorkspace("prewarm");
    const engine = await createEngine(workspace, "read-first.sh");
    const first = await dispatchBash(engine, "echo one");
    const [spawned, standby] = await waitForStarts(workspace, 2);
    const second = await dispatchBash(engine, "echo two");
    const [, , replacement] = await waitForStarts(workspace, 3);
    const third = await dispatchBash(engine, "echo three");
    expect(readRuns(workspace)).toEqual([
      { pid: spawned, command: "echo one" },
      { pid: standby, command: "echo two" },
      { pid: replacement, command: "echo three" },
    ]);
    for (const result of [first, second, third]) {
      expect(result.runs.map((run) => [run.status, run.exitCode])).toEqual([["ok", 0]]);
      expect(result.diagnostics).toEqual([]);
    }
  });

  it("prewarms a hook whose configuration says prewarm: true, without the engine option", async () => {
    const workspace = createTestWorkspace("prewarm-field");
    const engine = await createEngine(workspace, "read-first.sh", { prewarm: true }, {});
    await dispatchBash(engine, "echo one");
    const [, standby] = await waitForStarts(workspace, 2);
    await dispatchBash(engine, "echo two");
    expect(readRuns(workspace).map((run) => run.pid)).toContain(standby);
  });

  it("keeps prewarmStandbys standbys for parallel events", async () => {
    const workspace = createTestWorkspace("prewarm-two");
    const engine = await createEngine(
      workspace,
      "read-first.sh",
      {},
      {
        prewarm: true,
        prewarmStandbys: 2,
      },
    );
    await dispatchBash(engine, "echo one");
    const [, first, second] = await waitForStarts(workspace, 3);
    await Promise.all([dispatchBash(engine, "echo two"), dispatchBash(engine, "echo three")]);
    const pids = readRuns(workspace).map((run) => run.pid);
    expect(pids.slice(1).sort()).toEqual([first, second].sort());
  });

  it("counts the timeout from the delivery: a standby idle longer than it runs in full", async () => {
    const workspace = createTestWorkspace("prewarm-timeout");
    const engine = await createEngine(workspace, "read-first.sh", { timeout: 3 });
    await dispatchBash(engine, "echo one");
    const [, standby] = await waitForStarts(workspace, 2);
    await sleep(3_500);
    const result = await dispatchBash(engine, "echo two");
    expect(result.runs.map((run) => run.status)).toEqual(["ok"]);
    expect(readRuns(workspace).at(-1)).toEqual({ pid: standby, command: "echo two" });
  });

  it("discards a standby that writes before its input, warns once, and runs the hook normally", async () => {
    const workspace = createTestWorkspace("prewarm-output");
    const engine = await createEngine(workspace, "print-first.sh");
    await dispatchBash(engine, "echo one");
    const [, standby] = await waitForStarts(workspace, 2);
    const warned = await dispatchBash(engine, "echo two");
    expect(warned.runs.map((run) => run.status)).toEqual(["ok"]);
    expect(warned.diagnostics).toEqual([
      expect.objectContaining({
        code: "prewarm_unsafe",
        severity: "warning",
        message: expect.stringContaining('PreToolUse hook "'),
        path: "hooks.PreToolUse[0].hooks[0]",
      }),
    ]);
    expect(warned.diagnostics[0]?.message).toContain(
      "wrote 8 bytes to stderr before its input was sent",
    );
    expect(await waitForProcessEnd(standby as number)).toBe(true);
    const later = await dispatchBash(engine, "echo three");
    expect(codes(later)).toEqual([]);
    const runs = readRuns(workspace);
    expect(runs.map((run) => run.command)).toEqual(["echo one", "echo two", "echo three"]);
    expect(runs.map((run) => run.pid)).not.toContain(standby);
  });

  it("discards a standby that exits before its input, warns, and runs the hook in the same dispatch", async () => {
    const workspace = createTestWorkspace("prewarm-exit");
    const engine = await createEngine(workspace, "exit-first.sh");
    await dispatchBash(engine, "echo one");
    const [, standby] = await waitForStarts(workspace, 2);
    expect(await waitForProcessEnd(standby as number)).toBe(true);
    const warned = await dispatchBash(engine, "echo two");
    expect(codes(warned)).toEqual(["prewarm_unsafe"]);
    expect(warned.diagnostics[0]?.message).toContain(
      "exited with code 0 before its input was sent",
    );
    // The dispatch ran the hook itself: a third process.
    expect(warned.runs.map((run) => [run.status, run.exitCode])).toEqual([["ok", 0]]);
    expect(startedPids(workspace)).toHaveLength(3);
  });

  it("never gives an event to a standby started with another environment", async () => {
    const workspace = createTestWorkspace("prewarm-environment");
    const engine = await createEngine(
      workspace,
      "read-first.sh",
      {},
      {
        prewarm: true,
        env: { ...process.env, SERVER_TOKEN: "s3cret" },
      },
    );
    await dispatchBash(engine, "echo one");
    const [, standby] = await waitForStarts(workspace, 2);
    engine.withholdSecrets?.(["s3cret"]);
    await dispatchBash(engine, "echo two");
    expect(readRuns(workspace).map((run) => run.pid)).not.toContain(standby);
    expect(await waitForProcessEnd(standby as number)).toBe(true);
  });

  it("kills every standby and what it started on close(), and leaves no process", async () => {
    const workspace = createTestWorkspace("prewarm-close");
    const engine = await createEngine(workspace, "start-child-first.sh");
    await dispatchBash(engine, "echo one");
    await waitForStarts(workspace, 2);
    const [standby, child] = (readLog(workspace, "started.log")[1] ?? "").split(" ").map(Number);
    expect(isProcessAlive(standby as number)).toBe(true);
    expect(isProcessAlive(child as number)).toBe(true);
    engines.splice(engines.indexOf(engine), 1);
    await engine.close();
    expect(isProcessAlive(standby as number)).toBe(false);
    expect(isProcessAlive(child as number)).toBe(false);
    expect(readRuns(workspace)).toHaveLength(1);
  });

  it("does not prewarm a skill's scoped hooks, which its set outlives", async () => {
    const workspace = createTestWorkspace("prewarm-scoped");
    const engine = await createEngine(workspace, "read-first.sh", {}, { prewarm: true });
    const skill = await engine.addScopedHooks?.({
      scope: "skill",
      name: "release",
      hooks: {
        PostToolUse: [
          {
            matcher: "Bash",
            hooks: [{ type: "command", command: fixtureCommand("read-first.sh"), prewarm: true }],
          },
        ],
      },
    });
    expect(skill?.diagnostics).toEqual([]);
    const post = { tool_name: "Bash", tool_input: { command: "ls" }, tool_response: {} };
    await engine.dispatch("PostToolUse", post);
    await engine.dispatch("PostToolUse", post);
    const runs = readRuns(workspace).map((run) => run.pid);
    expect(runs).toHaveLength(2);
    expect(startedPids(workspace)).toEqual(runs);
  });

  it("starts no standby without the option or the field", async () => {
    const workspace = createTestWorkspace("prewarm-off");
    const engine = await createEngine(workspace, "read-first.sh", {}, {});
    await dispatchBash(engine, "echo one");
    await dispatchBash(engine, "echo two");
    const runs = readRuns(workspace).map((run) => run.pid);
    expect(startedPids(workspace)).toEqual(runs);
  });
});
