// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${…}` is Claude Code's mcp_tool placeholder syntax, not a template.
import { describe, expect, it } from "vitest";
import type { McpToolHookAction } from "../config/hook-definition.js";
import { callMcpToolHook } from "./call-mcp-tool-hook.js";
import type { CallMcpTool, McpToolRequest, McpToolResult } from "./host-callbacks.js";
import type { HookActionRequest } from "./run-hook-action.js";

const payload = {
  hook_event_name: "PostToolUse",
  session_id: "s-1",
  tool_name: "Write",
  tool_input: { file_path: "/src/a.ts", content: "x" },
};

function createRequest(
  overrides: Partial<HookActionRequest<McpToolHookAction>> = {},
): HookActionRequest<McpToolHookAction> {
  return {
    action: {
      type: "mcp_tool",
      server: "semgrep",
      tool: "scan_file",
      input: { path: "${tool_input.file_path}", session: "${session_id}", depth: 2 },
    },
    event: "PostToolUse",
    input: JSON.stringify(payload),
    payload,
    env: {},
    timeoutMs: 5_000,
    captureLimitBytes: 1024,
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** A fake MCP client that records each call and answers with `answer`. */
function createRecordingClient(answer: (request: McpToolRequest) => Promise<McpToolResult>) {
  const calls: McpToolRequest[] = [];
  const call: CallMcpTool = (request) => {
    calls.push(request);
    return answer(request);
  };
  return { calls, call };
}

const textResult = (...texts: string[]): McpToolResult => ({
  content: texts.map((text) => ({ type: "text", text })),
});

describe("callMcpToolHook", () => {
  it("calls the tool with its input filled from the event", async () => {
    const client = createRecordingClient(async () => textResult(""));
    await callMcpToolHook(createRequest(), client.call);
    expect(client.calls).toHaveLength(1);
    expect(client.calls[0]).toMatchObject({
      server: "semgrep",
      tool: "scan_file",
      input: { path: "/src/a.ts", session: "s-1", depth: 2 },
    });
    expect(client.calls[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it("joins the text content on stdout with exit 0, skipping other content", async () => {
    const client = createRecordingClient(async () => ({
      content: [
        { type: "text", text: '{"decision":' },
        { type: "image" },
        { type: "text", text: '"block"}' },
      ],
    }));
    const outcome = await callMcpToolHook(createRequest(), client.call);
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '{"decision":\n"block"}', stderr: "" });
  });

  it("turns isError into exit 1 with the tool's text on stderr", async () => {
    const client = createRecordingClient(async () => ({
      ...textResult("file not found"),
      isError: true,
    }));
    const outcome = await callMcpToolHook(createRequest(), client.call);
    expect(outcome).toMatchObject({ exitCode: 1, stdout: "", stderr: "file not found" });
  });

  it("names the tool when an isError result has no text", async () => {
    const client = createRecordingClient(async () => ({ content: [], isError: true }));
    const outcome = await callMcpToolHook(createRequest(), client.call);
    expect(outcome.stderr).toBe('the tool "scan_file" of MCP server "semgrep" reported an error');
  });

  it("turns a rejection (a server not connected) into exit 1 naming the server", async () => {
    const client = createRecordingClient(async () => {
      throw new Error("not connected");
    });
    const outcome = await callMcpToolHook(createRequest(), client.call);
    expect(outcome).toMatchObject({ exitCode: 1, stdout: "" });
    expect(outcome.stderr).toBe(
      'could not call the tool "scan_file" of MCP server "semgrep": not connected',
    );
  });

  it("fails a result without a content list", async () => {
    const call = (async () => ({ text: "hi" })) as unknown as CallMcpTool;
    const outcome = await callMcpToolHook(createRequest(), call);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toContain("returned a result without a content list");
  });

  it("times out a tool that does not answer, aborting its signal", async () => {
    const client = createRecordingClient(
      (request) =>
        new Promise((_resolve, reject) => {
          request.signal.addEventListener("abort", () => reject(new Error("aborted")));
        }),
    );
    const outcome = await callMcpToolHook(createRequest({ timeoutMs: 20 }), client.call);
    expect(outcome).toMatchObject({ exitCode: null, timedOut: true });
    expect(client.calls[0]?.signal.aborted).toBe(true);
  });

  it("names the missing callback when the host gave none", async () => {
    const outcome = await callMcpToolHook(createRequest(), undefined);
    expect(outcome.spawnError).toBe("the host gave no callMcpTool callback for mcp_tool handlers");
  });
});
