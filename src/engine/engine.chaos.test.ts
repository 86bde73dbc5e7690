import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { findMarkedProcesses } from "../../test/support/find-marked-processes.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// Chaos hooks: real processes that misbehave on purpose (test/fixtures/chaos/). After each, the
// dispatch has returned, no process of the hook survives, and the engine is still usable.

const fixtures = fileURLToPath(new URL("../../test/fixtures/chaos/", import.meta.url));
const fixture = (name: string): string => join(fixtures, name);
const markerVariable = "AGENT_HOOKS_CHAOS_MARKER";
/** The profile's grace between SIGTERM and SIGKILL, plus room for a loaded machine. */
const survivorWaitMs = 60_000;

interface ChaosSetup {
  root: string;
  engine: HookEngine;
  marker: string;
}

/** A deepagents engine over `hooks`, whose handlers all carry a fresh marker in their environment. */
async function setup(
  hooks: Record<string, unknown>,
  workspace = createTestWorkspace("chaos"),
): Promise<ChaosSetup> {
  const { root, home } = workspace;
  workspace.createDirectory("home", ".deepagents");
  // A Notification hook that exits at once: the dispatch after the chaos must still work.
  const withProbe = {
    ...hooks,
    Notification: [{ hooks: [{ type: "command", command: ["true"] }] }],
  };
  writeFileSync(join(home, ".deepagents", "hooks.json"), JSON.stringify({ hooks: withProbe }));
  const marker = randomUUID();
  const engine = await createHookEngine({
    profile: "deepagents",
    cwd: root,
    home,
    env: { ...process.env, [markerVariable]: marker },
  });
  return { root, engine, marker };
}

const preToolUse = (command: unknown, timeout = 0.5) => ({
  PreToolUse: [{ hooks: [{ type: "command", command, timeout }] }],
});
const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } });
const statuses = (result: DispatchResult) => result.runs.map((run) => run.status);
const deny = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "chaos",
  },
});

/** Pids of live processes whose environment carries `marker` (zombies are dead: skipped). */
const findChaosProcesses = (marker: string): number[] =>
  findMarkedProcesses(markerVariable, marker);

/** Polls until no process carries `marker` or `withinMs` passes; returns the survivors. */
async function waitForNoSurvivors(marker: string, withinMs = survivorWaitMs): Promise<number[]> {
  const deadline = performance.now() + withinMs;
  let survivors = findChaosProcesses(marker);
  while (survivors.length > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    survivors = findChaosProcesses(marker);
  }
  return survivors;
}

/** How many child-process, pipe and timer handles this process holds open. */
function countProcessHandles(): number {
  const kinds = new Set(["ProcessWrap", "PipeWrap", "Timeout"]);
  return process.getActiveResourcesInfo().filter((name) => kinds.has(name)).length;
}

