import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import {
  findWorkspaceProcesses,
  markProcessStart,
} from "../../../test/support/find-workspace-processes.js";
import { runCli } from "../../../test/support/run-cli.js";
import type { DispatchResult } from "../../decide/dispatch-result.js";

// The one-shot `dispatch` command and async hooks, as Claude Code's -p mode: the result is printed
// without waiting for them, and they are ended when the command exits. Runs the built binary.

describe.skipIf(process.platform !== "linux")("agent-hooks dispatch with async hooks", () => {
  it("returns without waiting for a `sleep 30` async hook and leaves no process behind", async () => {
    const workspace = createTestWorkspace("cli-async");
    const startedAfter = markProcessStart() ?? 0;
    const settings = workspace.writeJson("project/.claude/settings.json", {
      hooks: {
        SessionStart: [{ hooks: [{ type: "command", command: "sleep 30", async: true }] }],
      },
    });
    const run = await runCli([
      "dispatch",
      "SessionStart",
      "--profile",
      "claude",
      "--config",
      settings,
      "--cwd",
      workspace.project,
      "--home",
      workspace.home,
    ]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as DispatchResult;
    expect(result.runs).toEqual([
      expect.objectContaining({ status: "async", command: "sleep 30" }),
    ]);
    expect(result.decision).toBeNull();
    // The command has exited: the hook's process group went with it.
    expect(findWorkspaceProcesses([workspace.root], startedAfter)).toEqual([]);
  });
});
