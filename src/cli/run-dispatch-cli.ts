import { registerDispatchCommand } from "./commands/dispatch.js";
import { runProgram } from "./run-program.js";

/**
 * Runs `agent-hooks dispatch …` (`argv` as in `process.argv`) with only that command: the entry
 * of the one-file bundle `npm run build` writes to `dist/cli/dispatch.bundle.cjs`, which
 * `bin/agent-hooks.js` starts for `dispatch` (on the path of every tool call).
 *
 * @example
 * ```ts
 * await runDispatchCli(["node", "agent-hooks", "dispatch", "PreToolUse", "--profile", "claude"]);
 * ```
 */
export function runDispatchCli(argv: readonly string[]): Promise<void> {
  return runProgram(argv, { dispatch: async () => registerDispatchCommand });
}
