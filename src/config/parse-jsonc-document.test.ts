import { describe, expect, it } from "vitest";
import { parseJsoncDocument } from "./parse-jsonc-document.js";

describe("parseJsoncDocument", () => {
  it.each([
    ["strict JSON", '{"hooks": {"Stop": []}}', { hooks: { Stop: [] } }],
    ["a line comment", '// settings\n{"hooks": {}} // done', { hooks: {} }],
    ["a block comment", '{ /* off for now */ "disableAllHooks": true }', { disableAllHooks: true }],
    ["trailing commas", '{\n  "a": [1, 2,],\n  "b": {"c": 1,},\n}', { a: [1, 2], b: { c: 1 } }],
    ["a byte-order mark", '\uFEFF{"model": "opus"}', { model: "opus" }],
    [
      "a comment inside a string",
      '{"command": "echo // not a comment"}',
      { command: "echo // not a comment" },
    ],
    ["empty text", "", undefined],
    ["only a comment", "// nothing configured yet\n", undefined],
  ])("accepts %s", (_name, text, value) => {
    expect(parseJsoncDocument(text, "settings.json")).toEqual({ ok: true, value });
  });

  it.each([
    ["an unclosed object", '{"hooks": {', "CloseBraceExpected at line 1, column 12"],
    ["a missing comma", '{\n  "a": 1\n  "b": 2\n}', "CommaExpected at line 3, column 3"],
    ["single quotes", "{'hooks': {}}", "InvalidSymbol at line 1, column 2"],
    ["an unclosed comment", '{"a": 1} /* open', "UnexpectedEndOfComment at line 1, column 10"],
  ])("rejects %s as invalid_json with the first error's position", (_name, text, where) => {
    expect(parseJsoncDocument(text, "/p/.claude/settings.json")).toEqual({
      ok: false,
      diagnostic: {
        code: "invalid_json",
        severity: "error",
        message: `/p/.claude/settings.json is not valid JSON: ${where}`,
        file: "/p/.claude/settings.json",
        path: null,
      },
    });
  });
});
