import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import { isProcessAlive } from "../../test/support/is-process-alive.js";
import { describeHandler } from "../config/describe-handler.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { quoteShellWords } from "../shell/quote-shell-word.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// Persistent handlers through the whole engine, against the same hook spawned per event.

const hook = fileURLToPath(
  new URL("../../test/fixtures/handlers/persistent-hook.mjs", import.meta.url),
);
// Quoted: a clone's path may hold a space.
const persistentCommand = quoteShellWords(["node", hook, "--persistent"]);
const spawnedCommand = quoteShellWords(["node", hook]);
const root = createSuiteWorkspace("persistent").root;
const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

let configCount = 0;

/** An engine whose one PreToolUse `Bash` hook runs the fixture, spawned or persistent. */
async function createEngine(persistent: boolean, timeout = 5): Promise<HookEngine> {
  configCount += 1;
  const configFile = join(root, `hooks-${configCount}.json`);
  const handler = persistent
    ? { type: "command", command: persistentCommand, persistent: true, timeout }
    : { type: "command", command: spawnedCommand, timeout };
  writeFileSync(
    configFile,
    JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [handler] }] } }),
  );
  const engine = await createHookEngine({
    profile: "deepagents",
    cwd: root,
    home: root,
    sessionId: "persistent-session",
    configFiles: [configFile],
  });
  engines.push(engine);
  return engine;
}

const dispatch = (engine: HookEngine, toolInput: Record<string, unknown>) =>
  engine.dispatch("PreToolUse", { tool_name: "Bash", tool_input: toolInput });

// Messages name the hook by its command, cut to a length the fixture path may exceed.
const labels = [persistentCommand, spawnedCommand].map((command) =>
  describeHandler({ event: "PreToolUse", command }),
);

/** A result without what differs between two runs of the same hook: command, timing, file. */
function comparable(result: DispatchResult) {
  return {
    ...result,
    runs: result.runs.map(({ status, exitCode, signal }) => ({ status, exitCode, signal })),
    diagnostics: result.diagnostics.map(({ code, severity, message }) => ({
      code,
      severity,
      message: labels
        .reduce((text, label) => text.replaceAll(label, "PreToolUse hook"), message)
        .replace(/hooks-\d+\.json/g, "hooks.json"),
    })),
  };
}

describe.skipIf(process.platform === "win32")("persistent handlers in the engine", () => {
  it.each([
    ["exit 2 blocks with stderr as the reason", { mode: "block", tag: "b" }],
    ["a JSON deny is parsed and applied", { mode: "deny", tag: "d" }],
    ["exit 1 is a non-blocking error", { mode: "fail", tag: "f" }],
    ["plain stdout is ignored on PreToolUse", { mode: "plain", tag: "p" }],
  ])("gives the same result as the spawned hook: %s", async (_name, toolInput) => {
    const spawned = await dispatch(await createEngine(false), toolInput);
    const persistent = await dispatch(await createEngine(true), toolInput);
    expect(comparable(persistent)).toEqual(comparable(spawned));
  });

  it("runs every event of the session on one process", async () => {
    const engine = await createEngine(true);
    const messages: string[] = [];
    for (const tag of ["one", "two", "three"]) {
      messages.push(...(await dispatch(engine, { tag })).systemMessages);
    }
    const pids = new Set(messages.map((message) => message.split(" ")[1]));
    expect(pids.size).toBe(1);
    expect(messages.map((message) => message.replace(/^pid \d+ /, ""))).toEqual([
      "event 1 one",
      "event 2 two",
      "event 3 three",
    ]);
  });

  it("a crash fails that event as a non-blocking error; the next event runs on a new process", async () => {
    const engine = await createEngine(true);
    const crashed = await dispatch(engine, { mode: "crash" });
    expect(crashed.decision).toBeNull();
    expect(crashed.runs.map((run) => run.status)).toEqual(["error"]);
    expect(crashed.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["spawn_failed"]);
    expect(crashed.diagnostics[0]?.message).toContain("crashing on purpose");
    const next = await dispatch(engine, { tag: "after" });
    expect(next.systemMessages).toEqual([expect.stringMatching(/event 1 after$/)]);
  });

  it("a hung handler times out like a spawned one and is restarted", async () => {
    const engine = await createEngine(true, 1.5);
    const hung = await dispatch(engine, { mode: "hang" });
    expect(hung.runs.map((run) => run.status)).toEqual(["timeout"]);
    expect(hung.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["timeout"]);
    const next = await dispatch(engine, { tag: "again" });
    expect(next.systemMessages).toEqual([expect.stringMatching(/event 1 again$/)]);
  });

  it("runs the example in examples/persistent-hook.mjs", async () => {
    const example = fileURLToPath(new URL("../../examples/persistent-hook.mjs", import.meta.url));
    const configFile = join(root, "example.json");
    const handler = {
      type: "command",
      command: quoteShellWords(["node", example]),
      persistent: true,
    };
    writeFileSync(
      configFile,
      JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [handler] }] } }),
    );
    const engine = await createHookEngine({
      profile: "deepagents",
      cwd: root,
      home: root,
      configFiles: [configFile],
    });
    engines.push(engine);
    const denied = await dispatch(engine, { command: "rm -rf build" });
    expect(denied).toMatchObject({
      decision: "deny",
      reason: "Recursive or forced rm is blocked by policy: rm -rf build",
    });
    expect((await dispatch(engine, { command: "ls" })).decision).toBeNull();
  });

  it("close ends the process: nothing survives, later dispatches are refused", async () => {
    const engine = await createEngine(true);
    const [message] = (await dispatch(engine, {})).systemMessages;
    const pid = Number(message?.split(" ")[1]);
    expect(isProcessAlive(pid)).toBe(true);
    await engine.close();
    expect(isProcessAlive(pid)).toBe(false);
    const after = await dispatch(engine, {});
    expect(after.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["engine_closed"]);
  });
});
