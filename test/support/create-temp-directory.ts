import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { onTestFinished } from "vitest";

/**
 * Creates a new empty directory under the system's temp folder, named `agent-hooks-<name>-…`, and
 * removes it with its contents when the current test finishes (call it inside a test).
 */
export async function createTempDirectory(name: string): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), `agent-hooks-${name}-`));
  onTestFinished(() => rm(directory, { recursive: true, force: true }));
  return directory;
}
