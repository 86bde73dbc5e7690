import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createDiagnostic } from "../diagnostic.js";
import { createEmptyVerdict, type HandlerVerdict } from "./handler-verdict.js";
import { type FinishedAsyncRun, readAsyncRun } from "./read-async-run.js";

const verdictWith = (fields: Partial<HandlerVerdict>): HandlerVerdict => ({
  ...createEmptyVerdict("ok"),
  ...fields,
});

const finished = (overrides: Partial<FinishedAsyncRun> = {}): FinishedAsyncRun => ({
  sessionId: "s",
  hookId: "Stop:0:0",
  hook: createHookDefinition({ event: "Stop", async: true }),
  verdict: createEmptyVerdict("ok"),
  exitCode: 0,
  stdout: "",
  stderr: "",
  hostListens: true,
  ...overrides,
});

const codesOf = (run: FinishedAsyncRun) =>
  readAsyncRun(run).queued?.diagnostics.map((diagnostic) => diagnostic.code) ?? null;

describe("readAsyncRun", () => {
  it("yields nothing for a run that said nothing", () => {
    expect(readAsyncRun(finished())).toEqual({ notice: null, queued: null });
  });

  it("passes context and a system message to the host and the next dispatch", () => {
    const verdict = verdictWith({ additionalContext: "ctx", systemMessage: "msg" });
    const { notice, queued } = readAsyncRun(finished({ verdict }));
    expect(notice).toEqual({
      additionalContext: "ctx",
      systemMessage: "msg",
      rewake: false,
      message: null,
    });
    expect(queued).toMatchObject({
      sessionId: "s",
      hookId: "Stop:0:0",
      additionalContext: "ctx",
      systemMessage: "msg",
      diagnostics: [],
    });
  });

  it.each([
    ["a deny", { decision: "deny" as const, reason: "no" }, "(deny)"],
    ["a block", { status: "blocked" as const, decision: "block" as const }, "(block)"],
    ["continue: false", { continue: false, stopReason: "halt" }, "(continue: false)"],
    ["a rewrite", { updatedInput: { command: "ls" } }, "(updatedInput)"],
  ])("ignores %s with an info diagnostic, keeping the context", (_name, fields, said) => {
    const verdict = verdictWith({ ...fields, additionalContext: "ctx" });
    const { notice, queued } = readAsyncRun(finished({ verdict }));
    expect(notice?.additionalContext).toBe("ctx");
    expect(queued?.diagnostics).toEqual([
      expect.objectContaining({ code: "async_decision_ignored", severity: "info" }),
    ]);
    expect(queued?.diagnostics[0]?.message).toContain(said);
  });

  it("queues a failed run's diagnostics without telling the host", () => {
    const verdict = createEmptyVerdict("timeout");
    verdict.diagnostics.push(createDiagnostic("timeout", "warning", "timed out"));
    const { notice, queued } = readAsyncRun(finished({ verdict, exitCode: null }));
    expect(notice).toBeNull();
    expect(queued?.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["timeout"]);
  });

  describe("exit 2", () => {
    const blocked = verdictWith({ status: "blocked", decision: "block", reason: "stderr" });
    const rewakeHook = createHookDefinition({ event: "Stop", async: true, asyncRewake: true });

    it.each([
      ["stderr", "  tests failed\n", "ignored", "tests failed"],
      ["stdout when stderr is empty", " \n", "from stdout", "from stdout"],
      ["null when both are empty", "", "", null],
    ])("wakes the host with %s (asyncRewake)", (_name, stderr, stdout, message) => {
      const run = finished({ hook: rewakeHook, verdict: blocked, exitCode: 2, stderr, stdout });
      expect(readAsyncRun(run)).toEqual({
        notice: { additionalContext: null, systemMessage: null, rewake: true, message },
        queued: null,
      });
    });

    it("queues the rewake message as context when the host does not listen", () => {
      const run = finished({
        hook: rewakeHook,
        verdict: blocked,
        exitCode: 2,
        stderr: "tests failed",
        hostListens: false,
      });
      const { queued } = readAsyncRun(run);
      expect(queued).toMatchObject({ additionalContext: "tests failed", systemMessage: null });
      expect(codesOf(run)).toEqual(["async_decision_ignored"]);
    });

    it("blocks nothing and tells no one but the next dispatch without asyncRewake", () => {
      const verdict = { ...blocked, additionalContext: "reason as context" };
      const run = finished({ verdict, exitCode: 2, stderr: "no" });
      const { notice, queued } = readAsyncRun(run);
      expect(notice).toBeNull();
      expect(queued).toMatchObject({ additionalContext: null, systemMessage: null });
      expect(codesOf(run)).toEqual(["async_decision_ignored"]);
    });
  });
});
