import { execFileSync } from "node:child_process";
import { accessSync, constants, existsSync, readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOfflineProject } from "../support/create-offline-project.js";
import { createSuiteWorkspace } from "../support/create-test-workspace.js";
import { packageRoot, runProgram, type ScriptRun } from "../support/run-node-script.js";

// What docs/install.md promises, done as a user would, outside the repository: pack the package,
// install the tarball into a new project, run the CLI, an adapter, the shim and the Python client
// from there. `npm pack --ignore-scripts` packs the dist/ that `npm run build` made (`npm test`
// builds first) instead of rebuilding it, as `prepack` would, under the tests that read it.
// The project installs offline: its package-lock.json is derived from the repository's, so npm
// takes every package from the cache `npm ci` filled (the registry's package lists, which a
// lockless `npm install` needs, are not cached). `ai` is installed beside it from that cache, as a
// user installs the peer of the adapter they use.

const manifest = JSON.parse(readFileSync(path.join(packageRoot, "package.json"), "utf8")) as {
  name: string;
  version: string;
  scripts: Record<string, string>;
};
const workspace = createSuiteWorkspace("packed-package");

/** The folders of PATH that hold an executable `name`, found without running anything. */
function findOnPath(name: string): string | null {
  for (const folder of (process.env.PATH ?? "").split(path.delimiter)) {
    if (folder === "") continue;
    try {
      accessSync(path.join(folder, name), constants.X_OK);
      return path.join(folder, name);
    } catch {
      // Not in this folder.
    }
  }
  return null;
}

const pythonOnPath = findOnPath("python3");

/** The interpreter itself, not a version manager's shim (slow, and in need of its own PATH). */
function findPythonExecutable(): string {
  return execFileSync(pythonOnPath ?? "python3", ["-c", "import sys; print(sys.executable)"], {
    encoding: "utf8",
  }).trim();
}

/** Runs a program in `cwd` with `env` added to this environment and colours off. */
function run(
  program: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string | undefined>; input?: string },
): Promise<ScriptRun> {
  return runProgram(program, args, {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    input: options.input ?? "",
  });
}

/** A Claude Code guard: denies a recursive forced `rm`, says nothing otherwise. */
const guard = `let text = "";
for await (const chunk of process.stdin) text += chunk;
const command = JSON.parse(text).tool_input?.command ?? "";
if (/\\brm\\s+-rf\\b/.test(command)) {
  const reason = "rm -rf is blocked";
  const output = { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: reason };
  console.log(JSON.stringify({ hookSpecificOutput: output }));
}
`;

