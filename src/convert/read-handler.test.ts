import { describe, expect, it } from "vitest";
import type { ConversionIssue } from "./conversion-issue.js";
import type { HookFormat } from "./hook-format.js";
import { hookFormats } from "./hook-formats.js";
import { readHandler } from "./read-handler.js";

function read(format: HookFormat, handler: Record<string, unknown>) {
  const issues: ConversionIssue[] = [];
  const hook = readHandler(handler, {
    format,
    handlerKeys: format.handlerKeys,
    event: "PreToolUse",
    nativeEvent: format.events.PreToolUse?.name ?? "PreToolUse",
    segments: ["hooks", "PreToolUse", 0, "hooks", 0],
    matcher: { matcher: null, matcherFormat: null },
    matcherPath: null,
    group: 0,
    issues,
  });
  return { hook, reasons: issues.map((issue) => `${issue.subject} ${issue.message}`) };
}

describe("readHandler", () => {
  it("keeps valid values as written, untrimmed", () => {
    const { hook, reasons } = read(hookFormats.zerocode, {
      type: "command",
      command: " ./check.sh ",
      commandWindows: " check.cmd",
      timeout: 5,
      additionalContextLimit: 0,
    });
    expect(reasons).toEqual([]);
    expect(hook?.command).toEqual({
      default: " ./check.sh ",
      windows: " check.cmd",
      linux: null,
      osx: null,
    });
    expect(hook?.additionalContextLimit).toBe(0);
  });

  it.each([
    ["zerocode", { command: "  " }, '"command" must be a non-empty string; it is dropped'],
    [
      "deepagents",
      { command: [] },
      '"command" must be a non-empty string or list of strings; it is dropped',
    ],
    ["claude", { command: "./a.sh", args: "x" }, '"args" must be a list of strings; it is dropped'],
    [
      "claude",
      { command: "./a.sh", timeout: 0 },
      '"timeout" must be a positive number of seconds; it is dropped',
    ],
    [
      "vscode",
      { command: "./a.sh", env: { A: 1 } },
      '"env" must be an object of string values; it is dropped',
    ],
    [
      "zerocode",
      { command: "./a.sh", additionalContextLimit: 1.5 },
      '"additionalContextLimit" must be a whole number of tokens, 0 or more; it is dropped',
    ],
    [
      "zerocode",
      { command: "./a.sh", additionalContextLimit: 2 ** 53 },
      '"additionalContextLimit" must be a whole number of tokens, 0 or more; it is dropped',
    ],
    ["claude", { command: "./a.sh", async: "yes" }, '"async" must be true or false; it is dropped'],
  ] as const)("%s %j: drops a value the engine would refuse", (format, fields, reason) => {
    const { reasons } = read(hookFormats[format], { type: "command", ...fields });
    expect(reasons[0]).toBe(reason);
  });

  it("keeps a blank cwd: the target's reader decides", () => {
    const { hook, reasons } = read(hookFormats.vscode, { type: "command", command: "x", cwd: " " });
    expect(reasons).toEqual([]);
    expect(hook?.cwd).toBe(" ");
  });
});
