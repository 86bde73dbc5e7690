import { describe, expect, it } from "vitest";
import { parseJsonDocument } from "./parse-json-document.js";

describe("parseJsonDocument", () => {
  it("parses strict JSON", () => {
    expect(parseJsonDocument('{"hooks": {"Stop": []}}', "f.json")).toEqual({
      ok: true,
      value: { hooks: { Stop: [] } },
    });
  });

  it.each([
    ["empty text", "", "expected a value at line 1, column 1"],
    ["a comment", '// hooks\n{"hooks": {}}', "comments are not allowed at line 1, column 1"],
    [
      "a trailing comma",
      '{\n  "hooks": {},\n}',
      "expected a property name in double quotes at line 3, column 1",
    ],
    ["two documents", "{}\n{}", "expected the end of the file after the value at line 2, column 1"],
    ["an unclosed object", '{"hooks": {', "expected a closing brace } at line 1, column 12"],
    ["single quotes", "{'hooks': {}}", "unexpected character at line 1, column 2"],
  ])("rejects %s as invalid_json with the first error's position", (_name, text, where) => {
    expect(parseJsonDocument(text, "/cfg/hooks.json")).toEqual({
      ok: false,
      diagnostic: {
        code: "invalid_json",
        severity: "error",
        message: `/cfg/hooks.json is not valid JSON: ${where}`,
        file: "/cfg/hooks.json",
        path: null,
      },
    });
  });
});

describe("parseJsonDocument on hostile text", () => {
  // Regression: locating the error of unclosed deep nesting overflowed the scanner's stack.
  it("reports unclosed nesting too deep to scan as invalid_json instead of throwing", () => {
    const parsed = parseJsonDocument(`{"a": ${"[".repeat(200_000)}`, "/cfg/hooks.json");
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? null : parsed.diagnostic).toMatchObject({
      code: "invalid_json",
      file: "/cfg/hooks.json",
      message: expect.stringMatching(/^\/cfg\/hooks\.json is not valid JSON: /),
    });
  });
});
