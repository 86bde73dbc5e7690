import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// A hook's stdout past the capture limit (1 MiB) is dropped. Real handlers, spawned per event
// and persistent (test/fixtures/handlers/persistent-hook.mjs), print decisions that the limit
// cuts: what they decided cannot be known, so the run fails with an error naming the limit;
// a decision followed only by whitespace past the limit is read as if whole.

const hookScript = fileURLToPath(
  new URL("../../test/fixtures/handlers/persistent-hook.mjs", import.meta.url),
);
const limit = deepagentsProfile.captureLimitBytes;

const directory = createSuiteWorkspace("cut").root;
let engine: HookEngine;

beforeAll(async () => {
  const command = (persistent: boolean) => ({
    type: "command",
    command: ["node", hookScript, ...(persistent ? ["--persistent"] : [])],
    persistent,
  });
  const hooks = {
    PreToolUse: [
      { matcher: "Spawned", hooks: [command(false)] },
      { matcher: "Persistent", hooks: [command(true)] },
    ],
  };
  const file = join(directory, "hooks.json");
  writeFileSync(file, JSON.stringify({ hooks }));
  engine = await createHookEngine({
    profile: "deepagents",
    cwd: directory,
    home: directory,
    configFiles: [file],
    tracing: false,
  });
});

afterAll(async () => {
  await engine?.close();
});

const kinds = ["Spawned", "Persistent"] as const;

describe.skipIf(process.platform === "win32")("a hook's decision cut at the capture limit", () => {
  it.each(kinds)("%s: a deny followed by garbage past the limit fails the run", async (kind) => {
    const result = await engine.dispatch("PreToolUse", {
      tool_name: kind,
      tool_input: { mode: "deny", tag: "cut", pad: limit + 1, padWith: "x" },
    });
    expect(result.decision).toBeNull();
    expect(result.runs.map((run) => run.status)).toEqual(["error"]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "output_truncated",
        severity: "error",
        message: expect.stringContaining(`capture limit of ${limit} bytes`),
      }),
    ]);
    expect(result.diagnostics[0]?.message).toContain("persistent-hook.mjs");
  });

  it.each(kinds)("%s: a deny whose reason runs past the limit fails the run", async (kind) => {
    const result = await engine.dispatch("PreToolUse", {
      tool_name: kind,
      tool_input: { mode: "deny", tag: "r".repeat(limit + 1) },
    });
    expect(result.decision).toBeNull();
    expect(result.runs.map((run) => run.status)).toEqual(["error"]);
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity])).toEqual([
      ["output_truncated", "error"],
    ]);
  });

  it.each(kinds)(
    "%s: a deny followed only by whitespace past the limit is applied",
    async (kind) => {
      const result = await engine.dispatch("PreToolUse", {
        tool_name: kind,
        tool_input: { mode: "deny", tag: "padded", pad: limit + 1, padWith: " \n" },
      });
      expect(result.decision).toBe("deny");
      expect(result.reason).toBe("denied: padded");
      expect(result.runs.map((run) => run.status)).toEqual(["blocked"]);
      expect(result.diagnostics).toEqual([]);
    },
  );

  it.each(kinds)("%s: the same deny within the limit is applied", async (kind) => {
    const result = await engine.dispatch("PreToolUse", {
      tool_name: kind,
      tool_input: { mode: "deny", tag: "short", pad: 100, padWith: " " },
    });
    expect(result.decision).toBe("deny");
    expect(result.diagnostics).toEqual([]);
  });
});
