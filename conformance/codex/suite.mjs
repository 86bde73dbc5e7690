// The Codex suite of `npm run conformance:agents`: each scenario runs the real Codex CLI
// (`codex exec`, headless, hooks trusted with --dangerously-bypass-hook-trust) against the fake
// Responses server, and compares what happened (did the tool run, what the model was sent, how
// many times each hook ran) with what agent-hooks says on the same configuration and tool call.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { stringify } from "smol-toml";
import { describeScenarioError } from "../describe-scenario-error.mjs";
import { scriptedCallId, startFakeResponsesServer } from "./fake-responses-server.mjs";
import { convertClaudeToCodex, dispatchEvent, runProgram } from "./run-agent-hooks.mjs";
import { runCodex, writeCodexHome } from "./run-codex.mjs";
import { createScenarioWorkspace, hookScript } from "./scenario-workspace.mjs";
import { scenarios } from "./scenarios.mjs";

/** @type {string} */
export const agent = "codex";

// Two Codex runs at a time: each is mostly waiting (about 0.5 s of CPU in 2 to 3 s).
const parallelRuns = 2;

/**
 * @typedef {{ id: string, title: string, verdict: "same" | "differs" | "error",
 *   agentSaw: object, agentHooksSaw: object, detail: string, ms: number }} ScenarioResult
 * @typedef {import("./scenarios.mjs").Scenario} Scenario
 */

/**
 * Runs every scenario the filter keeps.
 * @param {{ binDirectory: string, repositoryRoot: string, agentHooksBin: string,
 *   filter: (id: string) => boolean, log: (line: string) => void, verbose: boolean }} context
 * @returns {Promise<ScenarioResult[]>}
 */
export async function runSuite(context) {
  const selected = scenarios.filter((scenario) => context.filter(`${agent}/${scenario.name}`));
  const server = await startFakeResponsesServer();
  /** @type {ScenarioResult[]} */
  const results = new Array(selected.length);
  let next = 0;
  const worker = async () => {
    while (next < selected.length) {
      const index = next++;
      const scenario = /** @type {Scenario} */ (selected[index]);
      const result = await runScenarioSafely(scenario, context, server);
      results[index] = result;
      context.log(`${result.verdict.padEnd(7)} ${result.id} (${result.ms} ms)`);
      if (context.verbose && result.verdict !== "same") context.log(`        ${result.detail}`);
    }
  };
  try {
    await Promise.all(Array.from({ length: parallelRuns }, worker));
  } finally {
    await server.close();
  }
  return results;
}

/**
 * @param {Scenario} scenario
 * @param {Parameters<typeof runSuite>[0]} context
 * @param {Awaited<ReturnType<typeof startFakeResponsesServer>>} server
 * @returns {Promise<ScenarioResult>}
 */
async function runScenarioSafely(scenario, context, server) {
  const started = performance.now();
  try {
    return await runScenario(scenario, context, server, started);
  } catch (error) {
    const ms = Math.round(performance.now() - started);
    return describeScenarioError(`${agent}/${scenario.name}`, scenario.title, error, ms);
  }
}

/**
 * @param {Scenario} scenario
 * @param {Parameters<typeof runSuite>[0]} context
 * @param {Awaited<ReturnType<typeof startFakeResponsesServer>>} server
 * @param {number} started
 * @returns {Promise<ScenarioResult>}
 */
