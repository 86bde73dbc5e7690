import { readMonotonicMs } from "../shared/read-monotonic-ms.js";
import { paceWork } from "./pace-work.js";
import type { ProcessOutcome, SpawnRequest } from "./process-outcome.js";
import { spawnHandler } from "./spawn-handler.js";
import {
  type HandlerStartRequest,
  type StartedHandlerRun,
  startHandlerRun,
} from "./start-handler-run.js";
import type { EarlyActivity } from "./supervise-handler-run.js";

/** How one event ran through the pool. */
export interface PrewarmedRun {
  outcome: ProcessOutcome;
  /** Whether a standby ran it (false: a process was spawned for it). */
  prewarmed: boolean;
  /**
   * What a standby of this handler did before its input was sent (such as `exited with code 0
   * before its input was sent`), reported once, with the first run after it was seen; else null.
   */
  unsafe: string | null;
}

/** Options of {@link createPrewarmedHandlerPool}. */
export interface PrewarmedHandlerPoolOptions {
  /** Standbys kept per handler (default 1); more serve parallel events of one handler. */
  standbys?: number;
}

/** The prewarmed handlers of one engine: standby processes per handler key. */
export interface PrewarmedHandlerPool {
  /**
   * Runs one event: delivers `request.input` to a standby of `key` started with the same
   * command, cwd, environment and limits, or spawns the handler when there is none (or the
   * handler is not prewarmable). Once no run of the pool is in flight, standbys are started
   * for it in the background. Never rejects.
   */
  run(key: string, request: SpawnRequest): Promise<PrewarmedRun>;
  /** Starts standbys of `key` in the background now, before its first run. */
  prepare(key: string, request: HandlerStartRequest): void;
  /** Kills every standby (its whole process group) and resolves once they are gone. */
  close(): Promise<void>;
  /** Kills every standby's process group with SIGKILL at once (for a host that is exiting). */
  killNow(): void;
}

/** One standby process and what it was started with. */
interface Standby {
  run: StartedHandlerRun;
  request: HandlerStartRequest;
  /** It is being ended on purpose: its exit is not the handler's doing. */
  ending: boolean;
}

/** One handler's standbys and whether it can have them. */
interface HandlerStandbys {
  ready: Standby[];
  /** Standbys being started. */
  starting: number;
  /** The handler showed it does not wait for its input: it runs normally from now on. */
  unsafe: boolean;
  /** What its standby did, until a run reports it. */
  warning: string | null;
}

/**
 * Creates an empty pool of standby processes. A standby is started like any run (argv,
 * environment, cwd, process group, run marker, capture limits), its stdin left open; a run
 * writes the event to it, closes stdin and starts the timeout, and from then on it is an
 * ordinary run. A standby that exits or writes to stdout or stderr before it is given an event
 * was not waiting for its input: it is killed, and its handler is spawned per event from then on,
 * with `unsafe` saying what it did on the next run.
 *
 * @example
 * ```ts
 * const pool = createPrewarmedHandlerPool({ standbys: 1 });
 * const { outcome } = await pool.run(hook.id, request); // spawned; a standby starts afterwards
 * const next = await pool.run(hook.id, request); // delivered to the standby
 * await pool.close();
 * ```
 */
