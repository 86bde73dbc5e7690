// The Gemini CLI suite of `npm run conformance:agents`: each scenario converts a Claude Code hook
// configuration with `convert --shim --to gemini`, runs real Gemini CLI on it against a fake Gemini
// API, and compares what happened with what agent-hooks says the Claude Code guard decides. Then
// the native-profile scenarios (native-suite.mjs, ids `gemini/native-…`) run a Gemini CLI
// settings.json as it is, in Gemini CLI and with `dispatch --profile gemini`.
import { randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { convertClaudeToGemini, writeShimWrapper } from "./agent-hooks-cli.mjs";
import { observeClaudeReference } from "./claude-reference.mjs";
import { compareScenarioRun, differingKeys, listToolResponses } from "./compare-observations.mjs";
import { startCpuLoad } from "./cpu-load.mjs";
import { createTurns, startFakeGeminiServer } from "./fake-gemini-server.mjs";
import { runNativeScenario, selectNativeScenarios } from "./native-suite.mjs";
import { collectSurvivors, countGuardRuns, observeGeminiSide } from "./observe.mjs";
import {
  geminiTimeoutMs,
  scenarioPrompt as prompt,
  runGemini,
  writeGeminiHome,
} from "./run-gemini.mjs";
import { scenarios } from "./scenarios.mjs";
import { writeLoggedHookScripts } from "./write-logged-hook-scripts.mjs";

/** @type {string} */
export const agent = "gemini";

/** Scenarios run side by side, except those that load the CPU on purpose (run alone, last). */
const concurrency = 3;
/** Native-profile scenarios (native-suite.mjs) run side by side. */
const nativeConcurrency = 2;
/** Busy processes while a `load` scenario runs: enough to starve a 2-core machine. */
const loadHogs = 3;

/**
 * @typedef {{ binDirectory: string, repositoryRoot: string, agentHooksBin: string,
 *             filter: (id: string) => boolean, log: (line: string) => void, verbose: boolean }} SuiteContext
 */

/**
 * Runs every Gemini CLI scenario the filter keeps.
 * @param {SuiteContext} context
 * @returns {Promise<Array<{ id: string, title: string, verdict: "same" | "differs" | "error",
 *           agentSaw: object, agentHooksSaw: object, detail: string, ms: number }>>}
 */
export async function runSuite(context) {
  const geminiBin = join(context.binDirectory, "gemini");
  const chosen = scenarios.filter((scenario) => context.filter(`${agent}/${scenario.name}`));
  const server = await startFakeGeminiServer();
  const root = mkdtempSync(join(tmpdir(), "agent-hooks-conformance-gemini-"));
  /** @type {Map<string, any>} */
  const outcomes = new Map();
  /** @type {any[]} */
  const nativeOutcomes = [];
  try {
    const run = async (/** @type {import("./scenarios.mjs").Scenario} */ scenario) => {
      const outcome = await runScenario({ scenario, context, server, root, geminiBin });
      outcomes.set(scenario.name, outcome);
      logOutcome(context, outcome);
    };
    await runPool(
      chosen.filter((scenario) => !scenario.load),
      concurrency,
      run,
    );
    for (const scenario of chosen.filter((scenario) => scenario.load)) await run(scenario);
    await runPool(selectNativeScenarios(context.filter), nativeConcurrency, async (scenario) => {
      const outcome = await runNativeScenario({
        scenario,
        agentHooksBin: context.agentHooksBin,
        geminiBin,
        root,
        server,
        verbose: context.verbose,
        log: context.log,
      });
      nativeOutcomes.push(outcome);
      logOutcome(context, outcome);
    });
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
  if (server.unknownRequests.length > 0) {
    context.log(`gemini: requests with no scenario: ${JSON.stringify(server.unknownRequests)}`);
  }
  const order = selectNativeScenarios(context.filter).map((scenario) => scenario.name);
  nativeOutcomes.sort(
    (left, right) =>
      order.indexOf(left.id.slice("gemini/native-".length)) -
      order.indexOf(right.id.slice("gemini/native-".length)),
  );
  return [...chosen.map((scenario) => outcomes.get(scenario.name)), ...nativeOutcomes];
}

/**
 * Logs a scenario's verdict and time, and its detail unless it is `same`.
 * @param {SuiteContext} context
 * @param {{ id: string, verdict: string, ms: number, detail: string }} outcome
 */
function logOutcome(context, outcome) {
  context.log(
    `${outcome.id}: ${outcome.verdict} (${(outcome.ms / 1000).toFixed(1)} s)${
      outcome.verdict === "same" ? "" : ` ${outcome.detail}`
    }`,
  );
}

/**
 * Runs `work` on each item, at most `limit` at a time.
 * @template T
 * @param {T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<void>} work
 */
async function runPool(items, limit, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      await work(/** @type {T} */ (item));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Writes the project: `.claude/settings.json` and the guard scripts, each of which first logs its
 * run and payload under the scenario's log folder.
 * @param {import("./scenarios.mjs").Scenario} scenario
 * @param {string} projectDirectory
 * @param {string} logDirectory
 */
function writeClaudeProject(scenario, projectDirectory, logDirectory) {
  const hooksDirectory = join(projectDirectory, ".claude", "hooks");
  mkdirSync(hooksDirectory, { recursive: true });
  mkdirSync(join(projectDirectory, "sub"), { recursive: true });
  writeLoggedHookScripts(hooksDirectory, scenario.scripts, logDirectory);
  writeFileSync(join(hooksDirectory, "plain.txt"), "#!/bin/sh\nexit 0\n");
  /** @type {Record<string, any[]>} */
  const hooks = {};
  for (const hook of scenario.hooks) {
    const entry = {
      type: "command",
      command: hook.command ?? `"$CLAUDE_PROJECT_DIR"/.claude/hooks/${hook.script}.sh`,
      timeout: hook.timeout ?? 30,
    };
    hooks[hook.event] ??= [];
    const group = { ...(hook.matcher !== undefined && { matcher: hook.matcher }), hooks: [entry] };
    hooks[hook.event]?.push(group);
  }
  writeFileSync(
    join(projectDirectory, ".claude", "settings.json"),
    `${JSON.stringify({ hooks }, null, 2)}\n`,
  );
}

/**
 * Empties the scenario's log folder between the agent-hooks run and the Gemini CLI run.
 * @param {string} logDirectory
 */
function resetLogs(logDirectory) {
  rmSync(logDirectory, { recursive: true, force: true });
  mkdirSync(logDirectory, { recursive: true });
}

/**
 * Reads what the recording wrapper kept of each shim call.
 * @param {string} recordDirectory
 */
function readShimRecords(recordDirectory) {
  /** @type {Array<{ code: string, stdout: string, stderr: string, ms: number | null }>} */
  const records = [];
  let names = [];
  try {
    names = readdirSync(recordDirectory).filter((name) => name.endsWith(".code"));
  } catch {
    return records;
  }
  for (const name of names.sort()) {
    const stem = join(recordDirectory, name.slice(0, -".code".length));
    const read = (/** @type {string} */ suffix) => {
      try {
        return readFileSync(`${stem}.${suffix}`, "utf8");
      } catch {
        return "";
      }
    };
    const ms = (Number(read("ended")) - Number(read("started"))) / 1e6;
    records.push({
      code: read("code").trim(),
      stdout: read("stdout"),
      stderr: read("stderr"),
      ms: Number.isFinite(ms) ? Math.round(ms) : null,
    });
  }
  return records;
}

/**
 * Runs one scenario on both sides and compares them.
 * @param {{ scenario: import("./scenarios.mjs").Scenario, context: SuiteContext,
 *           server: Awaited<ReturnType<typeof startFakeGeminiServer>>, root: string,
 *           geminiBin: string }} options
 */
async function runScenario({ scenario, context, server, root, geminiBin }) {
  const id = `${agent}/${scenario.name}`;
  const workspace = join(root, scenario.name);
  const logDirectory = join(workspace, "logs");
  try {
    return await compareScenarioRun({ id, title: scenario.title, context }, () =>
      observeScenario({ scenario, context, server, workspace, logDirectory, geminiBin }),
    );
  } finally {
    collectSurvivors(logDirectory);
  }
}

/**
 * What each side of one scenario saw: `dispatch --profile claude` (or the fail-closed rule) and
 * Gemini CLI on the converted configuration.
 * @param {{ scenario: import("./scenarios.mjs").Scenario, context: SuiteContext,
 *           server: Awaited<ReturnType<typeof startFakeGeminiServer>>, workspace: string,
 *           logDirectory: string, geminiBin: string }} options
 */
async function observeScenario({ scenario, context, server, workspace, logDirectory, geminiBin }) {
  const projectDirectory = join(workspace, scenario.projectName ?? "project");
  const homeDirectory = join(workspace, "home");
  const wrapperDirectory = join(workspace, "bin");
  const recordDirectory = join(workspace, "records");
  const scripts = Object.keys(scenario.scripts);
  /** @type {string[]} */
  const notes = [];
  mkdirSync(recordDirectory, { recursive: true });
  resetLogs(logDirectory);
  writeClaudeProject(scenario, projectDirectory, logDirectory);
  writeGeminiHome(homeDirectory);

  // agent-hooks: what the Claude Code guard decides.
  const reference = await observeClaudeReference({
    scenario,
    agentHooksBin: context.agentHooksBin,
    projectDirectory,
    homeDirectory,
    workspace,
    prompt,
  });
  /** @type {Record<string, unknown>} */
  const agentHooksSaw = {
    ...reference.observation,
    guardRuns: countGuardRuns(logDirectory, scripts),
    survivors: collectSurvivors(logDirectory).alive,
  };
  const dispatched = reference.results
    .map(({ event, result }) => `${event}: ${result === null ? "no result" : result.decision}`)
    .join(", ");
  if (scenario.reference === "fail-closed") {
    // docs/shim.md: a hook that could not be asked or answered is the host's deny.
    agentHooksSaw.markers = [];
    agentHooksSaw.modelCalls = 2;
    notes.push(
      `reference: docs/shim.md fail-closed rules (dispatch --profile claude: ${dispatched})`,
    );
  }
  resetLogs(logDirectory);
  for (const name of readdirSync(projectDirectory)) {
    if (name.startsWith("m-")) rmSync(join(projectDirectory, name), { force: true });
  }

  // Gemini CLI: the converted configuration, run for real.
  const converted = await convertClaudeToGemini(context.agentHooksBin, projectDirectory);
  if (converted.settings === null) {
    throw new Error(`convert --shim failed (exit ${converted.exitCode}): ${converted.stderr}`);
  }
  scenario.patchGemini?.(converted.settings);
  mkdirSync(join(projectDirectory, ".gemini"), { recursive: true });
  writeFileSync(
    join(projectDirectory, ".gemini", "settings.json"),
    `${JSON.stringify(converted.settings, null, 2)}\n`,
  );
  const shimMode = scenario.shim ?? "record";
  if (shimMode !== "absent") {
    writeShimWrapper(wrapperDirectory, context.agentHooksBin, shimMode, recordDirectory);
  }
  const apiKey = `conformance-${randomUUID()}`;
  const conversation = server.open(apiKey, createTurns(scenario.call?.gemini));
  const stopLoad = scenario.load ? startCpuLoad(loadHogs) : () => {};
  const systemPath = [dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"];
  const installed = systemPath.find((directory) => existsSync(join(directory, "agent-hooks")));
  if (shimMode === "absent" && installed !== undefined) {
    throw new Error(`agent-hooks is installed in ${installed}: it cannot be left off the PATH`);
  }
  let run;
  try {
    run = await runGemini({
      geminiBin,
      projectDirectory,
      homeDirectory,
      pathDirectories: [...(shimMode === "absent" ? [] : [wrapperDirectory]), ...systemPath],
      apiKey,
      baseUrl: server.baseUrl,
      prompt,
      timeoutMs: geminiTimeoutMs,
    });
  } finally {
    stopLoad();
  }
  if (scenario.survivors) await new Promise((resolve) => setTimeout(resolve, 500));
  const records = readShimRecords(recordDirectory);
  const shimStderr = records.map((record) => record.stderr.trim()).filter(Boolean);
  const observed = observeGeminiSide(scenario, conversation, projectDirectory, logDirectory);
  /** @type {Record<string, unknown>} */
  const agentSaw = {
    ...observed,
    survivors: collectSurvivors(logDirectory).alive,
    inputHandling: observed.markers.some((marker) => marker.startsWith("sub/"))
      ? "merged"
      : "replaced",
  };
  agentHooksSaw.inputHandling = shimStderr.some((line) =>
    /merge[^\n]*tool_input|tool_input[^\n]*merge/i.test(line),
  )
    ? "merged"
    : "replaced";
  if (run.killed) throw new Error(`Gemini CLI did not finish in ${geminiTimeoutMs} ms`);
  const keys = scenario.compare;
  const differing = differingKeys(agentSaw, agentHooksSaw, keys);
  const toolResponses = listToolResponses(conversation.modelCalls);
  const detail = [
    differing.length === 0 ? "" : `differs in ${differing.join(", ")}`,
    ...notes,
    `gemini ${run.answered ? "answered" : `exit ${run.exitCode}`}, ${run.ms} ms`,
    records.length > 0
      ? `shim calls: ${records.map((record) => `exit ${record.code} in ${record.ms} ms`).join(", ")}`
      : "",
    toolResponses.length > 0 ? `model was sent: ${toolResponses.join(" | ")}` : "",
    shimStderr.length > 0 ? `shim stderr: ${shimStderr.join(" | ").slice(0, 600)}` : "",
    converted.stderr.includes("lossy") ? `convert: ${converted.stderr.trim()}` : "",
  ]
    .filter(Boolean)
    .join("; ");
  return { agentSaw, agentHooksSaw, keys, detail, run, reference };
}