describe("the packed package, installed into a new project", { timeout: 120_000 }, () => {
  const project = workspace.createDirectory("project");
  const elsewhere = workspace.createDirectory("elsewhere");
  const bin = path.join(project, "node_modules/.bin");
  // A PATH with this Node and nothing else, so a global agent-hooks cannot answer for the packed one.
  const nodeOnly = workspace.createDirectory("node-only");
  symlinkSync(process.execPath, path.join(nodeOnly, "node"));
  // What a global install gives: `agent-hooks` on PATH, run from any folder.
  const pathWithCli = [bin, nodeOnly].join(path.delimiter);
  let tarball = "";

  // npm keeps a copy of each installed tarball in its cache, under the path the project names it
  // by: drop this run's, so repeated runs do not fill the user's cache with builds.
  afterAll(async () => {
    if (tarball === "") return;
    const keys = [`file:${tarball}`, `file:../${path.basename(tarball)}`].map(
      (spec) => `pacote:tarball:${spec}`,
    );
    // One key per call: npm stops at the first key it does not find.
    for (const key of keys) await run("npm", ["cache", "clean", key], { cwd: workspace.root });
  });

  it("packs dist/, bin/, schemas/ and the Python client, and no install-time script", () => {
    if (!existsSync(path.join(packageRoot, "dist/cli/main.js"))) {
      throw new Error("dist/ is missing: run npm run build first");
    }
    const packed = JSON.parse(
      execFileSync(
        "npm",
        ["pack", "--ignore-scripts", "--json", "--pack-destination", workspace.root],
        { cwd: packageRoot, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
      ),
    ) as [{ filename: string; files: { path: string }[] }];
    tarball = path.join(workspace.root, packed[0].filename);
    const files = packed[0].files.map((file) => file.path);
    for (const file of [
      "bin/agent-hooks.js",
      "dist/index.js",
      "dist/cli/main.js",
      "dist/cli/shim.bundle.cjs",
      "dist/adapters/ai-sdk/index.js",
      "schemas/claude/PreToolUse.input.json",
      "clients/python/pyproject.toml",
      "clients/python/wheel_backend.py",
      "clients/python/agent_hooks_client.py",
      "docs/install.md",
    ]) {
      expect(files).toContain(file);
    }
    expect(files.filter((file) => /\.test\.|tsbuildinfo|__pycache__/.test(file))).toEqual([]);
    // npm warns about these in a dependency (npm 11: "install scripts not yet covered by
    // allowScripts"); the repository builds on `npm ci` with postprepare, which is not one.
    for (const script of ["preinstall", "install", "postinstall", "prepare"]) {
      expect(manifest.scripts[script]).toBeUndefined();
    }
  });

  it("installs offline without a build or a warning", async () => {
    const { packageJson, lockfile } = createOfflineProject(tarball, ["ai"]);
    workspace.writeJson(path.join(project, "package.json"), packageJson);
    workspace.writeJson(path.join(project, "package-lock.json"), lockfile);
    // Naming the tarball, as a user does, makes npm read its package.json (its scripts included).
    const install = await run("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], {
      cwd: project,
    });
    if (install.stderr.includes("ENOTCACHED")) {
      throw new Error(
        `npm's cache lacks a package the repository's package-lock.json names; run npm ci, which fills it:\n${install.stderr}`,
      );
    }
    expect(install.stderr).toBe("");
    expect(install.code).toBe(0);
    expect(install.stdout).toMatch(/^added \d+ packages/m);
    expect(existsSync(path.join(project, "node_modules/agent-hooks/dist/index.js"))).toBe(true);
  });

  it("runs npx agent-hooks --version", async () => {
    const version = await run("npx", ["--offline", "agent-hooks", "--version"], { cwd: project });
    expect(version).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: "" });
  });

  it("imports the AI SDK adapter, whose guard denies a tool call, and names the missing peer of another", async () => {
    workspace.writeFile(path.join(project, "guard.mjs"), guard);
    workspace.writeJson(path.join(project, ".claude/settings.json"), {
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "node guard.mjs" }] }],
      },
    });
    workspace.writeFile(
      path.join(project, "check.mjs"),
      `import { createHookEngine } from "agent-hooks";
import { withHooks } from "agent-hooks/ai-sdk";
import { tool } from "ai";
import { z } from "zod";

const engine = await createHookEngine({ profile: "claude", cwd: process.cwd() });
const bash = tool({
  inputSchema: z.object({ command: z.string() }),
  execute: async ({ command }) => \`ran \${command}\`,
});
const tools = withHooks(engine, { bash }, { toolNameMap: { bash: "Bash" } });
const options = { toolCallId: "call-1", messages: [] };
console.log(JSON.stringify(await tools.bash.execute({ command: "rm -rf build" }, options)));
console.log(JSON.stringify(await tools.bash.execute({ command: "ls" }, { ...options, toolCallId: "call-2" })));
await engine.close();
try {
  await import("agent-hooks/langchain");
} catch (error) {
  console.log(error.message);
}
`,
    );
    const checked = await run(process.execPath, ["check.mjs"], { cwd: project });
    expect(checked.stderr).toBe("");
    expect(checked.stdout.split("\n")).toEqual([
      JSON.stringify({
        hook: { event: "PreToolUse", decision: "deny", reason: "rm -rf is blocked" },
      }),
      JSON.stringify("ran ls"),
      "install langchain@1 and @langchain/core@1 to use agent-hooks/langchain",
      "",
    ]);
  });

  it("runs agent-hooks shim from PATH, in another folder, for a Gemini CLI tool call", async () => {
    const guardFile = path.join(project, "guard.mjs");
    const payload = (command: string) =>
      JSON.stringify({
        hook_event_name: "BeforeTool",
        session_id: "s-1",
        cwd: elsewhere,
        tool_name: "run_shell_command",
        tool_input: { command },
      });
    const shim = (command: string) =>
      run(
        "/bin/sh",
        ["-c", `agent-hooks shim --hook claude --host gemini -- node '${guardFile}'`],
        { cwd: elsewhere, env: { PATH: pathWithCli }, input: payload(command) },
      );
    expect(await shim("rm -rf build")).toEqual({
      code: 0,
      stdout: `${JSON.stringify({ decision: "deny", reason: "rm -rf is blocked" })}\n`,
      stderr: "",
    });
    expect(await shim("ls")).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  describe.skipIf(pythonOnPath === null)("the Python client from node_modules/agent-hooks", () => {
    const site = workspace.createDirectory("python-site");
    const pythonEnv = { PYTHONPATH: site, PYTHONDONTWRITEBYTECODE: "1" };
    let python = "";
    beforeAll(() => {
      python = findPythonExecutable();
    });

    it("installs with pip, offline, and dispatches through agent-hooks on PATH", async () => {
      const client = path.join(project, "node_modules/agent-hooks/clients/python");
      const install = await run(
        python,
        ["-m", "pip", "install", "--no-index", "--no-deps", "--quiet", "--target", site, client],
        { cwd: elsewhere, env: { ...pythonEnv, PIP_DISABLE_PIP_VERSION_CHECK: "1" } },
      );
      expect(install.code, install.stderr).toBe(0);
      expect(existsSync(path.join(site, "bin/agent-hooks-client"))).toBe(true);
      const settings = path.join(project, ".claude/settings.json");
      const dispatched = await run(
        python,
        ["-m", "agent_hooks_client", "PreToolUse", "--profile", "claude", "--config", settings],
        {
          cwd: project,
          env: { ...pythonEnv, PATH: pathWithCli },
          input: JSON.stringify({ tool_name: "Bash", tool_input: { command: "rm -rf build" } }),
        },
      );
      expect(dispatched.code, dispatched.stderr).toBe(0);
      expect(JSON.parse(dispatched.stdout)).toMatchObject({
        decision: "deny",
        reason: "rm -rf is blocked",
      });
    });

    it("says how to install agent-hooks when it is not on PATH", async () => {
      const missing = await run(python, ["-m", "agent_hooks_client", "Stop"], {
        cwd: elsewhere,
        env: { ...pythonEnv, PATH: nodeOnly },
      });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toBe(
        "agent-hooks-client: cannot find the agent-hooks CLI (not on PATH): install it with " +
          "`npm install -g <agent-hooks clone or packed .tgz>` (docs/install.md of agent-hooks), " +
          "set AGENT_HOOKS_CLI to its path, or pass command=[...]\n",
      );
    });
  });
});