/** Polls until the open child-process, pipe and timer handles are down to `baseline`; returns the count. */
async function waitForHandles(baseline: number): Promise<number> {
  const deadline = performance.now() + 60_000;
  while (countProcessHandles() > baseline && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return countProcessHandles();
}

/**
 * The checks after every chaos hook: nothing of it survives, a following dispatch works, the
 * process, pipe and timer handles are released (no pending kill timer), and `close()` resolves.
 */
async function expectCleanEngine({ engine, marker }: ChaosSetup, baseline: number): Promise<void> {
  expect(await waitForNoSurvivors(marker)).toEqual([]);
  const probe = await engine.dispatch("Notification", { notification_type: "idle" });
  expect(statuses(probe)).toEqual(["ok"]);
  expect(await waitForHandles(baseline)).toBeLessThanOrEqual(baseline);
  await engine.close();
  expect(findChaosProcesses(marker)).toEqual([]);
}

describe.skipIf(process.platform !== "linux")("chaos hooks", () => {
  it("kills a hook that ignores SIGTERM with SIGKILL and reports a timeout", async () => {
    const baseline = countProcessHandles();
    const chaos = await setup(preToolUse([fixture("ignore-sigterm.sh")]));
    const result = await chaos.engine.dispatch("PreToolUse", bash("ls"));
    expect(statuses(result)).toEqual(["timeout"]);
    expect(result.runs[0]).toMatchObject({ exitCode: null, signal: "SIGKILL" });
    await expectCleanEngine(chaos, baseline);
  });

  it("reads the answer of a hook that exits leaving a grandchild holding stdout, and ends the grandchild", async () => {
    const baseline = countProcessHandles();
    const chaos = await setup(preToolUse([fixture("grandchild-holds-stdout.sh"), "exit", deny], 5));
    const result = await chaos.engine.dispatch("PreToolUse", bash("ls"));
    expect(statuses(result)).toEqual(["blocked"]);
    expect(result).toMatchObject({ decision: "deny", reason: "chaos" });
    await expectCleanEngine(chaos, baseline);
  });

  it("times out a hook whose grandchild holds stdout while it waits, and kills both", async () => {
    const baseline = countProcessHandles();
    const chaos = await setup(preToolUse([fixture("grandchild-holds-stdout.sh"), "hang"]));
    const result = await chaos.engine.dispatch("PreToolUse", bash("ls"));
    expect(statuses(result)).toEqual(["timeout"]);
    expect(result.runs[0]?.signal).toBe("SIGTERM");
    await expectCleanEngine(chaos, baseline);
  });

  it("kills a grandchild that left the process group with setsid (found as a descendant)", async () => {
    const baseline = countProcessHandles();
    const chaos = await setup(preToolUse([fixture("setsid-escape.sh"), "child"]));
    const result = await chaos.engine.dispatch("PreToolUse", bash("ls"));
    expect(statuses(result)).toEqual(["timeout"]);
    await expectCleanEngine(chaos, baseline);
  });

  it("kills a double-forked grandchild in a new session, reparented away (found by the run marker)", async () => {
    const baseline = countProcessHandles();
    const chaos = await setup(preToolUse([fixture("setsid-escape.sh"), "double-fork"]));
    const result = await chaos.engine.dispatch("PreToolUse", bash("ls"));
    expect(statuses(result)).toEqual(["timeout"]);
    await expectCleanEngine(chaos, baseline);
  });

  it("times out a hook that closes stdout and stderr early and keeps running", async () => {
    const baseline = countProcessHandles();
    const chaos = await setup(preToolUse([fixture("close-output-and-run.sh")]));
    const result = await chaos.engine.dispatch("PreToolUse", bash("ls"));
    expect(statuses(result)).toEqual(["timeout"]);
    expect(result.runs[0]?.signal).toBe("SIGTERM");
    await expectCleanEngine(chaos, baseline);
  });

  it("feeds a hook that reads stdin one byte per read the whole payload", async () => {
    const baseline = countProcessHandles();
    const workspace = createTestWorkspace("chaos");
    const copy = workspace.path("stdin-copy.json");
    const chaos = await setup(
      preToolUse([fixture("read-stdin-bytewise.sh"), copy, deny], 60),
      workspace,
    );
    const content = "é".repeat(64 * 1024);
    const result = await chaos.engine.dispatch("PreToolUse", {
      tool_name: "Write",
      tool_input: { file_path: "a.txt", content },
    });
    expect(statuses(result)).toEqual(["blocked"]);
    expect(result.decision).toBe("deny");
    const received = JSON.parse(readFileSync(copy, "utf8")) as { tool_input: { content: string } };
    expect(received.tool_input.content).toBe(content);
    await expectCleanEngine(chaos, baseline);
  });

  it("survives hooks that exit before reading a 10 MB payload (EPIPE) and reads their answers", async () => {
    const baseline = countProcessHandles();
    const hooks = [1, 2, 3].map((label) => ({
      type: "command",
      command: [fixture("exit-without-reading.sh"), deny, String(label)],
      timeout: 10,
    }));
    const chaos = await setup({ PreToolUse: [{ hooks }] });
    const payload = {
      tool_name: "Write",
      tool_input: { file_path: "big.txt", content: "x".repeat(10 * 1024 * 1024) },
    };
    for (let round = 0; round < 3; round += 1) {
      const result = await chaos.engine.dispatch("PreToolUse", payload);
      expect(statuses(result)).toEqual(["blocked", "blocked", "blocked"]);
      expect(result.decision).toBe("deny");
    }
    await expectCleanEngine(chaos, baseline);
  });

  it("kills every child of a fork loop that ignores SIGTERM, in and out of the group", async () => {
    const baseline = countProcessHandles();
    const chaos = await setup(preToolUse([fixture("fork-loop.sh"), "50"], 0.3));
    const result = await chaos.engine.dispatch("PreToolUse", bash("ls"));
    expect(statuses(result)).toEqual(["timeout"]);
    await expectCleanEngine(chaos, baseline);
  });

  it("ends a persistent handler's grandchild outside its process group when the engine closes", async () => {
    const baseline = countProcessHandles();
    const chaos = await setup({
      PreToolUse: [
        {
          hooks: [
            {
              type: "command",
              command: [fixture("persistent-setsid.sh")],
              persistent: true,
              timeout: 10,
            },
          ],
        },
      ],
    });
    for (let round = 0; round < 3; round += 1) {
      expect(statuses(await chaos.engine.dispatch("PreToolUse", bash("ls")))).toEqual(["ok"]);
    }
    expect(findChaosProcesses(chaos.marker).length).toBeGreaterThanOrEqual(2);
    await chaos.engine.close();
    expect(await waitForNoSurvivors(chaos.marker)).toEqual([]);
    expect(await waitForHandles(baseline)).toBeLessThanOrEqual(baseline);
  });

  it("kills the processes of hooks still running when the engine closes", async () => {
    const baseline = countProcessHandles();
    const chaos = await setup({
      PreToolUse: [
        {
          hooks: [
            { type: "command", command: [fixture("setsid-escape.sh"), "child"], timeout: 60 },
            { type: "command", command: [fixture("ignore-sigterm.sh")], timeout: 60 },
          ],
        },
      ],
    });
    const pending = chaos.engine.dispatch("PreToolUse", bash("ls"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await chaos.engine.close();
    const result = await pending;
    expect(result.runs).toHaveLength(2);
    expect(await waitForNoSurvivors(chaos.marker)).toEqual([]);
    expect(await waitForHandles(baseline)).toBeLessThanOrEqual(baseline);
  });
});
