import { describe, expect, it } from "vitest";
import { runCli } from "../../test/support/run-cli.js";

// Names users type on the command line get the one they meant, as configuration keys do.
describe("did you mean, on the command line", () => {
  it.each([
    [
      ["convert", "--from", "claud", "--to", "gemini", "x.json"],
      '"claud" (did you mean "claude"?)',
    ],
    [
      ["convert", "--from", "claude", "--to", "gemnii", "x.json"],
      '"gemnii" (did you mean "gemini"?)',
    ],
    [["validate", "--profile", "vscdoe"], 'unknown profile "vscdoe" (did you mean "vscode"?)'],
    [["dispatch", "SessionStrat", "--profile", "claude"], '(did you mean "SessionStart"?)'],
  ])("%j", async (args, hint) => {
    const run = await runCli(args, { input: "{}" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(hint);
  });

  it("in the shim's formats, which fail closed", async () => {
    const run = await runCli(["shim", "--hook", "claude", "--host", "cursr", "--", "true"], {
      input: "{}",
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unknown --host format "cursr" (did you mean "cursor"?)');
  });
});
