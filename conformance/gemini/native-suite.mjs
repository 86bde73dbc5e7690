// The native-profile mode of the Gemini CLI suite: each scenario's own Gemini CLI settings.json is
// run by real Gemini CLI (against the fake Gemini API) and by `dispatch --profile gemini` on the
// same files and payloads, event by event as Gemini CLI fires them; what ran and what reached the
// model are compared.
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { dispatchThroughProfile, parseJsonOrNull } from "./agent-hooks-cli.mjs";
import {
  compareScenarioRun,
  differingKeys,
  listToolResponses,
  pickKeys,
} from "./compare-observations.mjs";
import { createTurns } from "./fake-gemini-server.mjs";
import { nativeScenarios } from "./native-scenarios.mjs";
import { countGuardRuns, markersOfInput, observeGeminiSide } from "./observe.mjs";
import {
  geminiTimeoutMs,
  scenarioPrompt as prompt,
  runGemini,
  writeGeminiHome,
} from "./run-gemini.mjs";
import { writeLoggedHookScripts } from "./write-logged-hook-scripts.mjs";

/** AfterAgent rounds the reference follows; a scenario's guard stops blocking before. */
const afterAgentRounds = 3;
const blockingDecisions = ["deny", "block"];

/** @typedef {import("./native-scenarios.mjs").NativeScenario} NativeScenario */

/**
 * The native scenarios the filter keeps (ids `gemini/native-<name>`).
 * @param {(id: string) => boolean} filter
 */
export function selectNativeScenarios(filter) {
  return nativeScenarios.filter((scenario) => filter(`gemini/native-${scenario.name}`));
}

/**
 * Writes the scenario's files: the guard scripts (each logs its run and payload first), the
 * project's `.gemini/settings.json` and the isolated home's, with the user hooks merged in.
 * @param {NativeScenario} scenario
 * @param {{ projectDirectory: string, homeDirectory: string, logDirectory: string }} where
 */
function writeNativeProject(scenario, { projectDirectory, homeDirectory, logDirectory }) {
  const hooksDirectory = join(projectDirectory, ".gemini", "hooks");
  mkdirSync(hooksDirectory, { recursive: true });
  writeLoggedHookScripts(hooksDirectory, scenario.scripts, logDirectory);
  writeFileSync(
    join(projectDirectory, ".gemini", "settings.json"),
    `${JSON.stringify(scenario.project, null, 2)}\n`,
  );
  writeGeminiHome(homeDirectory);
  if (scenario.user !== undefined) {
    const file = join(homeDirectory, ".gemini", "settings.json");
    const settings = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, `${JSON.stringify({ ...settings, ...scenario.user }, null, 2)}\n`);
  }
}

/**
 * `dispatch <event> --profile gemini` on the project, as Gemini CLI's hook system would be asked.
 * @param {{ agentHooksBin: string, projectDirectory: string, homeDirectory: string,
 *           event: string, payload: object }} options
 */
async function dispatchGemini(options) {
  const outcome = await dispatchThroughProfile("gemini", options, {
    PATH: process.env.PATH,
    HOME: options.homeDirectory,
    LANG: "C.UTF-8",
  });
  return parseJsonOrNull(outcome.stdout);
}

/**
 * @param {any} result a DispatchResult
 * @param {string | undefined} token
 */
function mentions(result, token) {
  return token !== undefined && typeof result?.reason === "string" && result.reason.includes(token);
}

/**
 * @param {any} result
 * @param {string | undefined} token
 */
function addsContext(result, token) {
  return (
    token !== undefined &&
    (result?.additionalContext ?? []).some(
      (/** @type {unknown} */ text) => typeof text === "string" && text.includes(token),
    )
  );
}

/**
 * What agent-hooks says the scenario's Gemini CLI hooks do, dispatching each event in the order
 * Gemini CLI fires it: SessionStart, BeforeAgent, the model (after BeforeModel and
 * BeforeToolSelection), BeforeTool, the tool, AfterTool, the model again, AfterAgent (whose block
 * sends its reason as the next prompt, BeforeAgent firing again).
 * @param {{ scenario: NativeScenario, agentHooksBin: string, projectDirectory: string,
 *           homeDirectory: string }} options
 */
