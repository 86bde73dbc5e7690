// What agent-hooks says a scenario's Claude Code hooks do: `dispatch --profile claude` for each
// event the scripted conversation fires, read as Claude Code would act on it (the call blocked or
// run with which input, the texts that reach the model, the turn ended or continued).
import { join } from "node:path";
import { dispatchClaude } from "./agent-hooks-cli.mjs";
import { markersOfInput } from "./observe.mjs";

const blockingDecisions = ["deny", "block"];
/** Claude Code's own cap on Stop continuations is larger; three rounds show a loop. */
const stopRounds = 3;

/**
 * @param {any} result a DispatchResult
 * @param {string | undefined} token
 */
function mentions(result, token) {
  if (token === undefined || result === null) return false;
  return typeof result.reason === "string" && result.reason.includes(token);
}

/**
 * @param {any} result
 * @param {string | undefined} token
 */
function addsContext(result, token) {
  if (token === undefined || result === null) return false;
  return (result.additionalContext ?? []).some(
    (/** @type {unknown} */ text) => typeof text === "string" && text.includes(token),
  );
}

/**
 * Runs the scenario's events through `dispatch --profile claude` and returns the observation
 * Claude Code would make, plus each dispatch result.
 * @param {{ scenario: import("./scenarios.mjs").Scenario, agentHooksBin: string,
 *           projectDirectory: string, homeDirectory: string, workspace: string, prompt: string }} options
 */
export async function observeClaudeReference(options) {
  const { scenario } = options;
  const events = new Set(scenario.hooks.map((hook) => hook.event));
  const tokens = scenario.tokens ?? {};
  const base = {
    session_id: "conformance-gemini",
    transcript_path: join(options.workspace, "transcript.jsonl"),
    cwd: options.projectDirectory,
    permission_mode: "default",
  };
  /** @param {string} event @param {object} fields */
  const dispatch = async (event, fields) => {
    const outcome = await dispatchClaude({
      agentHooksBin: options.agentHooksBin,
      projectDirectory: options.projectDirectory,
      homeDirectory: options.homeDirectory,
      event,
      payload: { ...base, hook_event_name: event, ...fields },
    });
    results.push({ event, result: outcome.result, stderr: outcome.stderr.trim() });
    return outcome.result;
  };
  /** @type {Array<{ event: string, result: any, stderr: string }>} */
  const results = [];
  let reasonReachedModel = false;
  let contextReachedModel = false;
  let modelCalls = 0;
  /** @type {string[]} */
  let markers = [];
  let stopped = false;

  if (events.has("SessionStart")) {
    const result = await dispatch("SessionStart", { source: "startup" });
    contextReachedModel ||= addsContext(result, tokens.context);
  }
  if (events.has("UserPromptSubmit")) {
    const result = await dispatch("UserPromptSubmit", { prompt: options.prompt });
    contextReachedModel ||= addsContext(result, tokens.context);
    if (
      result === null ||
      blockingDecisions.includes(result.decision) ||
      result.continue === false
    ) {
      return {
        observation: { markers, reasonReachedModel, contextReachedModel, modelCalls: 0 },
        results,
      };
    }
  }
  modelCalls = 1;
  const call = scenario.call;
  if (call !== undefined) {
    let ran = true;
    let input = call.gemini.args;
    if (events.has("PreToolUse")) {
      const result = await dispatch("PreToolUse", {
        tool_name: call.claude.tool_name,
        tool_input: call.claude.tool_input,
        tool_use_id: "toolu_conformance",
      });
      const blocked = result === null || blockingDecisions.includes(result.decision);
      ran = !blocked;
      if (blocked) reasonReachedModel ||= mentions(result, tokens.reason);
      contextReachedModel ||= addsContext(result, tokens.context);
      if (!blocked && result?.updatedInput) input = result.updatedInput;
      if (result?.continue === false) stopped = true;
    }
    if (ran) {
      markers = markersOfInput(input);
      if (events.has("PostToolUse")) {
        const result = await dispatch("PostToolUse", {
          tool_name: call.claude.tool_name,
          tool_input: call.claude.tool_input,
          tool_response: call.claudeToolResponse ?? {
            stdout: "",
            stderr: "",
            interrupted: false,
            isImage: false,
          },
          tool_use_id: "toolu_conformance",
        });
        if (result !== null && blockingDecisions.includes(result.decision)) {
          reasonReachedModel ||= mentions(result, tokens.reason);
        }
        contextReachedModel ||= addsContext(result, tokens.context);
        if (result?.continue === false) stopped = true;
      }
    }
    if (!stopped) modelCalls += 1;
  }
  if (events.has("Stop") && !stopped) {
    for (let round = 0; round < stopRounds; round += 1) {
      const result = await dispatch("Stop", {
        stop_hook_active: round > 0,
        last_assistant_message: "Done.",
      });
      if (result === null || !blockingDecisions.includes(result.decision)) break;
      reasonReachedModel ||= mentions(result, tokens.reason);
      modelCalls += 1;
    }
  }
  return {
    observation: { markers, reasonReachedModel, contextReachedModel, modelCalls },
    results,
  };
}
