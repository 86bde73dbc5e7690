// What both Gemini suites do with a finished scenario: compare the two sides' observations, list
// what the model was sent, and log the run in detail when asked.
import { describeScenarioError } from "../describe-scenario-error.mjs";

/**
 * The keys a scenario compares unless it lists its own: the markers when the model calls a tool,
 * whether the context token (or else the reason token) reached the model, the model calls and the
 * guard runs.
 * @param {unknown} call the scenario's tool call, if it has one
 * @param {{ reason?: string, context?: string } | undefined} tokens
 */
export function listComparedKeys(call, tokens) {
  return [
    ...(call === undefined ? [] : ["markers"]),
    tokens?.context === undefined ? "reasonReachedModel" : "contextReachedModel",
    "modelCalls",
    "guardRuns",
  ];
}

/**
 * The compared keys whose values differ between the two observations.
 * @param {object} left
 * @param {object} right
 * @param {string[]} keys
 */
export function differingKeys(left, right, keys) {
  return keys.filter(
    (key) =>
      JSON.stringify(/** @type {any} */ (left)[key]) !==
      JSON.stringify(/** @type {any} */ (right)[key]),
  );
}

/**
 * The observation cut down to the compared keys.
 * @param {object} observation
 * @param {string[]} keys
 */
export function pickKeys(observation, keys) {
  return Object.fromEntries(keys.map((key) => [key, /** @type {any} */ (observation)[key]]));
}

/**
 * What each model call after the first was sent last (the tool responses), 300 characters each.
 * @param {any[]} modelCalls
 * @returns {string[]}
 */
export function listToolResponses(modelCalls) {
  return modelCalls
    .slice(1)
    .map((call) => JSON.stringify(call.contents.at(-1)?.parts ?? []).slice(0, 300));
}

/**
 * With `verbose`, logs the end of Gemini CLI's stderr and the dispatch reference's results.
 * @param {{ verbose: boolean, log: (line: string) => void }} context
 * @param {string} id
 * @param {{ stderr: string }} run
 * @param {{ results: unknown }} reference
 */
export function logRunDetail(context, id, run, reference) {
  if (!context.verbose) return;
  context.log(`${id}: gemini stderr: ${run.stderr.trim().slice(-1500)}`);
  context.log(`${id}: dispatch: ${JSON.stringify(reference.results).slice(0, 1500)}`);
}

/**
 * A compared scenario's result row: `same` when no compared key differs, each side cut down to
 * the compared keys.
 * @param {{ id: string, title: string, agentSaw: object, agentHooksSaw: object, keys: string[],
 *           detail: string, ms: number }} comparison
 */
export function describeComparison({ id, title, agentSaw, agentHooksSaw, keys, detail, ms }) {
  const same = differingKeys(agentSaw, agentHooksSaw, keys).length === 0;
  return {
    id,
    title,
    verdict: /** @type {"same" | "differs"} */ (same ? "same" : "differs"),
    agentSaw: pickKeys(agentSaw, keys),
    agentHooksSaw: pickKeys(agentHooksSaw, keys),
    detail,
    ms,
  };
}

/**
 * Observes one scenario's two sides with `observe` and returns its result row: the comparison of
 * what each side saw (the run logged in detail when asked), or an `error` row when it throws.
 * @param {{ id: string, title: string, context: { verbose: boolean, log: (line: string) => void } }} scenario
 * @param {() => Promise<{ agentSaw: object, agentHooksSaw: object, keys: string[], detail: string,
 *   run: { stderr: string }, reference: { results: unknown } }>} observe
 */
export async function compareScenarioRun({ id, title, context }, observe) {
  const started = Date.now();
  try {
    const { run, reference, ...comparison } = await observe();
    logRunDetail(context, id, run, reference);
    return describeComparison({ id, title, ...comparison, ms: Date.now() - started });
  } catch (error) {
    // The message alone: a Gemini scenario's stack says only which step threw.
    const message = error instanceof Error ? error.message : error;
    return describeScenarioError(id, title, message, Date.now() - started);
  }
}
