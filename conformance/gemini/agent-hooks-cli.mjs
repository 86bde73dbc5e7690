// The agent-hooks side of a scenario: `convert --shim` writes the Gemini CLI settings, `dispatch
// --profile claude` says what the Claude Code guard decides, and a wrapper directory puts the
// checkout's CLI on the PATH Gemini CLI runs hooks with.
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { captureOutput, waitForExit } from "../capture-output.mjs";

/**
 * Runs a process to its end with `input` on stdin.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, input?: string }} options
 * @returns {Promise<{ exitCode: number | null, stdout: string, stderr: string }>}
 */
export async function runProcess(command, args, options = {}) {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const ended = waitForExit(child, captureOutput(child));
  child.stdin.on("error", () => {});
  child.stdin.end(options.input ?? "");
  const { exitCode, stdout, stderr, error } = await ended;
  return { exitCode, stdout, stderr: error === null ? stderr : `${stderr}${error}` };
}

/**
 * Converts the project's `.claude/settings.json` with `convert --shim --to gemini`.
 * @param {string} agentHooksBin
 * @param {string} projectDirectory
 * @returns {Promise<{ settings: any, exitCode: number | null, stderr: string }>}
 */
export async function convertClaudeToGemini(agentHooksBin, projectDirectory) {
  const result = await runProcess(
    process.execPath,
    [
      agentHooksBin,
      "convert",
      "--shim",
      "--from",
      "claude",
      "--to",
      "gemini",
      join(projectDirectory, ".claude", "settings.json"),
    ],
    { cwd: projectDirectory },
  );
  return {
    settings: parseJsonOrNull(result.stdout),
    exitCode: result.exitCode,
    stderr: result.stderr,
  };
}

/**
 * The JSON value a CLI printed, or null when its output is not JSON.
 * @param {string} text
 * @returns {any}
 */
export function parseJsonOrNull(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Runs `dispatch <event> --profile <profile>` on the project with the payload on stdin.
 * @param {string} profile
 * @param {{ agentHooksBin: string, projectDirectory: string, homeDirectory: string,
 *           event: string, payload: object }} options
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<{ exitCode: number | null, stdout: string, stderr: string }>}
 */
export function dispatchThroughProfile(profile, options, env) {
  return runProcess(
    process.execPath,
    [
      options.agentHooksBin,
      "dispatch",
      options.event,
      "--profile",
      profile,
      "--cwd",
      options.projectDirectory,
      "--home",
      options.homeDirectory,
      "--payload",
      "-",
    ],
    { cwd: options.projectDirectory, env, input: JSON.stringify(options.payload) },
  );
}

/**
 * What agent-hooks says the Claude Code hooks decide: `dispatch --profile claude` on the project.
 * @param {{ agentHooksBin: string, projectDirectory: string, homeDirectory: string,
 *           event: string, payload: object }} options
 * @returns {Promise<{ result: any, exitCode: number | null, stderr: string }>}
 */
export async function dispatchClaude(options) {
  const outcome = await dispatchThroughProfile("claude", options, {
    ...process.env,
    HOME: options.homeDirectory,
    CLAUDE_PROJECT_DIR: options.projectDirectory,
  });
  return {
    result: parseJsonOrNull(outcome.stdout),
    exitCode: outcome.exitCode,
    stderr: outcome.stderr,
  };
}

/**
 * How the `agent-hooks` on Gemini CLI's PATH behaves: `exec` starts the checkout's CLI as an
 * installed bin would; `record` also keeps each call's payload, reply and exit code; `broken` is
 * an install whose files are gone (node exits 1); `killed` dies by SIGKILL before answering;
 * `slow-start` is `exec` on a machine where Node takes 1.5 s longer to start (a preload waits).
 * @typedef {"exec" | "record" | "broken" | "killed" | "slow-start"} ShimMode
 */

/** How much longer Node takes to start in `slow-start` mode. */
export const slowStartMs = 1500;

/**
 * Writes `<directory>/agent-hooks`, a wrapper that runs the checkout's CLI.
 * @param {string} directory
 * @param {string} agentHooksBin
 * @param {ShimMode} mode
 * @param {string} recordDirectory where `record` mode keeps each call
 */
export function writeShimWrapper(directory, agentHooksBin, mode, recordDirectory) {
  mkdirSync(directory, { recursive: true });
  const node = shellQuote(process.execPath);
  const bin = shellQuote(agentHooksBin);
  const bodies = {
    exec: `exec ${node} ${bin} "$@"`,
    record: [
      `call=${shellQuote(recordDirectory)}/shim-$$`,
      'date +%s%N > "$call.started"',
      'cat > "$call.stdin"',
      `${node} ${bin} "$@" < "$call.stdin" > "$call.stdout" 2> "$call.stderr"`,
      "code=$?",
      'date +%s%N > "$call.ended"',
      'echo "$code" > "$call.code"',
      'cat "$call.stdout"',
      'cat "$call.stderr" >&2',
      'exit "$code"',
    ].join("\n"),
    broken: `exec ${node} ${shellQuote(join(directory, "missing", "agent-hooks.js"))} "$@"`,
    killed: "cat > /dev/null\nkill -KILL $$",
    "slow-start": `NODE_OPTIONS=--require=${shellQuote(join(directory, "slow-start.cjs"))} exec ${node} ${bin} "$@"`,
  };
  if (mode === "slow-start") {
    writeFileSync(
      join(directory, "slow-start.cjs"),
      `Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${slowStartMs});\n`,
    );
  }
  const file = join(directory, "agent-hooks");
  writeFileSync(file, `#!/bin/sh\n${bodies[mode]}\n`);
  chmodSync(file, 0o755);
}

/**
 * Quotes a word for a POSIX shell.
 * @param {string} word
 */
export function shellQuote(word) {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
