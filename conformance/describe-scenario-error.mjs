// The result row of a scenario, or of a whole suite, that threw before it could compare.

/**
 * An `error` result: nothing seen on either side, the error's stack (or message, or the value
 * itself as text) as the detail.
 * @param {string} id
 * @param {string} title
 * @param {unknown} error
 * @param {number} ms
 * @returns {{ id: string, title: string, verdict: "error", agentSaw: {}, agentHooksSaw: {}, detail: string, ms: number }}
 */
export function describeScenarioError(id, title, error, ms) {
  return {
    id,
    title,
    verdict: "error",
    agentSaw: {},
    agentHooksSaw: {},
    detail: error instanceof Error ? (error.stack ?? error.message) : String(error),
    ms,
  };
}
