import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import {
  createTestWorkspace,
  type TestWorkspace,
} from "../../test/support/create-test-workspace.js";
import { isProcessAlive, waitForProcessEnd } from "../../test/support/is-process-alive.js";
import { packageRoot } from "../../test/support/run-node-script.js";
import { buildFailClosedSuffix } from "../convert/build-fail-closed-suffix.js";
import { quoteShellWord } from "../shell/quote-shell-word.js";

const bin = path.join(packageRoot, "bin/agent-hooks.js");

// A guard that records its pid, its parent's (the shim's) and a grandchild's it leaves running.
const guardScript = `#!/bin/sh
here=$(dirname "$0")
echo $PPID > "$here/shim.pid"
echo $$ > "$here/guard.pid"
sleep 300 &
echo $! > "$here/grandchild.tmp" && mv "$here/grandchild.tmp" "$here/grandchild.pid"
wait
`;

interface RunPids {
  shim: number;
  guard: number;
  grandchild: number;
}

function geminiPayload(workspace: TestWorkspace): string {
  return JSON.stringify({
    session_id: "session-1",
    cwd: workspace.project,
    hook_event_name: "BeforeTool",
    tool_name: "run_shell_command",
    tool_input: { command: "ls" },
  });
}

/** Starts a host's process (the shim itself, or the shell around it) with the payload on stdin. */
function startHost(
  program: string,
  args: string[],
  workspace: TestWorkspace,
  payload = geminiPayload(workspace),
): ChildProcess {
  const child = spawn(program, args, {
    cwd: workspace.project,
    env: { ...process.env, CLAUDE_PROJECT_DIR: workspace.project },
    stdio: ["pipe", "ignore", "ignore"],
  });
  child.stdin?.on("error", () => {});
  child.stdin?.end(payload);
  return child;
}

/** The pids the guard recorded, once it has started its grandchild. */
async function readRunPids(workspace: TestWorkspace): Promise<RunPids> {
  const file = (name: string) => workspace.path("project", `${name}.pid`);
  // Waits for the guard's last write; the test's own timeout bounds it.
  while (!existsSync(file("grandchild"))) await sleep(20);
  const read = (name: string) => Number(readFileSync(file(name), "utf8").trim());
  return { shim: read("shim"), guard: read("guard"), grandchild: read("grandchild") };
}

function writeGuard(workspace: TestWorkspace): string {
  return workspace.writeScript("project/guard.sh", guardScript);
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });
}

const shimArgs = (guard: string) => [
  bin,
  "shim",
  "--hook",
  "claude",
  "--host",
  "gemini",
  "--event",
  "BeforeTool",
  "--timeout",
  "120",
  "--",
  guard,
];

describe("a host that ends the shim ends the hook's whole run", () => {
  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
    ["SIGHUP", 129],
  ] as const)(
    "%s to the shim: the guard and its grandchild are gone when the shim exits",
    async (signal, code) => {
      const workspace = createTestWorkspace("shim-host-signal");
      const host = startHost(process.execPath, shimArgs(writeGuard(workspace)), workspace);
      const pids = await readRunPids(workspace);
      expect(pids.shim).toBe(host.pid);
      host.kill(signal);
      expect(await exitOf(host)).toBe(code);
      expect(isProcessAlive(pids.guard)).toBe(false);
      expect(isProcessAlive(pids.grandchild)).toBe(false);
    },
  );

  it.each(["SIGTERM", "SIGKILL"] as const)(
    "%s to the shell running the converted command (Gemini CLI's bash, Codex's shell): the shim sees its parent gone and ends the run",
    async (signal) => {
      const workspace = createTestWorkspace("shim-host-shell");
      const command = `${shimArgs(writeGuard(workspace)).map(quoteShellWord).join(" ")}; shim_exit=$?; exit $shim_exit`;
      const shell = startHost(
        "/bin/sh",
        ["-c", `${quoteShellWord(process.execPath)} ${command}`],
        workspace,
      );
      const pids = await readRunPids(workspace);
      expect(pids.shim).not.toBe(shell.pid);
      shell.kill(signal);
      await exitOf(shell);
      // The shim outlives its shell only until the run it started is over.
      expect(await waitForProcessEnd(pids.shim, 30_000)).toBe(true);
      expect(isProcessAlive(pids.guard)).toBe(false);
      expect(isProcessAlive(pids.grandchild)).toBe(false);
    },
  );
});

describe("a converted command on an event that cannot block keeps a shell as the shim's parent", () => {
  // Codex runs a hook with `$SHELL -lc` and SIGKILLs that one process at its timeout; Gemini CLI
  // uses `bash -c`. bash replaces itself with a lone command, so a bare shim would take the SIGKILL.
  it.each([
    ["bash", "codex", "SessionStart"],
    ["bash", "gemini", "SessionStart"],
    ["/bin/sh", "codex", "SessionStart"],
  ] as const)(
    "SIGKILL to %s running the %s %s command: no process of the hook's run is left",
    async (shellProgram, host, event) => {
      const workspace = createTestWorkspace("shim-host-bare");
      const flags = ["shim", "--hook", "claude", "--host", host, "--event", event];
      const shim = [process.execPath, bin, ...flags, "--timeout", "120", "--"];
      const command = `${shim.map(quoteShellWord).join(" ")} ${quoteShellWord(writeGuard(workspace))}${buildFailClosedSuffix(host, event)}`;
      const payload = JSON.stringify({
        session_id: "session-1",
        cwd: workspace.project,
        hook_event_name: event,
        source: "startup",
      });
      const shell = startHost(shellProgram, ["-c", command], workspace, payload);
      const pids = await readRunPids(workspace);
      expect(pids.shim).not.toBe(shell.pid);
      shell.kill("SIGKILL");
      await exitOf(shell);
      expect(await waitForProcessEnd(pids.shim, 30_000)).toBe(true);
      expect(isProcessAlive(pids.guard)).toBe(false);
      expect(isProcessAlive(pids.grandchild)).toBe(false);
    },
  );
});
