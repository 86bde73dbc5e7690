import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import type { SpawnRequest } from "./process-outcome.js";
import { resolveInvocation } from "./resolve-invocation.js";
import { spawnHandler } from "./spawn-handler.js";

// Whether PowerShell is on this machine's PATH, looked up as a user's shell would.
function hasPowerShell(): boolean {
  try {
    execFileSync("sh", ["-c", "command -v pwsh || command -v powershell"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const powerShellFound = hasPowerShell();

function createRequest(env: SpawnRequest["env"]): SpawnRequest {
  return {
    command: "Write-Output hello",
    cwd: process.cwd(),
    env,
    input: "{}",
    timeoutMs: 20_000,
    killGraceMs: 200,
    captureLimitBytes: 64 * 1024,
    shell: "powershell",
  };
}

describe('shell: "powershell"', () => {
  it("fails to start, visibly, when neither pwsh nor powershell is on PATH", async () => {
    const outcome = await spawnHandler(createRequest({ PATH: "/nonexistent-directory" }));
    expect(outcome).toMatchObject({ exitCode: null, timedOut: false });
    expect(outcome.spawnError).toBe(
      'spawn failed: the handler asks for shell "powershell", but neither pwsh nor powershell is on PATH',
    );
  });

  it("runs a command string with -NoProfile -NonInteractive -Command, never split directly", () => {
    const invocation = resolveInvocation("echo hi", {
      shell: "powershell",
      env: { PATH: process.env.PATH },
      cwd: process.cwd(),
    });
    if (!powerShellFound) {
      expect(typeof invocation).toBe("string");
      return;
    }
    expect(invocation).toMatchObject({
      args: ["-NoProfile", "-NonInteractive", "-Command", "echo hi"],
      direct: false,
    });
  });

  it.skipIf(!powerShellFound)(
    "runs the command with PowerShell when it is installed (skipped: pwsh is not on this machine's PATH)",
    async () => {
      const outcome = await spawnHandler(createRequest({ PATH: process.env.PATH }));
      expect(outcome.exitCode).toBe(0);
      expect(outcome.stdout.trim()).toBe("hello");
    },
  );
});
