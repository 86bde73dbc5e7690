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
    ["an unclosed object", '{"hooks": {', "expected a closing brace } at line 1, column 12"],
    ["a missing comma", '{\n  "a": 1\n  "b": 2\n}', "expected a comma at line 3, column 3"],
    ["single quotes", "{'hooks': {}}", "unexpected character at line 1, column 2"],
    [
      "an unclosed comment",
      '{"a": 1} /* open',
      "unexpected end of file in a comment at line 1, column 10",
    ],
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

describe("parseJsoncDocument on hostile text", () => {
  // Regression: jsonc-parser assigns keys, so `__proto__` became the object's prototype and
  // settings under it (such as hooks) were inherited, invisible to Object.keys.
  it("keeps a __proto__ key as an own property, never as the prototype", () => {
    const parsed = parseJsoncDocument(
      '{"__proto__": {"hooks": {"Stop": []}}, "model": "opus", /* c */}',
      "settings.json",
    );
    if (!parsed.ok) throw new Error(parsed.diagnostic.message);
    const value = parsed.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value.hooks).toBeUndefined();
    expect(Object.keys(value)).toEqual(["__proto__", "model"]);
    expect(Object.getOwnPropertyDescriptor(value, "__proto__")?.value).toEqual({
      hooks: { Stop: [] },
    });
  });

  it("lets the last of duplicate keys win, as JSON.parse does", () => {
    expect(parseJsoncDocument('{"a": 1, "a": 2}', "settings.json")).toEqual({
      ok: true,
      value: { a: 2 },
    });
  });

  // Regression: the scanner recursed past the stack limit and threw a RangeError at the host.
  it("reports nesting too deep to read as invalid_json instead of throwing", () => {
    const text = `{"a": ${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    expect(parseJsoncDocument(text, "/p/settings.json")).toEqual({
      ok: false,
      diagnostic: {
        code: "invalid_json",
        severity: "error",
        message: "/p/settings.json is not valid JSON: it is nested too deeply to read",
        file: "/p/settings.json",
        path: null,
      },
    });
  });
});
