import { describe, expect, it } from "vitest";
import { runProgram } from "../../test/support/run-node-script.js";
import { buildFailClosedSuffix } from "./build-fail-closed-suffix.js";

describe("buildFailClosedSuffix", () => {
  it.each([
    ["gemini", "BeforeTool", "exit 2"],
    ["gemini", "AfterAgent", "exit 2"],
    ["gemini", "BeforeAgent", "exit 2"],
    ["gemini", "SessionStart", "keep shell"],
    ["gemini", "Notification", "keep shell"],
    ["codex", "PreToolUse", "exit 2"],
    ["codex", "Stop", "exit 2"],
    ["codex", "SessionStart", "keep shell"],
    ["claude", "PreToolUse", "exit 2"],
    ["claude", "SessionEnd", "keep shell"],
    ["cursor", "beforeShellExecution", "exit 2"],
    ["cursor", "afterFileEdit", "keep shell"],
    ["copilot", "preToolUse", "json"],
    ["copilot", "permissionRequest", "json"],
    ["copilot", "postToolUse", "keep shell"],
  ] as const)("%s %s: %s", (host, event, form) => {
    const suffix = buildFailClosedSuffix(host, event);
    if (form === "keep shell") expect(suffix).toBe("; exit $?");
    else if (form === "exit 2") expect(suffix).toMatch(/fails closed" >&2; exit 2$/);
    else expect(suffix).toMatch(/^; shim_exit=\$\?; case \$shim_exit in 0\) .*printf '%s\\n' '\{/);
  });

  // A stand-in for the shim's command line, ending with each exit the shell can report.
  const endings = [
    ["answers (exit 0)", "printf '{}'", 0, "{}"],
    ["answers with exit 2", "echo blocked >&2; exit 2", 2, ""],
    ["is not found (exit 127)", "agent-hooks-not-installed-anywhere shim", 2, ""],
    ["crashes (exit 1)", "exit 1", 2, ""],
    ["is killed by a signal", "kill -9 $$", 2, ""],
  ] as const;

  for (const shell of ["/bin/sh", "bash"]) {
    it.each([0, 1, 2, 127])(
      `in ${shell}, an event that cannot block passes the shim's exit %i through, the shell still its parent`,
      async (code) => {
        // The stand-in records whether its parent is still the shell that -c started.
        const shim = `[ "$PPID" = "$1" ] && echo child; exit ${code}`;
        const run = await runProgram(
          shell,
          ["-c", `sh -c '${shim}' shim $$${buildFailClosedSuffix("codex", "SessionStart")}`],
          { cwd: process.cwd(), env: { PATH: process.env.PATH }, input: "{}" },
        );
        expect(run.code).toBe(code);
        expect(run.stdout).toBe("child\n");
      },
    );

    it.each(endings)(`in ${shell}, a shim that %s`, async (_name, shim, code, stdout) => {
      const suffix = buildFailClosedSuffix("gemini", "BeforeTool");
      const run = await runProgram(shell, ["-c", `sh -c '${shim}'${suffix}`], {
        cwd: process.cwd(),
        env: { PATH: process.env.PATH },
        input: "{}",
      });
      expect(run.code, run.stderr).toBe(code);
      expect(run.stdout).toBe(stdout);
      if (code === 2 && !shim.includes("exit 2")) {
        expect(run.stderr).toMatch(
          /agent-hooks shim: no answer from agent-hooks \(exit (1|127|137): not found, crashed or killed\), so BeforeTool fails closed\n$/,
        );
      }
    });
  }

  it("answers Copilot CLI in JSON, where exit 2 does not deny", async () => {
    const suffix = buildFailClosedSuffix("copilot", "preToolUse");
    const run = await runProgram("/bin/sh", ["-c", `sh -c 'exit 2'${suffix}`], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH },
      input: "{}",
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ permissionDecision: "deny" });
  });
});