async function runScenario(scenario, context, server, started) {
  const agentHooksOnPath = scenario.agentHooksOnPath ?? "wrapper";
  const workspace = createScenarioWorkspace({
    projectName: scenario.projectName ?? "project",
    agentHooksBin: context.agentHooksBin,
    agentHooksOnPath,
  });
  try {
    const { projectDirectory } = workspace;
    const launchDirectory = path.join(projectDirectory, scenario.launchSubdirectory ?? "");
    mkdirSync(launchDirectory, { recursive: true });
    // "codex": Codex's own configuration, found by `dispatch --profile codex` as Codex finds it.
    const native = scenario.kind === "codex";
    const scriptDirectory =
      scenario.kind === "zerocode" || native ? ".codex/hooks" : ".claude/hooks";
    for (const [name, body] of Object.entries(scenario.scripts)) {
      const mode = scenario.notExecutable?.includes(name) ? 0o644 : 0o755;
      workspace.writeProjectFile(`${scriptDirectory}/${name}.sh`, hookScript(name, body), mode);
    }
    const agentHooksEnvironment = {
      PATH: [workspace.binDirectory, "/usr/local/bin", "/usr/bin", "/bin"].join(":"),
      HOME: workspace.home,
      LANG: "C.UTF-8",
      ...workspace.logsOf("agent-hooks"),
    };

    // The configuration: Codex's hooks.json, and the file agent-hooks dispatches on.
    const settings = scenario.settings({ projectDirectory });
    const hooksFile = path.join(projectDirectory, ".codex", "hooks.json");
    /** @type {{ exitCode: number | null, stderr: string, flagged: boolean } | null} */
    let conversion = null;
    /** @type {string | null} */
    let configFile = hooksFile;
    // The codex profile reads CODEX_HOME as ~/.codex.
    const codexHome = native ? path.join(workspace.home, ".codex") : workspace.codexHome;
    let userToml = "";
    if (native) {
      configFile = null;
      const form = scenario.configForm ?? "hooks.json";
      if (form === "hooks.json") {
        workspace.writeProjectFile(".codex/hooks.json", `${JSON.stringify(settings, null, 2)}\n`);
      } else if (form === "config.toml") {
        workspace.writeProjectFile(".codex/config.toml", `${stringify(settings)}\n`);
      } else userToml = `${stringify(settings)}\n`;
    } else if (scenario.kind === "zerocode") {
      workspace.writeProjectFile(".codex/hooks.json", `${JSON.stringify(settings, null, 2)}\n`);
    } else {
      configFile = workspace.writeProjectFile(
        ".claude/settings.json",
        `${JSON.stringify(settings, null, 2)}\n`,
      );
      const converted = await convertClaudeToCodex({
        agentHooksBin: context.agentHooksBin,
        settingsFile: configFile,
        shim: scenario.kind === "shim",
        cwd: projectDirectory,
        env: agentHooksEnvironment,
      });
      if (converted.exitCode !== 0 && converted.exitCode !== 3) {
        throw new Error(`convert exited ${converted.exitCode}: ${converted.stderr}`);
      }
      workspace.writeProjectFile(".codex/hooks.json", converted.stdout);
      conversion = {
        exitCode: converted.exitCode,
        stderr: converted.stderr.trim(),
        flagged: converted.exitCode !== 0 || /lossy|--shim/.test(converted.stderr),
      };
    }
    const hooksJson = existsSync(hooksFile) ? JSON.parse(readFileSync(hooksFile, "utf8")) : null;

    // Both sides at once: they share nothing but the project's scripts.
    const baseUrl = server.register(scenario.name, scenario.toolCall);
    writeCodexHome({
      codexHome,
      baseUrl,
      projectDirectory,
      trustProject: scenario.trustProject ?? true,
      extraToml: userToml,
    });
    const [codexRun, reference] = await Promise.all([
      runCodex({
        binDirectory: context.binDirectory,
        codexHome,
        home: workspace.home,
        launchDirectory,
        pathDirectories: [workspace.binDirectory],
        environment: workspace.logsOf("codex"),
      }),
      scenario.reference === "shim-rule"
        ? runShimAlone(hooksJson, launchDirectory, agentHooksEnvironment)
        : dispatchSteps(scenario, context, {
            configFile,
            projectDirectory,
            launchDirectory,
            home: workspace.home,
            env: agentHooksEnvironment,
          }),
    ]);

    const expected = expectedOutcome(scenario, reference, workspace.readLogs("agent-hooks").runs);
    const requests = server.requestsOf(scenario.name);
    const modelText = JSON.stringify(requests.map((request) => request.body?.input ?? null));
    const codexLogs = workspace.readLogs("codex");
    const agentSaw = {
      toolRuns: existsSync(path.join(launchDirectory, scenario.toolMarker ?? "tool-ran.txt")),
      rewriteRuns: existsSync(path.join(launchDirectory, "rewritten.txt")),
      modelSees: Object.fromEntries(
        expected.modelSees.map((text) => [text, modelText.includes(text)]),
      ),
      markersSentToModel: [...new Set(modelText.match(/\b[RC]-[a-z0-9-]+/g) ?? [])],
      toolOutput: readToolOutput(requests),
      markerMessages: readMarkerMessages(requests),
      runs: codexLogs.runs,
      hooks: codexRun.hooks,
      hookPayloads: codexLogs.payloads,
      hookProjectDirectories: codexLogs.projectDirectories,
      hookWorkingDirectories: codexLogs.workingDirectories,
      requests: requests.length,
      exitCode: codexRun.exitCode,
      ms: codexRun.ms,
      msToFirstRequest: Math.round((requests[0]?.at ?? codexRun.endedAt) - codexRun.startedAt),
      msAfterLastRequest: Math.round(
        codexRun.endedAt - (requests.at(-1)?.at ?? codexRun.startedAt),
      ),
    };
    const agentHooksSaw = {
      expected,
      ...(conversion === null ? {} : { conversion }),
      reference,
    };
    const base = {
      id: `${agent}/${scenario.name}`,
      title: scenario.title,
      agentSaw,
      agentHooksSaw,
    };
    const ms = () => Math.round(performance.now() - started);
    if (codexRun.timedOut || requests.length === 0) {
      const why = codexRun.timedOut ? "Codex did not finish" : "Codex never called the model";
      return {
        ...base,
        verdict: "error",
        detail: `${why}: ${codexRun.stderr.slice(-2000)}`,
        ms: ms(),
      };
    }
    const mismatches = [
      ...compareOutcome(expected, agentSaw),
      ...(scenario.checkPayloads?.(codexLogs.payloads) ?? []),
    ];
    if (mismatches.length === 0) {
      return { ...base, verdict: "same", detail: "", ms: ms() };
    }
    if (conversion?.flagged) {
      const detail = `Codex differs (${mismatches.join("; ")}), and convert flagged it`;
      return { ...base, verdict: "same", detail, ms: ms() };
    }
    const statuses = codexRun.hooks.map((hook) => `${hook.event} ${hook.status}`).join(", ");
    const detail = `${mismatches.join("; ")} (Codex hook runs: ${statuses || "none"})`;
    return { ...base, verdict: "differs", detail, ms: ms() };
  } finally {
    if (!process.env.AGENT_HOOKS_CONFORMANCE_KEEP) workspace.remove();
  }
}

