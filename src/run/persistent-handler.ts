import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { StringDecoder } from "node:string_decoder";
import type { HookCommand } from "../config/hook-definition.js";
import { readMonotonicMs } from "../shared/read-monotonic-ms.js";
import { createHandlerProcessTree, type HandlerProcessTree } from "./handler-process-tree.js";
import { type CapturedOutput, createOutputCapture, toOutcomeOutput } from "./output-capture.js";
import { paceWork } from "./pace-work.js";
import type { ProcessOutcome } from "./process-outcome.js";
import { resolveInvocation } from "./resolve-invocation.js";
import { setProcessReferenced } from "./set-process-referenced.js";
import { spawnHandlerProcess } from "./spawn-handler-process.js";

/** How a persistent handler's process is started; fixed for its whole life. */
export interface PersistentHandlerOptions {
  command: HookCommand;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  shell?: "sh" | "bash" | "powershell";
  /** Time between SIGTERM and SIGKILL of the process group when it is stopped. */
  killGraceMs: number;
  /** Bytes of each answer's stdout and of its stderr kept; the rest is dropped and counted. */
  captureLimitBytes: number;
  directExec?: boolean;
}

/** One event for a persistent handler. */
export interface PersistentEvent {
  /** The payload, already serialized as a JSON object. */
  input: string;
  timeoutMs: number;
  /** Aborting cancels the event (used by `engine.close()`). */
  signal?: AbortSignal;
}

/** A long-running handler process that answers one NDJSON line per event. */
export interface PersistentHandler {
  /** Sends one event and resolves with its answer as a process outcome; never rejects. */
  send(event: PersistentEvent): Promise<ProcessOutcome>;
  /** Whether a process is running now (one is started by the next `send` otherwise). */
  readonly running: boolean;
  /** How many processes have been started so far. */
  readonly starts: number;
  /** Stops the process (its whole group) and cancels pending events; later sends are cancelled. */
  close(): Promise<void>;
}

/** An event waiting for its answer. */
interface PendingEvent {
  startedAt: number;
  finish: (fields: AnswerFields) => void;
}

/** How an event ended, before the output fields are captured. */
type AnswerFields = Pick<
  ProcessOutcome,
  "exitCode" | "timedOut" | "cancelled" | "spawnError" | "durationMs"
> & { stdout: string; stderr: string };

/** One started process and the events it owes answers for. */
interface HandlerProcess {
  child: ChildProcessWithoutNullStreams;
  pending: Map<number, PendingEvent>;
  /** The leader has exited or is being stopped: it takes no more events. */
  ended: boolean;
  /** A stop (SIGTERM, then SIGKILL) of its group has begun. */
  stopping: boolean;
  leaderExited: boolean;
  exited: Promise<void>;
  /** The last bytes of its own stderr, for crash messages. */
  stderrTail: string;
  /** Its processes (group, descendants, marked ones), or null when it never started. */
  tree: HandlerProcessTree | null;
}

/** How long answers are still read after the leader exits, if something holds its stdout. */
const drainWindowMs = 100;
/** Bytes of the process's own stderr kept to explain a crash. */
const stderrTailCharacters = 2000;
/** How often a stopped process group is checked for survivors. */
const groupWatchIntervalMs = 20;
/** The longest delay `setTimeout` accepts. */
const maximumDelayMs = 2_147_483_647;

/**
 * Creates a persistent handler: the command is started on the first event, in its own process
 * group, and kept running. Each event is one line on its stdin, `{"id": n, "payload": {…}}`;
 * the handler answers one line per event on stdout, `{"id": n, "exitCode": 0, "stdout": "…",
 * "stderr": "…"}` (in any order), which becomes a `ProcessOutcome` as if a process had ended
 * with that exit code and output. Lines that are not answers to a pending event are ignored.
 * When the process exits, or an event times out (the process is then stopped), its pending
 * events fail and the next event starts a new process: at most one start per event.
 *
 * @example
 * ```ts
 * const handler = createPersistentHandler({ command: "node hook.mjs", cwd, env, killGraceMs: 1000,
 *   captureLimitBytes: 1 << 20 });
 * const outcome = await handler.send({ input: JSON.stringify(payload), timeoutMs: 5000 });
 * await handler.close();
 * ```
 */
