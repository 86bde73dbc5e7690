import { execFileSync, spawn } from "node:child_process";
import { accessSync, constants, mkdirSync, readdirSync, realpathSync, symlinkSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it, onTestFinished } from "vitest";
import { copyFixture } from "../support/copy-fixture.js";
import { createTestWorkspace } from "../support/create-test-workspace.js";
import {
  type DocSnippet,
  extractDocSnippets,
  listUserPages,
} from "../support/extract-doc-snippets.js";
import { packageRoot, runProgram, type ScriptRun } from "../support/run-node-script.js";

// Every program a page shows either runs, here, or says it is a fragment. A JavaScript,
// TypeScript or Python block that imports something is a program a reader will try to run: its
// info string names it (```js run=ai-sdk) and the test below runs it against the built package
// (`npm run build` first) with the framework's fake model, in a project whose .claude/settings.json
// is the docs' guard (test/fixtures/doc-snippets/), or it starts with a `// Fragment:` (`#
// Fragment:`) comment saying what it leaves out. A block without imports is a fragment by its look.

const snippets = listUserPages().flatMap(extractDocSnippets);

/** How one runnable snippet runs and what it must print. */
interface SnippetSetup {
  /** The file the snippet is saved as (the name its page gives it); default `snippet.<ext>`. */
  fileName?: string;
  /** Where it runs: the fixture project (default) or the repository root. */
  cwd?: "project" | "repository";
  /** Standard input; default none. */
  stdin?: string;
  /** More files, relative to the workspace root; `@ROOT@` becomes the root. */
  files?: Record<string, string>;
  /** Starts what the snippet talks to (stopped when the test ends); resolves with variables for it. */
  prepare?: () => Promise<Record<string, string>>;
  /** The exit code; default 0. */
  exitCode?: number;
  /**
   * Lines standard output must have, in this order (others may come between); `shown`: exactly
   * the `text` block that follows the snippet on its page (what the page says it prints).
   */
  stdout: readonly (string | RegExp)[] | "shown";
  /** Text standard error must contain; default: anything. */
  stderr?: string;
}

/** The scratch home of cli.md's examples: its `~/.deepagents/hooks.json`, with scripts that need no jq. */
const deepagentsGuard = {
  "home/.deepagents/hooks.json": JSON.stringify({
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            {
              type: "command",
              command: "~/.deepagents/hooks/block-rm.sh",
              timeout: 10,
              statusMessage: "Checking the command against policy",
            },
          ],
        },
      ],
      SessionStart: [
        {
          matcher: "startup|resume",
          hooks: [{ type: "command", command: ["~/.deepagents/hooks/load-context.sh"] }],
        },
      ],
    },
  }),
  "home/.deepagents/hooks/block-rm.sh": `#!/bin/sh
if grep -Eq '"command" *: *"rm +-[a-zA-Z]*[rf]'; then
  echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Recursive or forced rm is blocked by policy"}}'
fi
`,
  "home/.deepagents/hooks/load-context.sh": `#!/bin/sh
echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"Session started"}}'
`,
};

/**
 * Starts `agent-hooks serve --listen` on a free port with the example hooks and a token, stopped
 * when the test ends; resolves with the variables the remote client example reads.
 */
async function startHookServer(): Promise<Record<string, string>> {
  const token = "doc-snippet-token-8f2c";
  const server = spawn(
    process.execPath,
    ["bin/agent-hooks.js", "serve", "--listen", "127.0.0.1:0", "--config", "examples/hooks.json"],
    { cwd: packageRoot, env: { ...process.env, AGENT_HOOKS_TOKEN: token }, stdio: "pipe" },
  );
  const exited = new Promise((resolve) => server.once("exit", resolve));
  onTestFinished(async () => {
    server.kill("SIGTERM");
    await exited;
  });
  const url = await new Promise<string>((resolve, reject) => {
    let stderr = "";
    server.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const listening = /listening on (ws:\/\/\S+)/.exec(stderr);
      if (listening?.[1] !== undefined) resolve(listening[1]);
    });
    server.once("exit", () => reject(new Error(`serve ended before listening:\n${stderr}`)));
  });
  return { AGENT_HOOKS_URL: url, AGENT_HOOKS_TOKEN: token };
}

