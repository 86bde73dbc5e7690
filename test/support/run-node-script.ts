import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The package root: where `bin/`, `examples/` and `test/fixtures/` are. */
export const packageRoot = fileURLToPath(new URL("../..", import.meta.url));

/** How a script run ended and what it printed. */
export interface ScriptRun {
  /** The exit code, or null when a signal ended the process. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Options of {@link runNodeScript}. */
export interface RunNodeScriptOptions {
  /** The working directory; default: the package root. */
  cwd?: string;
  /** Text written to standard input, which is then closed; default: nothing. */
  input?: string;
  /** Variables added to this process's environment; default: none. */
  env?: Record<string, string>;
}

/**
 * Runs a script with this Node as a real process (`NO_COLOR=1`, so output is plain text) and
 * resolves with its exit code and everything it printed once its streams close.
 *
 * @example
 * ```ts
 * const run = await runNodeScript("examples/ai-sdk-agent.mjs");
 * expect(run).toMatchObject({ code: 0, stderr: "" });
 * ```
 */
export function runNodeScript(
  script: string,
  args: readonly string[] = [],
  options: RunNodeScriptOptions = {},
): Promise<ScriptRun> {
  return runProgram(process.execPath, [script, ...args], {
    cwd: options.cwd ?? packageRoot,
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    input: options.input ?? "",
  });
}

/**
 * Runs a program as a real process with `input` on its standard input, then closed, and resolves
 * with its exit code and everything it printed once its streams close.
 *
 * @example
 * ```ts
 * const run = await runProgram("/bin/sh", ["-c", command], { cwd, env: process.env, input: "{}" });
 * ```
 */
export function runProgram(
  program: string,
  args: readonly string[],
  options: { cwd: string; env: Record<string, string | undefined>; input: string },
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd: options.cwd, env: options.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // A program that exits without reading its input closes the pipe; its exit code tells the rest.
    child.stdin.on("error", () => {});
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input);
  });
}
