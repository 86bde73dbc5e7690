import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import type { HookCommand, HookDefinition } from "../config/hook-definition.js";
import { profiles } from "../profiles/profiles.js";
import { checkHookScripts } from "./check-hook-scripts.js";

// Committed with their modes: not-executable.sh is 0644, executable.sh is 0755.
const fixtures = fileURLToPath(new URL("../../test/fixtures/cli/broken-scripts", import.meta.url));

function createDefinition(command: HookCommand, env: Record<string, string> = {}): HookDefinition {
  return createHookDefinition({ command, timeoutMs: 60_000, env, handlerIndex: 2 });
}

const codes = (command: HookCommand) =>
  checkHookScripts([createDefinition(command)], { cwd: fixtures, home: fixtures }).map(
    (diagnostic) => diagnostic.code,
  );

describe("checkHookScripts", () => {
  it("checks no file for a handler that is a call (http, prompt, agent, mcp_tool)", () => {
    const calls = [
      { type: "http", url: "http://127.0.0.1:8765/guard", headers: {}, allowedEnvVars: [] },
      { type: "prompt", prompt: "./missing.sh safe?", model: null, continueOnBlock: null },
      { type: "mcp_tool", server: "memory", tool: "check", input: {} },
    ] as const;
    const definitions = calls.map((action) =>
      createHookDefinition({ command: "./missing.sh", action }),
    );
    expect(checkHookScripts(definitions, { cwd: fixtures, home: fixtures })).toEqual([]);
  });

  it.each([
    ["./not-executable.sh", ["script_not_executable"]],
    ["./missing.sh --flag", ["script_not_found"]],
    ["python3 missing.py", ["script_not_found"]],
    [["python3", "missing.py"], ["script_not_found"]],
    [["./not-executable.sh"], ["script_not_executable"]],
    ["~/missing.sh", ["script_not_found"]],
    ["./executable.sh", []],
    // Given to an interpreter, a script need not be executable.
    ["bash not-executable.sh", []],
    // A directory is not a script.
    ["python3 .", ["script_not_found"]],
    // Not certain to run, or not known before the shell runs: never an error.
    ["test -x ./missing.sh && ./missing.sh", []],
    ["cd elsewhere && ./missing.sh", []],
    ["$UNKNOWN/missing.sh", []],
    ["node --frobnicate value missing.js", []],
    ["python3 -m missing", []],
    ["make", []],
  ])("%j → %j", (command, expected) => {
    expect(codes(command)).toEqual(expected);
  });

  it("reports at the handler's file and path, naming the script", () => {
    const [diagnostic] = checkHookScripts([createDefinition("./missing.sh")], { cwd: fixtures });
    expect(diagnostic).toEqual({
      code: "script_not_found",
      severity: "error",
      message: `PreToolUse hook "./missing.sh" runs ${path.join(fixtures, "missing.sh")}, which does not exist; the hook will fail`,
      file: "/config/hooks.json",
      path: "hooks.PreToolUse[0].hooks[2]",
    });
  });

  // Each profile's project-directory variables and shell, as the engine gives them.
  it.each(Object.values(profiles))("resolves a script the $name profile runs", (profile) => {
    const variable = profile.projectDirectoryVariables[0] ?? "PLUGIN_ROOT";
    const env = profile.projectDirectoryVariables.length > 0 ? {} : { PLUGIN_ROOT: fixtures };
    const options = {
      cwd: fixtures,
      home: fixtures,
      projectDirectoryVariables: profile.projectDirectoryVariables,
      shell: profile.shell,
    };
    const check = (script: string) =>
      checkHookScripts([createDefinition(`"$${variable}"/${script}`, env)], options).map(
        (diagnostic) => diagnostic.code,
      );
    expect(check("not-executable.sh")).toEqual(["script_not_executable"]);
    expect(check("missing.sh")).toEqual(["script_not_found"]);
    expect(check("executable.sh")).toEqual([]);
  });
});