export function createPersistentHandler(options: PersistentHandlerOptions): PersistentHandler {
  let current: HandlerProcess | null = null;
  let closed = false;
  let nextId = 1;
  let starts = 0;
  const stopping = new Set<Promise<void>>();
  /** Processes started and not yet being stopped, crashed ones included: close() ends them all. */
  const unstopped = new Set<HandlerProcess>();
  const maximumLineBytes = 8 * Math.max(0, options.captureLimitBytes) + 65_536;

  /** Fails the process's pending events with `fields`, then ends its whole group. */
  const stop = (
    handlerProcess: HandlerProcess,
    fields: Partial<Pick<AnswerFields, "spawnError" | "cancelled">>,
  ): void => {
    if (current === handlerProcess) current = null;
    handlerProcess.ended = true;
    failPending(handlerProcess, fields);
    if (handlerProcess.stopping) return;
    handlerProcess.stopping = true;
    unstopped.delete(handlerProcess);
    const stopped = stopProcessGroup(handlerProcess, options.killGraceMs);
    stopping.add(stopped);
    void stopped.finally(() => stopping.delete(stopped));
  };

  // A process, or the reason it could not start (a spawn error arrives a tick later).
  const start = (): HandlerProcess | Promise<string> => {
    const invocation = resolveInvocation(options.command, {
      shell: options.shell ?? "sh",
      env: options.env,
      cwd: options.cwd,
      ...(options.directExec !== undefined && { directExec: options.directExec }),
    });
    if (typeof invocation === "string") return Promise.resolve(invocation);
    const started = spawnHandlerProcess(invocation, options.cwd);
    if (!started.started) {
      return started.error.then((error) =>
        error instanceof Error ? error.message : String(error),
      );
    }
    const { child, marker } = started;
    starts += 1;
    let markExited: () => void = () => {};
    const handlerProcess: HandlerProcess = {
      child,
      pending: new Map(),
      ended: false,
      stopping: false,
      leaderExited: false,
      exited: new Promise((resolve) => {
        markExited = resolve;
      }),
      stderrTail: "",
      tree: null,
    };
    if (child.pid !== undefined) {
      handlerProcess.tree = createHandlerProcessTree(child.pid, marker, {
        leaderExited: () => handlerProcess.leaderExited,
      });
    }
    unstopped.add(handlerProcess);
    const decoder = new StringDecoder("utf8");
    let buffered = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += decoder.write(chunk);
      let newline = buffered.indexOf("\n");
      while (newline !== -1) {
        const line = buffered.slice(0, newline);
        // Paced: a chunk may hold hundreds of answers, each of which resumes a dispatch.
        paceWork(() => receiveLine(handlerProcess, line), "finish");
        buffered = buffered.slice(newline + 1);
        newline = buffered.indexOf("\n");
      }
      if (buffered.length > maximumLineBytes && !handlerProcess.stopping) {
        buffered = "";
        stop(handlerProcess, {
          spawnError: `the persistent handler wrote a line longer than ${maximumLineBytes} bytes; it is restarted for the next event`,
        });
      }
    });
    child.stderr.on("data", (chunk: Buffer) => {
      handlerProcess.stderrTail = (handlerProcess.stderrTail + chunk.toString("utf8")).slice(
        -stderrTailCharacters,
      );
    });
    child.stdout.on("error", ignoreError);
    child.stderr.on("error", ignoreError);
    child.stdin.on("error", ignoreError);
    // A started process's later errors (such as a failed kill) change nothing.
    child.on("error", ignoreError);
    child.on("exit", (code, signal) => {
      handlerProcess.ended = true;
      handlerProcess.leaderExited = true;
      if (current === handlerProcess) current = null;
      markExited();
      // Answers written just before exiting may still be in the pipe: read them first.
      const crash = (): void => {
        clearTimeout(drainTimer);
        const how = signal === null ? `exited with code ${code}` : `was killed by ${signal}`;
        const tail = handlerProcess.stderrTail.trim();
        stop(handlerProcess, {
          spawnError: `the persistent handler ${how} before answering${tail === "" ? "" : `: ${tail}`}; it is restarted for the next event`,
        });
      };
      // Through the pacer too, so answers already read are delivered first.
      const drainTimer = setTimeout(() => paceWork(crash, "finish"), drainWindowMs);
      child.once("close", () => paceWork(crash, "finish"));
    });
    return handlerProcess;
  };

  const receiveLine = (handlerProcess: HandlerProcess, line: string): void => {
    const answer = parseAnswer(line);
    if (answer === null) return;
    const pending = handlerProcess.pending.get(answer.id);
    if (pending === undefined) return;
    if (answer.exitCode === null) {
      pending.finish({
        ...failedFields(pending.startedAt),
        spawnError: `the persistent handler answered event ${answer.id} without an integer exitCode`,
      });
      return;
    }
    pending.finish({
      exitCode: answer.exitCode,
      timedOut: false,
      cancelled: false,
      spawnError: null,
      stdout: answer.stdout,
      stderr: answer.stderr,
      durationMs: readMonotonicMs() - pending.startedAt,
    });
  };

  const failPending = (
    handlerProcess: HandlerProcess,
    fields: Partial<Pick<AnswerFields, "spawnError" | "cancelled">>,
  ): void => {
    for (const pending of [...handlerProcess.pending.values()]) {
      pending.finish({ ...failedFields(pending.startedAt), ...fields });
    }
  };

  // Each event is written as a paced start, like a spawn (see `paceWork`); a paced job's throw is
  // swallowed, so one here becomes the event's spawn error rather than a dispatch that never ends.
  const send = (event: PersistentEvent): Promise<ProcessOutcome> =>
    new Promise((resolve) => {
      paceWork(() => {
        const startedAt = readMonotonicMs();
        try {
          deliver(event, resolve);
        } catch (error) {
          const spawnError = error instanceof Error ? error.message : String(error);
          resolve(toOutcome({ ...failedFields(startedAt), spawnError }, options));
        }
      });
    });

  const deliver = (event: PersistentEvent, resolve: (outcome: ProcessOutcome) => void): void => {
    const startedAt = readMonotonicMs();
    if (closed || event.signal?.aborted) {
      resolve(toOutcome({ ...failedFields(startedAt), cancelled: true }, options));
      return;
    }
    if (current === null || current.ended) {
      const started = start();
      if (started instanceof Promise) {
        void started.then((spawnError) => {
          resolve(toOutcome({ ...failedFields(startedAt), spawnError }, options));
        });
        return;
      }
      current = started;
    }
    const handlerProcess = current;
    const id = nextId;
    nextId += 1;
    let timer: NodeJS.Timeout | undefined;
    const onAbort = (): void => {
      finish({ ...failedFields(startedAt), cancelled: true });
    };
    const finish = (fields: AnswerFields): void => {
      if (!handlerProcess.pending.delete(id)) return;
      clearTimeout(timer);
      event.signal?.removeEventListener("abort", onAbort);
      if (handlerProcess.pending.size === 0) setProcessReferenced(handlerProcess.child, false);
      resolve(toOutcome(fields, options));
    };
    handlerProcess.pending.set(id, { startedAt, finish });
    setProcessReferenced(handlerProcess.child, true);
    const delay = timeoutDelay(event.timeoutMs);
    if (delay !== null) {
      timer = setTimeout(() => {
        finish({ ...failedFields(startedAt), timedOut: true });
        stop(handlerProcess, {
          spawnError: `the persistent handler was restarted because event ${id} timed out before this one was answered`,
        });
      }, delay);
    }
    event.signal?.addEventListener("abort", onAbort, { once: true });
    handlerProcess.child.stdin.write(`{"id":${id},"payload":${event.input}}\n`);
  };

  return {
    send,
    get running() {
      return current !== null && !current.ended;
    },
    get starts() {
      return starts;
    },
    async close() {
      closed = true;
      for (const handlerProcess of [...unstopped]) stop(handlerProcess, { cancelled: true });
      await Promise.allSettled([...stopping]);
    },
  };
}

