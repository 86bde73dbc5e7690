import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createAsyncOutputQueue, type QueuedAsyncOutput } from "./async-output-queue.js";

const output = (sessionId: string, additionalContext: string): QueuedAsyncOutput => ({
  sessionId,
  hookId: "PostToolUse:0:0",
  hook: createHookDefinition({ event: "PostToolUse" }),
  additionalContext,
  systemMessage: null,
  diagnostics: [],
});

describe("createAsyncOutputQueue", () => {
  it("returns a session's entries oldest first, once", () => {
    const queue = createAsyncOutputQueue();
    queue.add(output("a", "first"));
    queue.add(output("b", "other"));
    queue.add(output("a", "second"));
    expect(queue.take("a").map((entry) => entry.additionalContext)).toEqual(["first", "second"]);
    expect(queue.take("a")).toEqual([]);
    expect(queue.take("b").map((entry) => entry.additionalContext)).toEqual(["other"]);
  });

  it("treats Object's own key names as sessions like any other", () => {
    const queue = createAsyncOutputQueue();
    expect(queue.take("__proto__")).toEqual([]);
    queue.add(output("__proto__", "kept"));
    queue.add(output("constructor", "kept too"));
    expect(queue.take("__proto__")).toHaveLength(1);
    expect(queue.take("constructor")).toHaveLength(1);
  });

  it("drops everything on clear", () => {
    const queue = createAsyncOutputQueue();
    queue.add(output("a", "first"));
    queue.clear();
    expect(queue.take("a")).toEqual([]);
  });
});