async function observeNativeReference(options) {
  const { scenario } = options;
  const configured = (/** @type {string} */ event) =>
    [scenario.project, scenario.user].some((settings) => {
      const hooks = /** @type {any} */ (settings)?.hooks;
      return hooks !== undefined && Object.hasOwn(hooks, event);
    });
  const tokens = scenario.tokens ?? {};
  /** @type {Array<{ event: string, result: any }>} */
  const results = [];
  const dispatch = async (/** @type {string} */ event, /** @type {object} */ fields) => {
    const result = await dispatchGemini({
      agentHooksBin: options.agentHooksBin,
      projectDirectory: options.projectDirectory,
      homeDirectory: options.homeDirectory,
      event,
      payload: {
        session_id: "conformance-gemini-native",
        transcript_path: "",
        cwd: options.projectDirectory,
        hook_event_name: event,
        ...fields,
      },
    });
    results.push({ event, result });
    return result;
  };
  let reasonReachedModel = false;
  let contextReachedModel = false;
  let modelCalls = 0;
  /** @type {string[]} */
  let markers = [];
  let currentPrompt = prompt;
  // A model call, after BeforeModel and then BeforeToolSelection (a block or stop the profile
  // reads on either ends the turn): whether it was made.
  const askModel = async () => {
    for (const event of ["BeforeModel", "BeforeToolSelection"]) {
      if (!configured(event)) continue;
      const result = await dispatch(event, {
        llm_request: { model: "gemini-2.5-flash", messages: [] },
      });
      if (result?.continue === false || blockingDecisions.includes(result?.decision)) return false;
    }
    modelCalls += 1;
    return true;
  };
  if (configured("SessionStart")) {
    // Headless, SessionStart's context is put before the prompt.
    const result = await dispatch("SessionStart", { source: "startup" });
    contextReachedModel ||= addsContext(result, tokens.context);
  }
  for (let round = 0; round < afterAgentRounds; round += 1) {
    if (configured("BeforeAgent")) {
      const result = await dispatch("BeforeAgent", { prompt: currentPrompt });
      if (
        result === null ||
        blockingDecisions.includes(result.decision) ||
        result.continue === false
      ) {
        break;
      }
      contextReachedModel ||= addsContext(result, tokens.context);
    }
    if (!(await askModel())) break;
    let stopped = false;
    const call = round === 0 ? scenario.call : undefined;
    if (call !== undefined) {
      let input = call.args;
      let ran = true;
      if (configured("BeforeTool")) {
        const result = await dispatch("BeforeTool", { tool_name: call.name, tool_input: input });
        if (result?.continue === false) stopped = true;
        else if (result === null || blockingDecisions.includes(result.decision)) {
          ran = false;
          reasonReachedModel ||= mentions(result, tokens.reason);
        } else if (result.updatedInput) input = result.updatedInput;
      }
      if (!stopped && ran) {
        markers = markersOfInput(input);
        if (configured("AfterTool")) {
          const result = await dispatch("AfterTool", {
            tool_name: call.name,
            tool_input: call.args,
            tool_response: { llmContent: "", returnDisplay: "" },
          });
          if (result?.continue === false) stopped = true;
          else if (blockingDecisions.includes(result?.decision)) {
            reasonReachedModel ||= mentions(result, tokens.reason);
          } else contextReachedModel ||= addsContext(result, tokens.context);
        }
      }
      if (stopped || !(await askModel())) break;
    }
    if (!configured("AfterAgent")) break;
    const result = await dispatch("AfterAgent", {
      prompt: currentPrompt,
      prompt_response: "Done.",
      stop_hook_active: round > 0,
    });
    if (result?.continue === false || !blockingDecisions.includes(result?.decision)) break;
    reasonReachedModel ||= mentions(result, tokens.reason);
    currentPrompt = result.reason ?? "";
  }
  return { observation: { markers, reasonReachedModel, contextReachedModel, modelCalls }, results };
}

/**
 * Runs one native scenario on both sides and compares them.
 * @param {{ scenario: NativeScenario, agentHooksBin: string, geminiBin: string, root: string,
 *           server: { baseUrl: string, open: Function }, verbose: boolean,
 *           log: (line: string) => void }} options
 */
export function runNativeScenario(options) {
  const { scenario } = options;
  const id = `gemini/native-${scenario.name}`;
  return compareScenarioRun({ id, title: scenario.title, context: options }, async () => {
    const workspace = join(options.root, `native-${scenario.name}`);
    const projectDirectory = join(workspace, scenario.projectName ?? "project");
    const homeDirectory = join(workspace, "home");
    const logDirectory = join(workspace, "logs");
    const scripts = Object.keys(scenario.scripts);
    const resetLogs = () => {
      rmSync(logDirectory, { recursive: true, force: true });
      mkdirSync(logDirectory, { recursive: true });
    };
    resetLogs();
    writeNativeProject(scenario, { projectDirectory, homeDirectory, logDirectory });

    // agent-hooks: the same settings files, dispatched with the gemini profile.
    const reference = await observeNativeReference({
      scenario,
      agentHooksBin: options.agentHooksBin,
      projectDirectory,
      homeDirectory,
    });
    /** @type {Record<string, unknown>} */
    const agentHooksSaw = {
      ...reference.observation,
      guardRuns: countGuardRuns(logDirectory, scripts),
    };
    resetLogs();

    // Gemini CLI on the same files.
    const apiKey = `conformance-native-${randomUUID()}`;
    const conversation = options.server.open(apiKey, createTurns(scenario.call));
    const systemPath = [dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"];
    const run = await runGemini({
      geminiBin: options.geminiBin,
      projectDirectory,
      homeDirectory,
      pathDirectories: systemPath,
      apiKey,
      baseUrl: options.server.baseUrl,
      prompt,
      timeoutMs: geminiTimeoutMs,
      trustWorkspace: scenario.untrusted !== true,
    });
    if (run.killed) throw new Error(`Gemini CLI did not finish in ${geminiTimeoutMs} ms`);
    /** @type {Record<string, unknown>} */
    const agentSaw = observeGeminiSide(scenario, conversation, projectDirectory, logDirectory);
    const keys = scenario.compare;
    const differing = differingKeys(agentSaw, agentHooksSaw, keys);
    const toolResponses = listToolResponses(conversation.modelCalls);
    const detail = [
      differing.length === 0
        ? ""
        : `differs in ${differing.join(", ")}: gemini ${JSON.stringify(pickKeys(agentSaw, keys))}, dispatch ${JSON.stringify(pickKeys(agentHooksSaw, keys))}`,
      `gemini ${run.answered ? "answered" : `exit ${run.exitCode}`}, ${run.ms} ms`,
      `dispatch: ${reference.results
        .map(
          ({ event, result }) =>
            `${event} ${result === null ? "no result" : (result.decision ?? "-")}`,
        )
        .join(", ")}`,
      toolResponses.length > 0 ? `model was sent: ${toolResponses.join(" | ")}` : "",
    ]
      .filter(Boolean)
      .join("; ");
    return { agentSaw, agentHooksSaw, keys, detail, run, reference };
  });
}
