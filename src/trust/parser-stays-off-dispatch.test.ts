import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { runCli } from "../../test/support/run-cli.js";

// Records, in the file named by AGENT_HOOKS_TEST_LOADS, every module request that names mvdan-sh.
const probe = `
const Module = require("node:module");
const { appendFileSync } = require("node:fs");
const load = Module._load;
Module._load = function (request, ...rest) {
  if (String(request).includes("mvdan-sh")) appendFileSync(process.env.AGENT_HOOKS_TEST_LOADS, request + "\\n");
  return load.call(this, request, ...rest);
};
`;

interface Sandbox {
  home: string;
  flags: string[];
  loads: string;
  env: Record<string, string>;
}

function createSandbox(): Sandbox {
  const root = createTestWorkspace("parser-off-dispatch").root;
  const home = path.join(root, "home");
  const cwd = path.join(root, "work");
  mkdirSync(path.join(home, ".zerotwo/hooks"), { recursive: true });
  mkdirSync(cwd);
  writeFileSync(path.join(home, ".zerotwo/hooks/log.sh"), "#!/bin/sh\ncat >/dev/null\n", {
    mode: 0o755,
  });
  writeHooks(home, ["~/.zerotwo/hooks/log.sh"]);
  const probeFile = path.join(root, "probe.cjs");
  writeFileSync(probeFile, probe);
  const loads = path.join(root, "loads.txt");
  writeFileSync(loads, "");
  return {
    home,
    loads,
    flags: ["--profile", "zerocode", "--home", home, "--system-dir", path.join(root, "etc")],
    env: { NODE_OPTIONS: `--require ${probeFile}`, AGENT_HOOKS_TEST_LOADS: loads },
  };
}

function writeHooks(home: string, commands: readonly string[]): void {
  const hooks = commands.map((command) => ({ type: "command", command }));
  writeFileSync(
    path.join(home, ".zerotwo/hooks.json"),
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } }),
  );
}

const payload = JSON.stringify({ tool_name: "Bash", tool_input: { command: "ls" } });

describe("the shell parser stays off the dispatch path", () => {
  it("is never loaded by a dispatch that runs only trusted, unchanged hooks, and is loaded for a new one", async () => {
    const sandbox = createSandbox();
    const cwd = path.dirname(sandbox.home);
    const trusted = await runCli(["hooks", "trust", "--all", ...sandbox.flags], { cwd });
    expect(trusted.code, trusted.stderr).toBe(0);
    writeFileSync(sandbox.loads, "");

    const dispatch = await runCli(["dispatch", "PreToolUse", ...sandbox.flags], {
      cwd,
      input: payload,
      env: sandbox.env,
    });
    expect(dispatch.code, dispatch.stderr).toBe(0);
    const result = JSON.parse(dispatch.stdout) as { runs: { status: string }[] };
    expect(result.runs.map((run) => run.status)).toEqual(["ok"]);
    expect(readFileSync(sandbox.loads, "utf8")).toBe("");

    // A hook never trusted must be analyzed: the parser is loaded, so the probe can see it.
    writeHooks(sandbox.home, ["~/.zerotwo/hooks/log.sh", "~/.zerotwo/hooks/log.sh --new"]);
    const untrusted = await runCli(["dispatch", "PreToolUse", ...sandbox.flags], {
      cwd,
      input: payload,
      env: sandbox.env,
    });
    expect(untrusted.code, untrusted.stderr).toBe(0);
    expect(readFileSync(sandbox.loads, "utf8")).toContain("mvdan-sh");
  });
});
