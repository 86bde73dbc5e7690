import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const temporaryVariables = ["TMPDIR", "TMP", "TEMP"] as const;

/**
 * Vitest global setup: points `TMPDIR` (inherited by the test workers and every process they
 * spawn) at a new directory for this run, and removes it when the run ends.
 */
export default async function isolateTempDirectory(): Promise<() => Promise<void>> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "agent-hooks-vitest-"));
  const previous = temporaryVariables.map((name) => [name, process.env[name]] as const);
  for (const name of temporaryVariables) process.env[name] = directory;
  return async () => {
    for (const [name, value] of previous) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await rm(directory, { recursive: true, force: true });
  };
}
