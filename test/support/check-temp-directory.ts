// Vitest setup file: each test file gets its own TMPDIR, and fails if it leaves anything there.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

const temporaryVariables = ["TMPDIR", "TMP", "TEMP"] as const;
const previous = temporaryVariables.map((name) => [name, process.env[name]] as const);
// Set at import, before the test file is imported: some take os.tmpdir() at load.
const directory = mkdtempSync(path.join(os.tmpdir(), "agent-hooks-file-"));
for (const name of temporaryVariables) process.env[name] = directory;

// Registered first, so it runs after the test file's own afterAll hooks.
afterAll(() => {
  for (const [name, value] of previous) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const leftovers = readdirSync(directory).sort();
  rmSync(directory, { recursive: true, force: true });
  if (leftovers.length > 0) {
    throw new Error(
      `The tests left ${leftovers.length} entries in the temp directory; remove them in afterEach or afterAll: ${leftovers.join(", ")}`,
    );
  }
});
