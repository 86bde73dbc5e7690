import { existsSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  createTestWorkspace,
  type TestWorkspace,
} from "../../test/support/create-test-workspace.js";
import { isProcessAlive, waitForProcessEnd } from "../../test/support/is-process-alive.js";
import { quoteShellWord } from "../shell/quote-shell-word.js";
import { createPrewarmedHandlerPool } from "./prewarmed-handler-pool.js";
import type { SpawnRequest } from "./process-outcome.js";

// The pool on its own, with the fixture that logs its pid when it starts (started.log) and its
// pid and input once it has read it (ran.log), in the request's cwd.

const readFirst = fileURLToPath(
  new URL("../../test/fixtures/prewarm/read-first.sh", import.meta.url),
);

function createRequest(workspace: TestWorkspace, input: string): SpawnRequest {
  return {
    // Quoted: a clone's path may hold a space.
    command: quoteShellWord(readFirst),
    cwd: workspace.root,
    env: { ...process.env },
    input,
    timeoutMs: 5_000,
    killGraceMs: 300,
    captureLimitBytes: 1024 * 1024,
  };
}

function readLog(workspace: TestWorkspace, name: string): string[] {
  const file = workspace.path(name);
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
}

async function waitForStarts(workspace: TestWorkspace, count: number): Promise<number[]> {
  const deadline = performance.now() + 60_000;
  while (readLog(workspace, "started.log").length < count && performance.now() < deadline) {
    await sleep(20);
  }
  return readLog(workspace, "started.log").map(Number);
}

describe("createPrewarmedHandlerPool", () => {
  it("delivers a run to a standby started with prepare(), and spawns when there is none", async () => {
    const workspace = createTestWorkspace("pool");
    const pool = createPrewarmedHandlerPool();
    const { input: _input, timeoutMs: _timeout, ...start } = createRequest(workspace, "");
    pool.prepare("hook", start);
    const [standby] = await waitForStarts(workspace, 1);
    const run = await pool.run("hook", createRequest(workspace, "first"));
    expect(run).toMatchObject({ prewarmed: true, unsafe: null, outcome: { exitCode: 0 } });
    expect(readLog(workspace, "ran.log")).toEqual([`${standby} first`]);
    const other = await pool.run("other", createRequest(workspace, "second"));
    expect(other.prewarmed).toBe(false);
    await pool.close();
  });

  it("ends a standby started with another environment instead of using it", async () => {
    const workspace = createTestWorkspace("pool-environment");
    const pool = createPrewarmedHandlerPool();
    await pool.run("hook", createRequest(workspace, "first"));
    const [, standby] = await waitForStarts(workspace, 2);
    const changed = { ...createRequest(workspace, "second"), env: { ...process.env, MODE: "b" } };
    const run = await pool.run("hook", changed);
    expect(run.prewarmed).toBe(false);
    expect(await waitForProcessEnd(standby as number)).toBe(true);
    await pool.close();
  });

  it("kills its standbys on close() and starts none after", async () => {
    const workspace = createTestWorkspace("pool-close");
    const pool = createPrewarmedHandlerPool({ standbys: 2 });
    await pool.run("hook", createRequest(workspace, "first"));
    const [, first, second] = await waitForStarts(workspace, 3);
    expect([first, second].map((pid) => isProcessAlive(pid as number))).toEqual([true, true]);
    await pool.close();
    expect([first, second].map((pid) => isProcessAlive(pid as number))).toEqual([false, false]);
    const after = await pool.run("hook", createRequest(workspace, "second"));
    expect(after).toMatchObject({ prewarmed: false, outcome: { exitCode: 0 } });
    expect(readLog(workspace, "started.log")).toHaveLength(4);
  });
});
