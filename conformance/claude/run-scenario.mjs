// Runs one scenario twice: through real Claude Code (headless, against the fake Messages API) and
// through `agent-hooks dispatch --profile claude` driven by a small host loop that does with each
// DispatchResult what Claude Code does with a hook's answer. Both sides leave the same observations.
import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { captureOutput, waitForExit } from "../capture-output.mjs";
import { startFakeAnthropicServer } from "./fake-anthropic-server.mjs";

/**
 * @typedef {import("./fake-anthropic-server.mjs").ScriptedTurn} ScriptedTurn
 * @typedef {{ root: string, home: string, project: string, launch: string, log: string, marker: string, quote: (text: string) => string }} ScenarioPaths
 * @typedef {{
 *   name: string, title: string,
 *   settings: (paths: ScenarioPaths) => object | string,
 *   userSettings?: (paths: ScenarioPaths) => object,
 *   localSettings?: (paths: ScenarioPaths) => object,
 *   files?: (paths: ScenarioPaths) => Record<string, string>,
 *   turns?: (paths: ScenarioPaths) => ScriptedTurn[],
 *   needles?: string[],
 *   projectName?: string,
 *   launchSubdirectory?: string,
 *   allowedTools?: string,
 *   prompt?: string,
 * }} Scenario
 * @typedef {{ toolRan: boolean, modelCalls: number, modelSaw: string[], userSaw: string[], hookRuns: Record<string, number>, stopped: boolean }} Observation
 */

const modelName = "claude-sonnet-4-5";

/**
 * Quotes a string for a POSIX shell.
 * @param {string} text
 */
export function quoteForShell(text) {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * The default script: a Bash call that creates the marker file, then a final text.
 * @param {ScenarioPaths} paths
 * @returns {ScriptedTurn[]}
 */
export function createMarkerTurns(paths) {
  return [
    {
      kind: "tool",
      name: "Bash",
      input: { command: `touch ${quoteForShell(paths.marker)}`, description: "Create the marker" },
    },
    { kind: "text", text: "final answer" },
  ];
}

/**
 * Creates the scenario's folders and files in a fresh temporary root.
 * @param {Scenario} scenario
 * @param {string} side
 */
function prepareWorkspace(scenario, side) {
  const root = mkdtempSync(path.join(os.tmpdir(), `conformance-claude-${side}-`));
  const project = path.join(root, scenario.projectName ?? "project");
  const launch = scenario.launchSubdirectory
    ? path.join(project, scenario.launchSubdirectory)
    : project;
  /** @type {ScenarioPaths} */
  const paths = {
    root,
    home: path.join(root, "home"),
    project,
    launch,
    log: path.join(root, "runs.log"),
    marker: path.join(project, "marker file"),
    quote: quoteForShell,
  };
  mkdirSync(path.join(paths.home, ".claude"), { recursive: true });
  mkdirSync(path.join(project, ".claude"), { recursive: true });
  mkdirSync(launch, { recursive: true });
  // A git repository, as real projects are: Claude Code finds the project root by it.
  mkdirSync(path.join(project, ".git"), { recursive: true });
  writeFileSync(path.join(project, ".git", "HEAD"), "ref: refs/heads/main\n");
  const settings = scenario.settings(paths);
  writeFileSync(
    path.join(project, ".claude", "settings.json"),
    typeof settings === "string" ? settings : `${JSON.stringify(settings, null, 2)}\n`,
  );
  if (scenario.userSettings) {
    writeFileSync(
      path.join(paths.home, ".claude", "settings.json"),
      JSON.stringify(scenario.userSettings(paths)),
    );
  }
  if (scenario.localSettings) {
    writeFileSync(
      path.join(project, ".claude", "settings.local.json"),
      JSON.stringify(scenario.localSettings(paths)),
    );
  }
  for (const [relative, content] of Object.entries(scenario.files?.(paths) ?? {})) {
    const file = path.join(project, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    chmodSync(file, 0o755);
  }
  return paths;
}

/**
 * Counts the lines of the runs log: each hook appends its name when it runs.
 * @param {string} log
 */
function countHookRuns(log) {
  /** @type {Record<string, number>} */
  const counts = {};
  if (!existsSync(log)) return counts;
  for (const line of readFileSync(log, "utf8").split("\n")) {
    const name = line.trim();
    if (name !== "") counts[name] = (counts[name] ?? 0) + 1;
  }
  // By name: hooks that run in parallel log in whichever order they finish.
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Runs a process to its end with a deadline; resolves with its output (never rejects).
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, input?: string, timeoutMs: number }} options
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string, timedOut: boolean }>}
 */
export async function runProcess(command, args, options) {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  child.stdin.on("error", () => {});
  child.stdin.end(options.input ?? "");
  const { exitCode, stdout, stderr, error, timedOut } = await waitForExit(
    child,
    output,
    options.timeoutMs,
  );
  return {
    code: exitCode,
    stdout,
    stderr: error === null ? stderr : `${stderr}${error.message}`,
    timedOut,
  };
}

