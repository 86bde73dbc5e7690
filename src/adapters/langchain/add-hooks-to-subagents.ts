import type { AgentMiddleware } from "langchain";

/** The parts of a Deep Agents subagent spec the helper reads; other fields pass through untouched. */
export interface SubagentSpecLike {
  name: string;
  middleware?: readonly AgentMiddleware[];
}

/**
 * Deep Agents' general-purpose subagent spec (`GENERAL_PURPOSE_SUBAGENT` from `deepagents`), passed
 * in so this adapter does not import Deep Agents itself.
 */
export interface GeneralPurposeSpec {
  name: string;
  description: string;
  systemPrompt: string;
}

/** Options of {@link addHooksToSubagents}. */
export interface AddHooksToSubagentsOptions {
  /**
   * Deep Agents' `GENERAL_PURPOSE_SUBAGENT`: added (with the hooks) when `subagents` has no
   * `general-purpose` spec, since the one `createDeepAgent` adds itself gets no custom middleware.
   */
  generalPurpose?: GeneralPurposeSpec;
}

/**
 * Returns the subagent specs with the hooks middleware added to each (and a general-purpose spec
 * with it, when given), so tool calls inside every subagent run PreToolUse and PostToolUse.
 * Compiled (`runnable`) and async (`graphId`) subagents are returned unchanged: their middleware is
 * fixed elsewhere.
 *
 * @param hooks - The middleware from `createHooksMiddleware`, the same instance as the main agent's.
 * @param subagents - Your subagent specs (none: only the general-purpose one).
 * @param options - `generalPurpose`: Deep Agents' `GENERAL_PURPOSE_SUBAGENT`.
 * @example
 * ```ts
 * import { createDeepAgent, GENERAL_PURPOSE_SUBAGENT } from "deepagents";
 * import { addHooksToSubagents, createHooksMiddleware } from "agent-hooks/langchain";
 *
 * const hooks = createHooksMiddleware(engine);
 * const agent = createDeepAgent({
 *   model,
 *   middleware: [hooks],
 *   subagents: addHooksToSubagents(hooks, [researcher], { generalPurpose: GENERAL_PURPOSE_SUBAGENT }),
 * });
 * ```
 */
export function addHooksToSubagents<SPEC extends SubagentSpecLike>(
  hooks: AgentMiddleware,
  subagents: readonly SPEC[] = [],
  options: AddHooksToSubagentsOptions = {},
): (SPEC | (GeneralPurposeSpec & { middleware: AgentMiddleware[] }))[] {
  const withHooks = subagents.map((spec) => {
    if ("runnable" in spec || "graphId" in spec) return spec;
    const middleware = spec.middleware ?? [];
    if (middleware.some((entry) => entry.name === hooks.name)) return spec;
    return { ...spec, middleware: [...middleware, hooks] };
  });
  const general = options.generalPurpose;
  if (general === undefined || subagents.some((spec) => spec.name === general.name)) {
    return withHooks;
  }
  return [{ ...general, middleware: [hooks] }, ...withHooks];
}
