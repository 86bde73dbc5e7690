import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { runCli } from "../../../test/support/run-cli.js";

function writeSettings(hooks: Record<string, unknown>) {
  const workspace = createTestWorkspace("validate-hints");
  const file = workspace.writeJson("settings.json", { hooks });
  return ["--profile", "claude", "--config", file, "--home", workspace.home];
}

const handler = { hooks: [{ type: "command", command: "true" }] };

describe("agent-hooks validate: warnings that fail it", () => {
  it("exits 1 on an unknown event, with did you mean, as its handlers can never run", async () => {
    const run = await runCli(["validate", ...writeSettings({ PostTooluse: [handler] })]);
    expect(run.stdout).toMatch(
      /^warning unknown_event {2}Claude Code has no hook event "PostTooluse" \(did you mean "PostToolUse"\?\)/,
    );
    expect(run.stdout.trimEnd().split("\n").at(-1)).toMatch(
      /; 0 errors, 1 warning \(1 that can never run\)$/,
    );
    expect(run.code).toBe(1);
  });

  it("exits 1 on an if its event cannot have, and 0 on a warning that leaves the hook running", async () => {
    const never = await runCli([
      "validate",
      ...writeSettings({
        Stop: [{ hooks: [{ type: "command", command: "true", if: "Bash(ls)" }] }],
      }),
    ]);
    expect(never.stdout).toContain("if_not_supported");
    expect(never.code).toBe(1);
    const ignored = await runCli([
      "validate",
      ...writeSettings({ Stop: [{ matcher: "Bash", ...handler }] }),
    ]);
    expect(ignored.stdout).toContain("matcher_ignored");
    expect(ignored.stdout.trimEnd().split("\n").at(-1)).toMatch(/; 0 errors, 1 warning$/);
    expect(ignored.code).toBe(0);
  });

  it("hints at if for a matcher written as a permission rule", async () => {
    const run = await runCli([
      "validate",
      ...writeSettings({ PreToolUse: [{ matcher: "Bash(git push*)", ...handler }] }),
      "--json",
    ]);
    const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { message: string }[] };
    expect(diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      `The matcher "Bash(git push*)" never matches: it is shaped like a permission rule, but a matcher is tested against the tool name only; match "Bash" and put the rule in the handler's "if": "if": "Bash(git push*)"`,
    ]);
    expect(run.code).toBe(0);
  });
});
