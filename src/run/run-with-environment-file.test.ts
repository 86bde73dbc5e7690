import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ProcessOutcome, SpawnRequest } from "./process-outcome.js";
import { runWithEnvironmentFile } from "./run-with-environment-file.js";
import { spawnHandler } from "./spawn-handler.js";

const fixtures = fileURLToPath(new URL("../../test/fixtures/claude/environment/", import.meta.url));

function createRequest(command: SpawnRequest["command"], timeoutMs = 10_000): SpawnRequest {
  return {
    command,
    cwd: process.cwd(),
    env: { PATH: process.env.PATH, HOME: "/home/test" },
    input: "{}",
    timeoutMs,
    killGraceMs: 200,
    captureLimitBytes: 64 * 1024,
  };
}

describe.skipIf(process.platform === "win32")("runWithEnvironmentFile", () => {
  it("passes a private, empty file in the variable, reads what the handler wrote, then removes it", async () => {
    const seen: { file: string; mode: number; directoryMode: number }[] = [];
    const start = async (request: SpawnRequest): Promise<ProcessOutcome> => {
      const file = request.env.CLAUDE_ENV_FILE ?? "";
      seen.push({
        file,
        mode: statSync(file).mode & 0o777,
        directoryMode: statSync(path.dirname(file)).mode & 0o777,
      });
      expect(statSync(file).size).toBe(0);
      return spawnHandler(request);
    };
    const run = await runWithEnvironmentFile(
      createRequest([path.join(fixtures, "write-environment-file.sh"), "two"]),
      "CLAUDE_ENV_FILE",
      start,
    );
    expect(run.outcome.exitCode).toBe(0);
    expect(seen).toEqual([{ file: expect.any(String), mode: 0o600, directoryMode: 0o700 }]);
    const file = run.outcome.stdout.trim();
    expect(file).toBe(seen[0]?.file);
    expect(run.environmentFile).toEqual({
      ok: true,
      text: 'export FROM_HOOK=two\nexport SPACED="a b"\nexport PATH="$HOME/bin:$PATH"\n',
    });
    expect(existsSync(file)).toBe(false);
    expect(existsSync(path.dirname(file))).toBe(false);
  });

  it("reads and removes the file of a handler that timed out", async () => {
    const run = await runWithEnvironmentFile(
      createRequest([path.join(fixtures, "write-then-sleep.sh")], 500),
      "CLAUDE_ENV_FILE",
      spawnHandler,
    );
    expect(run.outcome.timedOut).toBe(true);
    expect(run.environmentFile).toEqual({ ok: true, text: "export BEFORE_TIMEOUT=yes\n" });
    const file = run.outcome.stdout.trim();
    expect(file).not.toBe("");
    expect(existsSync(path.dirname(file))).toBe(false);
  });

  it("refuses a file larger than the capture limit and still removes it", async () => {
    const request = {
      ...createRequest([
        "bash",
        "-c",
        'head -c 2000 /dev/zero | tr "\\0" x > "$CLAUDE_ENV_FILE"; echo "$CLAUDE_ENV_FILE"',
      ]),
      captureLimitBytes: 1000,
    };
    const run = await runWithEnvironmentFile(request, "CLAUDE_ENV_FILE", spawnHandler);
    expect(run.environmentFile).toEqual({
      ok: false,
      problem: "it is larger than 1000 bytes (2000)",
    });
    expect(existsSync(path.dirname(run.outcome.stdout.trim()))).toBe(false);
  });

  it("does not follow a symbolic link the handler put in its place", async () => {
    const run = await runWithEnvironmentFile(
      createRequest([
        "bash",
        "-c",
        'rm "$CLAUDE_ENV_FILE" && ln -s /etc/hostname "$CLAUDE_ENV_FILE"',
      ]),
      "CLAUDE_ENV_FILE",
      spawnHandler,
    );
    expect(run.environmentFile.ok).toBe(false);
  });

  it("treats a removed file as exporting nothing", async () => {
    const run = await runWithEnvironmentFile(
      createRequest(["bash", "-c", 'rm "$CLAUDE_ENV_FILE"']),
      "CLAUDE_ENV_FILE",
      spawnHandler,
    );
    expect(run.environmentFile).toEqual({ ok: true, text: "" });
  });
});
