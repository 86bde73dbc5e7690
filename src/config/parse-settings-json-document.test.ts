import { describe, expect, it } from "vitest";
import { parseSettingsJsonDocument } from "./parse-settings-json-document.js";

describe("parseSettingsJsonDocument", () => {
  it.each([
    ["strict JSON", '{"hooks": {}}', { hooks: {} }],
    ["a byte-order mark", '\uFEFF{"hooks": {}}', { hooks: {} }],
    ["an empty file", "", undefined],
    ["a blank file", " \n\t ", undefined],
    ["a byte-order mark alone", "\uFEFF", undefined],
  ])("accepts %s, as Claude Code does", (_name, text, value) => {
    expect(parseSettingsJsonDocument(text, "/p/settings.json", "Claude Code")).toEqual({
      ok: true,
      value,
    });
  });

  it.each([
    [
      "a line comment",
      '{\n  "hooks": {} // mine\n}',
      "comments are not allowed at line 2, column 15",
    ],
    [
      "a block comment",
      '{ /* mine */ "hooks": {} }',
      "comments are not allowed at line 1, column 3",
    ],
    [
      "a trailing comma",
      '{"hooks": {},}',
      "expected a property name in double quotes at line 1, column 14",
    ],
    ["an unclosed object", '{"hooks": {', "expected a closing brace } at line 1, column 12"],
  ])("fails the whole file for %s, saying where and why", (_name, text, where) => {
    expect(parseSettingsJsonDocument(text, "/p/settings.json", "Claude Code")).toEqual({
      ok: false,
      diagnostic: {
        code: "invalid_json",
        severity: "error",
        message: `/p/settings.json is not valid JSON: ${where}. Claude Code reads this file as strict JSON; comments or trailing commas make it skip the whole file ("Invalid or malformed JSON"), so none of its hooks run`,
        file: "/p/settings.json",
        path: null,
      },
    });
  });
});
