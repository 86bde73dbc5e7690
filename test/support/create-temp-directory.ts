import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** Creates a new empty directory under the system's temp folder, named `agent-hooks-<name>-…`. */
export function createTempDirectory(name: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `agent-hooks-${name}-`));
}