/**
 * Dispatches the scenario's steps with the profile the scenario compares against: for "codex",
 * the codex profile discovering Codex's own files from where Codex was started.
 * @param {Scenario} scenario
 * @param {Parameters<typeof runSuite>[0]} context
 * @param {{ configFile: string | null, projectDirectory: string, launchDirectory: string,
 *   home: string, env: Record<string, string> }} options
 */
async function dispatchSteps(scenario, context, options) {
  const profiles = /** @type {const} */ ({ zerocode: "zerocode", codex: "codex" });
  const profile =
    scenario.kind === "zerocode" || scenario.kind === "codex" ? profiles[scenario.kind] : "claude";
  /** @type {Array<{ event: string, decision: unknown, reason: unknown, additionalContext: unknown,
   *   updatedInput: unknown, continue: unknown, runs: unknown, diagnostics: unknown }>} */
  const steps = [];
  for (const step of scenario.steps(options)) {
    const { result } = await dispatchEvent({
      agentHooksBin: context.agentHooksBin,
      profile,
      event: step.event,
      payload: step.payload,
      configFile: options.configFile,
      cwd: scenario.kind === "codex" ? options.launchDirectory : options.projectDirectory,
      home: options.home,
      env: options.env,
    });
    steps.push({
      event: step.event,
      decision: result.decision ?? null,
      reason: result.reason ?? null,
      additionalContext: result.additionalContext ?? [],
      updatedInput: result.updatedInput ?? null,
      continue: result.continue ?? null,
      runs: (result.runs ?? []).map((/** @type {any} */ run) => run.status),
      diagnostics: (result.diagnostics ?? []).map((/** @type {any} */ item) => item.message),
    });
  }
  return { profile, steps };
}

/**
 * Runs the converted PreToolUse command alone (`sh -c`, as Codex runs it) with a Codex payload:
 * what the shim answers outside Codex.
 * @param {any} hooksJson
 * @param {string} launchDirectory
 * @param {Record<string, string>} env
 */
async function runShimAlone(hooksJson, launchDirectory, env) {
  const command = hooksJson?.hooks?.PreToolUse?.[0]?.hooks?.[0]?.command ?? "";
  const payload = {
    session_id: "conformance-session",
    turn_id: "conformance-turn",
    transcript_path: null,
    cwd: launchDirectory,
    hook_event_name: "PreToolUse",
    model: "gpt-5.5",
    permission_mode: "bypassPermissions",
    tool_name: "Bash",
    tool_input: { command: "touch tool-ran.txt" },
    tool_use_id: scriptedCallId,
  };
  const outcome = await runProgram("/bin/sh", ["-c", command], {
    input: JSON.stringify(payload),
    cwd: launchDirectory,
    env,
  });
  /** @type {any} */
  let reply = null;
  try {
    reply = JSON.parse(outcome.stdout);
  } catch {
    reply = outcome.stdout.trim() || null;
  }
  return {
    profile: "shim-rule",
    command,
    exitCode: outcome.exitCode,
    reply,
    stderr: outcome.stderr.trim().slice(0, 600),
  };
}

