// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${…}` is Claude Code's mcp_tool placeholder syntax, not a template.
import { describe, expect, it } from "vitest";
import { fillInputPlaceholders } from "./fill-input-placeholders.js";

const payload = {
  session_id: "s-1",
  cwd: "/work",
  tool_name: "Edit",
  tool_input: {
    file_path: "/src/a.ts",
    limit: 20,
    replace_all: false,
    old: null,
    edits: [{ old_string: "x" }, { old_string: "y" }],
    options: { mode: "fast" },
  },
};

describe("fillInputPlaceholders", () => {
  it.each([
    ["a tool_input field", "${tool_input.file_path}", "/src/a.ts"],
    ["a top-level field", "${session_id}", "s-1"],
    [
      "placeholders inside text",
      "${tool_name} of ${tool_input.file_path} in ${cwd}",
      "Edit of /src/a.ts in /work",
    ],
    ["an array index", "${tool_input.edits.1.old_string}", "y"],
    ["a whole number keeps its type", "${tool_input.limit}", 20],
    ["a whole boolean keeps its type", "${tool_input.replace_all}", false],
    ["a whole null keeps its type", "${tool_input.old}", null],
    ["a whole object keeps its type", "${tool_input.options}", { mode: "fast" }],
    [
      "a whole array keeps its type",
      "${tool_input.edits}",
      [{ old_string: "x" }, { old_string: "y" }],
    ],
    ["a number inside text", "first ${tool_input.limit} lines", "first 20 lines"],
    ["an object inside text is JSON", "opts=${tool_input.options}", 'opts={"mode":"fast"}'],
    ["a missing path is empty", "${tool_input.nope}", ""],
    ["a missing path inside text is empty", "[${tool_input.nope}]", "[]"],
    ["a path through a string finds nothing", "${tool_input.file_path.length}", ""],
    ["an out-of-range index finds nothing", "${tool_input.edits.5.old_string}", ""],
    ["inherited keys find nothing", "${constructor}|${tool_input.__proto__}", "|"],
    ["text without placeholders", "plain $text {x} $ {y}", "plain $text {x} $ {y}"],
    ["an unclosed placeholder stays", "${tool_input.file_path", "${tool_input.file_path"],
  ])("%s", (_name, template, expected) => {
    expect(fillInputPlaceholders({ value: template }, payload)).toEqual({ value: expected });
  });

  it("fills strings at any depth, leaving keys and other values alone", () => {
    const input = {
      "${tool_name}": 1,
      nested: { list: ["${tool_input.file_path}", 3, true, null, { deep: "${session_id}" }] },
    };
    expect(fillInputPlaceholders(input, payload)).toEqual({
      "${tool_name}": 1,
      nested: { list: ["/src/a.ts", 3, true, null, { deep: "s-1" }] },
    });
  });

  it("copies a whole value, so the call cannot change the payload", () => {
    const filled = fillInputPlaceholders({ options: "${tool_input.options}" }, payload);
    (filled.options as { mode: string }).mode = "changed";
    expect(payload.tool_input.options.mode).toBe("fast");
  });

  it("keeps a __proto__ key as a plain key", () => {
    const input = JSON.parse('{"__proto__": {"polluted": "${session_id}"}}') as Record<
      string,
      unknown
    >;
    const filled = fillInputPlaceholders(input, payload);
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype);
    expect(Object.keys(filled)).toEqual(["__proto__"]);
  });
});
