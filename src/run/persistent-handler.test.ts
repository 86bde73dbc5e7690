import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { isProcessAlive, waitForProcessEnd } from "../../test/support/is-process-alive.js";
import { quoteShellWords } from "../shell/quote-shell-word.js";
import {
  createPersistentHandler,
  type PersistentHandler,
  type PersistentHandlerOptions,
} from "./persistent-handler.js";

const hook = fileURLToPath(
  new URL("../../test/fixtures/handlers/persistent-hook.mjs", import.meta.url),
);

/** A file in the repository that is not executable. */
const plainFile = fileURLToPath(new URL("../../package.json", import.meta.url));

const handlers: PersistentHandler[] = [];
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((handler) => handler.close()));
});

function createHandler(overrides: Partial<PersistentHandlerOptions> = {}): PersistentHandler {
  const handler = createPersistentHandler({
    command: quoteShellWords(["node", hook, "--persistent"]),
    cwd: process.cwd(),
    env: { ...process.env },
    killGraceMs: 300,
    captureLimitBytes: 64 * 1024,
    ...overrides,
  });
  handlers.push(handler);
  return handler;
}

/** One event's serialized payload, as the engine sends it. */
const payload = (toolInput: Record<string, unknown>) =>
  JSON.stringify({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: toolInput });

const send = (handler: PersistentHandler, toolInput: Record<string, unknown>, timeoutMs = 5000) =>
  handler.send({ input: payload(toolInput), timeoutMs });

/** The pid and event count from an echo answer's `systemMessage`. */
function readEcho(stdout: string): { pid: number; event: number; tag: string } {
  const message = (JSON.parse(stdout) as { systemMessage: string }).systemMessage;
  const [, pid, event, tag] = /^pid (\d+) event (\d+) ?(.*)$/.exec(message) ?? [];
  return { pid: Number(pid), event: Number(event), tag: tag ?? "" };
}

