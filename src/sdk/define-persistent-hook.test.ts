import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../../test/fixtures/sdk/ensure-built.js";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { createHookEngine } from "../engine/engine.js";
import { definePersistentHook, type PersistentHookStreams } from "./define-persistent-hook.js";
import { addContext, allow, deny } from "./hook-results.js";

const fixture = fileURLToPath(
  new URL("../../test/fixtures/sdk/persistent-guard.mjs", import.meta.url),
);

beforeAll(() => ensureBuilt(), 120_000);

function createRoot(): string {
  const root = createTestWorkspace("persistent-sdk").root;
  mkdirSync(path.join(root, "home"));
  return root;
}

/** An engine whose PreToolUse hook is the fixture guard, as a persistent handler. */
async function createEngine(profile: "deepagents" | "claude") {
  const root = createRoot();
  const pidFile = path.join(root, "pids");
  const file = path.join(root, "hooks.json");
  const handler = {
    type: "command",
    command: `node '${fixture}' ${profile} '${pidFile}'`,
    persistent: true,
    timeout: 10,
  };
  writeFileSync(file, JSON.stringify({ hooks: { PreToolUse: [{ hooks: [handler] }] } }));
  const engine = await createHookEngine({
    profile,
    cwd: root,
    home: path.join(root, "home"),
    systemDir: path.join(root, "system"),
    configFiles: [file],
    bypassHookTrust: true,
  });
  const startedProcesses = () => readFileSync(pidFile, "utf8").trim().split("\n");
  return { engine, startedProcesses };
}

const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } });

describe.each(["deepagents", "claude"] as const)("definePersistentHook under %s", (profile) => {
  it("answers many events from one process: deny, context, and a throw that it survives", async () => {
    const { engine, startedProcesses } = await createEngine(profile);
    const first = await engine.dispatch("PreToolUse", bash("ls"));
    expect(first.runs[0]?.status).toBe("ok");
    const [pid] = startedProcesses();
    expect(first.additionalContext.join("\n")).toBe(`process ${pid} saw: ls`);

    const denied = await engine.dispatch("PreToolUse", bash("rm -rf /"));
    expect(denied.decision).toBe("deny");
    expect(denied.reason).toBe("recursive deletes are not allowed");

    const failed = await engine.dispatch("PreToolUse", bash("throw"));
    expect(failed.decision).toBeNull();
    expect(failed.runs[0]?.status).toBe("error");
    expect(failed.runs[0]?.exitCode).toBe(1);
    expect(failed.diagnostics.map((item) => item.message).join("\n")).toContain(
      "the guard has a bug",
    );

    const [again, other] = await Promise.all([
      engine.dispatch("PreToolUse", bash("pwd")),
      engine.dispatch("PreToolUse", bash("git status")),
    ]);
    expect(again.additionalContext).toEqual([`process ${pid} saw: pwd`]);
    expect(other.additionalContext).toEqual([`process ${pid} saw: git status`]);
    expect(startedProcesses()).toEqual([pid]);
    await engine.close();
  });
});

describe("definePersistentHook's protocol", () => {
  /** Runs a definition on request lines through in-memory streams; returns answers and notes. */
  async function serve(lines: string[], run: (streams: PersistentHookStreams) => Promise<void>) {
    const input = new PassThrough();
    const output = new PassThrough();
    const errors = new PassThrough();
    let answers = "";
    let notes = "";
    output.on("data", (chunk: Buffer) => {
      answers += chunk.toString();
    });
    errors.on("data", (chunk: Buffer) => {
      notes += chunk.toString();
    });
    const served = run({ input, output, errors });
    input.end(lines.map((line) => `${line}\n`).join(""));
    await served;
    const parsed = answers
      .trim()
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as { id: number; exitCode: number; stdout: string });
    return { answers: parsed.sort((a, b) => a.id - b.id), notes };
  }

  const request = (id: unknown, payload: unknown) => JSON.stringify({ id, payload });
  const preToolUse = (command: string) => ({
    hook_event_name: "PreToolUse",
    session_id: "s",
    cwd: "/tmp",
    ...bash(command),
  });

  it("skips lines it cannot answer and answers bad payloads with a non-blocking error", async () => {
    const { answers, notes } = await serve(
      [
        "not json",
        JSON.stringify({ payload: preToolUse("ls") }),
        request(3, "a string"),
        request(4, { ...preToolUse("ls"), hook_event_name: "PostToolUse" }),
        request(5, preToolUse("rm -rf /")),
        "",
      ],
      (streams) =>
        definePersistentHook(
          {
            event: "PreToolUse",
            handle: (input) =>
              String(input.tool_input.command).includes("rm") ? deny("no") : allow(),
          },
          streams,
        ),
    );
    expect(notes).toContain("skipped a request line that is not JSON");
    expect(notes).toContain("skipped a request without an integer id");
    expect(answers.map((answer) => [answer.id, answer.exitCode])).toEqual([
      [3, 1],
      [4, 1],
      [5, 0],
    ]);
    expect(JSON.parse(answers[2]?.stdout ?? "").hookSpecificOutput.permissionDecision).toBe("deny");
  });

  it("handles requests concurrently: a slow one does not hold back the next", async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Request 1 waits until request 2 is handled: handled one at a time, this never ends.
    const { answers } = await serve(
      [request(1, preToolUse("wait")), request(2, preToolUse("go"))],
      (streams) =>
        definePersistentHook(
          {
            event: "PreToolUse",
            async handle(input) {
              if (input.tool_input.command === "wait") await released;
              else release();
              return addContext(String(input.tool_input.command));
            },
          },
          streams,
        ),
    );
    expect(answers.map((answer) => answer.id)).toEqual([1, 2]);
  });

  it("answers any event of the profile when no event is named", async () => {
    const { answers } = await serve(
      [
        request(1, preToolUse("ls")),
        request(2, { hook_event_name: "Stop", session_id: "s", cwd: "/", stop_hook_active: false }),
      ],
      (streams) =>
        definePersistentHook(
          {
            profile: "vscode",
            handle: (input) =>
              input.hook_event_name === "Stop" && !input.stop_hook_active
                ? { decision: "block", reason: "again" }
                : undefined,
          },
          streams,
        ),
    );
    expect(answers[0]).toEqual({ id: 1, exitCode: 0, stdout: "", stderr: "" });
    expect(JSON.parse(answers[1]?.stdout ?? "")).toEqual({
      hookSpecificOutput: { hookEventName: "Stop", decision: "block", reason: "again" },
    });
  });

  it("ends its process cleanly when stdin closes", async () => {
    const child = spawn(process.execPath, [fixture, "claude"], { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
    child.stdin.end(`${request(7, preToolUse("rm -rf /"))}\n`);
    expect(await closed).toBe(0);
    const answer = JSON.parse(stdout) as { id: number; exitCode: number; stdout: string };
    expect(answer.id).toBe(7);
    expect(JSON.parse(answer.stdout).hookSpecificOutput.permissionDecisionReason).toBe(
      "recursive deletes are not allowed",
    );
  });
});