/** A parsed answer line; `exitCode` is null when it is missing or not an integer. */
interface Answer {
  id: number;
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/** Reads one answer line; null when it is not a JSON object with a numeric `id`. */
function parseAnswer(line: string): Answer | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const id = typeof record.id === "string" ? Number(record.id) : record.id;
  if (typeof id !== "number" || !Number.isInteger(id)) return null;
  const exitCode = record.exitCode;
  return {
    id,
    exitCode: typeof exitCode === "number" && Number.isInteger(exitCode) ? exitCode : null,
    stdout: typeof record.stdout === "string" ? record.stdout : "",
    stderr: typeof record.stderr === "string" ? record.stderr : "",
  };
}

function failedFields(startedAt: number): AnswerFields {
  return {
    exitCode: null,
    timedOut: false,
    cancelled: false,
    spawnError: null,
    stdout: "",
    stderr: "",
    durationMs: readMonotonicMs() - startedAt,
  };
}

/** The answer as the outcome of a process that printed its stdout and stderr, bounded alike. */
function toOutcome(fields: AnswerFields, options: PersistentHandlerOptions): ProcessOutcome {
  return {
    exitCode: fields.exitCode,
    signal: null,
    timedOut: fields.timedOut,
    cancelled: fields.cancelled,
    spawnError: fields.spawnError,
    ...toOutcomeOutput(
      captureText(fields.stdout, options.captureLimitBytes),
      captureText(fields.stderr, options.captureLimitBytes),
    ),
    durationMs: fields.durationMs,
  };
}

