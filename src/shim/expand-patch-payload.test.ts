import { describe, expect, it } from "vitest";
import { expandPatchPayload } from "./expand-patch-payload.js";

const patch = (...lines: string[]) => ["*** Begin Patch", ...lines, "*** End Patch"].join("\n");

// Codex 0.169's apply_patch PreToolUse payload: the patch in tool_input.command.
const codexPatchCall = (command: unknown, extra: Record<string, unknown> = {}) => ({
  session_id: "s-1",
  cwd: "/project",
  hook_event_name: "PreToolUse",
  tool_name: "apply_patch",
  tool_input: { command },
  tool_use_id: "call_1",
  ...extra,
});

const split = (toolName: string, toolInput: Record<string, unknown>, extra = {}) => ({
  session_id: "s-1",
  cwd: "/project",
  hook_event_name: "PreToolUse",
  tool_name: toolName,
  tool_input: toolInput,
  tool_use_id: "call_1",
  ...extra,
});

describe("expandPatchPayload", () => {
  it.each([
    [
      "an added file: a Write with its content",
      patch("*** Add File: .env", "+KEY=1"),
      [split("Write", { file_path: "/project/.env", content: "KEY=1\n" })],
      [],
    ],
    [
      "an update: one Edit per block, at the absolute path",
      patch("*** Update File: src/a.ts", "@@", " keep", "-old", "+new", "@@ tail", "-x", "+y"),
      [
        split("Edit", {
          file_path: "/project/src/a.ts",
          old_string: "keep\nold",
          new_string: "keep\nnew",
          replace_all: false,
        }),
        split("Edit", {
          file_path: "/project/src/a.ts",
          old_string: "x",
          new_string: "y",
          replace_all: false,
        }),
      ],
      [],
    ],
    [
      "a deleted file: a Write of empty content",
      patch("*** Delete File: /elsewhere/.env"),
      [split("Write", { file_path: "/elsewhere/.env", content: "" })],
      ["apply_patch deletes /elsewhere/.env: the hook sees a Write of empty content to it"],
    ],
    [
      "a move: the old path emptied, the edits at the new one (normalised)",
      patch("*** Update File: a.txt", "*** Move to: sub/../.env", "@@", "-1", "+2"),
      [
        split("Write", { file_path: "/project/a.txt", content: "" }),
        split("Edit", {
          file_path: "/project/.env",
          old_string: "1",
          new_string: "2",
          replace_all: false,
        }),
      ],
      [
        "apply_patch moves a.txt to sub/../.env: the hook sees a Write of empty content to the old path and the edits at the new one",
      ],
    ],
  ])("%s", (_name, command, payloads, problems) => {
    expect(expandPatchPayload("codex", "claude", codexPatchCall(command), "/other")).toEqual({
      ok: true,
      payloads,
      problems,
    });
  });

  it("gives a PostToolUse part Claude Code's tool_response for its file", () => {
    const payload = codexPatchCall(
      patch("*** Add File: n.txt", "+hi", "*** Update File: a.txt", "@@", "-a", "+b"),
      {
        hook_event_name: "PostToolUse",
        tool_response:
          "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nA n.txt\nM a.txt\n",
      },
    );
    const expanded = expandPatchPayload("codex", "claude", payload, "/project");
    expect(expanded.ok && expanded.payloads.map((part) => part.tool_response)).toEqual([
      { type: "create", filePath: "/project/n.txt", content: "hi\n" },
      { filePath: "/project/a.txt", oldString: "a", newString: "b", replaceAll: false },
    ]);
  });

  it.each([
    [
      "a patch it cannot read",
      patch("*** Environment ID: remote", "*** Add File: .env", "+K=1"),
      /cannot be read: line 2 is not a file header/,
    ],
    ["no patch text", ["apply_patch", "x"], /no string tool_input.command/],
  ])("refuses %s", (_name, command, message) => {
    const expanded = expandPatchPayload("codex", "claude", codexPatchCall(command), "/project");
    expect(expanded.ok).toBe(false);
    if (!expanded.ok) expect(expanded.error).toMatch(message);
  });

  it.each([
    ["a Codex hook, which reads apply_patch itself", "codex", "claude"],
    ["a ZeroCode hook", "zerocode", "codex"],
    ["a host without apply_patch", "claude", "gemini"],
  ] as const)("leaves the call whole for %s", (_name, hook, host) => {
    const payload = codexPatchCall("not a patch");
    expect(expandPatchPayload(host, hook, payload, "/project")).toEqual({
      ok: true,
      payloads: [payload],
      problems: [],
    });
  });

  it("splits for a Gemini CLI hook inside ZeroCode too, and leaves other tools whole", () => {
    const patchCall = codexPatchCall(patch("*** Add File: a", "+x"));
    const expanded = expandPatchPayload("zerocode", "gemini", patchCall, "/project");
    expect(expanded.ok && expanded.payloads.map((part) => part.tool_name)).toEqual(["Write"]);
    const bash = split("Bash", { command: "ls" });
    expect(expandPatchPayload("codex", "claude", bash, "/project")).toEqual({
      ok: true,
      payloads: [bash],
      problems: [],
    });
  });
});
