import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { collectLines, waitFor } from "../../test/fixtures/remote/serve-process.js";

// Starting a handler fails with EMFILE when the host is out of file descriptors. The engine and
// `serve --stdio` run from dist/ (built by `npm test` before vitest) in a child process limited
// to 256 open files which, once loaded, is left only a few free (test/fixtures/fd-limit/), and
// get many concurrent dispatches of hooks that sleep (one-shot through the shell, one-shot argv,
// two persistent): every dispatch must resolve, every run be ok or a `spawn_failed` error, and
// nothing may throw.

const root = fileURLToPath(new URL("../..", import.meta.url));
const fixtures = "test/fixtures/fd-limit";
const dispatches = 100;
/** Handlers per PreToolUse dispatch in test/fixtures/fd-limit/hooks.json. */
const handlersPerDispatch = 4;

/** Starts `node <args>` with at most 256 open files. */
function spawnWithFileLimit(args: string[]) {
  const child = spawn("sh", ["-c", 'ulimit -n 256 && exec "$0" "$@"', process.execPath, ...args], {
    cwd: root,
    env: { ...process.env, NO_COLOR: "1", AGENT_HOOKS_TOKEN: "" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, "exit").then(([code]) => code as number | null);
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

interface Summary {
  dispatches: number;
  rejected: number;
  runs: number;
  statuses: Record<string, number>;
  byHandler: Record<string, Record<string, number>>;
  codes: Record<string, number>;
  failures: string[];
}

interface ResultLike {
  runs: { status: string }[];
  diagnostics: { code: string; severity: string }[];
}

/** Checks every run is ok or a failed start with its `spawn_failed` error; returns the counts. */
function checkRuns(results: ResultLike[]) {
  const runs = results.flatMap((result) => result.runs);
  const failedStarts = results.flatMap((result) =>
    result.diagnostics.filter((diagnostic) => diagnostic.code === "spawn_failed"),
  );
  const statuses = new Set(runs.map((run) => run.status));
  expect([...statuses].filter((status) => status !== "ok" && status !== "error")).toEqual([]);
  expect(failedStarts.every((diagnostic) => diagnostic.severity === "error")).toBe(true);
  const errors = runs.filter((run) => run.status === "error").length;
  expect(failedStarts).toHaveLength(errors);
  return { runs: runs.length, ok: runs.length - errors, failedStarts: failedStarts.length };
}

describe.skipIf(process.platform === "win32")("out of file descriptors (EMFILE)", () => {
  it("resolves every dispatch of a library engine when no descriptor is left, each run spawn_failed", async () => {
    const run = spawnWithFileLimit([`${fixtures}/dispatch-many.mjs`, String(dispatches), "0"]);
    expect(await run.exited).toBe(0);
    expect(run.stderr()).toBe("");
    const summary = JSON.parse(run.stdout()) as Summary;
    expect(summary).toMatchObject({ dispatches, rejected: 0, failures: [] });
    expect(summary.runs).toBe(dispatches * handlersPerDispatch);
    expect(summary.statuses).toEqual({ error: summary.runs });
    expect(summary.codes).toEqual({ spawn_failed: summary.runs });
    // Every kind of handler failed to start: shell, argv, and both persistent ones.
    expect(Object.values(summary.byHandler)).toEqual(
      Array.from({ length: handlersPerDispatch }, () => ({ error: dispatches })),
    );
  });

  it("resolves every dispatch of a library engine with a few descriptors left, some runs ok", async () => {
    const run = spawnWithFileLimit([`${fixtures}/dispatch-many.mjs`, String(dispatches), "12"]);
    expect(await run.exited).toBe(0);
    expect(run.stderr()).toBe("");
    const summary = JSON.parse(run.stdout()) as Summary;
    expect(summary).toMatchObject({ dispatches, rejected: 0, failures: [] });
    expect(summary.runs).toBe(dispatches * handlersPerDispatch);
    expect(Object.keys(summary.statuses).sort()).toEqual(["error", "ok"]);
    expect(summary.codes).toEqual({ spawn_failed: summary.statuses.error });
  });

  it("makes serve --stdio answer every request, failed starts as spawn_failed runs", async () => {
    const serve = spawnWithFileLimit([
      "--import",
      `./${fixtures}/fill-on-signal.mjs`,
      "bin/agent-hooks.js",
      "serve",
      "--stdio",
      "--config",
      `${fixtures}/hooks.json`,
      "--cwd",
      fixtures,
      "--home",
      fixtures,
    ]);
    const answers = collectLines(serve.child.stdout) as {
      id: number;
      result?: ResultLike;
      error?: unknown;
    }[];
    try {
      // Loading the program needs many descriptors at once: fill them only once it serves.
      await waitFor(() => serve.stderr().includes("serving deepagents hooks"), 15_000);
      serve.child.kill("SIGUSR2");
      await waitFor(() => serve.stderr().includes("descriptors filled"));
      for (let id = 0; id < dispatches; id += 1) {
        const payload = { tool_name: "Bash", tool_input: { command: `ls ${id}` } };
        const request = { event: "PreToolUse", payload };
        serve.child.stdin.write(
          `${JSON.stringify({ jsonrpc: "2.0", id, method: "hooks/dispatch", params: request })}\n`,
        );
      }
      serve.child.stdin.end();
      expect(await serve.exited).toBe(0);
    } finally {
      serve.child.kill("SIGKILL");
    }
    expect(serve.stderr()).not.toMatch(/TypeError|internal error/i);
    expect(answers.map((answer) => answer.id).sort((a, b) => a - b)).toEqual(
      Array.from({ length: dispatches }, (_, id) => id),
    );
    expect(answers.filter((answer) => answer.error !== undefined)).toEqual([]);
    const counts = checkRuns(answers.flatMap((answer) => answer.result ?? []));
    expect(counts.runs).toBe(dispatches * handlersPerDispatch);
    expect(counts.failedStarts).toBeGreaterThan(0);
    expect(counts.ok).toBeGreaterThan(0);
  });
});
