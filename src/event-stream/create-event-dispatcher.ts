import os from "node:os";
import { setImmediate as waitForNextTurn } from "node:timers/promises";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { deepagentsEventStreamProfile } from "../profiles/deepagents-event-stream.js";
import { spawnHandler } from "../run/spawn-handler.js";
import { isRecord } from "../shared/is-record.js";
import { defaultOutputLimit } from "./cap-tool-output.js";
import { describeHookFailure } from "./describe-hook-failure.js";
import {
  createEventDiagnostic,
  type EventDiagnostic,
  type EventDiagnosticListener,
} from "./event-diagnostic.js";
import type { EventHook } from "./event-hook.js";
import { type EventDelivery, selectEventDelivery } from "./event-stream-events.js";
import { loadEventHooks } from "./load-event-hooks.js";
import { warnOnConsole } from "./warn-on-console.js";

/** The fields an event carries; sent to handlers as `{"event": <name>, ...payload}`. */
export type EventPayload = Readonly<Record<string, unknown>>;

/** How long a hook may run before its process group is killed, when not configured. */
export const defaultTimeoutSeconds = deepagentsEventStreamProfile.defaultTimeoutSeconds;

const { killGraceMs, captureLimitBytes } = deepagentsEventStreamProfile;

/** Options of `createEventDispatcher`; every one is optional. */
export interface EventDispatcherOptions {
  /** The home directory holding `.deepagents/hooks.json`; default the OS home. */
  home?: string;
  /** Files to read instead of `~/.deepagents/hooks.json` (relative to `cwd`); a missing one is an error. */
  configFiles?: readonly string[];
  /** Handlers' working directory; default `process.cwd()`. */
  cwd?: string;
  /** Handlers' environment; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * Receives every diagnostic as it happens: each load diagnostic (info included) at creation,
   * then each failed run, dropped dispatch and bad payload. Anything it throws is ignored.
   * Without it, warnings and errors are printed with `console.warn` (`warnOnConsole`).
   */
  onDiagnostic?: EventDiagnosticListener;
  /** The most characters of a `tool_output` the tool-event tracker sends; default 2000. */
  outputLimit?: number;
  /** Seconds a hook may run before its process group is killed; default 60. */
  timeoutSeconds?: number;
}

/** Dispatches events to the list-form hooks; nothing it does throws or rejects at the host. */
export interface EventDispatcher {
  /** The hooks loaded at creation, in configuration order. */
  readonly hooks: readonly EventHook[];
  /** The configuration files that were read. */
  readonly files: readonly string[];
  /** Problems found at creation (also sent to `onDiagnostic`). */
  readonly diagnostics: readonly Diagnostic[];
  /** The `tool_output` cap in characters. */
  readonly outputLimit: number;
  /** The hook timeout in seconds. */
  readonly timeoutSeconds: number;
  /**
   * Runs every hook that listens to `event`, each in its own process, concurrently; resolves
   * when they have finished. Never rejects. A non-tool event first waits for the previous
   * non-tool events' hooks (program order).
   */
  dispatch(event: string, payload?: EventPayload): Promise<void>;
  /** Like `dispatch` but returns at once; the work runs in the background and `drain` waits for it. */
  dispatchFireAndForget(event: string, payload?: EventPayload): void;
  /** Resolves when the work pending at the call has finished (later work is not awaited). */
  drain(): Promise<void>;
  /**
   * Dispatches `finalEvent` (default `session.end`) once, after every earlier non-tool event,
   * then drains. Later calls return the same promise; later dispatches are dropped and reported.
   */
  shutdown(finalEvent?: string, payload?: EventPayload): Promise<void>;
}

/**
 * Loads the event-stream hooks once (`~/.deepagents/hooks.json`, list form) and returns the
 * dispatcher. Hooks run as argv, never through a shell, with `{"event": <name>, ...payload}` on
 * stdin; failures go to `onDiagnostic` as diagnostics, never to the caller; no process starts
 * inside a dispatch call, and starts are paced as the decision engine's are, so the host never
 * stalls.
 *
 * @example
 * ```ts
 * const events = await createEventDispatcher({
 *   onDiagnostic: (diagnostic) => log.warn(diagnostic, diagnostic.message),
 * });
 * await events.dispatch("session.start", { session_id: "abc" });
 * events.dispatchFireAndForget("tool.use", { tool_name: "ls", tool_id: "t1", tool_args: {} });
 * await events.shutdown(); // session.end, last, once
 * ```
 */
