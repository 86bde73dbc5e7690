import { statSync } from "node:fs";
import { createOutputCapture, toOutcomeOutput } from "./output-capture.js";
import { paceWork } from "./pace-work.js";
import { createEmptyOutcome, type ProcessOutcome, type SpawnRequest } from "./process-outcome.js";
import {
  type Invocation,
  resolveInvocation,
  resolveShellInvocation,
} from "./resolve-invocation.js";
import { spawnHandlerProcess } from "./spawn-handler-process.js";
import { type EndFields, superviseHandlerRun } from "./supervise-handler-run.js";

/**
 * Runs one handler process in its own process group, feeds it `request.input`, and resolves
 * with how it ended; never rejects. A command string without shell syntax is run without the
 * shell; if that cannot start (not found, not executable), it is run through the shell instead,
 * so the outcome is the shell's. On timeout or abort every process of the run (its group, and on
 * Linux its descendants and the processes carrying its run marker) gets SIGTERM, then SIGKILL
 * after `killGraceMs`, and the promise resolves by about `timeoutMs + killGraceMs + 100` ms even
 * when a descendant keeps the output pipes open. When the handler exits and something still holds
 * its output 100 ms later, those processes are ended the same way. Spawns are paced (see
 * `paceWork`).
 */
export async function spawnHandler(request: SpawnRequest): Promise<ProcessOutcome> {
  const startedAt = performance.now();
  const shell = request.shell ?? "sh";
  const invocation = resolveInvocation(request.command, {
    shell,
    env: request.env,
    cwd: request.cwd,
    ...(request.directExec !== undefined && { directExec: request.directExec }),
  });
  if (typeof invocation === "string") {
    return createNotStartedOutcome({ spawnError: invocation }, startedAt);
  }
  const outcome = await new Promise<ProcessOutcome>((resolve) => {
    paceWork(() => runGuarded(request, invocation, startedAt, resolve));
  });
  if (invocation.direct && outcome.spawnError !== null && typeof request.command === "string") {
    const viaShell = resolveShellInvocation(request.command, { shell, env: request.env });
    return new Promise<ProcessOutcome>((resolve) => {
      paceWork(() => runGuarded(request, viaShell, startedAt, resolve));
    });
  }
  return outcome;
}

/** Runs an invocation; anything it throws is the run's spawn error, never a lost promise. */
function runGuarded(
  request: SpawnRequest,
  invocation: Invocation,
  startedAt: number,
  resolve: (outcome: ProcessOutcome) => void,
): void {
  let resolved = false;
  const resolveOnce = (outcome: ProcessOutcome): void => {
    if (resolved) return;
    resolved = true;
    resolve(outcome);
  };
  try {
    runInvocation(request, invocation, startedAt, resolveOnce);
  } catch (error) {
    resolveOnce(
      createNotStartedOutcome({ spawnError: describeSpawnError(error, request.cwd) }, startedAt),
    );
  }
}

/** An outcome for a handler that never started. */
function createNotStartedOutcome(fields: Partial<EndFields>, startedAt: number): ProcessOutcome {
  return { ...createEmptyOutcome(performance.now() - startedAt), ...fields };
}

/** Starts one invocation and calls `resolve` once with how it ended. */
function runInvocation(
  request: SpawnRequest,
  invocation: Invocation,
  startedAt: number,
  resolve: (outcome: ProcessOutcome) => void,
): void {
  const stdoutCapture = createOutputCapture(request.captureLimitBytes);
  const stderrCapture = createOutputCapture(request.captureLimitBytes);

  const resolveOutcome = (fields: EndFields): void => {
    resolve({
      ...fields,
      ...toOutcomeOutput(stdoutCapture.finish(), stderrCapture.finish()),
      durationMs: performance.now() - startedAt,
    });
  };
  const notStarted = { exitCode: null, signal: null, timedOut: false, cancelled: false };

  if (request.signal?.aborted) {
    resolveOutcome({ ...notStarted, cancelled: true, spawnError: null });
    return;
  }

  const started = spawnHandlerProcess(invocation, request.cwd);
  if (!started.started) {
    void started.error.then((error) => {
      resolveOutcome({ ...notStarted, spawnError: describeSpawnError(error, request.cwd) });
    });
    return;
  }
  superviseHandlerRun({
    child: started.child,
    marker: started.marker,
    request,
    stdout: stdoutCapture,
    stderr: stderrCapture,
    finish: resolveOutcome,
  });
}

/** The spawn error's message, noting a bad working directory (reported as ENOENT or ENOTDIR). */
function describeSpawnError(error: unknown, cwd: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code !== "ENOENT" && code !== "ENOTDIR") return message;
  const kind = describeEntry(cwd);
  if (kind === "missing") return `${message} (working directory not found: ${cwd})`;
  if (kind === "other") return `${message} (working directory is not a directory: ${cwd})`;
  return message;
}

function describeEntry(path: string): "directory" | "other" | "missing" {
  try {
    return statSync(path).isDirectory() ? "directory" : "other";
  } catch {
    return "missing";
  }
}
