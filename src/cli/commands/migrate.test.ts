import { describe, expect, it } from "vitest";
import { runCli } from "../../../test/support/run-cli.js";

describe("agent-hooks migrate", () => {
  it("prints the decision form and lists what has no equivalent on stderr (exit 3)", async () => {
    const run = await runCli(["migrate", "test/fixtures/event-stream/hooks.json"]);
    expect(run.code).toBe(3);
    const document = JSON.parse(run.stdout) as { hooks: Record<string, unknown> };
    expect(Object.keys(document.hooks)).toEqual([
      "SessionStart",
      "PreToolUse",
      "PostToolUse",
      "SessionEnd",
    ]);
    expect(run.stderr.trim().split("\n")).toEqual([
      "agent-hooks migrate: lossy at hooks[1]: tool.result becomes PostToolUse only in part: PostToolUse fires only after a tool ran, so results of rejected or cancelled calls are not delivered, and it carries no tool_status",
      "agent-hooks migrate: lossy at hooks[2]: user.prompt has no equivalent (Deep Agents Code runs no UserPromptSubmit hooks); it is dropped",
      "agent-hooks migrate: lossy at hooks[2]: context.compact has no equivalent (Deep Agents Code has no PreCompact event); it is dropped",
    ]);
  });

  it("exits 0 with nothing on stderr when every entry has an equivalent (standard input)", async () => {
    const input = JSON.stringify({
      hooks: [{ command: ["bash", "my adapter.sh"], events: ["session.start", "tool.use"] }],
    });
    const run = await runCli(["migrate", "-"], { input });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(run.stdout).hooks.PreToolUse).toEqual([
      {
        hooks: [
          { type: "command", command: "bash 'my adapter.sh' >/dev/null || true", timeout: 60 },
        ],
      },
    ]);
  });

  it.each([
    [["migrate", "test/fixtures/event-stream/absent.json"], "", "cannot read"],
    [["migrate", "-"], '{"hooks": {"Stop": []}}', "already in the decision form"],
    [["migrate"], "", "missing required argument"],
  ])("exits 1 on a usage error: %j", async (args, input, message) => {
    const run = await runCli(args, { input });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(message);
  });
});