/** An answer's text as a process's output capture would keep it. */
function captureText(text: string, limitBytes: number): CapturedOutput {
  const totalBytes = Buffer.byteLength(text);
  if (totalBytes <= limitBytes) {
    return { text, truncated: false, totalBytes, droppedOnlyWhitespace: true };
  }
  const capture = createOutputCapture(limitBytes);
  capture.append(text);
  return capture.finish();
}

/**
 * Ends a process and all of its processes (group, descendants, marked ones): stdin closed,
 * SIGTERM, SIGKILL after `killGraceMs` if any is left. Resolves once they are gone, or just
 * after the SIGKILL.
 */
function stopProcessGroup(handlerProcess: HandlerProcess, killGraceMs: number): Promise<void> {
  const { child, tree } = handlerProcess;
  child.stdin.destroy();
  if (tree === null) return handlerProcess.exited;
  setProcessReferenced(child, true);
  tree.signal("SIGTERM");
  return new Promise((resolve) => {
    let finished = false;
    const done = (): void => {
      if (finished) return;
      finished = true;
      clearTimeout(escalation);
      clearInterval(watch);
      child.stdout.destroy();
      child.stderr.destroy();
      child.unref();
      resolve();
    };
    const escalation = setTimeout(
      () => {
        tree.signal("SIGKILL");
        setTimeout(done, 100);
      },
      Math.min(Math.max(0, killGraceMs), maximumDelayMs),
    );
    const watch = setInterval(() => {
      if (handlerProcess.leaderExited && !tree.isAlive()) done();
    }, groupWatchIntervalMs);
  });
}

/** The timeout as a timer delay, or null for no timeout (infinite or not a number). */
function timeoutDelay(timeoutMs: number): number | null {
  if (Number.isNaN(timeoutMs) || timeoutMs > maximumDelayMs) return null;
  return Math.max(0, timeoutMs);
}

function ignoreError(): void {}
