import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { createSuiteWorkspace, createTestWorkspace } from "./create-test-workspace.js";
import { findWorkspaceProcesses, markProcessStart } from "./find-workspace-processes.js";
import { isProcessAlive, waitForProcessEnd } from "./is-process-alive.js";

const suite = createSuiteWorkspace("support-suite");

/** Starts `sleep 30` detached, in `cwd`, and returns its pid once it runs. */
async function startSleeper(cwd: string): Promise<number> {
  const child = spawn("sleep", ["30"], { cwd, stdio: "ignore", detached: true });
  child.unref();
  await new Promise((resolve) => child.once("spawn", resolve));
  return child.pid ?? 0;
}

describe("createTestWorkspace", () => {
  let previousRoot = "";

  it("makes a real folder under TMPDIR, home and project on demand, and writes files and scripts", () => {
    const workspace = createTestWorkspace("support");
    previousRoot = workspace.root;
    expect(workspace.root.startsWith(path.join(os.tmpdir(), "agent-hooks-support-"))).toBe(true);
    expect(existsSync(workspace.path("home"))).toBe(false);
    expect(statSync(workspace.home).isDirectory()).toBe(true);
    expect(statSync(workspace.project).isDirectory()).toBe(true);
    const json = workspace.writeJson("home/.deepagents/hooks.json", { hooks: {} });
    expect(json).toBe(workspace.path("home", ".deepagents", "hooks.json"));
    expect(readFileSync(json, "utf8")).toBe('{\n  "hooks": {}\n}\n');
    const script = workspace.writeScript("bin/hook.sh", "#!/bin/sh\nexit 0\n");
    expect(statSync(script).mode & 0o777).toBe(0o755);
    expect(statSync(workspace.createDirectory("a", "b")).isDirectory()).toBe(true);
  });

  it("removed the previous test's workspace when that test finished", () => {
    expect(previousRoot).not.toBe("");
    expect(existsSync(previousRoot)).toBe(false);
  });

  it("kills a process the test names as an expected leftover", async () => {
    const workspace = createTestWorkspace("support");
    const pid = await startSleeper(workspace.project);
    workspace.expectLeftoverProcess(pid);
    // Registered after the workspace's cleanup, so it runs first (finish hooks run in reverse).
    onTestFinished(() => expect(isProcessAlive(pid)).toBe(true));
    previousRoot = String(pid);
  });

  it("ended that process at cleanup", async () => {
    expect(await waitForProcessEnd(Number(previousRoot))).toBe(true);
  });
});

describe.skipIf(process.platform !== "linux")("findWorkspaceProcesses", () => {
  it("finds a process working in the workspace, and no longer once it ended", async () => {
    const startedAfter = markProcessStart() ?? 0;
    const workspace = createTestWorkspace("support");
    const pid = await startSleeper(workspace.project);
    try {
      expect(findWorkspaceProcesses([workspace.root], startedAfter)).toEqual([
        { pid, command: "sleep 30" },
      ]);
      expect(findWorkspaceProcesses([suite.root], startedAfter)).toEqual([]);
    } finally {
      process.kill(pid, "SIGKILL");
    }
    expect(await waitForProcessEnd(pid)).toBe(true);
    expect(findWorkspaceProcesses([workspace.root], startedAfter)).toEqual([]);
  });

  it("finds a process that names the workspace only in its environment", async () => {
    const startedAfter = markProcessStart() ?? 0;
    const child = spawn("sleep", ["30"], {
      cwd: "/",
      stdio: "ignore",
      env: { ...process.env, HOME: suite.home },
    });
    try {
      await new Promise((resolve) => child.once("spawn", resolve));
      expect(findWorkspaceProcesses([suite.root], startedAfter).map(({ pid }) => pid)).toEqual([
        child.pid,
      ]);
    } finally {
      child.kill("SIGKILL");
    }
    await new Promise((resolve) => child.once("exit", resolve));
  });
});
