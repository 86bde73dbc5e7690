import { accessSync, constants } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createHookEngine, type HookEngine } from "../../src/engine/engine.js";
import { quoteShellWords } from "../../src/shell/quote-shell-word.js";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";

// The same Python guard on agent_hooks_sdk, unchanged, as a one-shot hook and as a persistent
// handler of a real engine: the same decisions, and one process for every persistent event.

const root = fileURLToPath(new URL("../..", import.meta.url));
const guard = path.join(root, "test/fixtures/handlers/python-sdk-guard.py");
// Quoted: a clone's path may hold a space.
const guardCommand = quoteShellWords(["python3", guard]);
const hasPython = (process.env.PATH ?? "").split(path.delimiter).some((folder) => {
  try {
    accessSync(path.join(folder, "python3"), constants.X_OK);
    return folder !== "";
  } catch {
    return false;
  }
});

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

describe.skipIf(!hasPython)("agent_hooks_sdk (clients/python/agent_hooks_sdk.py)", () => {
  it("runs one guard unchanged one-shot and persistent, with the same decisions", async () => {
    const workspace = createTestWorkspace("python-sdk");
    const decide = async (persistent: boolean) => {
      const config = workspace.writeJson(`hooks-${persistent}.json`, {
        hooks: {
          PreToolUse: [
            {
              matcher: "Bash",
              hooks: [{ type: "command", command: guardCommand, persistent }],
            },
          ],
        },
      });
      const engine = await createHookEngine({
        profile: "claude",
        cwd: workspace.project,
        home: workspace.home,
        configFiles: [config],
      });
      engines.push(engine);
      const call = (command: string) =>
        engine.dispatch("PreToolUse", { tool_name: "Bash", tool_input: { command } });
      const denied = await call("rm -rf build");
      const allowed = await call("ls");
      return [
        denied.decision,
        denied.reason,
        allowed.decision,
        allowed.additionalContext,
        [...denied.diagnostics, ...allowed.diagnostics],
      ];
    };
    const expected = [
      "deny",
      "Recursive rm is blocked: rm -rf build",
      null,
      ["python guard checked Bash"],
      [],
    ];
    expect(await decide(false)).toEqual(expected);
    expect(await decide(true)).toEqual(expected);
  }, 60_000);
});
