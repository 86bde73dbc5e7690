import { statSync } from "node:fs";
import { readMonotonicMs } from "../shared/read-monotonic-ms.js";
import { createOutputCapture, toOutcomeOutput } from "./output-capture.js";
import { paceWork } from "./pace-work.js";
import { createEmptyOutcome, type ProcessOutcome, type SpawnRequest } from "./process-outcome.js";
import {
  type Invocation,
  resolveInvocation,
  resolveShellInvocation,
} from "./resolve-invocation.js";
import { setProcessReferenced } from "./set-process-referenced.js";
import { spawnHandlerProcess } from "./spawn-handler-process.js";
import {
  type EarlyActivity,
  type EndFields,
  type HandlerRunControl,
  superviseHandlerRun,
} from "./supervise-handler-run.js";

/** A run's request without what only its delivery knows: what a standby is started with. */
export type HandlerStartRequest = Omit<SpawnRequest, "input" | "timeoutMs">;

/** What a started run is given when its event arrives. */
export interface HandlerDelivery {
  input: string;
  /** Counted from the delivery. */
  timeoutMs: number;
  /** Where `durationMs` counts from (`readMonotonicMs()`); defaults to the delivery. */
  startedAt?: number;
}

/** A handler process started ahead of its input, its stdin open and empty. */
export interface StartedHandlerRun {
  /**
   * Writes the input, closes stdin and starts the timeout; resolves with how the run ended,
   * read exactly as a run spawned with that input. Only the first call delivers.
   */
  deliver(delivery: HandlerDelivery): Promise<ProcessOutcome>;
  /** Ends every process of the run without delivering; resolves once the run has ended. */
  discard(): Promise<ProcessOutcome>;
  /** Sends SIGKILL to every process of the run now, synchronously (for a host that is exiting). */
  killNow(): void;
}

/** A started run, or the outcome of one that never started (a spawn error, a cancellation). */
export type HandlerRunStart =
  | { started: true; run: StartedHandlerRun }
  | { started: false; outcome: ProcessOutcome };

/** Options of {@link startHandlerRun}. */
export interface HandlerStartOptions {
  /** Called once if the process exits or writes output before its input is delivered. */
  onEarlyActivity?: (activity: EarlyActivity) => void;
  /** An idle standby: until delivery its process does not keep the host's event loop alive. */
  idle?: boolean;
}

/**
 * Starts one handler process in its own process group, paced (see `paceWork`), and leaves its
 * stdin open until `deliver`; never rejects. A command string without shell syntax is started
 * without the shell; if that cannot start (not found, not executable), it is started through the
 * shell instead. `spawnHandler` is this plus an immediate delivery.
 *
 * @example
 * ```ts
 * const start = await startHandlerRun({ command: "./guard.sh", cwd, env, killGraceMs: 1000,
 *   captureLimitBytes: 1 << 20 });
 * const outcome = start.started
 *   ? await start.run.deliver({ input: JSON.stringify(payload), timeoutMs: 5000 })
 *   : start.outcome;
 * ```
 */
export async function startHandlerRun(
  request: HandlerStartRequest,
  options: HandlerStartOptions = {},
): Promise<HandlerRunStart> {
  const startedAt = readMonotonicMs();
  const shell = request.shell ?? "sh";
  const invocation = resolveInvocation(request.command, {
    shell,
    env: request.env,
    cwd: request.cwd,
    ...(request.directExec !== undefined && { directExec: request.directExec }),
  });
  if (typeof invocation === "string") {
    return {
      started: false,
      outcome: createNotStartedOutcome({ spawnError: invocation }, startedAt),
    };
  }
  const start = await startPaced(request, invocation, options, startedAt);
  if (
    invocation.direct &&
    !start.started &&
    start.outcome.spawnError !== null &&
    typeof request.command === "string"
  ) {
    const viaShell = resolveShellInvocation(request.command, { shell, env: request.env });
    return startPaced(request, viaShell, options, startedAt);
  }
  return start;
}

/**
 * Starts an invocation when the work pacer lets it; anything it throws is the run's spawn error,
 * never a lost promise.
 */
function startPaced(
  request: HandlerStartRequest,
  invocation: Invocation,
  options: HandlerStartOptions,
  startedAt: number,
): Promise<HandlerRunStart> {
  return new Promise<HandlerRunStart>((resolve) => {
    paceWork(() => {
      let resolved = false;
      const resolveOnce = (start: HandlerRunStart): void => {
        if (resolved) return;
        resolved = true;
        resolve(start);
      };
      try {
        startInvocation(request, invocation, options, startedAt, resolveOnce);
      } catch (error) {
        const spawnError = describeSpawnError(error, request.cwd);
        resolveOnce({
          started: false,
          outcome: createNotStartedOutcome({ spawnError }, startedAt),
        });
      }
    });
  });
}

/** An outcome for a handler that never started. */
function createNotStartedOutcome(fields: Partial<EndFields>, startedAt: number): ProcessOutcome {
  return { ...createEmptyOutcome(readMonotonicMs() - startedAt), ...fields };
}

/** Starts one invocation and calls `resolve` once with the started run or why it did not start. */
function startInvocation(
  request: HandlerStartRequest,
  invocation: Invocation,
  options: HandlerStartOptions,
  startedAt: number,
  resolve: (start: HandlerRunStart) => void,
): void {
  const notStarted = { exitCode: null, signal: null, timedOut: false, cancelled: false };
  if (request.signal?.aborted) {
    const outcome = createNotStartedOutcome({ ...notStarted, cancelled: true }, startedAt);
    resolve({ started: false, outcome });
    return;
  }
  const started = spawnHandlerProcess(invocation, request.cwd);
  if (!started.started) {
    void started.error.then((error) => {
      const spawnError = describeSpawnError(error, request.cwd);
      resolve({ started: false, outcome: createNotStartedOutcome({ spawnError }, startedAt) });
    });
    return;
  }
  const { child } = started;
  const stdoutCapture = createOutputCapture(request.captureLimitBytes);
  const stderrCapture = createOutputCapture(request.captureLimitBytes);
  let countFrom = startedAt;
  let report: (outcome: ProcessOutcome) => void = () => {};
  const ended = new Promise<ProcessOutcome>((resolveEnded) => {
    report = resolveEnded;
  });
  const control: HandlerRunControl = superviseHandlerRun({
    child,
    marker: started.marker,
    request,
    stdout: stdoutCapture,
    stderr: stderrCapture,
    finish: (fields) => {
      report({
        ...fields,
        ...toOutcomeOutput(stdoutCapture.finish(), stderrCapture.finish()),
        durationMs: readMonotonicMs() - countFrom,
        ...(typeof request.command === "string" && !invocation.direct && { viaShell: true }),
      });
    },
    onEarlyActivity: options.onEarlyActivity,
  });
  if (options.idle === true) setProcessReferenced(child, false);
  let delivered = false;
  resolve({
    started: true,
    run: {
      deliver(delivery) {
        if (!delivered) {
          delivered = true;
          countFrom = delivery.startedAt ?? readMonotonicMs();
          if (options.idle === true) setProcessReferenced(child, true);
          control.deliver(delivery.input, delivery.timeoutMs);
        }
        return ended;
      },
      discard() {
        // Held until its processes are gone, like any run being ended.
        if (options.idle === true) setProcessReferenced(child, true);
        control.discard();
        return ended;
      },
      killNow: () => control.killNow(),
    },
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
