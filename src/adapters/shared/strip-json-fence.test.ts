import { describe, expect, it } from "vitest";
import { stripJsonFence } from "./strip-json-fence.js";

describe("stripJsonFence", () => {
  it.each([
    ["a bare reply", '{"ok": true}', '{"ok": true}'],
    ["a reply with spaces around it", '  {"ok": true}\n', '{"ok": true}'],
    [
      "a json fence",
      '```json\n{"ok": false, "reason": "no"}\n```',
      '{"ok": false, "reason": "no"}',
    ],
    ["a fence without a language", '```\n{"ok": true}\n```', '{"ok": true}'],
    ["a fence with CRLF lines", '```json\r\n{"ok": true}\r\n```', '{"ok": true}'],
    ["a fenced reply with blank lines", '\n```JSON\n\n{"ok": true}\n\n```\n', '{"ok": true}'],
    ["a fence with several lines", '```json\n{\n  "ok": true\n}\n```', '{\n  "ok": true\n}'],
  ])("returns the JSON of %s", (_case, reply, expected) => {
    expect(stripJsonFence(reply)).toBe(expected);
  });

  it.each([
    ["prose before the fence", 'Here: ```json\n{"ok": true}\n```'],
    ["prose after the fence", '```json\n{"ok": true}\n```\nDone.'],
    ["an inline code span", '`{"ok": true}`'],
  ])("leaves %s to the engine's parser", (_case, reply) => {
    expect(stripJsonFence(reply)).toBe(reply.trim());
  });
});
