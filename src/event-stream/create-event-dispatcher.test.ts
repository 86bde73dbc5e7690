import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { describeHandler } from "../config/describe-handler.js";
import { createEventDispatcher, type EventDispatcherOptions } from "./create-event-dispatcher.js";
import type { EventDiagnostic } from "./event-diagnostic.js";

const fixtures = fileURLToPath(new URL("../../test/fixtures/event-stream/", import.meta.url));
const fixture = (name: string) => path.join(fixtures, name);
const orderedEvents = [
  "session.start",
  "user.prompt",
  "task.complete",
  "context.offload",
  "context.compact",
  "permission.request",
];

interface Entry {
  command: unknown;
  events?: unknown;
}

/**
 * A dispatcher over a fresh list-form file in a scratch directory; `entries` receives a function
 * naming files in that directory. Diagnostics are collected in `logged`.
 */
async function setUp(
  entries: (file: (name: string) => string) => Entry[],
  options: EventDispatcherOptions = {},
) {
  const directory = createTestWorkspace("event-stream").root;
  const file = (name: string) => path.join(directory, name);
  const config = file("hooks.json");
  await writeFile(config, JSON.stringify({ hooks: entries(file) }));
  const logged: EventDiagnostic[] = [];
  const dispatcher = await createEventDispatcher({
    configFiles: [config],
    home: directory,
    cwd: directory,
    onDiagnostic: (diagnostic) => logged.push(diagnostic),
    ...options,
  });
  return { config, dispatcher, logged, file };
}

/** A hook appending each payload it receives, one per line, to `out`. */
const append = (out: string, events?: string[]): Entry => ({
  command: ["/bin/sh", fixture("append-payload.sh"), out],
  ...(events !== undefined && { events }),
});

/** The same, sleeping `seconds` before writing. */
const appendLater = (seconds: string, out: string, events?: string[]): Entry => ({
  command: ["/bin/sh", fixture("sleep-then-append.sh"), seconds, out],
  ...(events !== undefined && { events }),
});

async function readPayloads(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, "utf8");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const readEvents = async (file: string) =>
  (await readPayloads(file)).map((payload) => payload.event);

