import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import { runMarkerVariable } from "./handler-process-tree.js";
import type { ProcessOutcome, SpawnRequest } from "./process-outcome.js";
import { resolveInvocation } from "./resolve-invocation.js";
import { spawnHandler } from "./spawn-handler.js";

const handlers = fileURLToPath(new URL("../../test/fixtures/handlers/", import.meta.url));
const temporary = createSuiteWorkspace("direct").root;
const home = join(temporary, "home with space");
mkdirSync(home);

function createRequest(command: string, overrides: Partial<SpawnRequest> = {}): SpawnRequest {
  return {
    command,
    cwd: handlers,
    env: { ...process.env, HOME: home, BASH_ENV: undefined },
    input: "payload on stdin",
    timeoutMs: 10_000,
    killGraceMs: 500,
    captureLimitBytes: 1024 * 1024,
    ...overrides,
  };
}

/** What a handler can observe of how it ran. */
function observe(outcome: ProcessOutcome) {
  const { exitCode, signal, stdout, stderr, spawnError, timedOut } = outcome;
  return { exitCode, signal, stdout, stderr, spawnError, timedOut };
}

/** Runs a command with and without direct exec; returns both observations. */
async function runBothWays(command: string, overrides: Partial<SpawnRequest> = {}) {
  const direct = await spawnHandler(createRequest(command, overrides));
  const viaShell = await spawnHandler(createRequest(command, { ...overrides, directExec: false }));
  return { direct: observe(direct), viaShell: observe(viaShell) };
}

function isDirect(command: string, overrides: Partial<SpawnRequest> = {}): boolean {
  const request = createRequest(command, overrides);
  const invocation = resolveInvocation(request.command, {
    shell: request.shell ?? "sh",
    env: request.env,
    cwd: request.cwd,
  });
  return typeof invocation !== "string" && invocation.direct;
}

describe.skipIf(process.platform === "win32")(
  "direct exec: the same run as through the shell",
  () => {
    it.each([
      // [command, runs without the shell]
      [`./print-arguments.sh plain 'single quoted' "double quoted" mixed'a b'"c"`, true],
      [`./print-arguments.sh '' "" 'args  with   spaces'`, true],
      [`./print-arguments.sh '$HOME and * stay literal in single quotes'`, true],
      ["./print-arguments.sh ~ ~/sub", true],
      ["cat", true],
      ["./exit-with-code.sh 2", true],
      ["./exit-with-code.sh 7", true],
      ["no-such-command-for-agent-hooks --flag", true],
      ["./print-arguments.sh $HOME", false],
      [`./print-arguments.sh "$HOME"`, false],
      ["./print-arguments.sh *.sh", false],
      ["./print-arguments.sh a b | tr a-z A-Z", false],
      ["./print-arguments.sh hidden > /dev/null", false],
      ["./exit-with-code.sh 3 2>&1", false],
      ["true && ./print-arguments.sh after", false],
      ["false || ./print-arguments.sh or", false],
      ["./print-arguments.sh one; ./print-arguments.sh two", false],
      ["./print-arguments.sh kept # a comment", false],
      ["GREETING=hi ./print-arguments.sh", false],
      ["exit 3", false],
      ["echo 'a\\tb'", false],
      ["", false],
      ["   ", false],
    ])("%j (direct: %s)", async (command, direct) => {
      expect(isDirect(command)).toBe(direct);
      const { direct: withDirect, viaShell } = await runBothWays(command);
      expect(withDirect).toEqual(viaShell);
    });

    it("a command that is not found falls back to the shell's exit 127 and message", async () => {
      const { direct } = await runBothWays("no-such-command-for-agent-hooks");
      expect(direct.exitCode).toBe(127);
      expect(direct.spawnError).toBeNull();
      expect(direct.stderr).toContain("not found");
    });

    it.each(["sh", "bash"] as const)(
      "%s: the environment, PWD included, is the one the shell would pass",
      async (shell) => {
        const link = join(temporary, `link-${shell}`);
        symlinkSync(temporary, link);
        // The run marker differs per run by design; every other variable must match.
        const sortedEnvironment = (outcome: { stdout: string }) =>
          outcome.stdout
            .split("\n")
            .filter((line) => !line.startsWith(`${runMarkerVariable}=`))
            .sort()
            .join("\n");
        for (const inheritedPwd of [process.cwd(), link, undefined]) {
          const overrides: Partial<SpawnRequest> = {
            shell,
            cwd: link,
            env: { ...process.env, HOME: home, BASH_ENV: undefined, PWD: inheritedPwd },
          };
          expect(isDirect("env", overrides)).toBe(true);
          const { direct, viaShell } = await runBothWays("env", overrides);
          expect(sortedEnvironment(direct)).toBe(sortedEnvironment(viaShell));
        }
      },
    );

    it("keeps timeouts: a direct command is killed at its timeout like a shell one", async () => {
      const { direct, viaShell } = await runBothWays("sleep 5", { timeoutMs: 200 });
      expect(direct).toEqual(viaShell);
      expect(direct.timedOut).toBe(true);
    });
  },
);