describe.skipIf(process.platform === "win32")("createPersistentHandler", () => {
  it("starts once and answers events in the order they were sent", async () => {
    const handler = createHandler();
    const answers = [];
    for (const tag of ["a", "b", "c"])
      answers.push(readEcho((await send(handler, { tag })).stdout));
    expect(answers.map((answer) => [answer.event, answer.tag])).toEqual([
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ]);
    expect(new Set(answers.map((answer) => answer.pid)).size).toBe(1);
    expect(handler.starts).toBe(1);
  });

  it("correlates answers by id when they come back out of order", async () => {
    const handler = createHandler();
    const delays = [300, 200, 100, 0];
    const outcomes = await Promise.all(
      delays.map((delayMs, index) => send(handler, { mode: "slow", delayMs, tag: `t${index}` })),
    );
    expect(outcomes.map((outcome) => readEcho(outcome.stdout).tag)).toEqual([
      "t0",
      "t1",
      "t2",
      "t3",
    ]);
    expect(handler.starts).toBe(1);
  });

  it("turns an answer into a process outcome: exit code, stdout, stderr", async () => {
    const handler = createHandler();
    expect(await send(handler, { mode: "block", tag: "x" })).toMatchObject({
      exitCode: 2,
      signal: null,
      timedOut: false,
      cancelled: false,
      spawnError: null,
      stdout: "",
      stderr: "blocked: x",
    });
    expect(await send(handler, { mode: "plain", tag: "y" })).toMatchObject({
      exitCode: 0,
      stdout: "plain text y",
      stdoutBytes: 12,
    });
  });

  it("ignores lines that are not answers", async () => {
    const handler = createHandler();
    const outcome = await send(handler, { mode: "stray", tag: "s" });
    expect(readEcho(outcome.stdout).tag).toBe("s");
  });

  it("bounds an answer's output like a process's and marks it truncated", async () => {
    const handler = createHandler({ captureLimitBytes: 5 });
    const outcome = await send(handler, { mode: "plain", tag: "long" });
    expect(outcome).toMatchObject({ stdout: "plain", stdoutTruncated: true, stdoutBytes: 15 });
  });

  it("fails the event of a crash as an error and restarts for the next event", async () => {
    const handler = createHandler();
    const first = readEcho((await send(handler, {})).stdout);
    const crashed = await send(handler, { mode: "crash" });
    expect(crashed.exitCode).toBeNull();
    expect(crashed.spawnError).toMatch(/exited with code 3 before answering: crashing on purpose/);
    expect(handler.running).toBe(false);
    expect(handler.starts).toBe(1);
    const next = readEcho((await send(handler, { tag: "after" })).stdout);
    expect(next.pid).not.toBe(first.pid);
    expect(next.event).toBe(1);
    expect(handler.starts).toBe(2);
  });

  it("times out a hung event, stops the process, and restarts for the next event", async () => {
    const handler = createHandler();
    const { pid } = readEcho((await send(handler, {})).stdout);
    const hung = await send(handler, { mode: "hang" }, 300);
    expect(hung).toMatchObject({ timedOut: true, exitCode: null, spawnError: null });
    expect(await waitForProcessEnd(pid)).toBe(true);
    const next = readEcho((await send(handler, {})).stdout);
    expect(next.pid).not.toBe(pid);
    expect(handler.starts).toBe(2);
  });

  it("starts at most one process per event, even when each start crashes", async () => {
    const handler = createHandler({ command: ["node", "-e", "process.exit(4)"] });
    const outcomes = [await send(handler, {}), await send(handler, {})];
    for (const outcome of outcomes) expect(outcome.spawnError).toMatch(/exited with code 4/);
    expect(handler.starts).toBe(2);
  });

  it("reports a command that cannot start as a spawn error", async () => {
    const handler = createHandler({ command: ["/nonexistent/persistent-hook"] });
    const outcome = await send(handler, {});
    expect(outcome.spawnError).toMatch(/ENOENT/);
  });

  it.each([
    ["a working directory that is a file (ENOTDIR, thrown)", { cwd: plainFile }, /ENOTDIR/],
    ["a missing working directory (ENOENT, emitted)", { cwd: `${plainFile}.missing` }, /ENOENT/],
    ["a file that is not executable (EACCES, emitted)", { command: [plainFile] }, /EACCES/],
    [
      "a program name too long (ENAMETOOLONG, thrown)",
      { command: ["x".repeat(5000)] },
      /ENAMETOOLONG/,
    ],
    [
      "an environment value with a NUL byte (thrown)",
      { env: { ...process.env, BROKEN: "a\0b" } },
      /null bytes/,
    ],
  ] satisfies [string, Partial<PersistentHandlerOptions>, RegExp][])(
    "reports %s as a spawn error for every event, starting nothing",
    async (_name, overrides, expected) => {
      const handler = createHandler(overrides);
      const outcomes = await Promise.all([send(handler, {}), send(handler, {})]);
      outcomes.push(await send(handler, {}));
      for (const outcome of outcomes) {
        expect(outcome).toMatchObject({ exitCode: null, timedOut: false, cancelled: false });
        expect(outcome.spawnError).toMatch(expected);
      }
      expect(handler.starts).toBe(0);
      expect(handler.running).toBe(false);
    },
  );

  it("close ends the process and its children and cancels later events", async () => {
    const handler = createHandler();
    const { pid } = readEcho((await send(handler, {})).stdout);
    const message = JSON.parse((await send(handler, { mode: "child" })).stdout) as {
      systemMessage: string;
    };
    const childPid = Number(message.systemMessage.replace("child ", ""));
    expect(isProcessAlive(childPid)).toBe(true);
    const pending = send(handler, { mode: "hang" });
    await handler.close();
    expect((await pending).cancelled).toBe(true);
    expect(await waitForProcessEnd(pid)).toBe(true);
    expect(await waitForProcessEnd(childPid)).toBe(true);
    expect((await send(handler, {})).cancelled).toBe(true);
  });

  it("cancels an event whose signal aborts", async () => {
    const handler = createHandler();
    const controller = new AbortController();
    const pending = handler.send({
      input: payload({ mode: "hang" }),
      timeoutMs: 5000,
      signal: controller.signal,
    });
    controller.abort();
    expect(await pending).toMatchObject({ cancelled: true, timedOut: false });
  });
});
