import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { truncationMarker } from "./cap-tool-output.js";
import { createEventDispatcher, type EventPayload } from "./create-event-dispatcher.js";
import { createToolEventTracker, type TrackedToolCall } from "./create-tool-event-tracker.js";
import { dispatchUserNameSet } from "./dispatch-user-name-set.js";

/** A host-side recording dispatcher: the events the tracker fired, in call order. */
function createRecorder(outputLimit = 2000) {
  const fired: { event: string; payload: EventPayload | undefined }[] = [];
  return {
    fired,
    outputLimit,
    dispatchFireAndForget: (event: string, payload?: EventPayload) => {
      fired.push({ event, payload });
    },
  };
}

const writeArguments = { file_path: "src/foo.py", content: "..." };
const use = {
  event: "tool.use",
  payload: { tool_name: "write_file", tool_id: "toolu_abc123", tool_args: writeArguments },
};
const result = (extra: Record<string, unknown>) => ({
  event: "tool.result",
  payload: {
    tool_name: "write_file",
    tool_id: "toolu_abc123",
    tool_args: writeArguments,
    tool_status: "success",
    tool_output: "Updated file src/foo.py",
    ...extra,
  },
});
const toolError = { event: "tool.error", payload: { tool_names: ["write_file"] } };

type Step = (call: TrackedToolCall) => void;
const chunks: Step = (call) => {
  call.appendArguments('{"file_path": "src/foo.py", ');
  call.appendArguments('"content": "..."}');
};
const id: Step = (call) => call.setId("toolu_abc123");
const complete: Step = (call) => call.completeArguments();
const finish =
  (
    state: "success" | "error" | "rejected" | "cancelled",
    output: unknown = "Updated file src/foo.py",
  ): Step =>
  (call) =>
    call.finish(state, output);

