import { describe, expect, it } from "vitest";
import {
  createConfigSource,
  locateDiagnostics,
} from "../../../test/support/dialect-test-support.js";
import { cursorProfile } from "../../profiles/cursor.js";
import type { ConfigSource } from "../discover-config-files.js";
import { parseCursorConfig } from "./cursor.js";

const project = createConfigSource("/work/repo/.cursor/hooks.json", "project", "cursor");
const user: ConfigSource = { ...project, file: "/home/me/.cursor/hooks.json", layer: "user" };
const parse = (document: unknown, from: ConfigSource = project) =>
  parseCursorConfig(document, from, cursorProfile);

describe("parseCursorConfig", () => {
  it("reads events by Cursor's own names, an entry without a type as a command, timeouts in seconds", () => {
    const result = parse({
      version: 1,
      hooks: {
        beforeShellExecution: [{ command: "./guard.sh", matcher: "git push", timeout: 5 }],
        afterFileEdit: [{ command: "./format.sh" }],
        stop: [{ type: "command", command: "./again.sh", loop_limit: 3 }],
      },
    });
    expect(
      result.definitions.map((item) => [item.event, item.command, item.matcher, item.timeoutMs]),
    ).toEqual([
      ["beforeShellExecution", "./guard.sh", "git push", 5000],
      ["afterFileEdit", "./format.sh", null, 60_000],
      ["stop", "./again.sh", null, 60_000],
    ]);
    expect(result.definitions.map((item) => [item.file, item.path, item.cwd])).toEqual([
      [project.file, "hooks.beforeShellExecution[0]", null],
      [project.file, "hooks.afterFileEdit[0]", null],
      [project.file, "hooks.stop[0]", null],
    ]);
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["unsupported_field", "warning", "hooks.stop[0].loop_limit"],
    ]);
  });

  it("runs a user file's commands from its folder, so ./hooks/x.sh names a script beside it", () => {
    const result = parse({ version: 1, hooks: { stop: [{ command: "./hooks/x.sh" }] } }, user);
    expect(result.definitions.map((item) => item.cwd)).toEqual(["/home/me/.cursor"]);
  });

  it("reports failClosed, which agent-hooks does not apply, and keeps the hook", () => {
    const result = parse({
      version: 1,
      hooks: { preToolUse: [{ command: "./guard.sh", failClosed: true }] },
    });
    expect(result.definitions).toHaveLength(1);
    expect(result.diagnostics).toMatchObject([
      {
        code: "unsupported_field",
        file: project.file,
        path: "hooks.preToolUse[0].failClosed",
        message: expect.stringContaining("agent-hooks fails open"),
      },
    ]);
  });

  it.each([
    [
      "an unknown event, with a suggestion",
      { version: 1, hooks: { beforeShellExecutoin: [{ command: "x" }] } },
      [["unknown_event", "warning", "hooks.beforeShellExecutoin"]],
      'did you mean "beforeShellExecution"',
    ],
    [
      "Claude's event names, which Cursor's hooks.json does not take",
      { version: 1, hooks: { PreToolUse: [{ command: "x" }] } },
      [["unknown_event", "warning", "hooks.PreToolUse"]],
      'no hook event "PreToolUse"',
    ],
    [
      "an event that is not a list",
      { version: 1, hooks: { stop: { command: "x" } } },
      [["invalid_config", "error", "hooks.stop"]],
      "must be a list",
    ],
    [
      "an entry without a command",
      { version: 1, hooks: { stop: [{ timeout: 5 }, { command: "./ok.sh" }] } },
      [["invalid_config", "error", "hooks.stop[0]"]],
      "needs at least one command property (command)",
    ],
    [
      "a timeout that is not a number of seconds",
      { version: 1, hooks: { stop: [{ command: "x", timeout: "5" }] } },
      [["invalid_config", "error", "hooks.stop[0].timeout"]],
      "seconds",
    ],
    [
      "a prompt hook, which only Cursor runs",
      { version: 1, hooks: { stop: [{ type: "prompt", prompt: "done?" }] } },
      [["unsupported_handler_type", "warning", "hooks.stop[0].type"]],
      'type "prompt" is run by Cursor but not by agent-hooks',
    ],
    [
      "an unknown entry field, with a suggestion",
      { version: 1, hooks: { stop: [{ command: "x", timeuot: 5 }] } },
      [["unknown_field", "warning", "hooks.stop[0].timeuot"]],
      'did you mean "timeout"',
    ],
    [
      "another version, an unknown root field",
      { version: 2, hook: {} },
      [
        ["invalid_config", "warning", "version"],
        ["unknown_field", "warning", "hook"],
      ],
      "version 1",
    ],
    ["a document that is not an object", [], [["invalid_config", "error", null]], "JSON object"],
    [
      "hooks that are not an object",
      { version: 1, hooks: [] },
      [["invalid_config", "error", "hooks"]],
      "keyed by event name",
    ],
  ])("reports %s at its file and JSON path", (_title, document, expected, message) => {
    const result = parse(document);
    expect(locateDiagnostics(result.diagnostics)).toEqual(expected);
    expect(result.diagnostics.every((item) => item.file === project.file)).toBe(true);
    expect(result.diagnostics.map((item) => item.message).join("\n")).toContain(message);
  });

  it("keeps the valid siblings of a bad entry", () => {
    const result = parse({ version: 1, hooks: { stop: [42, { command: "./ok.sh" }] } });
    expect(result.definitions.map((item) => [item.command, item.groupIndex])).toEqual([
      ["./ok.sh", 1],
    ]);
    expect(locateDiagnostics(result.diagnostics)).toEqual([
      ["invalid_config", "error", "hooks.stop[0]"],
    ]);
  });
});
