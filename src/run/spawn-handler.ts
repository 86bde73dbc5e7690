import { readMonotonicMs } from "../shared/read-monotonic-ms.js";
import type { ProcessOutcome, SpawnRequest } from "./process-outcome.js";
import { startHandlerRun } from "./start-handler-run.js";

/**
 * Runs one handler process in its own process group, feeds it `request.input`, and resolves
 * with how it ended; never rejects. A command string without shell syntax is run without the
 * shell; if that cannot start (not found, not executable), it is run through the shell instead,
 * so the outcome is the shell's. On timeout or abort every process of the run (its group, and on
 * Linux its descendants and the processes carrying its run marker) gets SIGTERM, then SIGKILL
 * after `killGraceMs`, and the promise resolves by about `timeoutMs + killGraceMs + 100` ms even
 * when a descendant keeps the output pipes open. When the handler exits and something still holds
 * its output 100 ms later, those processes are ended the same way. Spawns are paced (see
 * `paceWork`). It is {@link startHandlerRun} and an immediate delivery of the input.
 *
 * @example
 * ```ts
 * const outcome = await spawnHandler({ command: "./guard.sh", cwd, env, input: "{}",
 *   timeoutMs: 5000, killGraceMs: 1000, captureLimitBytes: 1 << 20 });
 * ```
 */
export async function spawnHandler(request: SpawnRequest): Promise<ProcessOutcome> {
  const startedAt = readMonotonicMs();
  const start = await startHandlerRun(request);
  if (!start.started) return start.outcome;
  return start.run.deliver({ input: request.input, timeoutMs: request.timeoutMs, startedAt });
}
