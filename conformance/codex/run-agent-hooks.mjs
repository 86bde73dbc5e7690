// The agent-hooks side of a scenario: the checkout's CLI (`bin/agent-hooks.js`) run with the same
// Node that runs the suite: `convert` to write Codex's hooks, `dispatch` for what a profile decides,
// and the converted command run alone through `sh -c` with a Codex payload.
import { spawn } from "node:child_process";
import { captureOutput, waitForExit } from "../capture-output.mjs";

/**
 * Runs a program with input on stdin; never rejects.
 * @param {string} file
 * @param {string[]} args
 * @param {{ input?: string, cwd: string, env: Record<string, string>, timeoutMs?: number }} options
 * @returns {Promise<{ exitCode: number | null, signal: string | null, stdout: string, stderr: string }>}
 */
export async function runProgram(file, args, { input = "", cwd, env, timeoutMs = 60_000 }) {
  const child = spawn(file, args, { cwd, env, detached: true, stdio: ["pipe", "pipe", "pipe"] });
  const output = captureOutput(child);
  child.stdin.on("error", () => {});
  child.stdin.end(input);
  const { exitCode, signal, stdout, stderr, error } = await waitForExit(child, output, timeoutMs);
  return {
    exitCode,
    signal,
    stdout,
    stderr: error === null ? stderr : `${stderr}${error.message}`,
  };
}

/**
 * `agent-hooks convert --from claude --to codex [--shim] <settings>`: Codex's hooks.json text.
 * @param {{ agentHooksBin: string, settingsFile: string, shim: boolean, cwd: string,
 *   env: Record<string, string> }} options
 */
export function convertClaudeToCodex({ agentHooksBin, settingsFile, shim, cwd, env }) {
  const args = [agentHooksBin, "convert", ...(shim ? ["--shim"] : [])];
  args.push("--from", "claude", "--to", "codex", settingsFile);
  return runProgram(process.execPath, args, { cwd, env });
}

/**
 * `agent-hooks dispatch <event> --profile <profile>` on one configuration file and payload, or,
 * with `configFile` null, on the configuration the profile discovers from `cwd` and `home`.
 * @param {{ agentHooksBin: string, profile: "claude" | "zerocode" | "codex", event: string,
 *   payload: object, configFile: string | null, cwd: string, home: string,
 *   env: Record<string, string> }} options
 * @returns {Promise<{ result: any, stderr: string }>}
 */
export async function dispatchEvent({
  agentHooksBin,
  profile,
  event,
  payload,
  configFile,
  cwd,
  home,
  env,
}) {
  const args = [agentHooksBin, "dispatch", event, "--payload", "-", "--profile", profile];
  if (configFile !== null) args.push("--config", configFile);
  args.push("--cwd", cwd, "--home", home);
  // Codex runs with --dangerously-bypass-hook-trust too.
  if (profile === "zerocode" || profile === "codex") args.push("--dangerously-bypass-hook-trust");
  const outcome = await runProgram(process.execPath, args, {
    input: JSON.stringify(payload),
    cwd,
    env,
  });
  try {
    return { result: JSON.parse(outcome.stdout), stderr: outcome.stderr };
  } catch {
    return {
      result: { error: `dispatch exited ${outcome.exitCode}`, stdout: outcome.stdout },
      stderr: outcome.stderr,
    };
  }
}
