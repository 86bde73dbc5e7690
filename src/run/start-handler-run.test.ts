import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { waitForProcessEnd } from "../../test/support/is-process-alive.js";
import { type HandlerStartRequest, startHandlerRun } from "./start-handler-run.js";
import type { EarlyActivity } from "./supervise-handler-run.js";

// A run started in two steps, as a standby is: started with its stdin open, then delivered to.

function createRequest(command: string): HandlerStartRequest {
  return {
    command,
    cwd: createTestWorkspace("start-run").root,
    env: { ...process.env },
    killGraceMs: 300,
    captureLimitBytes: 1024 * 1024,
  };
}

/** Starts `command` and resolves with the run and a promise of its first early activity. */
async function start(command: string) {
  let reportActivity: (activity: EarlyActivity) => void = () => {};
  const activity = new Promise<EarlyActivity>((resolve) => {
    reportActivity = resolve;
  });
  const request = createRequest(command);
  const started = await startHandlerRun(request, {
    idle: true,
    onEarlyActivity: reportActivity,
  });
  if (!started.started) throw new Error(`did not start: ${started.outcome.spawnError}`);
  return { run: started.run, activity, cwd: request.cwd };
}

describe("startHandlerRun", () => {
  it("waits with stdin open; the delivered input is read like a spawned run's", async () => {
    const { run, activity } = await start("cat");
    let early: EarlyActivity | null = null;
    void activity.then((reported) => {
      early = reported;
    });
    const outcome = await run.deliver({ input: '{"event":"x"}', timeoutMs: 5_000 });
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '{"event":"x"}', timedOut: false });
    // Its output came after the delivery: the run's own, not early activity.
    expect(early).toBeNull();
    expect(await run.deliver({ input: "again", timeoutMs: 5_000 })).toBe(outcome);
  });

  it("reports a process that exits before its input (true) with its exit code", async () => {
    const { run, activity } = await start("true");
    expect(await activity).toEqual({ kind: "exit", exitCode: 0, signal: null });
    const outcome = await run.discard();
    expect(outcome.exitCode).toBe(0);
  });

  it("reports output before the input, and discard kills the waiting process", async () => {
    // The shell's pid goes to a file before "ready": the two pipes are read in no set order, so
    // a pid on stderr may not have been read yet when the output on stdout is reported.
    const { run, activity, cwd } = await start("echo $$ > shell.pid; echo ready; cat > /dev/null");
    expect(await activity).toEqual({ kind: "output", stream: "stdout", bytes: 6 });
    const pid = Number(readFileSync(join(cwd, "shell.pid"), "utf8").trim());
    expect(pid).toBeGreaterThan(1);
    const outcome = await run.discard();
    expect(outcome.cancelled).toBe(true);
    expect(outcome.exitCode).toBeNull();
    // The outcome waits for the kill only up to a bound (a host never hangs on it): on a loaded
    // machine the process may take a moment longer to die, but it does die.
    expect(await waitForProcessEnd(pid)).toBe(true);
  });

  it("starts no timeout before the delivery", async () => {
    const { run } = await start("cat");
    // Delivered well after what would have been its timeout had it counted from the start.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const outcome = await run.deliver({ input: "late", timeoutMs: 2_000 });
    expect(outcome).toMatchObject({ exitCode: 0, timedOut: false, stdout: "late" });
  });

  it("times out from the delivery like any run", async () => {
    const { run } = await start("cat > /dev/null; sleep 30");
    const outcome = await run.deliver({ input: "x", timeoutMs: 100 });
    expect(outcome).toMatchObject({ timedOut: true, exitCode: null });
  });
});
