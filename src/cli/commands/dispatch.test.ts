import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { runCli } from "../../../test/support/run-cli.js";
import type { DispatchResult } from "../../decide/dispatch-result.js";

const rm = JSON.stringify({ tool_name: "Bash", tool_input: { command: "rm -rf build" } });

// A Claude Code settings file in a fresh folder, dispatched with --config.
function writeSettings(hooks: Record<string, unknown>) {
  const workspace = createTestWorkspace("dispatch-hints");
  const file = workspace.writeJson(".claude/settings.json", { hooks });
  const flags = ["--profile", "claude", "--config", file, "--home", workspace.home];
  return { workspace, file, flags };
}

describe("agent-hooks dispatch: problems on stderr", () => {
  it("shows a deny lost to a debug print before the JSON on stderr; the same hook denies once the print goes to stderr", async () => {
    const deny =
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}';
    const { workspace, flags } = writeSettings({
      PreToolUse: [{ hooks: [{ type: "command", command: "./guard.sh" }] }],
    });
    const guard = workspace.writeScript(
      "guard.sh",
      `#!/bin/sh\necho "debug: here"\necho '${deny}'\n`,
    );
    const lost = await runCli(["dispatch", "PreToolUse", ...flags], {
      input: rm,
      cwd: workspace.root,
    });
    expect(lost.code).toBe(0);
    const result = JSON.parse(lost.stdout) as DispatchResult;
    expect(result.decision).toBeNull();
    expect(lost.stderr).toMatch(
      /^agent-hooks: warning invalid_output: PreToolUse hook "\.\/guard\.sh" printed other text before a JSON object with "hookSpecificOutput"; .*write debug output to stderr\)? \(.*settings\.json hooks\.PreToolUse\[0\]\.hooks\[0\]\)$/m,
    );

    workspace.writeScript(guard, `#!/bin/sh\necho "debug: here" >&2\necho '${deny}'\n`);
    const denied = await runCli(["dispatch", "PreToolUse", ...flags], {
      input: rm,
      cwd: workspace.root,
    });
    expect(JSON.parse(denied.stdout)).toMatchObject({ decision: "deny", reason: "no" });
    expect(denied.stderr).toBe("");
  });

  it("warns of an unknown event in the configuration and of a script that is not executable", async () => {
    const { workspace, flags } = writeSettings({
      PostTooluse: [{ hooks: [{ type: "command", command: "true" }] }],
      PreToolUse: [{ hooks: [{ type: "command", command: "./guard.sh" }] }],
    });
    workspace.writeFile("guard.sh", "#!/bin/sh\nexit 0\n");
    const run = await runCli(["dispatch", "PreToolUse", ...flags], {
      input: rm,
      cwd: workspace.root,
    });
    expect(run.code).toBe(0);
    const lines = run.stderr.trimEnd().split("\n");
    expect(lines).toEqual([
      expect.stringMatching(
        /^agent-hooks: warning unknown_event: Claude Code has no hook event "PostTooluse" \(did you mean "PostToolUse"\?\); its handlers will never run/,
      ),
      expect.stringMatching(
        /^agent-hooks: warning nonzero_exit: PreToolUse hook "\.\/guard\.sh" exited with code 126: .*Permission denied \(\S+settings\.json hooks\.PreToolUse\[0\]\.hooks\[0\]\)$/,
      ),
    ]);
    // --strict still fails on errors only.
    const strict = await runCli(["dispatch", "PreToolUse", ...flags, "--strict"], {
      input: rm,
      cwd: workspace.root,
    });
    expect(strict.code).toBe(0);
  });

  it("suggests the event a misspelled command-line event name meant", async () => {
    const { flags } = writeSettings({});
    const run = await runCli(["dispatch", "PreTooluse", ...flags], { input: "{}" });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^agent-hooks: unknown event "PreTooluse" for profile claude \(did you mean "PreToolUse"\?\) \(events: /,
    );
    const explained = await runCli(["explain", "stop", ...flags], { input: "{}" });
    expect(explained.stderr).toContain(
      'unknown event "stop" for profile claude (did you mean "Stop"?)',
    );
  });
});
