// Runs the real Codex CLI headless (`codex exec`) in an isolated CODEX_HOME against the fake
// Responses server, and reads what it did: its exit code, and each hook's status from the lines
// `codex exec` prints on stderr (`hook: PreToolUse Failed`).
import { spawn } from "node:child_process";
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";
import { captureOutput, killProcessGroup } from "../capture-output.mjs";

// Features that reach the network or start helpers at start-up (plugin sync with GitHub,
// analytics, app connectors); off, a run takes about 2 s instead of 12 s.
const quietFeatures = [
  "plugins",
  "apps",
  "remote_plugin",
  "plugin_sharing",
  "shell_snapshot",
  "goals",
  "image_generation",
  "browser_use",
  "in_app_browser",
  "computer_use",
  "tool_suggest",
  "skill_search",
  "workspace_dependencies",
  "guardian_approval",
  "daemon_auto_start",
  "api_key_model_discovery",
  // Without the fake server (a crashed suite), Codex would otherwise retry forever.
  "unbounded_connection_retries",
];

/** The longest a Codex run may take before it is killed and the scenario is an `error`. */
export const codexRunTimeoutMs = 90_000;

/**
 * Writes the CODEX_HOME of one run: the fake provider, no approvals, no sandbox, the project
 * trusted (Codex loads `<project>/.codex/` only for a trusted project) unless `trustProject` is
 * false, then `extraToml` (the user's own `[hooks]` tables).
 * @param {{ codexHome: string, baseUrl: string, projectDirectory: string,
 *   trustProject?: boolean, extraToml?: string }} options
 */
export function writeCodexHome({
  codexHome,
  baseUrl,
  projectDirectory,
  trustProject = true,
  extraToml = "",
}) {
  mkdirSync(codexHome, { recursive: true });
  const lines = [
    'model = "gpt-5.5"',
    'model_provider = "conformance"',
    'approval_policy = "never"',
    'sandbox_mode = "danger-full-access"',
    "check_for_update_on_startup = false",
    "",
    "[model_providers.conformance]",
    'name = "conformance"',
    `base_url = ${JSON.stringify(baseUrl)}`,
    'wire_api = "responses"',
    'env_key = "CONFORMANCE_API_KEY"',
    "request_max_retries = 0",
    "stream_max_retries = 0",
    "",
    "[analytics]",
    "enabled = false",
    "",
    "[features]",
    ...quietFeatures.map((name) => `${name} = false`),
    "",
    ...(trustProject
      ? [`[projects.${JSON.stringify(projectDirectory)}]`, 'trust_level = "trusted"', ""]
      : []),
    extraToml,
  ];
  writeFileSync(path.join(codexHome, "config.toml"), lines.join("\n"));
}

/**
 * Runs `codex exec` once, headless, with stdin closed.
 * @param {{ binDirectory: string, codexHome: string, home: string, launchDirectory: string,
 *   pathDirectories: string[], environment: Record<string, string> }} options
 * @returns {Promise<{ exitCode: number | null, signal: string | null, stdout: string,
 *   stderr: string, hooks: Array<{ event: string, status: string }>, ms: number, startedAt: number,
 *   endedAt: number, timedOut: boolean }>}
 */
export function runCodex({
  binDirectory,
  codexHome,
  home,
  launchDirectory,
  pathDirectories,
  environment,
}) {
  const started = performance.now();
  // The npm package's `codex` is a Node launcher (`#!/usr/bin/env node`): run it with this Node,
  // so the PATH given to Codex (and its hooks) needs no Node of its own.
  const launcher = realpathSync(path.join(binDirectory, "codex"));
  const [file, prefix] = launcher.endsWith(".js") ? [process.execPath, [launcher]] : [launcher, []];
  const child = spawn(
    file,
    [
      ...prefix,
      "exec",
      "--skip-git-repo-check",
      "--dangerously-bypass-hook-trust",
      "--color",
      "never",
      "Run the scripted tool call.",
    ],
    {
      cwd: launchDirectory,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        PATH: [...pathDirectories, "/usr/local/bin", "/usr/bin", "/bin"].join(":"),
        HOME: home,
        CODEX_HOME: codexHome,
        CONFORMANCE_API_KEY: "conformance-key",
        LANG: "C.UTF-8",
        NO_COLOR: "1",
        ...environment,
      },
    },
  );
  const output = captureOutput(child);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killProcessGroup(child.pid);
  }, codexRunTimeoutMs);
  return new Promise((resolve) => {
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      // Hooks a killed hook left behind (a hanging guard) go with the group.
      killProcessGroup(child.pid);
      resolve({
        exitCode,
        signal,
        stdout: output.stdout,
        stderr: output.stderr,
        hooks: readHookStatuses(output.stderr),
        ms: Math.round(performance.now() - started),
        startedAt: started,
        endedAt: performance.now(),
        timedOut,
      });
    });
  });
}

/**
 * The finished hook runs `codex exec` reports: `hook: <Event> <Status>` (Completed, Blocked,
 * Failed, Stopped), in order.
 * @param {string} stderr
 */
export function readHookStatuses(stderr) {
  /** @type {Array<{ event: string, status: string }>} */
  const statuses = [];
  for (const line of stderr.split("\n")) {
    const match = /^hook: (\w+) (\w+)\s*$/.exec(line);
    if (match) statuses.push({ event: match[1] ?? "", status: match[2] ?? "" });
  }
  return statuses;
}
