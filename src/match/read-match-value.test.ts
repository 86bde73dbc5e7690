import path from "node:path";
import { describe, expect, it } from "vitest";
import { claudeProfile } from "../profiles/claude.js";
import type { EventSpec } from "../profiles/profile.js";
import { readMatchValue } from "./read-match-value.js";

type Spec = Pick<EventSpec, "matchField" | "matchOn"> | undefined;

const byValue: Spec = { matchField: "file_path" };
const byName: Spec = { matchField: "file_path", matchOn: "basename" };
const noField: Spec = { matchField: null, matchOn: "basename" };

describe("readMatchValue", () => {
  it.each<[string, Spec, unknown, string | null]>([
    ["the field's value", byValue, { file_path: "/p/.envrc" }, "/p/.envrc"],
    [
      "an explicit value rule",
      { matchField: "source", matchOn: "value" },
      { source: "a/b" },
      "a/b",
    ],
    ["the file name on basename", byName, { file_path: "/p/.envrc" }, ".envrc"],
    ["a bare name unchanged", byName, { file_path: ".env" }, ".env"],
    ["the last segment of a trailing-slash path", byName, { file_path: "/p/dir/" }, "dir"],
    ["a relative path's name", byName, { file_path: "sub/.env" }, ".env"],
    ["null without a match field", noField, { file_path: "/p/.envrc" }, null],
    ["null without a spec (unknown event)", undefined, { file_path: "/p" }, null],
    ["null when the field is missing", byName, { event: "change" }, null],
    ["null when the field is not a string", byValue, { file_path: 3 }, null],
    ["null for a payload that is no object", byValue, "file_path", null],
    ["null for an array payload", byValue, ["/p/.envrc"], null],
    ["null for an inherited field", { matchField: "constructor" }, {}, null],
  ])("reads %s", (_name, spec, payload, expected) => {
    expect(readMatchValue(spec, payload)).toBe(expected);
  });

  it("reads the claude table's rows: FileChanged on the name, others on the value", () => {
    const { FileChanged, ConfigChange, PreToolUse } = claudeProfile.events;
    expect(readMatchValue(FileChanged, { file_path: "/repo/.envrc" })).toBe(".envrc");
    expect(readMatchValue(ConfigChange, { source: "policy_settings" })).toBe("policy_settings");
    expect(readMatchValue(PreToolUse, { tool_name: "mcp__fs__read" })).toBe("mcp__fs__read");
  });

  it("follows the host's path rules", () => {
    const windowsPath = "C:\\repo\\.envrc";
    expect(readMatchValue(byName, { file_path: windowsPath })).toBe(path.basename(windowsPath));
  });
});