export function createPrewarmedHandlerPool(
  options: PrewarmedHandlerPoolOptions = {},
): PrewarmedHandlerPool {
  const perHandler = Math.max(0, Math.floor(options.standbys ?? 1));
  const handlers = new Map<string, HandlerStandbys>();
  /** Handlers to start standbys for once no run is in flight, with their latest request. */
  const wanted = new Map<string, HandlerStartRequest>();
  /** Standbys and starts being ended or awaited: `close()` waits for them. */
  const settling = new Set<Promise<unknown>>();
  let inFlight = 0;
  let fillScheduled = false;
  let closed = false;

  const stateOf = (key: string): HandlerStandbys => {
    let state = handlers.get(key);
    if (state === undefined) {
      state = { ready: [], starting: 0, unsafe: false, warning: null };
      handlers.set(key, state);
    }
    return state;
  };

  const track = (promise: Promise<unknown>): void => {
    settling.add(promise);
    void promise.finally(() => settling.delete(promise));
  };

  const endStandby = (standby: Standby): void => {
    standby.ending = true;
    track(standby.run.discard());
  };

  const markUnsafe = (key: string, standby: Standby, activity: EarlyActivity): void => {
    if (standby.ending || closed || standby.request.signal?.aborted === true) return;
    const state = stateOf(key);
    if (!state.unsafe) {
      state.unsafe = true;
      state.warning = describeEarlyActivity(activity);
    }
    // The handler's other standbys run the same script: none of them is kept.
    for (const other of state.ready) if (other !== standby) endStandby(other);
    state.ready = [];
    endStandby(standby);
  };

  const startStandby = (key: string, request: HandlerStartRequest): void => {
    const state = stateOf(key);
    state.starting += 1;
    let standby: Standby | null = null;
    let early: EarlyActivity | null = null;
    // The variable tells a script (the SDK's defineHook) that its input comes later: it waits.
    const env = { ...request.env, [standbyVariable]: "1" };
    const started = startHandlerRun(
      { ...request, env },
      {
        idle: true,
        onEarlyActivity: (activity) => {
          if (standby === null) early = activity;
          else markUnsafe(key, standby, activity);
        },
      },
    ).then((start) => {
      state.starting -= 1;
      // One that cannot start is not a standby; the handler's own run will report why.
      if (!start.started) return;
      standby = { run: start.run, request, ending: false };
      if (closed) {
        endStandby(standby);
        return;
      }
      if (early !== null) {
        markUnsafe(key, standby, early);
        return;
      }
      state.ready.push(standby);
    });
    track(started);
  };

  const fillStandbys = (): void => {
    fillScheduled = false;
    if (closed || inFlight > 0) return;
    for (const [key, request] of wanted) {
      const state = stateOf(key);
      if (state.unsafe) continue;
      const missing = perHandler - state.ready.length - state.starting;
      for (let index = 0; index < missing; index += 1) startStandby(key, request);
    }
    wanted.clear();
  };

  const scheduleFill = (): void => {
    if (fillScheduled || closed || inFlight > 0 || wanted.size === 0) return;
    fillScheduled = true;
    // A turn later: a host that closes the engine right after a dispatch starts none, and the
    // starts queue behind the handler starts already waiting.
    setImmediate(() => paceWork(fillStandbys, "accept"));
  };

  /** A ready standby started exactly like `request`; the others of the handler are ended. */
  const takeStandby = (state: HandlerStandbys, request: SpawnRequest): Standby | null => {
    let found: Standby | null = null;
    const kept: Standby[] = [];
    for (const standby of state.ready) {
      if (found === null && isSameStart(standby.request, request)) found = standby;
      else if (isSameStart(standby.request, request)) kept.push(standby);
      else endStandby(standby);
    }
    state.ready = kept;
    return found;
  };

  return {
    async run(key, request) {
      const state = stateOf(key);
      inFlight += 1;
      try {
        if (state.ready.length > 0 && !state.unsafe) {
          const startedAt = readMonotonicMs();
          // One event-loop turn: an exit or output of the standby that already happened is read
          // first, so a standby that was not waiting is never given the event.
          await new Promise((resolve) => setImmediate(resolve));
          const standby = state.unsafe ? null : takeStandby(state, request);
          if (standby !== null) {
            const delivery = { input: request.input, timeoutMs: request.timeoutMs, startedAt };
            const outcome = await standby.run.deliver(delivery);
            return { outcome, prewarmed: true, unsafe: null };
          }
        }
        const unsafe = state.warning;
        state.warning = null;
        const outcome = await spawnHandler(request);
        return { outcome, prewarmed: false, unsafe };
      } finally {
        inFlight -= 1;
        if (!stateOf(key).unsafe && !closed) wanted.set(key, toStartRequest(request));
        scheduleFill();
      }
    },
    prepare(key, request) {
      if (closed || stateOf(key).unsafe) return;
      wanted.set(key, request);
      scheduleFill();
    },
    async close() {
      closed = true;
      wanted.clear();
      for (const state of handlers.values()) {
        for (const standby of state.ready) endStandby(standby);
        state.ready = [];
      }
      while (settling.size > 0) await Promise.allSettled([...settling]);
    },
    killNow() {
      for (const state of handlers.values()) {
        for (const standby of state.ready) standby.run.killNow();
      }
    },
  };
}

/** Set to `1` in a standby's environment: its stdin stays open and empty until an event comes. */
export const standbyVariable = "AGENT_HOOKS_PREWARMED";

/** A run's request without its input and timeout: what a standby for it is started with. */
function toStartRequest(request: SpawnRequest): HandlerStartRequest {
  const { input: _input, timeoutMs: _timeoutMs, ...start } = request;
  return start;
}

/** Whether a standby started with `standby` runs exactly what `request` asks for. */
function isSameStart(standby: HandlerStartRequest, request: HandlerStartRequest): boolean {
  return (
    isSameCommand(standby.command, request.command) &&
    standby.cwd === request.cwd &&
    standby.shell === request.shell &&
    standby.directExec === request.directExec &&
    standby.killGraceMs === request.killGraceMs &&
    standby.captureLimitBytes === request.captureLimitBytes &&
    standby.signal === request.signal &&
    isSameEnvironment(standby.env, request.env)
  );
}

function isSameCommand(
  first: HandlerStartRequest["command"],
  second: HandlerStartRequest["command"],
): boolean {
  if (typeof first === "string" || typeof second === "string") return first === second;
  return first.length === second.length && first.every((word, index) => word === second[index]);
}

function isSameEnvironment(
  first: HandlerStartRequest["env"],
  second: HandlerStartRequest["env"],
): boolean {
  if (first === second) return true;
  const names = Object.keys(first);
  if (names.length !== Object.keys(second).length) return false;
  return names.every((name) => Object.hasOwn(second, name) && first[name] === second[name]);
}

/** What a standby did before its input was sent, for the `prewarm_unsafe` warning. */
function describeEarlyActivity(activity: EarlyActivity): string {
  if (activity.kind === "output") {
    const unit = activity.bytes === 1 ? "byte" : "bytes";
    return `wrote ${activity.bytes} ${unit} to ${activity.stream} before its input was sent`;
  }
  const how =
    activity.signal === null
      ? `exited with code ${activity.exitCode}`
      : `was killed by ${activity.signal}`;
  return `${how} before its input was sent`;
}
