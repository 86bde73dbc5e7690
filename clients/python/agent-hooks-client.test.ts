import { execFile } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { DispatchResult } from "../../src/decide/dispatch-result.js";
import { createHookEngine, type HookEngine } from "../../src/engine/engine.js";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const exampleConfig = path.join(root, "examples/hooks.json");

/** python3 on PATH, found without starting it (here it is a slow pyenv shim). */
function findPython(): string | null {
  for (const folder of (process.env.PATH ?? "").split(path.delimiter)) {
    if (folder === "") continue;
    const candidate = path.join(folder, "python3");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return null;
}

const python = findPython();
if (python === null) {
  console.warn("python3 was not found on PATH: the Python client tests are skipped");
}

/** Runs a Python script with `input` on its stdin; resolves with its stdout (rejects on failure). */
function runPython(script: string, args: string[], input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      python ?? "python3",
      [script, ...args],
      {
        cwd: root,
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (error !== null) reject(new Error(`${script} failed: ${error.message}\n${stderr}`));
        else resolve(stdout);
      },
    );
    child.stdin?.end(input);
  });
}

/** The events both the library and the Python client dispatch, in order, in one session. */
const cases: [string, Record<string, unknown>][] = [
  ["SessionStart", { source: "startup" }],
  ["PreToolUse", { tool_name: "Bash", tool_input: { command: "rm -rf build" } }],
  ["PreToolUse", { tool_name: "Bash", tool_input: { command: "ls -la" } }],
  ["PreToolUse", { tool_name: "Write", tool_input: { file_path: ".env.local" } }],
  ["PreToolUse", { tool_name: "Write", tool_input: { file_path: "src/app.ts" } }],
  [
    "PostToolUse",
    { tool_name: "Write", tool_input: { file_path: "src/app.ts" }, tool_response: {} },
  ],
  ["Stop", { last_assistant_message: "Done." }],
  ["Stop", { last_assistant_message: "Done." }],
].map(([event, payload]) => [
  event as string,
  { session_id: "python-1", ...(payload as Record<string, unknown>) },
]);

const explained: [string, Record<string, unknown>][] = [
  ["PreToolUse", { session_id: "python-1", tool_name: "Bash", tool_input: { command: "ls" } }],
  ["Stop", { session_id: "python-1" }],
];

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

function withoutTimings(result: DispatchResult) {
  return { ...result, runs: result.runs.map(({ durationMs: _, ...run }) => run) };
}

// Generous limits: these tests start Python, two servers and a few dozen hook processes.
describe.skipIf(python === null)("the Python client (clients/python/agent_hooks_client.py)", () => {
  it("round-trips the library's DispatchResults and explanations for examples/hooks.json, from threads, with timeouts and close", async () => {
    const workspace = createTestWorkspace("python-client");
    const slowConfig = workspace.writeJson("slow-hooks.json", {
      hooks: {
        PreToolUse: [
          { hooks: [{ type: "command", command: ["node", "-e", "setTimeout(() => {}, 2000)"] }] },
        ],
      },
    });
    const output = await runPython(
      "clients/python/check_agent_hooks_client.py",
      [],
      JSON.stringify({
        root,
        home: workspace.home,
        config: exampleConfig,
        slowConfig,
        cases,
        explained,
      }),
    );
    const report = JSON.parse(output) as {
      results: unknown[];
      explanations: unknown[];
      checks: [string, boolean, unknown][];
    };

    const engine = await createHookEngine({
      profile: "deepagents",
      cwd: root,
      home: workspace.home,
      configFiles: [exampleConfig],
    });
    engines.push(engine);
    const expected = [];
    for (const [event, payload] of cases) {
      expected.push(withoutTimings(await engine.dispatch(event, payload)));
    }
    const expectedExplanations = [];
    for (const [event, payload] of explained) {
      expectedExplanations.push(await engine.explain(event, payload));
    }

    expect(report.results).toEqual(expected);
    expect(report.explanations).toEqual(expectedExplanations);
    // The results say something: a deny, an ask, a context and a blocked Stop came back.
    expect(expected.map((result) => result.decision)).toEqual([
      null,
      "deny",
      null,
      "ask",
      "allow",
      null,
      "block",
      null,
    ]);
    for (const [name, passed, detail] of report.checks) {
      expect({ name, passed, detail }).toEqual({ name, passed: true, detail });
    }
    expect(report.checks.map(([name]) => name)).toEqual([
      "initialize",
      "concurrent",
      "method not found",
      "unknown event",
      "dispatch after close",
      "timeout fails closed",
      "usable after a timeout",
      "close",
      "no token in the server's environment",
      "cannot start",
      "ends at once",
    ]);
    const [, , initialized] = report.checks[0] ?? [];
    expect(initialized).toMatchObject({
      profile: "deepagents",
      methods: [
        "hooks/initialize",
        "hooks/dispatch",
        "hooks/explain",
        "hooks/addScopedHooks",
        "hooks/removeScopedHooks",
      ],
      diagnostics: [],
    });
  }, 120_000);

  it("runs examples/python-agent-loop.py: PreToolUse, PostToolUse and Stop through the client", async () => {
    const workspace = createTestWorkspace("python-agent-loop");
    const output = await runPython("examples/python-agent-loop.py", ["--home", workspace.home], "");
    expect(output.split("\n")).toEqual([
      "PreToolUse  Bash   deny   Recursive or forced rm is blocked by policy: rm -rf build",
      "PreToolUse  Write  ask    .env.local may hold secrets",
      "PreToolUse  Write  allow  ordinary file",
      "PostToolUse Write  -      Remember to format the file you just wrote.",
      "Stop        -      block  Run the tests and report the result before stopping.",
      "Stop        -      -      the agent stops",
      "",
    ]);
  });
});