/**
 * What Codex should do by agent-hooks' answer: the dispatched decision, read as a host runs it,
 * or, for the shim's fail-closed rules, a deny whose reason names the shim.
 * @param {Scenario} scenario
 * @param {any} reference
 * @param {Record<string, number>} referenceRuns the hook runs the agent-hooks side recorded
 */
function expectedOutcome(scenario, reference, referenceRuns) {
  const runs = scenario.expectedRuns ?? referenceRuns;
  if (reference.profile === "shim-rule") {
    const shimAnswers = (scenario.agentHooksOnPath ?? "wrapper") === "wrapper";
    return {
      toolRuns: false,
      rewriteRuns: false,
      modelSees: shimAnswers ? ["agent-hooks shim"] : [],
      runs,
    };
  }
  /** @type {string[]} */
  const modelSees = [];
  let toolRuns = scenario.toolCall !== null;
  let rewriteRuns = false;
  for (const step of reference.steps) {
    const blocks = step.decision === "deny" || step.decision === "block";
    if (blocks && scenario.reasonReachesModel !== false && typeof step.reason === "string") {
      modelSees.push(step.reason);
    }
    if (Array.isArray(step.additionalContext)) modelSees.push(...step.additionalContext);
    if (step.event === "PreToolUse") {
      // Codex cannot ask: the shim's rule makes "ask" a deny.
      if (step.decision === "deny" || step.decision === "ask") toolRuns = false;
      if (step.decision === "allow" && step.updatedInput !== null) {
        toolRuns = false;
        rewriteRuns = true;
      }
    }
  }
  return { toolRuns, rewriteRuns, modelSees, runs };
}

/**
 * @param {ReturnType<typeof expectedOutcome>} expected
 * @param {{ toolRuns: boolean, rewriteRuns: boolean, modelSees: Record<string, boolean>,
 *   runs: Record<string, number> }} seen
 */
function compareOutcome(expected, seen) {
  const mismatches = [];
  if (expected.toolRuns !== seen.toolRuns) {
    mismatches.push(
      `tool ${seen.toolRuns ? "ran" : "did not run"} in Codex, expected ${expected.toolRuns ? "to run" : "not to run"}`,
    );
  }
  if (expected.rewriteRuns !== seen.rewriteRuns) {
    mismatches.push(`rewritten command ${seen.rewriteRuns ? "ran" : "did not run"} in Codex`);
  }
  for (const [text, found] of Object.entries(seen.modelSees)) {
    if (!found) mismatches.push(`the model was not sent ${JSON.stringify(text)}`);
  }
  for (const name of new Set([...Object.keys(expected.runs), ...Object.keys(seen.runs)])) {
    const want = expected.runs[name] ?? 0;
    const got = seen.runs[name] ?? 0;
    if (want !== got) mismatches.push(`hook ${name} ran ${got} time(s) in Codex, expected ${want}`);
  }
  return mismatches;
}

/**
 * The tool output Codex sent the model for the scripted call.
 * @param {Array<{ body: any }>} requests
 */
function readToolOutput(requests) {
  for (const request of [...requests].reverse()) {
    const input = Array.isArray(request.body?.input) ? request.body.input : [];
    const item = input.find(
      (/** @type {any} */ entry) =>
        entry?.call_id === scriptedCallId && String(entry?.type).endsWith("_output"),
    );
    if (item) return item.output;
  }
  return null;
}

/**
 * The messages (not tool outputs) of the last request that carry a scenario marker: where Codex
 * put a hook's context or a Stop hook's reason.
 * @param {Array<{ body: any }>} requests
 */
function readMarkerMessages(requests) {
  const input = requests.at(-1)?.body?.input;
  if (!Array.isArray(input)) return [];
  return input
    .filter((/** @type {any} */ item) => item?.type === "message")
    .map((/** @type {any} */ item) => ({ role: item.role, text: JSON.stringify(item.content) }))
    .filter((item) => /\b[RC]-[a-z0-9-]+/.test(item.text));
}
