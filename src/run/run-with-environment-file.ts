import { constants } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { ProcessOutcome, SpawnRequest } from "./process-outcome.js";

/** What a handler wrote to its environment file, or why there is nothing to read. */
export type EnvironmentFileText = { ok: true; text: string } | { ok: false; problem: string };

/** A run that had an environment file: how it ended, and what it left in the file. */
export interface EnvironmentFileRun {
  outcome: ProcessOutcome;
  environmentFile: EnvironmentFileText;
}

/**
 * Runs a handler with a fresh, empty environment file: a file created 0600 in a new private
 * (0700) folder under the temporary directory, its path passed in `variable`. After the run,
 * however it ended (timeout and cancellation included), the file's text is read (at most
 * `request.captureLimitBytes`) and the folder removed. If the file cannot be created, the handler
 * runs without the variable and the problem is returned instead of the text.
 *
 * @example
 * ```ts
 * const { outcome, environmentFile } = await runWithEnvironmentFile(
 *   request,
 *   "CLAUDE_ENV_FILE",
 *   spawnHandler,
 * );
 * ```
 */
export async function runWithEnvironmentFile(
  request: SpawnRequest,
  variable: string,
  start: (request: SpawnRequest) => Promise<ProcessOutcome>,
): Promise<EnvironmentFileRun> {
  let directory: string;
  try {
    directory = await mkdtemp(path.join(os.tmpdir(), "agent-hooks-env-"));
  } catch (error) {
    const outcome = await start(request);
    return { outcome, environmentFile: { ok: false, problem: describeError(error) } };
  }
  try {
    const file = path.join(directory, "env.sh");
    try {
      const handle = await open(file, "wx", 0o600);
      await handle.close();
    } catch (error) {
      const outcome = await start(request);
      return { outcome, environmentFile: { ok: false, problem: describeError(error) } };
    }
    const outcome = await start({ ...request, env: { ...request.env, [variable]: file } });
    return { outcome, environmentFile: await readEnvironmentFile(file, request.captureLimitBytes) };
  } finally {
    await rm(directory, { recursive: true, force: true }).catch(() => undefined);
  }
}

// Reads at most `limit` bytes; a larger file is refused rather than half read.
async function readEnvironmentFile(file: string, limit: number): Promise<EnvironmentFileText> {
  try {
    // The handler may have replaced the file: never follow a link, never block on a FIFO.
    const flags = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
    const handle = await open(file, flags);
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) return { ok: false, problem: "it is no longer a regular file" };
      if (stats.size > limit) {
        return { ok: false, problem: `it is larger than ${limit} bytes (${stats.size})` };
      }
      return { ok: true, text: await handle.readFile("utf8") };
    } finally {
      await handle.close();
    }
  } catch (error) {
    // A handler that removed its file exported nothing.
    if (isMissing(error)) return { ok: true, text: "" };
    return { ok: false, problem: describeError(error) };
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ENOENT";
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