/** A payload as the host sends it to a hook of `event`. */
function hookPayload(event: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ hook_event_name: event, session_id: "s", cwd: "/tmp", ...fields });
}

/** The code of the runnable snippet `name`, for a setup that needs another snippet's file. */
function readSnippetCode(name: string): string {
  const found = snippets.find((snippet) => snippet.runName === name);
  if (found === undefined) throw new Error(`no snippet run=${name}`);
  return found.code;
}

/** testing-hooks.md's case file and hooks.json, beside sdk.md's guard.mjs. */
const guardTestFiles = {
  "project/guard.mjs": readSnippetCode("sdk-guard"),
  "project/hooks.json": JSON.stringify({
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [{ type: "command", command: 'node "$AGENT_HOOKS_TEST_DIR/guard.mjs"' }],
        },
      ],
    },
  }),
  "project/guard.test.json": JSON.stringify({
    profile: "deepagents",
    config: "hooks.json",
    cases: [
      {
        name: "denies rm -rf",
        event: "PreToolUse",
        payload: { tool_name: "Bash", tool_input: { command: "rm -rf build" } },
        expect: { decision: "deny", reason: "recursive deletes" },
      },
      {
        name: "tells the model what it saw",
        event: "PreToolUse",
        payload: { tool_name: "Bash", tool_input: { command: "ls" } },
        expect: { decision: null, additionalContext: "guard saw: ls" },
      },
    ],
  }),
};

