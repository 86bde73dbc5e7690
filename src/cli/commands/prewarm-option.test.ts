import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { collectLines, waitFor } from "../../../test/fixtures/remote/serve-process.js";
import {
  createTestWorkspace,
  type TestWorkspace,
} from "../../../test/support/create-test-workspace.js";
import { runCli } from "../../../test/support/run-cli.js";
import { packageRoot } from "../../../test/support/run-node-script.js";
import { quoteShellWord } from "../../shell/quote-shell-word.js";

// `--prewarm` on the commands that dispatch, through the built CLI (npm run build first), with
// the fixture that logs its pid when it starts (started.log) and its pid and input once read.

// Quoted: a clone's path may hold a space.
const readFirst = quoteShellWord(
  fileURLToPath(new URL("../../../test/fixtures/prewarm/read-first.sh", import.meta.url)),
);

function writeSettings(workspace: TestWorkspace): string {
  return workspace.writeJson("settings.json", {
    hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: readFirst }] }] },
  });
}

function readLog(workspace: TestWorkspace, name: string): string[] {
  const file = workspace.path("project", name);
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean) : [];
}

const engineFlags = (workspace: TestWorkspace) => [
  "--profile",
  "claude",
  "--config",
  writeSettings(workspace),
  "--cwd",
  workspace.project,
  "--home",
  workspace.home,
  "--managed-settings",
  workspace.path("no-managed-settings.json"),
];

const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } });

describe("--prewarm", () => {
  it("dispatch --prewarm runs the hook and leaves no standby behind", async () => {
    const workspace = createTestWorkspace("prewarm-dispatch");
    const run = await runCli(
      ["dispatch", "PreToolUse", "--prewarm", "--payload", "-", ...engineFlags(workspace)],
      { input: JSON.stringify(bash("echo one")) },
    );
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { runs: { status: string }[] };
    expect(result.runs.map((entry) => entry.status)).toEqual(["ok"]);
    expect(readLog(workspace, "ran.log")).toHaveLength(1);
  });

  it("serve --prewarm gives the second event to the standby the first one started", async () => {
    const workspace = createTestWorkspace("prewarm-serve");
    const child = spawn(
      process.execPath,
      [
        path.join(packageRoot, "bin/agent-hooks.js"),
        "serve",
        "--stdio",
        "--prewarm",
        ...engineFlags(workspace),
      ],
      { env: { ...process.env, NO_COLOR: "1", AGENT_HOOKS_TOKEN: "" } },
    );
    const answers = collectLines(child.stdout) as { id: number; result?: unknown }[];
    const send = (id: number, command: string) =>
      child.stdin.write(
        `${JSON.stringify({
          jsonrpc: "2.0",
          id,
          method: "hooks/dispatch",
          params: { event: "PreToolUse", payload: bash(command) },
        })}\n`,
      );
    send(1, "echo one");
    await waitFor(() => answers.length === 1 && readLog(workspace, "started.log").length === 2);
    const standby = readLog(workspace, "started.log")[1];
    send(2, "echo two");
    await waitFor(() => answers.length === 2);
    child.stdin.end();
    await waitFor(() => child.exitCode !== null);
    expect(child.exitCode).toBe(0);
    const ran = readLog(workspace, "ran.log").map((line) => line.split(" ")[0]);
    expect(ran[1]).toBe(standby);
  });
});
