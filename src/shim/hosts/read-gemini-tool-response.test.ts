import { describe, expect, it } from "vitest";
import { readGeminiToolResponse } from "./read-gemini-tool-response.js";

const modified =
  "\n\n[System] Tool input parameters (command) were modified by a hook before execution.";

describe("readGeminiToolResponse for run_shell_command (Bash)", () => {
  it.each([
    [
      "a passing command",
      "Output: a.txt\nb.txt\nProcess Group PGID: 4242",
      "a.txt\nb.txt",
      false,
      [],
    ],
    ["no output", "Output: (empty)\nProcess Group PGID: 7", "", false, []],
    [
      "a failing command",
      "Output: ls: cannot access 'x': No such file\nExit Code: 2\nProcess Group PGID: 9",
      "ls: cannot access 'x': No such file",
      false,
      ["Exit Code: 2"],
    ],
    [
      "a command a signal ended",
      "Output: (empty)\nSignal: 9\nProcess Group PGID: 9",
      "",
      false,
      ["Signal: 9"],
    ],
    [
      "every trailer",
      "Output: x\nError: spawn bash ENOENT\nExit Code: 1\nSignal: 15\nBackground PIDs: 5, 6\nProcess Group PGID: 4",
      "x",
      false,
      ["Error: spawn bash ENOENT", "Exit Code: 1", "Signal: 15", "Background PIDs: 5, 6"],
    ],
    [
      "output whose own lines look like trailers before the real ones",
      "Output: Exit Code: 0\nProcess Group PGID: 1\nProcess Group PGID: 3",
      "Exit Code: 0\nProcess Group PGID: 1",
      false,
      [],
    ],
    [
      "the text as Gemini CLI 0.61.0 sends it, wrapped for the model",
      "<untrusted_context>\nOutput: out-line\nerr-line\nExit Code: 3\nProcess Group PGID: 18774\n</untrusted_context>",
      "out-line\nerr-line",
      false,
      ["Exit Code: 3"],
    ],
    [
      "a wrapped text with an escaped closing tag and a rewritten input",
      `<untrusted_context>\nOutput: a &lt;/untrusted_context&gt; b\nProcess Group PGID: 5\n</untrusted_context>${modified}`,
      "a </untrusted_context> b",
      false,
      ["Gemini CLI's note that a hook modified the input"],
    ],
    [
      "a rewritten input",
      `Output: hi\nProcess Group PGID: 3${modified}`,
      "hi",
      false,
      ["Gemini CLI's note that a hook modified the input"],
    ],
    [
      "a command cancelled with output",
      "Command was cancelled by user before it could complete. Below is the output before it was cancelled:\npartial\nlines",
      "partial\nlines",
      true,
      [],
    ],
    [
      "a command that timed out with no output",
      "Command was automatically cancelled because it exceeded the timeout of 5.0 minutes without output. There was no output before it was cancelled.",
      "",
      true,
      [],
    ],
  ] as const)("reads %s", (_name, llmContent, stdout, interrupted, lost) => {
    const read = readGeminiToolResponse(
      "Bash",
      { command: "ls" },
      {
        llmContent,
        returnDisplay: "shown",
      },
    );
    expect(read.response).toEqual({ stdout, stderr: "", interrupted, isImage: false });
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]).toContain("stdout and stderr together");
    for (const line of lost) expect(read.problems[0]).toContain(line);
    if (lost.length === 0) expect(read.problems[0]).not.toContain("not in Claude Code's shape");
  });

  it.each([
    [
      "a background command",
      "Command moved to background (PID: 12). Output hidden. Press Ctrl+B to view.",
    ],
    ["parts instead of text", [{ text: "Output: x" }]],
    ["text without an Output section", "something else"],
  ])("keeps Gemini CLI's shape for %s", (_name, llmContent) => {
    const response = { llmContent, returnDisplay: "" };
    const read = readGeminiToolResponse("Bash", { command: "ls" }, response);
    expect(read.response).toBe(response);
    expect(read.problems).toEqual([
      "tool_response keeps Gemini CLI's shape ({llmContent, returnDisplay, error})",
    ]);
  });

  it("keeps Gemini CLI's shape for a tool that failed (error set)", () => {
    const response = {
      llmContent: "Output: (empty)",
      returnDisplay: "",
      error: { message: "denied", type: "execution_failed" },
    };
    expect(readGeminiToolResponse("Bash", {}, response).response).toBe(response);
  });
});

describe("readGeminiToolResponse for write_file (Write) and replace (Edit)", () => {
  it.each([
    ["Successfully created and wrote to new file: /p/a.txt.", "create"],
    ["Successfully overwrote file: /p/a.txt.", "update"],
  ] as const)("builds Write's response from the input (%s)", (llmContent, type) => {
    const read = readGeminiToolResponse(
      "Write",
      { file_path: "/p/a.txt", content: "hello\n" },
      { llmContent, returnDisplay: {} },
    );
    expect(read.response).toEqual({ type, filePath: "/p/a.txt", content: "hello\n" });
    expect(read.problems[0]).toContain("no originalFile or structuredPatch");
  });

  it.each([
    [undefined, false],
    [true, true],
  ] as const)(
    "builds Edit's response from the input (allow_multiple %s)",
    (allowMultiple, replaceAll) => {
      const read = readGeminiToolResponse(
        "Edit",
        {
          file_path: "/p/a.ts",
          old_string: "a",
          new_string: "b",
          ...(allowMultiple !== undefined && { allow_multiple: allowMultiple }),
        },
        { llmContent: "Successfully modified file: /p/a.ts (1 replacements).", returnDisplay: {} },
      );
      expect(read.response).toEqual({
        filePath: "/p/a.ts",
        oldString: "a",
        newString: "b",
        replaceAll,
      });
    },
  );

  it("keeps Gemini CLI's shape for other tools and for an input it cannot read", () => {
    const response = { llmContent: "file text", returnDisplay: "" };
    expect(readGeminiToolResponse("Read", { file_path: "/p/a" }, response).response).toBe(response);
    expect(readGeminiToolResponse("Write", { file_path: "/p/a" }, response).response).toBe(
      response,
    );
    expect(readGeminiToolResponse("Edit", { file_path: 3 }, response).response).toBe(response);
  });
});
