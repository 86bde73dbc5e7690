import { describeHandler } from "../config/describe-handler.js";
import type { HandlerType } from "../config/hook-definition.js";
import { findRequiredHostCallback } from "../config/required-host-callbacks.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { CompiledHook } from "../match/compile-hooks.js";
import type { HostCallbacks } from "../run/host-callbacks.js";
import type { ProcessOutcome, SpawnRequest } from "../run/process-outcome.js";
import { runHookAction } from "../run/run-hook-action.js";
import {
  type EnvironmentFileText,
  runWithEnvironmentFile,
} from "../run/run-with-environment-file.js";
import { spawnHandler } from "../run/spawn-handler.js";
import type { HandlerCall, HandlerRunContext } from "./run-planned-handler.js";

/** One handler about to start: the dispatch's call, the hook, its process request, the engine's context. */
export interface HandlerStart {
  call: HandlerCall;
  hook: CompiledHook;
  /** The process a command runs as; its environment, timeout and capture limit bound the others. */
  request: SpawnRequest;
  context: HandlerRunContext;
}

/** How a started handler ended, and what its way of running left beside the outcome. */
export interface HandlerStarted {
  outcome: ProcessOutcome;
  /** What the handler wrote to its environment file (or why there is none); null without one. */
  environmentFile: EnvironmentFileText | null;
  /** What the way it ran found (a prewarmed standby that was not waiting for its input). */
  diagnostics: Diagnostic[];
}

type StartHandler = (start: HandlerStart) => Promise<HandlerStarted>;

/** How handlers of one type run. */
export interface HandlerTypeRun {
  /** Starts the handler and resolves when it ends; never rejects for the handler's failure. */
  start: StartHandler;
  /** Its answer is a model's `{ ok, reason }`, read as the exit a command with its meaning would make. */
  readsModelReply: boolean;
}

/** How a command's process runs: its persistent process, a prewarmed standby, or a new process. */
export type ProcessMode = "persistent" | "prewarmed" | "spawned";

/** One process mode: how it starts the command, and whether a fresh environment file can wrap it. */
interface ProcessModeRun {
  start: StartHandler;
  /** False for a process that outlives the run: a file made for one run would not reach it. */
  takesEnvironmentFile: boolean;
}

const processModes = {
  persistent: {
    start: async ({ hook, request, context }) =>
      ended(await context.persistentHandlers.run(hook.id, request)),
    takesEnvironmentFile: false,
  },
  // Prewarmed hooks are never persistent, async or of an event with an environment file
  // (`canPrewarm`); the pool spawns the hook itself when no standby is ready.
  prewarmed: {
    start: async ({ hook, request, context }) => {
      const pool = context.prewarm?.pool;
      if (pool === undefined) return ended(await spawnHandler(request));
      const run = await pool.run(hook.id, request);
      const started = ended(run.outcome);
      if (run.unsafe !== null) started.diagnostics.push(createPrewarmUnsafe(hook, run.unsafe));
      return started;
    },
    takesEnvironmentFile: true,
  },
  spawned: {
    start: async ({ request }) => ended(await spawnHandler(request)),
    takesEnvironmentFile: true,
  },
} as const satisfies Record<ProcessMode, ProcessModeRun>;

/**
 * How each handler type runs: a command as a process in its {@link ProcessMode} (with a fresh
 * environment file where the event has one), every other type through its call (`runHookAction`:
 * an http POST or a host callback), answered like an exit.
 */
export const handlerTypeRuns = {
  command: { start: startCommand, readsModelReply: false },
  http: { start: callHandlerAction, readsModelReply: false },
  prompt: { start: callHandlerAction, readsModelReply: true },
  agent: { start: callHandlerAction, readsModelReply: true },
  mcp_tool: { start: callHandlerAction, readsModelReply: false },
} as const satisfies Record<HandlerType, HandlerTypeRun>;

const handlerTypes = Object.keys(handlerTypeRuns) as readonly HandlerType[];

/**
 * The handler types an engine can run with these host callbacks: `command` and `http` always,
 * the others when the host gave the callback they need.
 *
 * @example
 * ```ts
 * listRunnableHandlerTypes({ evaluatePrompt }); // command, http, prompt
 * ```
 */
export function listRunnableHandlerTypes(callbacks: HostCallbacks): ReadonlySet<HandlerType> {
  return new Set(
    handlerTypes.filter((type) => {
      const callback = findRequiredHostCallback(type);
      return callback === undefined || callbacks[callback] !== undefined;
    }),
  );
}

/**
 * The process mode a command handler runs in: its persistent process when it is `persistent`,
 * a standby when the engine prewarms it, otherwise a new process.
 */
export function selectProcessMode(
  hook: CompiledHook,
  context: Pick<HandlerRunContext, "prewarm">,
): ProcessMode {
  if (hook.definition.persistent) return "persistent";
  return context.prewarm?.prewarms(hook) === true ? "prewarmed" : "spawned";
}

function startCommand(start: HandlerStart): Promise<HandlerStarted> {
  const mode = processModes[selectProcessMode(start.hook, start.context)];
  const variable = start.context.profile.environmentFileVariable;
  const withFile = start.call.spec.environmentFile === true && mode.takesEnvironmentFile;
  return withFile && variable !== undefined
    ? wrapInEnvironmentFile(mode.start, variable)(start)
    : mode.start(start);
}

// A fresh, empty environment file per run: its path in `variable`, its text read after the run.
function wrapInEnvironmentFile(startProcess: StartHandler, variable: string): StartHandler {
  return async (start) => {
    const diagnostics: Diagnostic[] = [];
    const run = await runWithEnvironmentFile(start.request, variable, async (request) => {
      const started = await startProcess({ ...start, request });
      diagnostics.push(...started.diagnostics);
      return started.outcome;
    });
    return { outcome: run.outcome, environmentFile: run.environmentFile, diagnostics };
  };
}

async function callHandlerAction(start: HandlerStart): Promise<HandlerStarted> {
  const { call, hook, request, context } = start;
  const { action } = hook.definition;
  if (action === undefined) throw new Error(`${hook.id} is a command handler, not an action`);
  const actionRequest = {
    action,
    event: call.event,
    input: call.input,
    payload: call.payload,
    env: request.env,
    timeoutMs: request.timeoutMs,
    captureLimitBytes: request.captureLimitBytes,
    signal: context.signal,
  };
  return ended(await runHookAction(actionRequest, call.callbacks));
}

function ended(outcome: ProcessOutcome): HandlerStarted {
  return { outcome, environmentFile: null, diagnostics: [] };
}

function createPrewarmUnsafe(hook: CompiledHook, unsafe: string): Diagnostic {
  const { definition } = hook;
  return createDiagnostic(
    "prewarm_unsafe",
    "warning",
    `${describeHandler(definition)} ${unsafe}, so it was not waiting for it: it is not prewarmed from now on and runs as a new process per event`,
    { file: definition.file, path: definition.path },
  );
}
