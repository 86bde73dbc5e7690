import { chmodSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { isProcessAlive, waitForProcessEnd } from "../../test/support/is-process-alive.js";
import type { SpawnRequest } from "./process-outcome.js";
import { spawnHandler } from "./spawn-handler.js";

const handlers = fileURLToPath(new URL("../../test/fixtures/handlers/", import.meta.url));
const fixture = (name: string): string => join(handlers, name);

const timeoutMs = 300;
const killGraceMs = 300;

/** Pids of processes the fixtures leave behind, killed in afterAll. */
const strayPids = new Set<number>();

afterAll(() => {
  for (const pid of strayPids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
});

function createRequest(overrides: Partial<SpawnRequest> & Pick<SpawnRequest, "command">) {
  const request: SpawnRequest = {
    cwd: process.cwd(),
    env: { ...process.env },
    input: "",
    timeoutMs: 10_000,
    killGraceMs,
    captureLimitBytes: 1024 * 1024,
    ...overrides,
  };
  return request;
}

function createTemporaryDirectory(): string {
  return createTestWorkspace("run").root;
}

/** Reads the pid a fixture printed on the first line of stderr, and remembers it for cleanup. */
function readPrintedPid(stderr: string): number {
  const pid = Number.parseInt(stderr.split("\n")[0] ?? "", 10);
  expect(pid).toBeGreaterThan(0);
  strayPids.add(pid);
  return pid;
}

describe.skipIf(process.platform === "win32")("spawnHandler: whether the shell ran", () => {
  it.each([
    ["a string with shell syntax", "echo hi | cat", 0],
    ["a string the shell must start (a missing program)", "./no-such-program-here", 127],
  ] as const)("reports viaShell for %s", async (_name, command, exitCode) => {
    const outcome = await spawnHandler(createRequest({ command }));
    expect(outcome).toMatchObject({ exitCode, viaShell: true });
  });

  it("reports a signal that ended a child of sh -c as the shell's exit 128 + N", async () => {
    const outcome = await spawnHandler(
      createRequest({ command: "sh -c 'kill -KILL $$'; exit $?" }),
    );
    expect(outcome).toMatchObject({ exitCode: 137, signal: null, viaShell: true });
  });

  it("leaves viaShell out for an argv list and a string run without the shell", async () => {
    const direct = await spawnHandler(createRequest({ command: "true" }));
    const argv = await spawnHandler(createRequest({ command: ["sh", "-c", "exit 3"] }));
    expect(direct.exitCode).toBe(0);
    expect(direct.viaShell).toBeUndefined();
    expect(argv.exitCode).toBe(3);
    expect(argv.viaShell).toBeUndefined();
  });
});

describe.skipIf(process.platform === "win32")("spawnHandler", () => {
  it("writes the input to stdin", async () => {
    const outcome = await spawnHandler(
      createRequest({ command: [fixture("echo-stdin.sh")], input: '{"tool":"Bash"}' }),
    );
    expect(outcome).toMatchObject({
      exitCode: 0,
      signal: null,
      timedOut: false,
      cancelled: false,
      spawnError: null,
      stdout: '{"tool":"Bash"}',
      stderr: "",
      stdoutTruncated: false,
      stdoutBytes: 15,
      stderrBytes: 0,
    });
    expect(outcome.durationMs).toBeGreaterThan(0);
  });

  it("passes a 1 MB input through stdin", async () => {
    const input = "x".repeat(1024 * 1024);
    const outcome = await spawnHandler(
      createRequest({ command: [fixture("echo-stdin.sh")], input, captureLimitBytes: 2 ** 21 }),
    );
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout).toBe(input);
  });

  it.each([0, 2, 7])("reports exit code %i with stdout and stderr kept apart", async (code) => {
    const outcome = await spawnHandler(
      createRequest({ command: [fixture("exit-with-code.sh"), String(code)] }),
    );
    expect(outcome).toMatchObject({
      exitCode: code,
      signal: null,
      timedOut: false,
      spawnError: null,
      stdout: `out:${code}\n`,
      stderr: `err:${code}\n`,
    });
  });

  it("runs an argv list without a shell", async () => {
    const argument = "$HOME; echo injected `id` | cat";
    const outcome = await spawnHandler(
      createRequest({ command: [fixture("print-arguments.sh"), argument, "two words"] }),
    );
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout).toBe(`${argument}\ntwo words\n`);
  });

  it("runs a string command through the shell", async () => {
    const outcome = await spawnHandler(
      createRequest({ command: "echo one; echo two >&2; exit 3", env: { AGENT: "x" } }),
    );
    expect(outcome).toMatchObject({ exitCode: 3, stdout: "one\n", stderr: "two\n" });
  });

  it("reports a missing executable as a spawn error", async () => {
    const outcome = await spawnHandler(createRequest({ command: ["./nope"] }));
    expect(outcome).toMatchObject({
      exitCode: null,
      signal: null,
      timedOut: false,
      cancelled: false,
      spawnError: "spawn ./nope ENOENT",
      stdout: "",
      stderr: "",
    });
  });

  it("reports a file that is not executable as a spawn error", async () => {
    const file = join(createTemporaryDirectory(), "not-executable.sh");
    writeFileSync(file, "#!/bin/sh\necho hi\n");
    chmodSync(file, 0o644);
    const outcome = await spawnHandler(createRequest({ command: [file] }));
    expect(outcome.exitCode).toBeNull();
    expect(outcome.spawnError).toBe(`spawn ${file} EACCES`);
  });

  it("reports a missing working directory as a spawn error", async () => {
    const cwd = join(createTemporaryDirectory(), "missing");
    const outcome = await spawnHandler(createRequest({ command: "true", cwd }));
    expect(outcome.exitCode).toBeNull();
    expect(outcome.spawnError).toContain("ENOENT");
    expect(outcome.spawnError).toContain(cwd);
  });

  // Node throws some spawn failures at once and emits others a tick later; each is an outcome.
  const failedStarts: [string, (file: string) => SpawnRequest, RegExp][] = [
    [
      "a working directory that is a file (ENOTDIR, thrown)",
      (file) => createRequest({ command: ["true"], cwd: file }),
      /ENOTDIR \(working directory is not a directory: .*plain-file\)/,
    ],
    [
      "a string command whose directory is a file (direct, then through the shell)",
      (file) => createRequest({ command: "true", cwd: file }),
      /ENOTDIR/,
    ],
    [
      "a program name too long for the system (ENAMETOOLONG, thrown)",
      () => createRequest({ command: ["x".repeat(5000)] }),
      /ENAMETOOLONG/,
    ],
    [
      "an environment value with a NUL byte (thrown)",
      () => createRequest({ command: ["true"], env: { ...process.env, BROKEN: "a\0b" } }),
      /null bytes/,
    ],
  ];
  it.each(failedStarts)("reports %s as a spawn error", async (_name, request, expected) => {
    const file = join(createTemporaryDirectory(), "plain-file");
    writeFileSync(file, "");
    const outcome = await spawnHandler(request(file));
    expect(outcome).toMatchObject({ exitCode: null, signal: null, timedOut: false, stdout: "" });
    expect(outcome.spawnError).toMatch(expected);
  });

  it("reports an empty argv list as a spawn error", async () => {
    const outcome = await spawnHandler(createRequest({ command: [] }));
    expect(outcome.exitCode).toBeNull();
    expect(outcome.spawnError).toContain("empty");
  });

  it("survives a handler that never reads a large input", async () => {
    const outcome = await spawnHandler(
      createRequest({ command: [fixture("ignore-stdin.sh")], input: "y".repeat(1024 * 1024) }),
    );
    expect(outcome).toMatchObject({ exitCode: 0, spawnError: null, stdout: "ignored\n" });
  });

  it("keeps only the capture limit of a 50 MB output while counting all of it", async () => {
    const total = 50 * 1024 * 1024;
    const limit = 64 * 1024;
    const outcome = await spawnHandler(
      createRequest({
        command: [fixture("print-large-output.sh"), String(total)],
        captureLimitBytes: limit,
      }),
    );
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout.length).toBe(limit);
    expect(outcome.stdoutTruncated).toBe(true);
    expect(outcome.stdoutBytes).toBe(total);
    expect(outcome.stderrTruncated).toBe(false);
  });

  it("sends SIGTERM to a handler that runs past its timeout", async () => {
    const outcome = await spawnHandler(
      createRequest({ command: [fixture("sleep-long.sh")], timeoutMs }),
    );
    expect(outcome).toMatchObject({
      exitCode: null,
      signal: "SIGTERM",
      timedOut: true,
      cancelled: false,
      spawnError: null,
    });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(timeoutMs - 5);
  });

  it("sends SIGKILL to a handler that ignores SIGTERM", async () => {
    const outcome = await spawnHandler(
      createRequest({ command: [fixture("ignore-sigterm.sh")], timeoutMs }),
    );
    expect(outcome).toMatchObject({
      exitCode: null,
      signal: "SIGKILL",
      timedOut: true,
      stdout: "ready\n",
    });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(timeoutMs + killGraceMs - 5);
  });

  it("kills a grandchild in another session that holds stdout, found through /proc", async () => {
    const outcome = await spawnHandler(
      createRequest({ command: [fixture("leave-detached-grandchild.sh")], timeoutMs }),
    );
    const grandchild = readPrintedPid(outcome.stderr);
    expect(outcome).toMatchObject({ exitCode: null, signal: "SIGTERM", timedOut: true });
    // It left the process group, but it is a descendant carrying the run's marker.
    expect(await waitForProcessEnd(grandchild, 20_000)).toBe(true);
  });

  it("reports a timed-out run only once its whole group has died", async () => {
    const outcome = await spawnHandler(
      createRequest({ command: [fixture("leave-quiet-grandchild.sh")], timeoutMs }),
    );
    expect(outcome.timedOut).toBe(true);
    const grandchild = readPrintedPid(outcome.stderr);
    // Checked at once: no waiting between the outcome and the check.
    expect(isProcessAlive(grandchild)).toBe(false);
  });

  it("kills a grandchild in the group that ignores SIGTERM once the grace period ends", async () => {
    const outcome = await spawnHandler(
      createRequest({ command: [fixture("leave-stubborn-grandchild.sh")], timeoutMs }),
    );
    const grandchild = readPrintedPid(outcome.stderr);
    expect(outcome).toMatchObject({ exitCode: null, signal: "SIGTERM", timedOut: true });
    // Resolved after the leader died of SIGTERM, before the grace period ended.
    expect(isProcessAlive(grandchild)).toBe(true);
    expect(await waitForProcessEnd(grandchild, 20_000)).toBe(true);
  });

  it("does not wait for a background process left holding stdout by a handler that exits, and ends it", async () => {
    const outcome = await spawnHandler(
      createRequest({ command: [fixture("background-and-exit.sh")], timeoutMs: 5000 }),
    );
    const background = readPrintedPid(outcome.stderr);
    expect(outcome).toMatchObject({ exitCode: 0, signal: null, timedOut: false, stdout: "done\n" });
    expect(await waitForProcessEnd(background, 20_000)).toBe(true);
  });

  it("leaves running a background process that closed its output when the handler exits", async () => {
    const outcome = await spawnHandler(
      createRequest({ command: [fixture("background-quiet-and-exit.sh")], timeoutMs: 5000 }),
    );
    const background = readPrintedPid(outcome.stderr);
    expect(outcome).toMatchObject({ exitCode: 0, timedOut: false, stdout: "done\n" });
    // Detached background work (output redirected) is the handler's to leave behind.
    expect(await waitForProcessEnd(background, killGraceMs + 500)).toBe(false);
    process.kill(background, "SIGKILL");
  });

  it("cancels a run when the signal aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const outcome = await spawnHandler(
      createRequest({ command: [fixture("sleep-long.sh")], signal: controller.signal }),
    );
    expect(outcome).toMatchObject({
      exitCode: null,
      signal: "SIGTERM",
      timedOut: false,
      cancelled: true,
    });
  });

  it("does not start a run whose signal has already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = await spawnHandler(
      createRequest({ command: [fixture("exit-with-code.sh"), "0"], signal: controller.signal }),
    );
    expect(outcome).toMatchObject({ exitCode: null, cancelled: true, stdout: "" });
  });

  it("passes the environment through, leaving out undefined values", async () => {
    const outcome = await spawnHandler(
      createRequest({
        command: 'printf "%s|" "$AGENT_HOOKS_PROBE"; printenv AGENT_HOOKS_UNSET || echo unset',
        env: {
          PATH: process.env.PATH,
          AGENT_HOOKS_PROBE: "a value; with $pecial",
          AGENT_HOOKS_UNSET: undefined,
        },
      }),
    );
    expect(outcome.stdout).toBe("a value; with $pecial|unset\n");
  });

  it("runs in the requested working directory", async () => {
    const cwd = createTemporaryDirectory();
    const outcome = await spawnHandler(createRequest({ command: "pwd -P", cwd }));
    expect(outcome.stdout).toBe(`${realpathSync(cwd)}\n`);
  });
});

describe.skipIf(process.platform === "win32")("spawnHandler shells", () => {
  it("runs a string command with bash when asked, so bash syntax works", async () => {
    const outcome = await spawnHandler(
      createRequest({ command: 'if [[ "$0" == *bash ]]; then echo bash; fi', shell: "bash" }),
    );
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout).toBe("bash\n");
  });

  it("runs a string command with sh by default", async () => {
    const outcome = await spawnHandler(createRequest({ command: 'echo "$0"' }));
    expect(outcome.stdout).toBe("/bin/sh\n");
  });
});