describe("createEventDispatcher", () => {
  it("sends {event, ...payload} on stdin to the hooks listening to the event, as argv", async () => {
    const { dispatcher, logged, file } = await setUp((file) => [
      append(file("all.jsonl")),
      append(file("all-empty.jsonl"), []),
      append(file("start.jsonl"), ["session.start"]),
      append(file("end.jsonl"), ["session.end"]),
      // Shell syntax in an argument stays literal: no shell runs.
      append(file("$(touch pwned).jsonl")),
    ]);
    await dispatcher.dispatch("session.start", { session_id: "s1", event: "ignored" });
    expect(await readPayloads(file("all.jsonl"))).toEqual([
      { event: "session.start", session_id: "s1" },
    ]);
    expect(await readPayloads(file("all-empty.jsonl"))).toHaveLength(1);
    expect(await readPayloads(file("start.jsonl"))).toHaveLength(1);
    expect(existsSync(file("end.jsonl"))).toBe(false);
    expect(existsSync(file("$(touch pwned).jsonl"))).toBe(true);
    expect(existsSync(file("pwned"))).toBe(false);
    expect(logged).toEqual([]);
  });

  it("delivers 300 non-tool events in program order when nothing is awaited between them", async () => {
    const { dispatcher, logged, file } = await setUp((file) => [append(file("order.jsonl"))]);
    for (let sequence = 0; sequence < 300; sequence += 1) {
      const event = orderedEvents[sequence % orderedEvents.length] ?? "session.start";
      dispatcher.dispatchFireAndForget(event, { sequence });
    }
    await dispatcher.drain();
    const payloads = await readPayloads(file("order.jsonl"));
    expect(payloads.map((payload) => payload.sequence)).toEqual(
      Array.from({ length: 300 }, (_, sequence) => sequence),
    );
    expect(payloads[7]).toEqual({ event: "user.prompt", sequence: 7 });
    expect(logged).toEqual([]);
  });

  it("runs each non-tool event after the previous one's handlers finished, tool events at once", async () => {
    const { dispatcher, file } = await setUp((file) => [
      appendLater("0.3", file("log.jsonl"), ["session.start"]),
      append(file("log.jsonl"), ["user.prompt", "tool.use"]),
    ]);
    dispatcher.dispatchFireAndForget("session.start", {});
    const prompt = dispatcher.dispatch("user.prompt", {});
    dispatcher.dispatchFireAndForget("tool.use", { tool_id: "t1" });
    await prompt;
    // The tool event did not wait for the slow session.start; user.prompt did.
    expect(await readEvents(file("log.jsonl"))).toEqual([
      "tool.use",
      "session.start",
      "user.prompt",
    ]);
  });

  it("returns from dispatchFireAndForget before any handler has run, and runs it in the background", async () => {
    const { dispatcher, logged, file } = await setUp((file) => [
      appendLater("0.3", file("out.jsonl")),
    ]);
    for (const event of ["tool.use", "session.start", "user.name.set"]) {
      dispatcher.dispatchFireAndForget(event, { started: true });
    }
    // Nothing is spawned synchronously: the calls have returned and no handler has written.
    expect(existsSync(file("out.jsonl"))).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(existsSync(file("out.jsonl"))).toBe(false);
    await dispatcher.drain();
    expect(await readPayloads(file("out.jsonl"))).toHaveLength(3);
    expect(logged).toEqual([]);
  });

  it("drain waits for the work pending when it was called, not for work scheduled later", async () => {
    const { dispatcher, logged, file } = await setUp((file) => [
      appendLater("0.3", file("before.jsonl"), ["tool.use", "session.start"]),
      {
        command: ["/bin/sh", fixture("wait-for-gate.sh"), file("gate"), file("after.jsonl")],
        events: ["tool.result", "task.complete"],
      },
    ]);
    dispatcher.dispatchFireAndForget("tool.use", {});
    dispatcher.dispatchFireAndForget("session.start", {});
    const drained = dispatcher.drain();
    dispatcher.dispatchFireAndForget("tool.result", {});
    dispatcher.dispatchFireAndForget("task.complete", {});
    await drained;
    expect(await readPayloads(file("before.jsonl"))).toHaveLength(2);
    expect(existsSync(file("after.jsonl"))).toBe(false);
    await writeFile(file("gate"), "");
    await dispatcher.drain();
    expect(await readPayloads(file("after.jsonl"))).toHaveLength(2);
    await dispatcher.drain(); // nothing pending: resolves at once
    expect(logged).toEqual([]);
  });

  it("shutdown dispatches session.end once, after every earlier non-tool event, then drains", async () => {
    const { dispatcher, logged, file } = await setUp((file) => [
      appendLater("0.3", file("log.jsonl"), ["session.start", "tool.use"]),
      append(file("log.jsonl"), ["user.prompt", "task.complete", "session.end"]),
    ]);
    dispatcher.dispatchFireAndForget("session.start", {});
    dispatcher.dispatchFireAndForget("tool.use", { tool_id: "t1" });
    void dispatcher.dispatch("user.prompt", { prompt: "hi" });
    dispatcher.dispatchFireAndForget("task.complete", {});
    const first = dispatcher.shutdown(undefined, { reason: "exit" });
    const second = dispatcher.shutdown();
    expect(second).toBe(first);
    dispatcher.dispatchFireAndForget("user.prompt", { late: true });
    await Promise.all([first, second]);
    const events = await readEvents(file("log.jsonl"));
    expect(events.filter((event) => event !== "tool.use")).toEqual([
      "session.start",
      "user.prompt",
      "task.complete",
      "session.end",
    ]);
    // shutdown drained: the slow tool.use had finished too.
    expect(events).toContain("tool.use");
    expect(await readPayloads(file("log.jsonl"))).toContainEqual({
      event: "session.end",
      reason: "exit",
    });
    await dispatcher.shutdown();
    expect(await readEvents(file("log.jsonl"))).toEqual(events);
    expect(logged).toEqual([
      expect.objectContaining({ code: "engine_closed", severity: "warning", event: "user.prompt" }),
    ]);
  });

  it("logs failures (missing executable, crash, non-zero exit, timeout) and never throws", async () => {
    const missing = path.join(os.tmpdir(), "no-such-handler");
    const { config, dispatcher, logged } = await setUp(
      () => [
        { command: [missing] },
        { command: ["/bin/sh", fixture("crash.sh")] },
        { command: ["/bin/sh", fixture("exit-with-code.sh"), "3"] },
        { command: ["sleep", "10"] },
      ],
      { timeoutSeconds: 0.3 },
    );
    await expect(dispatcher.dispatch("session.start", {})).resolves.toBeUndefined();
    const byPath = Object.fromEntries(logged.map((entry) => [entry.path, entry]));
    expect(byPath["hooks[0]"]).toMatchObject({
      code: "spawn_failed",
      severity: "error",
      file: config,
      event: "session.start",
      command: [missing],
    });
    expect(byPath["hooks[0]"]?.message).toContain("could not start");
    expect(byPath["hooks[1]"]).toMatchObject({ code: "nonzero_exit", severity: "warning" });
    expect(byPath["hooks[1]"]?.message).toContain("was killed by SIGSEGV");
    expect(byPath["hooks[2]"]).toMatchObject({ code: "nonzero_exit", severity: "warning" });
    // The label cuts a long fixture path and quotes one with a space: build it the way the
    // dispatcher does.
    const label = describeHandler({
      event: "session.start",
      command: ["/bin/sh", fixture("exit-with-code.sh"), "3"],
    });
    expect(label).toMatch(/^session\.start hook "\/bin\/sh .*exit-with-code\.sh'? 3"$/);
    expect(byPath["hooks[2]"]?.message).toBe(
      `${label} exited with code 3: boom (${config} hooks[2])`,
    );
    expect(byPath["hooks[3]"]).toMatchObject({ code: "timeout", severity: "warning" });
    expect(byPath["hooks[3]"]?.message).toContain("timed out after 0.3 s and was killed");
    expect(logged).toHaveLength(4);
  });

  it("reports bad payloads and bad options, survives a throwing listener, and never rejects", async () => {
    const logged: EventDiagnostic[] = [];
    const { dispatcher, file } = await setUp((file) => [append(file("out.jsonl"))], {
      timeoutSeconds: -1,
      outputLimit: Number.NaN,
      onDiagnostic: (diagnostic) => {
        logged.push(diagnostic);
        throw new Error("listener failed");
      },
    });
    expect(dispatcher.timeoutSeconds).toBe(60);
    expect(dispatcher.outputLimit).toBe(2000);
    expect(logged.map((entry) => [entry.code, entry.path])).toEqual([
      ["invalid_config", "timeoutSeconds"],
      ["invalid_config", "outputLimit"],
    ]);
    logged.length = 0;
    await dispatcher.dispatch("session.start", ["not", "an", "object"] as never);
    await dispatcher.dispatch("session.start", { size: 10n });
    dispatcher.dispatchFireAndForget("tool.use", "text" as never);
    await dispatcher.drain();
    expect(logged.map((entry) => [entry.code, entry.event])).toEqual([
      ["invalid_payload", "session.start"],
      ["invalid_payload", "session.start"],
      ["invalid_payload", "tool.use"],
    ]);
    expect(existsSync(file("out.jsonl"))).toBe(false);
  });

  it("reports configuration problems through diagnostics and onDiagnostic, and still loads the rest", async () => {
    const { config, dispatcher, logged, file } = await setUp((file) => [
      append(file("out.jsonl"), ["session.start"]),
      { command: "bash adapter.sh" },
      { command: ["bash"], events: [1] },
    ]);
    expect(dispatcher.hooks).toHaveLength(1);
    expect(dispatcher.files).toEqual([config]);
    expect(logged.map((entry) => [entry.code, entry.path])).toEqual([
      ["invalid_config", "hooks[1].command"],
      ["invalid_config", "hooks[2].events[0]"],
    ]);
    expect(logged[0]).toMatchObject({ file: config, path: "hooks[1].command", event: null });
    expect(logged[0]?.message).toMatch(/the entry is skipped$/);
    expect(dispatcher.diagnostics).toHaveLength(2);
    const missing = await createEventDispatcher({
      configFiles: [file("missing.json")],
      onDiagnostic: () => {},
    });
    expect(missing.hooks).toEqual([]);
    expect(missing.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["config_not_found"]);
    await missing.dispatch("session.start", {});
    await missing.shutdown();
  });

  it("sends every diagnostic to onDiagnostic as it is, info included", async () => {
    const reported: EventDiagnostic[] = [];
    const failing = ["/bin/sh", fixture("exit-with-code.sh"), "3"];
    const { config, dispatcher } = await setUp(
      () => [{ command: failing }, { command: "bash adapter.sh" }],
      { onDiagnostic: (diagnostic) => reported.push(diagnostic) },
    );
    const loadDiagnostic = {
      code: "invalid_config",
      severity: "error",
      message: expect.stringMatching(/ never runs a shell\); the entry is skipped$/),
      file: config,
      path: "hooks[1].command",
    };
    expect(dispatcher.diagnostics).toEqual([loadDiagnostic]);
    expect(reported).toEqual([{ ...loadDiagnostic, event: null, command: null }]);
    await dispatcher.dispatch("session.start", {});
    expect(reported[1]).toMatchObject({
      code: "nonzero_exit",
      severity: "warning",
      file: config,
      path: "hooks[0]",
      event: "session.start",
      command: failing,
    });

    const decisionForm = path.join(path.dirname(config), "decision.json");
    await writeFile(decisionForm, JSON.stringify({ hooks: { PreToolUse: [] } }));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const quiet: EventDiagnostic[] = [];
    await createEventDispatcher({
      configFiles: [decisionForm],
      onDiagnostic: (diagnostic) => {
        quiet.push(diagnostic);
        throw new Error("listener failed");
      },
    });
    warn.mockRestore();
    expect(quiet.map((diagnostic) => [diagnostic.code, diagnostic.severity])).toEqual([
      ["decision_form_config", "info"],
    ]);
    // With onDiagnostic, nothing goes to the console.
    expect(warn).not.toHaveBeenCalled();
  });

  it("prints warnings and errors with console.warn when no onDiagnostic is given, a configuration problem with its place", async () => {
    const directory = createTestWorkspace("event-stream").root;
    const config = path.join(directory, "hooks.json");
    const failing = ["/bin/sh", fixture("exit-with-code.sh"), "3"];
    await writeFile(
      config,
      JSON.stringify({
        hooks: [{ command: failing, events: ["session.start"] }, { command: "bash adapter.sh" }],
      }),
    );
    const decisionForm = path.join(directory, "decision.json");
    await writeFile(decisionForm, JSON.stringify({ hooks: { PreToolUse: [] } }));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const dispatcher = await createEventDispatcher({
        configFiles: [config],
        home: directory,
        cwd: directory,
      });
      await dispatcher.dispatch("session.start", {});
      await dispatcher.shutdown();
      // An info diagnostic (the decision-form file) is not printed.
      await createEventDispatcher({ configFiles: [decisionForm], home: directory, cwd: directory });
      const lines = warn.mock.calls.map((call) => String(call[0]));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(
        /^agent-hooks: error invalid_config: .* the entry is skipped \(.*hooks\.json hooks\[1\]\.command\)$/,
      );
      expect(lines[1]).toMatch(/^agent-hooks: warning nonzero_exit: session\.start hook .* code 3/);
    } finally {
      warn.mockRestore();
    }
  });

  // Correctness under load only: how responsive the event loop stays is a timing, not a unit test.
  it("delivers every event while 200 handlers run at once", async () => {
    const { dispatcher, logged, file } = await setUp((file) => [
      { command: ["/bin/sh", "-c", "cat > /dev/null; sleep 0.2"] },
      append(file("count.jsonl"), ["tool.result"]),
    ]);
    for (let index = 0; index < 100; index += 1) {
      dispatcher.dispatchFireAndForget("tool.use", { tool_id: `t${index}` });
      dispatcher.dispatchFireAndForget("tool.result", { tool_id: `t${index}` });
    }
    await dispatcher.drain();
    expect(await readPayloads(file("count.jsonl"))).toHaveLength(100);
    expect(logged).toEqual([]);
  });
});