/**
 * The texts the model was sent after the prompt: tool results, system reminders, hook feedback.
 * @param {any[]} requests main-loop request bodies
 * @param {string} prompt
 */
function collectModelTexts(requests, prompt) {
  /** @type {string[]} */
  const texts = [];
  const last = requests.at(-1);
  if (last === undefined) return texts;
  /** @param {any} content */
  const visit = (content) => {
    if (typeof content === "string") {
      if (content !== prompt) texts.push(content);
    } else if (Array.isArray(content)) for (const part of content) visit(part);
    else if (content && typeof content === "object") {
      if (typeof content.text === "string") visit(content.text);
      if (content.content !== undefined) visit(content.content);
    }
  };
  for (const message of last.messages ?? []) {
    if (message.role === "user") visit(message.content);
  }
  return texts;
}

/**
 * Runs the scenario through real Claude Code.
 * @param {Scenario} scenario
 * @param {{ binDirectory: string, verbose: boolean, log: (line: string) => void }} context
 * @returns {Promise<{ observation: Observation, texts: string[], raw: string }>}
 */
export async function runThroughClaude(scenario, context) {
  const paths = prepareWorkspace(scenario, "agent");
  const turns = (scenario.turns ?? createMarkerTurns)(paths);
  const server = await startFakeAnthropicServer(turns);
  const prompt = scenario.prompt ?? "Please do the task.";
  try {
    const environment = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: paths.home,
      USER: process.env.USER ?? "root",
      LANG: "C.UTF-8",
      SHELL: "/bin/bash",
      TMPDIR: os.tmpdir(),
      CLAUDE_CONFIG_DIR: path.join(paths.home, ".claude"),
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: "sk-ant-conformance-fake",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_TELEMETRY: "1",
      DISABLE_ERROR_REPORTING: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      CLAUDE_CODE_MAX_RETRIES: "0",
    };
    const result = await runProcess(
      path.join(context.binDirectory, "claude"),
      [
        "-p",
        prompt,
        "--model",
        modelName,
        "--output-format",
        "stream-json",
        "--verbose",
        "--include-hook-events",
        "--allowedTools",
        scenario.allowedTools ?? "Bash",
      ],
      { cwd: paths.launch, env: environment, timeoutMs: 90_000 },
    );
    const requests = server.mainLoopRequests();
    const texts = collectModelTexts(requests, prompt);
    const events = result.stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => {
        try {
          return JSON.parse(line);
        } catch {
          return {};
        }
      });
    const final = events.find((event) => event.type === "result");
    // What the user is shown: Claude Code's notices (a systemMessage, a blocked prompt's reason).
    const userSaw = events
      .filter((event) => event.type === "system" && event.subtype === "informational")
      .map((event) => String(event.content ?? ""));
    if (result.timedOut) texts.push("[claude timed out]");
    return {
      observation: {
        toolRan: existsSync(paths.marker),
        modelCalls: requests.length,
        modelSaw: texts,
        userSaw,
        hookRuns: countHookRuns(paths.log),
        stopped: final?.subtype !== "success" || result.code !== 0,
      },
      texts,
      raw: `exit ${result.code}${result.timedOut ? " (timed out)" : ""}\nstderr: ${result.stderr.slice(0, 2000)}\n${events
        .filter((event) => event.type !== "system" || event.subtype !== "init")
        .map((event) => JSON.stringify(event).slice(0, 700))
        .join("\n")}`,
    };
  } finally {
    await server.close();
    rmSync(paths.root, { recursive: true, force: true });
  }
}

/**
 * Dispatches one event through `agent-hooks dispatch --profile claude`.
 * @param {string} agentHooksBin
 * @param {ScenarioPaths} paths
 * @param {string} event
 * @param {object} payload
 */
async function dispatchEvent(agentHooksBin, paths, event, payload) {
  const result = await runProcess(
    process.execPath,
    [
      agentHooksBin,
      "dispatch",
      event,
      "--profile",
      "claude",
      "--home",
      paths.home,
      "--cwd",
      paths.launch,
    ],
    {
      cwd: paths.launch,
      env: { ...process.env, HOME: paths.home, SHELL: "/bin/bash" },
      input: JSON.stringify(payload),
      timeoutMs: 90_000,
    },
  );
  try {
    return JSON.parse(result.stdout);
  } catch {
    return { error: `dispatch ${event} exited ${result.code}: ${result.stderr.slice(0, 500)}` };
  }
}

/** What a dispatch with no handlers returns, as far as the host loop reads it. */
const emptyResult = Object.freeze({
  decision: null,
  reason: null,
  continue: true,
  additionalContext: [],
});

/**
 * The text of every settings file the scenario wrote.
 * @param {ScenarioPaths} paths
 */
