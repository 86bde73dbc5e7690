import {
  createNote,
  type HookHandlerDefinition,
  handleHookInput,
  toHookHandling,
} from "./handle-hook-input.js";
import type { HookEventName, HookOutcome, HookProfileName } from "./hook-types.js";
import { readStandardInput } from "./read-standard-input.js";

/** A hook script: the event it handles, the profile whose output shapes it writes, its handler. */
export interface HookScriptDefinition<
  E extends HookEventName<P>,
  P extends HookProfileName = HookProfileName,
> extends HookHandlerDefinition<E, P> {
  event: E;
  /**
   * How long stdin may stay silent before the hook stops waiting for it, in ms; default 3000. In a
   * prewarmed standby (`AGENT_HOOKS_PREWARMED=1`) it counts from the first data only.
   */
  stdinTimeoutMs?: number;
}

/**
 * Runs a hook definition on input text and returns its exit code, stdout and stderr as values:
 * invalid input or a mismatched event is a non-blocking error (exit 1), and so is a throw.
 */
export async function runHook<E extends HookEventName<P>, P extends HookProfileName>(
  definition: HookScriptDefinition<E, P>,
  inputText: string,
): Promise<HookOutcome> {
  let input: unknown;
  try {
    input = JSON.parse(inputText);
  } catch {
    const shown = inputText.trim() === "" ? "nothing" : "invalid JSON";
    return createNote(`${definition.event} hook received ${shown} on stdin`);
  }
  return handleHookInput(toHookHandling(definition), input);
}

/**
 * Defines and runs a hook script: reads stdin (never hanging on it), checks the event, calls
 * `handle`, writes the JSON and exit code the profile expects. A throw in `handle` is reported
 * on stderr with exit code 1, which never blocks the agent.
 *
 * @example
 * ```ts
 * import { defineHook, deny } from "agent-hooks/sdk";
 *
 * defineHook({
 *   event: "PreToolUse",
 *   handle: (input) =>
 *     String(input.tool_input.command).includes("rm -rf") ? deny("no recursive deletes") : undefined,
 * });
 * ```
 */
export async function defineHook<E extends HookEventName<P>, P extends HookProfileName = "claude">(
  definition: HookScriptDefinition<E, P>,
): Promise<HookOutcome> {
  // A prewarmed standby (the engine sets AGENT_HOOKS_PREWARMED=1) gets its event later.
  const inputText = await readStandardInput(
    process.stdin,
    definition.stdinTimeoutMs ?? 3000,
    process.env.AGENT_HOOKS_PREWARMED === "1",
  );
  const outcome = await runHook(definition, inputText);
  if (outcome.stderr !== "") process.stderr.write(outcome.stderr);
  process.exitCode = outcome.exitCode;
  if (outcome.stdout !== "") {
    await new Promise<void>((resolve) => process.stdout.write(outcome.stdout, () => resolve()));
  }
  return outcome;
}
