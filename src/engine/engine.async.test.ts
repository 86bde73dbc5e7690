import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { isProcessAlive, waitForProcessEnd } from "../../test/support/is-process-alive.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import type { AsyncHookOutput } from "../run/host-callbacks.js";
import { createHookEngine, type HookEngine, type HookEngineOptions } from "./engine.js";

// `async` and `asyncRewake` command handlers of the claude profile, through real settings files
// and real processes (test/fixtures/async/). No timing assertion: the order of events is what
// the tests check (a hook waits for a file the test creates only after dispatch returned).

const fixtures = fileURLToPath(new URL("../../test/fixtures/async/", import.meta.url));
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
const script = (name: string, ...args: string[]) =>
  [join(fixtures, name), ...args].map(quote).join(" ");
const group = (matcher: string | null, ...hooks: unknown[]) =>
  matcher === null ? { hooks } : { matcher, hooks };
const codes = (result: DispatchResult) => result.diagnostics.map((diagnostic) => diagnostic.code);
const bash = (text: string) => ({ tool_name: "Bash", tool_input: { command: text } });
const postBash = { ...bash("make test"), tool_response: { stdout: "ok" } };

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

/** The async outputs an engine reported, and a way to wait for the next ones. */
function recordAsyncOutput() {
  const outputs: AsyncHookOutput[] = [];
  const waiters: (() => void)[] = [];
  return {
    outputs,
    onAsyncOutput(output: AsyncHookOutput) {
      outputs.push(output);
      for (const wake of waiters.splice(0)) wake();
    },
    /** Resolves once `count` outputs have been reported. */
    async waitFor(count: number) {
      while (outputs.length < count) await new Promise<void>((wake) => waiters.push(wake));
    },
  };
}

async function setup(hooks: Record<string, unknown[]>, extra: Partial<HookEngineOptions> = {}) {
  const workspace = createTestWorkspace("async-hooks");
  const settings = workspace.writeJson("project/.claude/settings.json", { hooks });
  const engine = await createHookEngine({
    profile: "claude",
    configFiles: [settings],
    cwd: workspace.project,
    home: workspace.home,
    sessionId: "session-1",
    ...extra,
  });
  engines.push(engine);
  return { workspace, engine };
}

/** Polls for a file a hook writes (a process start is not a moment the test can await). */
async function waitForFile(file: string): Promise<void> {
  while (!existsSync(file)) await sleep(20);
}

