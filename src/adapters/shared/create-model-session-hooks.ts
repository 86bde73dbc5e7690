import type { HookEngine } from "../../engine/engine.js";
import type { ModelLender } from "./create-model-lender.js";
import {
  createSessionHooks,
  type SessionHooks,
  type SessionHooksOptions,
} from "./create-session-hooks.js";

/** Options of an adapter's `createSessionHooks`: the shared ones, plus the agent's model. */
export interface ModelSessionHooksOptions<MODEL> extends SessionHooksOptions {
  /**
   * The model the agent uses: it answers Claude Code `prompt` hooks in every dispatch of the
   * session, its Stop loop included, where the engine was given no `evaluatePrompt`.
   */
  model?: MODEL;
}

/**
 * Returns an adapter's `createSessionHooks`: the shared session hooks, whose dispatches lend the
 * `model` option (through `lend`) unless `hostCallbacks` is given.
 *
 * @example
 * ```ts
 * export const createAiSdkSessionHooks = createModelSessionHooks(lendModel);
 * const session = createAiSdkSessionHooks(engine, { model });
 * ```
 */
export function createModelSessionHooks<MODEL>(
  lend: ModelLender<MODEL>,
): (engine: HookEngine, options?: ModelSessionHooksOptions<MODEL>) => SessionHooks {
  return (engine, options = {}) => {
    const { model, ...shared } = options;
    const hostCallbacks = shared.hostCallbacks ?? lend(model);
    return createSessionHooks(engine, {
      ...shared,
      ...(hostCallbacks !== undefined && { hostCallbacks }),
    });
  };
}