const setups: Readonly<Record<string, SnippetSetup>> = {
  "readme-library": {
    stdout: ["deny Recursive or forced rm is blocked by policy: rm -rf build"],
  },
  "adapters-deep-agents": { stdout: "shown" },
  "architecture-library": { files: deepagentsGuard, stdout: "shown" },
  "observability-tracing": {
    stdout: [
      "  name: 'agent-hooks.run PreToolUse:0:0',",
      "    'agent_hooks.decision': 'deny',",
      "  name: 'agent-hooks.dispatch PreToolUse',",
      "    'agent_hooks.decision': 'deny',",
    ],
  },
  "protocol-python": {
    cwd: "repository",
    stdout: [
      /^deepagents \['SessionStart', /,
      "deny Recursive or forced rm is blocked by policy: rm -rf build",
    ],
  },
  "remote-client": {
    prepare: startHookServer,
    stdout: ["deny Recursive or forced rm is blocked by policy: rm -rf build"],
  },
  "sdk-guard": {
    fileName: "guard.mjs",
    stdin: hookPayload("PreToolUse", { tool_name: "Bash", tool_input: { command: "git push" } }),
    stdout: [
      '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"pushing needs a human"}}',
    ],
  },
  "sdk-stop-once": {
    fileName: "stop-once.mjs",
    stdin: hookPayload("Stop", { stop_hook_active: false }),
    stdout: [
      '{"hookSpecificOutput":{"hookEventName":"Stop","decision":"block","reason":"run the tests before stopping"}}',
    ],
  },
  "sdk-buggy": {
    fileName: "buggy.mjs",
    stdin: hookPayload("PreToolUse", { tool_name: "Bash", tool_input: {} }),
    exitCode: 1,
    stdout: [],
    stderr:
      "agent-hooks/sdk: PreToolUse hook failed: TypeError: Cannot read properties of undefined (reading 'field')",
  },
  "sdk-guard-server": {
    fileName: "guard-server.mjs",
    stdin: [
      JSON.stringify({
        id: 1,
        payload: JSON.parse(
          hookPayload("PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } }),
        ),
      }),
      JSON.stringify({
        id: 2,
        payload: JSON.parse(
          hookPayload("PreToolUse", { tool_name: "Bash", tool_input: { command: "rm -rf build" } }),
        ),
      }),
      "oops",
      "",
    ].join("\n"),
    stdout: [
      /^\{"id":1,"exitCode":0,"stdout":".*guard process \d+ has checked 1 calls.*","stderr":""\}$/,
      /^\{"id":2,"exitCode":0,"stdout":".*recursive deletes are not allowed.*","stderr":""\}$/,
    ],
    stderr: "agent-hooks/sdk: skipped a request line that is not JSON",
  },
  "sdk-any-event": {
    stdin: `${JSON.stringify({ id: 1, payload: JSON.parse(hookPayload("Stop", { stop_hook_active: false })) })}\n`,
    stdout: [/^\{"id":1,"exitCode":0,"stdout":".*run the tests.*"\}$/],
  },
  "sdk-session-watch": {
    fileName: "session-watch.mjs",
    stdin: hookPayload("SessionStart", { cwd: "/repo", source: "startup" }),
    stdout: [
      '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"branch: main","watchPaths":["/repo/.envrc"],"sessionTitle":"Fix the build"}}',
    ],
  },
  "sdk-types": { stdout: [] },
  "sdk-schema": {
    stdout: ["[ 'session_id', 'cwd', 'hook_event_name', 'tool_name', 'tool_input' ]"],
  },
  "python-sdk-guard": {
    fileName: "guard.py",
    stdin: hookPayload("PreToolUse", {
      tool_name: "Bash",
      tool_input: { command: "rm -rf build" },
    }),
    stdout: [
      '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "Recursive rm is blocked: rm -rf build"}}',
    ],
  },
  "python-client-readme": {
    stdout: ["deny Recursive or forced rm is blocked by policy: rm -rf build"],
  },
  "testing-node-test": {
    fileName: "hooks.test.mjs",
    files: guardTestFiles,
    stdout: ["# pass 2", "# fail 0"],
  },
  "events-api": {
    files: {
      "home/.deepagents/hooks.json": JSON.stringify({
        hooks: [
          { command: ["node", "@ROOT@/home/append-payload.mjs"] },
          { command: ["sh", "-c", "exit 4"], events: ["session.start"] },
          { command: "bash adapter.sh", events: ["session.start"] },
        ],
      }),
      "home/append-payload.mjs": `import { appendFileSync } from "node:fs";
let text = "";
for await (const chunk of process.stdin) text += chunk;
appendFileSync(new URL("payloads.jsonl", import.meta.url), text.trim() + "\\n");
`,
    },
    stdout: [
      /^\[error\] invalid_config: command must be an argv list .* hooks\[2\]\.command$/,
      "2 hooks loaded",
      /^\[warning\] nonzero_exit: session\.start hook "sh -c 'exit 4'" exited with code 4 \(.*hooks\[1\]\)$/,
    ],
  },
  "adapters-ai-sdk": { stdout: "shown" },
  "adapters-openai-agents": { stdout: "shown" },
};

/** Whether the code imports anything: what makes a block look like a whole program. */
function importsSomething(snippet: DocSnippet): boolean {
  return snippet.language === "python"
    ? /^(?:from\s+\S+\s+import|import\s+\w)/m.test(snippet.code)
    : /^import\s|^\s*await import\(/m.test(snippet.code);
}

/** Where a snippet is, for test names and messages. */
function locate(snippet: DocSnippet): string {
  return `${snippet.file}:${snippet.line}`;
}

/** The project's node_modules: the package itself and every package the repository installed. */
function linkNodeModules(project: string): void {
  const modules = path.join(project, "node_modules");
  mkdirSync(modules, { recursive: true });
  const installed = realpathSync(path.join(packageRoot, "node_modules"));
  for (const entry of readdirSync(installed)) {
    if (entry.startsWith(".") || entry === "agent-hooks") continue;
    symlinkSync(path.join(installed, entry), path.join(modules, entry));
  }
  symlinkSync(packageRoot, path.join(modules, "agent-hooks"));
}

/** The Python interpreter itself (not a version manager's shim), or null without python3. */
function findPython(): string | null {
  for (const folder of (process.env.PATH ?? "").split(path.delimiter)) {
    if (folder === "") continue;
    try {
      accessSync(path.join(folder, "python3"), constants.X_OK);
      const found = path.join(folder, "python3");
      return execFileSync(found, ["-c", "import sys; print(sys.executable)"], {
        encoding: "utf8",
      }).trim();
    } catch {
      // Not in this folder.
    }
  }
  return null;
}

const python = findPython();

/** The code as Node runs it: TypeScript without its types, as an ES module. */
function compileSnippet(snippet: DocSnippet): string {
  if (snippet.language !== "ts") return snippet.code;
  return ts.transpileModule(snippet.code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
}

/** Runs one snippet in a new workspace and resolves with what it printed. */
async function runSnippet(snippet: DocSnippet, setup: SnippetSetup): Promise<ScriptRun> {
  const workspace = createTestWorkspace("doc-snippet");
  copyFixture("doc-snippets", workspace.root);
  linkNodeModules(workspace.project);
  workspace.createDirectory("home");
  for (const [file, content] of Object.entries(setup.files ?? {})) {
    const text = content.replaceAll("@ROOT@", workspace.root);
    if (file.endsWith(".sh")) workspace.writeScript(file, text);
    else workspace.writeFile(file, text);
  }
  const extension = snippet.language === "python" ? "py" : "mjs";
  const file = workspace.writeFile(
    path.join("project", setup.fileName ?? `snippet.${extension}`),
    compileSnippet(snippet),
  );
  const env = {
    ...process.env,
    HOME: workspace.home,
    NO_COLOR: "1",
    PYTHONDONTWRITEBYTECODE: "1",
    PYTHONPATH: path.join(packageRoot, "clients/python"),
    ...(await setup.prepare?.()),
  };
  const cwd = setup.cwd === "repository" ? packageRoot : workspace.project;
  const program = snippet.language === "python" ? (python ?? "python3") : process.execPath;
  return runProgram(program, [file], { cwd, env, input: setup.stdin ?? "" });
}

/** Whether `lines` holds each expected line, in order. */
function findMissingLines(stdout: string, expected: readonly (string | RegExp)[]): string[] {
  const lines = stdout.split("\n");
  let at = 0;
  const missing: string[] = [];
  for (const wanted of expected) {
    const found = lines.findIndex(
      (line, index) =>
        index >= at && (typeof wanted === "string" ? line === wanted : wanted.test(line)),
    );
    if (found === -1) missing.push(String(wanted));
    else at = found + 1;
  }
  return missing;
}

describe("the docs' code blocks", () => {
  it("found the pages' programs (the extraction works)", () => {
    expect(snippets.length).toBeGreaterThan(20);
    expect(snippets.filter((snippet) => snippet.runName !== null).length).toBeGreaterThan(10);
  });

  it("each block that imports something runs here or says it is a fragment", () => {
    const unmarked = snippets
      .filter((snippet) => snippet.runName === null && importsSomething(snippet))
      .filter((snippet) => !/^(?:\/\/|#) Fragment:/.test(snippet.code))
      .map(locate);
    expect(unmarked).toEqual([]);
  });

  it("each runnable block has a setup here, and each setup a block", () => {
    const names = snippets.flatMap((snippet) => snippet.runName ?? []);
    expect(new Set(names).size, "run names are unique").toBe(names.length);
    expect(names.filter((name) => !Object.hasOwn(setups, name))).toEqual([]);
    expect(Object.keys(setups).filter((name) => !names.includes(name))).toEqual([]);
  });

  const runnable = snippets.filter((snippet) => snippet.runName !== null);
  it.each(runnable.map((snippet) => [`${snippet.runName} (${locate(snippet)})`, snippet]))(
    "%s runs",
    { timeout: 60_000 },
    async (_, snippet) => {
      const setup = setups[snippet.runName ?? ""];
      if (setup === undefined) throw new Error(`no setup for ${snippet.runName}`);
      if (snippet.language === "python" && python === null) return;
      const run = await runSnippet(snippet, setup);
      const context = `stdout:\n${run.stdout}\nstderr:\n${run.stderr}`;
      expect(run.code, context).toBe(setup.exitCode ?? 0);
      if (setup.stdout === "shown") {
        expect(snippet.shownOutput, "a text block follows the snippet").not.toBeNull();
        expect(run.stdout, context).toBe(snippet.shownOutput);
      } else {
        expect(findMissingLines(run.stdout, setup.stdout), context).toEqual([]);
      }
      if (setup.stderr !== undefined) expect(run.stderr).toContain(setup.stderr);
    },
  );
});