describe.skipIf(process.platform === "win32")("async handlers (claude profile)", () => {
  it("does not wait for an async hook; its context arrives once, with the next dispatch", async () => {
    const recorder = recordAsyncOutput();
    const { workspace, engine } = await setup(
      {
        PostToolUse: [
          group("Bash", {
            type: "command",
            command: script("context-after-file.sh", "release"),
            async: true,
          }),
        ],
      },
      { onAsyncOutput: recorder.onAsyncOutput },
    );
    const release = workspace.path("project", "release");
    // The hook waits for `release`, which exists only once dispatch has returned.
    const first = await engine.dispatch("PostToolUse", postBash);
    expect(first.runs).toEqual([
      expect.objectContaining({ status: "async", exitCode: null, signal: null }),
    ]);
    expect(first).toMatchObject({ decision: null, additionalContext: [], systemMessages: [] });
    expect(codes(first)).toEqual([]);
    expect(recorder.outputs).toEqual([]);

    writeFileSync(release, "");
    await recorder.waitFor(1);
    expect(recorder.outputs).toEqual([
      {
        sessionId: "session-1",
        hookId: first.runs[0]?.id,
        additionalContext: "async context",
        systemMessage: "async message",
        rewake: false,
        message: null,
      },
    ]);

    // Delivered with the next dispatch of the session, whatever its event (Stop has no hooks here).
    const next = await engine.dispatch("Stop", {});
    expect(next.runs).toEqual([]);
    expect(next.additionalContext).toEqual(["async context"]);
    expect(next.systemMessages).toEqual(["async message"]);
    expect(next.diagnostics).toEqual([
      expect.objectContaining({
        code: "async_output",
        severity: "info",
        path: "hooks.PostToolUse[0].hooks[0]",
      }),
    ]);
    expect(next.diagnostics[0]?.message).toContain("context-after-file.sh");

    // Once only.
    const third = await engine.dispatch("Stop", {});
    expect(third).toMatchObject({ additionalContext: [], systemMessages: [], diagnostics: [] });
  });

  it("keeps the output of one session for that session's next dispatch", async () => {
    const recorder = recordAsyncOutput();
    const { workspace, engine } = await setup(
      {
        PostToolUse: [
          group(null, {
            type: "command",
            command: script("context-after-file.sh", "release"),
            async: true,
          }),
        ],
      },
      { onAsyncOutput: recorder.onAsyncOutput },
    );
    await engine.dispatch("PostToolUse", { ...postBash, session_id: "a" });
    writeFileSync(workspace.path("project", "release"), "");
    await recorder.waitFor(1);
    expect(recorder.outputs[0]?.sessionId).toBe("a");
    const other = await engine.dispatch("Stop", { session_id: "b" });
    expect(other.additionalContext).toEqual([]);
    // An unknown event is refused before delivery: the output stays queued.
    const unknown = await engine.dispatch("NoSuchEvent", { session_id: "a" });
    expect(codes(unknown)).toEqual(["unknown_event"]);
    const own = await engine.dispatch("Stop", { session_id: "a" });
    expect(own.additionalContext).toEqual(["async context"]);
  });

  it("gives a deny from an async hook no effect, and says so when it is delivered", async () => {
    const recorder = recordAsyncOutput();
    const { workspace, engine } = await setup(
      {
        PreToolUse: [
          group("Bash", {
            type: "command",
            command: script("deny-after-file.sh", "release"),
            async: true,
          }),
        ],
      },
      { onAsyncOutput: recorder.onAsyncOutput },
    );
    const first = await engine.dispatch("PreToolUse", bash("rm -rf build"));
    expect(first).toMatchObject({ decision: null, reason: null });
    writeFileSync(workspace.path("project", "release"), "");
    await recorder.waitFor(1);
    expect(recorder.outputs[0]).toMatchObject({
      additionalContext: "denied in the background",
      rewake: false,
    });
    const next = await engine.dispatch("PreToolUse", bash("ls"));
    expect(next).toMatchObject({ decision: null, reason: null });
    expect(next.additionalContext).toEqual(["denied in the background"]);
    expect(codes(next)).toEqual(["async_output", "async_decision_ignored"]);
    expect(next.diagnostics[1]?.message).toContain("(deny)");
    // The second dispatch started the hook again; let it end before close.
    writeFileSync(workspace.path("project", "release"), "");
    await recorder.waitFor(2);
  });

  it("wakes the host with stderr when an asyncRewake hook exits 2", async () => {
    const recorder = recordAsyncOutput();
    const { engine } = await setup(
      { Stop: [group(null, { type: "command", command: script("rewake.sh"), asyncRewake: true })] },
      { onAsyncOutput: recorder.onAsyncOutput },
    );
    const stop = await engine.dispatch("Stop", {});
    expect(stop).toMatchObject({ decision: null, continue: true });
    expect(stop.runs.map((run) => run.status)).toEqual(["async"]);
    await recorder.waitFor(1);
    expect(recorder.outputs).toEqual([
      {
        sessionId: "session-1",
        hookId: stop.runs[0]?.id,
        additionalContext: null,
        systemMessage: null,
        rewake: true,
        message: "tests failed: 3 of 12",
      },
    ]);
    // The host woke the agent: nothing waits for the next dispatch.
    const next = await engine.dispatch("UserPromptSubmit", { prompt: "go on" });
    expect(next).toMatchObject({ additionalContext: [], diagnostics: [] });
  });

  it("without onAsyncOutput, delivers a rewake message as context with the next dispatch", async () => {
    const { engine } = await setup({
      Stop: [group(null, { type: "command", command: script("rewake.sh"), asyncRewake: true })],
    });
    await engine.dispatch("Stop", {});
    let next = await engine.dispatch("Notification", { message: "idle" });
    // The rewake hook ends on its own; poll dispatches of an event without hooks until it has.
    while (next.additionalContext.length === 0) {
      await sleep(20);
      next = await engine.dispatch("Notification", { message: "idle" });
    }
    expect(next.additionalContext).toEqual(["tests failed: 3 of 12"]);
    expect(codes(next)).toEqual(["async_output", "async_decision_ignored"]);
  });

  it("delivers a rewake message as context with the next dispatch when onAsyncOutput returns false", async () => {
    const recorder = recordAsyncOutput();
    const { engine } = await setup(
      { Stop: [group(null, { type: "command", command: script("rewake.sh"), asyncRewake: true })] },
      {
        onAsyncOutput: (output) => {
          recorder.onAsyncOutput(output);
          return false;
        },
      },
    );
    await engine.dispatch("Stop", {});
    await recorder.waitFor(1);
    expect(recorder.outputs[0]).toMatchObject({ rewake: true, message: "tests failed: 3 of 12" });
    const next = await engine.dispatch("Notification", { message: "idle" });
    expect(next.additionalContext).toEqual(["tests failed: 3 of 12"]);
    expect(codes(next)).toEqual(["async_output", "async_decision_ignored"]);
  });

  it("an async hook exiting 2 without asyncRewake blocks nothing and says so", async () => {
    const recorder = recordAsyncOutput();
    const { engine } = await setup(
      { Stop: [group(null, { type: "command", command: script("rewake.sh"), async: true })] },
      { onAsyncOutput: recorder.onAsyncOutput },
    );
    const stop = await engine.dispatch("Stop", {});
    expect(stop.decision).toBeNull();
    let next = await engine.dispatch("Notification", { message: "idle" });
    while (next.diagnostics.length === 0) {
      await sleep(20);
      next = await engine.dispatch("Notification", { message: "idle" });
    }
    expect(codes(next)).toEqual(["async_output", "async_decision_ignored"]);
    expect(next.additionalContext).toEqual([]);
    expect(recorder.outputs).toEqual([]);
  });

  it("runs a synchronous hook beside an async one and decides on the synchronous one alone", async () => {
    const { workspace, engine } = await setup({
      PreToolUse: [
        group(
          "Bash",
          { type: "command", command: script("deny-after-file.sh", "release"), async: true },
          {
            type: "command",
            command: `printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`,
          },
        ),
      ],
    });
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result.decision).toBe("allow");
    expect(result.runs.map((run) => run.status)).toEqual(["async", "ok"]);
    writeFileSync(workspace.path("project", "release"), "");
  });

  it("close() kills a sleeping async hook's process group and delivers nothing after", async () => {
    const recorder = recordAsyncOutput();
    const { workspace, engine } = await setup(
      {
        SessionStart: [
          group(null, {
            type: "command",
            command: script("sleep-in-group.sh", "pids"),
            async: true,
          }),
        ],
      },
      { onAsyncOutput: recorder.onAsyncOutput },
    );
    const pidsFile = workspace.path("project", "pids");
    const start = await engine.dispatch("SessionStart", { source: "startup" });
    expect(start.runs.map((run) => run.status)).toEqual(["async"]);
    await waitForFile(pidsFile);
    const pids = readFileSync(pidsFile, "utf8").trim().split(" ").map(Number);
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(isProcessAlive(pid)).toBe(true);

    await engine.close();
    // close() awaited the kill: the shell and its sleep are gone (the trap's late output too).
    for (const pid of pids) expect(await waitForProcessEnd(pid, 0)).toBe(true);
    expect(recorder.outputs).toEqual([]);
    const after = await engine.dispatch("Stop", {});
    expect(codes(after)).toEqual(["engine_closed"]);
    expect(after.additionalContext).toEqual([]);
  });

  it("treats async as synchronous in a profile without it (deepagents warns at load)", async () => {
    const workspace = createTestWorkspace("async-deepagents");
    const hooks = workspace.writeJson("home/.deepagents/hooks.json", {
      hooks: {
        Stop: [{ hooks: [{ type: "command", command: "echo '{}'", async: true }] }],
      },
    });
    const engine = await createHookEngine({
      profile: "deepagents",
      configFiles: [hooks],
      cwd: workspace.project,
      home: workspace.home,
    });
    engines.push(engine);
    const stop = await engine.dispatch("Stop", {});
    expect(stop.runs.map((run) => run.status)).toEqual(["ok"]);
  });
});
