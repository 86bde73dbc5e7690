import type {
  HookEventName,
  HookEventOutput,
  HookInput,
  HookOutcome,
  HookProfileName,
  HookResult,
} from "./hook-types.js";
import { renderHookResult } from "./render-hook-result.js";

/**
 * What every hook definition holds: the event it handles (omitted: any), the profile it writes
 * for, and its handler.
 */
export interface HookHandlerDefinition<
  E extends HookEventName<P>,
  P extends HookProfileName = HookProfileName,
> {
  /** The event this hook answers; another event's payload is a non-blocking error. Omitted: any. */
  event?: E;
  /** The hook system the output is written for; defaults to `claude` (VS Code differs on Stop). */
  profile?: P;
  /** Decides from the input; returns a result (or nothing: exit 0, no output). */
  handle: (
    input: HookInput<E, P>,
  ) =>
    | HookResult<HookEventOutput<E, P>>
    | undefined
    | Promise<HookResult<HookEventOutput<E, P>> | undefined>;
}

/** What `handleHookInput` needs from a hook definition. */
export interface HookHandling {
  /** The event the hook is for, or undefined for any event of the profile. */
  event: string | undefined;
  profile: HookProfileName;
  handle: (
    input: never,
  ) => HookResult<unknown> | undefined | Promise<HookResult<unknown> | undefined>;
}

/** A definition's handling, its profile defaulting to `claude`. */
export function toHookHandling(definition: {
  event?: string | undefined;
  profile?: HookProfileName | undefined;
  handle: HookHandling["handle"];
}): HookHandling {
  return {
    event: definition.event,
    profile: definition.profile ?? "claude",
    handle: definition.handle,
  };
}

/**
 * Checks a parsed payload (a JSON object whose `hook_event_name` is the hook's event), calls
 * `handle` and renders its result; a bad payload or a throw is a non-blocking error (exit 1).
 */
export async function handleHookInput(hook: HookHandling, input: unknown): Promise<HookOutcome> {
  const subject = `${hook.event ?? "persistent"} hook`;
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return createNote(`${subject} received a non-object payload`);
  }
  const eventName: unknown = (input as Record<string, unknown>).hook_event_name;
  if (typeof eventName !== "string") {
    return createNote(`${subject} received a payload without hook_event_name; nothing done`);
  }
  if (hook.event !== undefined && eventName !== hook.event) {
    return createNote(`${subject} received a ${eventName} event; nothing done`);
  }
  let result: HookResult<unknown> | undefined;
  try {
    result = await (hook.handle as (input: unknown) => HookResult<unknown> | undefined)(input);
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return createNote(`${eventName} hook failed: ${message}`);
  }
  return renderHookResult(result ?? undefined, eventName, hook.profile);
}

/** A non-blocking error (exit code 1) with a message on stderr. */
export function createNote(message: string): HookOutcome {
  return { exitCode: 1, stdout: "", stderr: `agent-hooks/sdk: ${message}\n` };
}
