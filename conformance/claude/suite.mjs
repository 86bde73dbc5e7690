// The Claude Code suite: each scenario through real Claude Code and through agent-hooks, compared
// on what matters (did the tool run, which texts reached the model, how many model calls, how many
// times each hook ran).

import { describeScenarioError } from "../describe-scenario-error.mjs";
import { runThroughAgentHooks, runThroughClaude } from "./run-scenario.mjs";
import { scenarios } from "./scenarios.mjs";

/** @type {string} */
export const agent = "claude";

/** Scenarios running at once: two keeps a busy 2-core machine stable. */
const concurrency = 2;

/**
 * The compared part of an observation.
 * @param {import("./run-scenario.mjs").Observation} observation
 * @param {string[]} needles
 */
function summarize(observation, needles) {
  const seen = needles.filter((needle) =>
    observation.modelSaw.some((text) => text.includes(needle)),
  );
  return {
    toolRan: observation.toolRan,
    modelCalls: observation.modelCalls,
    modelReceived: seen,
    userShown: needles.filter((needle) =>
      observation.userSaw.some((text) => text.includes(needle)),
    ),
    hookRuns: observation.hookRuns,
  };
}

/**
 * The parts of the model's texts worth showing: the pieces (split at system reminders) that hold a
 * needle or mention a hook.
 * @param {string[]} texts
 * @param {string[]} needles
 */
function selectTexts(texts, needles) {
  return texts
    .flatMap((text) => text.split(/(?=<system-reminder>)/))
    .map((part) => part.trim())
    .filter((part) => needles.some((needle) => part.includes(needle)) || /hook/i.test(part))
    .filter((part) => !part.startsWith("<system-reminder>\nThe following skills"))
    .map((part) => (part.length > 400 ? `${part.slice(0, 400)}…` : part));
}

/**
 * Whether a Claude Code run failed for a reason of its own (no model call and no hook ran), worth
 * one more try before a verdict.
 * @param {{ observation: import("./run-scenario.mjs").Observation, raw: string }} run
 */
function looksBroken(run) {
  return (
    run.observation.modelCalls === 0 &&
    Object.keys(run.observation.hookRuns).length === 0 &&
    /timed out|ECONNREFUSED|api_retry/.test(run.raw)
  );
}

/**
 * Runs one scenario on both sides and compares them.
 * @param {import("./run-scenario.mjs").Scenario} scenario
 * @param {{ binDirectory: string, agentHooksBin: string, verbose: boolean, log: (line: string) => void }} context
 */
async function runOne(scenario, context) {
  const id = `claude/${scenario.name}`;
  const started = Date.now();
  const needles = scenario.needles ?? [];
  try {
    const enginePromise = runThroughAgentHooks(scenario, context);
    let claude = await runThroughClaude(scenario, context);
    if (looksBroken(claude)) claude = await runThroughClaude(scenario, context);
    const engine = await enginePromise;
    const agentSaw = summarize(claude.observation, needles);
    const agentHooksSaw = summarize(engine.observation, needles);
    const same = JSON.stringify(agentSaw) === JSON.stringify(agentHooksSaw);
    const detail = [
      `Claude Code: ${JSON.stringify(agentSaw)}`,
      `agent-hooks: ${JSON.stringify(agentHooksSaw)}`,
      `Claude Code's model received: ${JSON.stringify(selectTexts(claude.texts, needles))}`,
      `agent-hooks' model received: ${JSON.stringify(selectTexts(engine.texts, needles))}`,
      ...(context.verbose || !same
        ? [`Claude Code run:\n${claude.raw}`, `agent-hooks run:\n${engine.raw}`]
        : []),
    ].join("\n");
    return {
      id,
      title: scenario.title,
      verdict: /** @type {"same" | "differs"} */ (same ? "same" : "differs"),
      agentSaw: { ...agentSaw, texts: selectTexts(claude.texts, needles) },
      agentHooksSaw: { ...agentHooksSaw, texts: selectTexts(engine.texts, needles) },
      detail,
      ms: Date.now() - started,
    };
  } catch (error) {
    return describeScenarioError(id, scenario.title, error, Date.now() - started);
  }
}

/**
 * Runs the selected Claude Code scenarios, a few at a time, in their listed order.
 * @param {{ binDirectory: string, repositoryRoot: string, agentHooksBin: string, filter: (id: string) => boolean, log: (line: string) => void, verbose: boolean }} context
 */
export async function runSuite(context) {
  const selected = scenarios.filter((scenario) => context.filter(`claude/${scenario.name}`));
  /** @type {Array<Awaited<ReturnType<typeof runOne>>>} */
  const results = new Array(selected.length);
  let next = 0;
  const worker = async () => {
    while (next < selected.length) {
      const index = next;
      next += 1;
      const scenario = selected[index];
      if (scenario === undefined) continue;
      const result = await runOne(scenario, context);
      results[index] = result;
      context.log(`  ${result.id}: ${result.verdict} (${(result.ms / 1000).toFixed(1)} s)`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, selected.length) }, worker));
  return results;
}
