import path from "node:path";
import {
  packageRoot,
  type RunNodeScriptOptions,
  runNodeScript,
  type ScriptRun,
} from "./run-node-script.js";

/**
 * Runs the built `agent-hooks` binary (`npm run build` first) as a real process, from the package
 * root unless `options.cwd` says otherwise.
 *
 * @example
 * ```ts
 * const run = await runCli(["migrate", "-"], { input: JSON.stringify(config) });
 * expect(run.code).toBe(0);
 * ```
 */
export function runCli(
  args: readonly string[],
  options: RunNodeScriptOptions = {},
): Promise<ScriptRun> {
  return runNodeScript(path.join(packageRoot, "bin/agent-hooks.js"), args, options);
}
