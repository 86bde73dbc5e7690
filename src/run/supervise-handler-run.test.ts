import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { createOutputCapture, toOutcomeOutput } from "./output-capture.js";
import { resolveShellInvocation } from "./resolve-invocation.js";
import { spawnHandlerProcess } from "./spawn-handler-process.js";
import { type EndFields, superviseHandlerRun } from "./supervise-handler-run.js";

// Real processes. The event loop is blocked on purpose (synchronous waits) to force the order
// in which it learns of a handler's exit and reads its output, as a busy host does by chance.

const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** Blocks the event loop for `ms` milliseconds. */
function blockFor(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

/** Blocks the event loop until process `pid` has exited (it is a zombie until reaped). */
function blockUntilExited(pid: number): void {
  for (;;) {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The state follows the command name in parentheses.
    if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) return;
    blockFor(5);
  }
}

describe.skipIf(process.platform !== "linux")("superviseHandlerRun: output at exit", () => {
  it("reads what the handler wrote before exiting when its exit is seen before its output and timers run late", async () => {
    const workspace = createTestWorkspace("supervise");
    const go = workspace.path("go");
    const reply = '{"decision":"block","reason":"kept"}';
    // The handler writes its reply and exits only when the test says so.
    const command = `while [ ! -e ${go} ]; do sleep 0.01; done; printf '%s' '${reply}'`;
    const invocation = resolveShellInvocation(command, { shell: "sh", env: process.env });
    const started = spawnHandlerProcess(invocation, workspace.root);
    if (!started.started) throw new Error("the handler did not start");
    const { child } = started;
    const pid = child.pid as number;
    const stdout = createOutputCapture(1 << 20);
    const stderr = createOutputCapture(1 << 20);
    const ended = new Promise<EndFields>((resolve) => {
      const control = superviseHandlerRun({
        child,
        marker: started.marker,
        request: { killGraceMs: 1_000 },
        stdout,
        stderr,
        finish: resolve,
      });
      control.deliver("", 60_000);
    });
    // After the supervisor's own listener: the next timers are late, as on a loaded machine.
    child.on("exit", () => blockFor(300));
    // A second process, whose output and exit the event loop sees in one poll. While its output
    // is read, the handler replies and exits; its exit is then found with the second one's, in
    // the same poll, after the output that poll saw: the handler's output is not read yet.
    const trigger = spawn("sh", ["-c", "printf x"], { stdio: ["ignore", "pipe", "ignore"] });
    trigger.stdout.once("data", () => {
      writeFileSync(go, "");
      blockUntilExited(pid);
    });
    blockUntilExited(trigger.pid as number);
    const fields = await ended;
    expect(existsSync(go)).toBe(true);
    const output = toOutcomeOutput(stdout.finish(), stderr.finish());
    expect({ ...fields, stdout: output.stdout }).toEqual({
      exitCode: 0,
      signal: null,
      spawnError: null,
      timedOut: false,
      cancelled: false,
      stdout: reply,
    });
  });
});
