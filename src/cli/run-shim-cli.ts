import { registerShimCommand } from "./commands/shim.js";
import { runProgram } from "./run-program.js";

/**
 * Runs `agent-hooks shim …` (`argv` as in `process.argv`) with only that command: the entry of
 * the one-file bundle `npm run build` writes to `dist/cli/shim.bundle.cjs`, which
 * `bin/agent-hooks.js` starts for `shim` (on the path of every tool call of a converted hook).
 *
 * @example
 * ```ts
 * await runShimCli(["node", "agent-hooks", "shim", "--hook", "claude", "--host", "cursor", "--", "./guard.sh"]);
 * ```
 */
export function runShimCli(argv: readonly string[]): Promise<void> {
  return runProgram(argv, { shim: async () => registerShimCommand });
}
