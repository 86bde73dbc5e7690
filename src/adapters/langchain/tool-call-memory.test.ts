import { describe, expect, it } from "vitest";
import { createToolCallMemory } from "./tool-call-memory.js";

describe("createToolCallMemory", () => {
  it("keeps a value per thread and tool_call_id; take forgets it, read does not", () => {
    const memory = createToolCallMemory<string>();
    memory.remember("t-1", "call-1", "first thread");
    memory.remember("t-2", "call-1", "second thread");
    memory.remember(undefined, "call-1", "no thread");

    expect(memory.read("t-1", "call-1")).toBe("first thread");
    expect(memory.take("t-1", "call-1")).toBe("first thread");
    expect(memory.take("t-1", "call-1")).toBeUndefined();
    expect(memory.read("t-2", "call-1")).toBe("second thread");
    expect(memory.read(undefined, "call-1")).toBe("no thread");
  });

  it("is bounded: the oldest call goes first, and remembering again makes a call the newest", () => {
    const memory = createToolCallMemory<number>(2);
    memory.remember("t", "a", 1);
    memory.remember("t", "b", 2);
    memory.remember("t", "a", 3);
    memory.remember("t", "c", 4);

    expect(memory.read("t", "b")).toBeUndefined();
    expect(memory.read("t", "a")).toBe(3);
    expect(memory.read("t", "c")).toBe(4);
  });

  it("forgets every call of one thread", () => {
    const memory = createToolCallMemory<number>();
    memory.remember("t-1", "a", 1);
    memory.remember("t-1", "b", 2);
    memory.remember("t-2", "a", 3);

    memory.forgetThread("t-1");

    expect([memory.read("t-1", "a"), memory.read("t-1", "b"), memory.read("t-2", "a")]).toEqual([
      undefined,
      undefined,
      3,
    ]);
  });
});