export async function createEventDispatcher(
  options: EventDispatcherOptions = {},
): Promise<EventDispatcher> {
  const listener = options.onDiagnostic ?? warnOnConsole;
  const report = (diagnostic: EventDiagnostic): void => {
    try {
      listener(diagnostic);
    } catch {
      // A throwing listener must not reach the host either.
    }
  };
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const loaded = await loadEventHooks({
    home: options.home ?? os.homedir(),
    cwd,
    configFiles: options.configFiles,
  });
  const diagnostics = [...loaded.diagnostics];
  const timeoutSeconds = readNumberOption(
    options.timeoutSeconds,
    { name: "timeoutSeconds", fallback: defaultTimeoutSeconds, minimum: 0, inclusive: false },
    diagnostics,
  );
  const outputLimit = readNumberOption(
    options.outputLimit,
    { name: "outputLimit", fallback: defaultOutputLimit, minimum: 0, inclusive: true },
    diagnostics,
  );
  for (const diagnostic of diagnostics) report({ ...diagnostic, event: null, command: null });

  const timeoutMs = timeoutSeconds * 1000;
  const pending = new Set<Promise<void>>();
  const hooksByEvent = new Map<string, EventHook[]>();
  let orderedTail: Promise<void> = Promise.resolve();
  let finalDispatch: Promise<void> | null = null;
  let finalEventName = "";

  const selectHooks = (event: string): EventHook[] => {
    let selected = hooksByEvent.get(event);
    if (selected === undefined) {
      selected = loaded.hooks.filter(
        (hook) => hook.events.length === 0 || hook.events.includes(event),
      );
      hooksByEvent.set(event, selected);
    }
    return selected;
  };

  const runHook = async (event: string, hook: EventHook, input: string): Promise<void> => {
    try {
      const outcome = await spawnHandler({
        command: hook.command,
        cwd,
        env,
        input,
        timeoutMs,
        killGraceMs,
        captureLimitBytes,
      });
      const failure = describeHookFailure(outcome, { event, hook, timeoutMs });
      if (failure !== null) report(failure);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const message = `${event} hook could not start: ${reason}`;
      report(createEventDiagnostic("spawn_failed", "error", message, { event }));
    }
  };

  const scheduleEvent = (
    event: string,
    payload: EventPayload | undefined,
    delivery: EventDelivery,
  ): Promise<void> => {
    if (finalDispatch !== null) {
      const message = `${event} was dispatched after ${finalEventName} (shutdown); it is dropped`;
      report(createEventDiagnostic("engine_closed", "warning", message, { event }));
      return Promise.resolve();
    }
    const hooks = selectHooks(event);
    if (hooks.length === 0) return Promise.resolve();
    // Serialized now: a payload the host changes after the call is sent as it was.
    const input = serializePayload(event, payload);
    if (typeof input !== "string") {
      report(input);
      return Promise.resolve();
    }
    const runAll = async (): Promise<void> => {
      // Nothing starts inside the dispatch call; spawnHandler paces the starts from there.
      await waitForNextTurn();
      await Promise.all(hooks.map((hook) => runHook(event, hook, input)));
    };
    let work: Promise<void>;
    if (delivery === "ordered") {
      work = orderedTail.then(runAll);
      orderedTail = work;
    } else {
      work = runAll();
    }
    pending.add(work);
    void work.then(() => pending.delete(work));
    return work;
  };

  const drain = async (): Promise<void> => {
    await Promise.all([...pending]);
  };

  return {
    hooks: loaded.hooks,
    files: loaded.files,
    diagnostics,
    outputLimit,
    timeoutSeconds,
    dispatch: (event, payload) => scheduleEvent(event, payload, selectEventDelivery(event)),
    dispatchFireAndForget: (event, payload) => {
      void scheduleEvent(event, payload, selectEventDelivery(event));
    },
    drain,
    shutdown(finalEvent = deepagentsEventStreamProfile.finalEvent, payload = {}) {
      if (finalDispatch === null) {
        const dispatched = scheduleEvent(finalEvent, payload, "ordered");
        finalEventName = finalEvent;
        finalDispatch = dispatched.then(drain);
      }
      return finalDispatch;
    },
  };
}

/** `{"event": <name>, ...payload}` as JSON (the name wins over a payload `event`), or why not. */
function serializePayload(
  event: string,
  payload: EventPayload | undefined,
): string | EventDiagnostic {
  if (payload !== undefined && !isRecord(payload)) {
    const message = `The ${event} payload must be a plain object; nothing runs`;
    return createEventDiagnostic("invalid_payload", "error", message, { event });
  }
  try {
    const body: Record<string, unknown> = { event, ...payload };
    body.event = event;
    return JSON.stringify(body);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const message = `The ${event} payload cannot be serialized (${reason}); nothing runs`;
    return createEventDiagnostic("invalid_payload", "error", message, { event });
  }
}

/** A numeric option, or its default with an `invalid_config` warning when it is out of range. */
function readNumberOption(
  value: number | undefined,
  rule: { name: string; fallback: number; minimum: number; inclusive: boolean },
  diagnostics: Diagnostic[],
): number {
  if (value === undefined) return rule.fallback;
  const inRange =
    typeof value === "number" &&
    !Number.isNaN(value) &&
    (rule.inclusive ? value >= rule.minimum : value > rule.minimum);
  if (inRange) return value;
  const bound = rule.inclusive ? `at least ${rule.minimum}` : `more than ${rule.minimum}`;
  diagnostics.push(
    createDiagnostic(
      "invalid_config",
      "warning",
      `${rule.name} must be a number ${bound}; ${String(value)} is ignored and ${rule.fallback} is used`,
      { path: rule.name },
    ),
  );
  return rule.fallback;
}