describe("createToolEventTracker", () => {
  it.each<[string, Step[], unknown[]]>([
    [
      "streamed, id, complete, success",
      [chunks, id, complete, finish("success")],
      [use, result({})],
    ],
    ["id known before the chunks", [id, chunks, complete, finish("success")], [use, result({})]],
    ["id arriving after completion", [chunks, complete, id, finish("success")], [use, result({})]],
    ["finish without completeArguments", [chunks, id, finish("success")], [use, result({})]],
    [
      "a tool that raised",
      [chunks, id, complete, finish("error", "boom")],
      [use, result({ tool_status: "error", tool_output: "boom" }), toolError],
    ],
    [
      "a call the user rejected",
      [chunks, id, complete, finish("rejected", "Rejected by user")],
      [use, result({ tool_status: "error", tool_output: "Rejected by user" }), toolError],
    ],
    [
      "a cancelled call",
      [chunks, id, complete, finish("cancelled")],
      [use, result({ tool_status: "error" }), toolError],
    ],
    [
      "no id: no tool.use, tool_id null, tool_args {}",
      [chunks, complete, finish("success")],
      [result({ tool_id: null, tool_args: {} })],
    ],
    [
      "arguments that never parse: no tool.use, real id, tool_args {}",
      [(call) => call.appendArguments('{"file_path": '), id, complete, finish("error", "bad")],
      [result({ tool_args: {}, tool_status: "error", tool_output: "bad" }), toolError],
    ],
    [
      "a non-object value is wrapped",
      [(call) => call.appendArguments('["a", 1]'), id, complete, finish("success")],
      [
        { event: "tool.use", payload: { ...use.payload, tool_args: { value: ["a", 1] } } },
        result({ tool_args: { value: ["a", 1] } }),
      ],
    ],
    [
      "non-string output is sent as JSON, none as an empty string",
      [chunks, id, complete, finish("success", { lines: 2 })],
      [use, result({ tool_output: '{"lines":2}' })],
    ],
    [
      "a second finish, and steps after it, are ignored",
      [chunks, id, complete, finish("success"), finish("error"), complete],
      [use, result({})],
    ],
    [
      "chunks after tool.use are ignored",
      [chunks, id, complete, (call) => call.appendArguments("garbage"), finish("success")],
      [use, result({})],
    ],
  ])("%s", (_, steps, expected) => {
    const recorder = createRecorder();
    const call = createToolEventTracker(recorder).beginToolCall("write_file");
    for (const step of steps) step(call);
    expect(recorder.fired).toEqual(expected);
  });

  it("takes an id given at the start; the first non-empty id wins", () => {
    const recorder = createRecorder();
    const tracker = createToolEventTracker(recorder);
    const call = tracker.beginToolCall("write_file", "toolu_abc123");
    call.setId("other");
    chunks(call);
    call.finish("success", undefined);
    const blank = tracker.beginToolCall("ls", "");
    blank.appendArguments("{}");
    blank.finish("success", null);
    expect(recorder.fired).toEqual([
      use,
      result({ tool_output: "" }),
      {
        event: "tool.result",
        payload: {
          tool_name: "ls",
          tool_id: null,
          tool_args: {},
          tool_status: "success",
          tool_output: "",
        },
      },
    ]);
  });

  it("caps tool_output at the dispatcher's limit and never truncates tool_args", () => {
    const recorder = createRecorder(50);
    const call = createToolEventTracker(recorder).beginToolCall("read_file", "t1");
    const long = "z".repeat(500);
    call.appendArguments(JSON.stringify({ content: long }));
    call.finish("success", "x".repeat(51));
    const payload = recorder.fired[1]?.payload;
    expect(payload?.tool_args).toEqual({ content: long });
    expect(payload?.tool_output).toBe(`${"x".repeat(50 - 19)}${truncationMarker}`);
  });

  it("delivers the seed's payloads to a real handler, with a 10 MB output capped to exactly 2000", async () => {
    const directory = createTestWorkspace("tool-events").root;
    const out = path.join(directory, "events.jsonl");
    const config = path.join(directory, "hooks.json");
    const append = fileURLToPath(
      new URL("../../test/fixtures/event-stream/append-payload.sh", import.meta.url),
    );
    await writeFile(config, JSON.stringify({ hooks: [{ command: ["/bin/sh", append, out] }] }));
    const dispatcher = await createEventDispatcher({
      configFiles: [config],
      onDiagnostic: () => {},
    });
    const tracker = createToolEventTracker(dispatcher);
    const sizes = [1999, 2000, 2001, 10 * 1024 * 1024];
    for (const [index, size] of sizes.entries()) {
      const call = tracker.beginToolCall("read_file", `t${index}`);
      call.appendArguments('{"file_path": "big.txt"}');
      call.completeArguments();
      call.finish(index === 3 ? "error" : "success", "o".repeat(size));
    }
    expect(dispatchUserNameSet(dispatcher, { name: " Ada ", assistantId: "agent" })).toBe(true);
    expect(dispatchUserNameSet(dispatcher, { name: "   ", assistantId: "agent" })).toBe(false);
    await dispatcher.drain();
    const payloads = (await readFile(out, "utf8"))
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const outputs = new Map(
      payloads
        .filter((payload) => payload.event === "tool.result")
        .map((payload) => [payload.tool_id, String(payload.tool_output)]),
    );
    expect(outputs.get("t0")).toBe("o".repeat(1999));
    expect(outputs.get("t1")).toBe("o".repeat(2000));
    for (const capped of [outputs.get("t2"), outputs.get("t3")]) {
      expect(capped).toHaveLength(2000);
      expect(capped?.endsWith(truncationMarker)).toBe(true);
    }
    expect(payloads).toContainEqual({
      event: "tool.use",
      tool_name: "read_file",
      tool_id: "t3",
      tool_args: { file_path: "big.txt" },
    });
    expect(payloads).toContainEqual({ event: "tool.error", tool_names: ["read_file"] });
    expect(payloads).toContainEqual({ event: "user.name.set", name: "Ada", assistant_id: "agent" });
    expect(payloads).toHaveLength(4 * 2 + 1 + 1);
  });
});