function readSettingsTexts(paths) {
  return [
    path.join(paths.home, ".claude", "settings.json"),
    path.join(paths.project, ".claude", "settings.json"),
    path.join(paths.project, ".claude", "settings.local.json"),
    path.join(paths.launch, ".claude", "settings.json"),
    path.join(paths.launch, ".claude", "settings.local.json"),
  ]
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");
}

/**
 * Runs the scenario through agent-hooks: a host loop over the same script that does what Claude
 * Code does with each result (a deny's reason becomes the tool result, context is added, a Stop
 * block asks the model again, `continue: false` ends the turn).
 * @param {Scenario} scenario
 * @param {{ agentHooksBin: string }} context
 * @returns {Promise<{ observation: Observation, texts: string[], raw: string }>}
 */
export async function runThroughAgentHooks(scenario, context) {
  const paths = prepareWorkspace(scenario, "engine");
  const turns = (scenario.turns ?? createMarkerTurns)(paths);
  const prompt = scenario.prompt ?? "Please do the task.";
  const sessionId = `conformance-${process.pid}-${Math.random().toString(16).slice(2)}`;
  const base = {
    session_id: sessionId,
    transcript_path: path.join(paths.home, ".claude", "transcript.jsonl"),
    cwd: paths.launch,
    permission_mode: "default",
  };
  /** @type {string[]} */
  const texts = [];
  /** @type {string[]} */
  const userSaw = [];
  /** @type {string[]} */
  const rawLines = [];
  let modelCalls = 0;
  let stopped = false;
  let toolRan = false;
  const configured = readSettingsTexts(paths);
  /** @param {string} event @param {object} payload */
  const dispatch = async (event, payload) => {
    // An event no settings file names has no handlers: skip its process start (the machine is busy).
    if (!configured.includes(`"${event}"`)) return emptyResult;
    const result = await dispatchEvent(context.agentHooksBin, paths, event, {
      ...base,
      hook_event_name: event,
      ...payload,
    });
    rawLines.push(`${event}: ${JSON.stringify(result).slice(0, 900)}`);
    for (const text of result.additionalContext ?? []) texts.push(text);
    for (const text of result.systemMessages ?? []) userSaw.push(text);
    return result;
  };
  try {
    await dispatch("SessionStart", { source: "startup", model: modelName });
    const submitted = await dispatch("UserPromptSubmit", { prompt });
    if (submitted.decision === "block" || submitted.continue === false) {
      if (submitted.decision === "block" && submitted.reason) userSaw.push(submitted.reason);
      stopped = true;
    } else {
      let stopHookActive = false;
      let stopBlocks = 0;
      for (let turnIndex = 0; ; turnIndex += 1) {
        modelCalls += 1;
        const turn = turns[turnIndex] ?? { kind: "text", text: "done" };
        if (turn.kind === "tool") {
          const toolUseId = `toolu_fake_${turnIndex}`;
          const toolPayload = {
            tool_name: turn.name,
            tool_input: turn.input,
            tool_use_id: toolUseId,
          };
          const decided = await dispatch("PreToolUse", toolPayload);
          const decision = decided.decision;
          // A reason reaches the model only at its next call: continue:false ends the turn first.
          if (decision === "deny" || decision === "ask") {
            if (decided.reason && decided.continue !== false) texts.push(decided.reason);
          } else {
            /** @type {any} */
            const input = decided.updatedInput ?? turn.input;
            const ran = await runProcess("/bin/bash", ["-c", String(input.command ?? "")], {
              cwd: paths.launch,
              env: { ...process.env, HOME: paths.home },
              timeoutMs: 30_000,
            });
            toolRan = true;
            const after = await dispatch("PostToolUse", {
              ...toolPayload,
              tool_input: input,
              tool_response: {
                stdout: ran.stdout,
                stderr: ran.stderr,
                interrupted: false,
                isImage: false,
              },
            });
            if (after.decision === "block" && after.reason && after.continue !== false) {
              texts.push(after.reason);
            }
            if (after.continue === false) {
              stopped = true;
              break;
            }
          }
          if (decided.continue === false) {
            stopped = true;
            break;
          }
          continue;
        }
        const stop = await dispatch("Stop", {
          stop_hook_active: stopHookActive,
          last_assistant_message: turn.text,
        });
        if (stop.decision === "block" && stopBlocks < 8) {
          if (stop.reason) texts.push(stop.reason);
          stopHookActive = true;
          stopBlocks += 1;
          continue;
        }
        if (stop.continue === false) stopped = true;
        break;
      }
    }
    // Claude Code's own toolRan is the marker: read it the same way here.
    toolRan = toolRan && existsSync(paths.marker);
    return {
      observation: {
        toolRan,
        modelCalls,
        modelSaw: texts,
        userSaw,
        hookRuns: countHookRuns(paths.log),
        stopped,
      },
      texts,
      raw: rawLines.join("\n"),
    };
  } finally {
    rmSync(paths.root, { recursive: true, force: true });
  }
}
