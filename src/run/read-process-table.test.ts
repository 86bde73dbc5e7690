import { spawn } from "node:child_process";
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import { estimateClockTicks, readProcessStatus, readProcessTable } from "./read-process-table.js";

const directory = createSuiteWorkspace("proc").root;

describe.skipIf(process.platform !== "linux")("readProcessStatus", () => {
  it("reads this process: running, its parent, its group", () => {
    const own = readProcessStatus(process.pid);
    expect(own).toMatchObject({ pid: process.pid, state: "R", parentPid: process.ppid });
    expect(own?.groupId).toBeGreaterThan(0);
    expect(readProcessTable().some((entry) => entry.pid === process.pid)).toBe(true);
  });

  it("reads a process whose name holds spaces and parentheses", async () => {
    const program = join(directory, "a) (b c");
    copyFileSync("/bin/sleep", program);
    const child = spawn(program, ["30"], { stdio: "ignore", detached: true });
    try {
      await new Promise((resolve) => child.once("spawn", resolve));
      const status = readProcessStatus(child.pid ?? 0);
      expect(status).toMatchObject({ parentPid: process.pid, groupId: child.pid });
      expect(["R", "S", "D"]).toContain(status?.state);
      // Started after this process, and not after the current time estimate.
      const ownStart = readProcessStatus(process.pid)?.startTime ?? Number.POSITIVE_INFINITY;
      expect(status?.startTime).toBeGreaterThanOrEqual(ownStart);
      expect(status?.startTime).toBeLessThanOrEqual((estimateClockTicks() ?? 0) + 100);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("returns null for a process that does not exist", () => {
    expect(readProcessStatus(2 ** 30)).toBeNull();
  });
});
