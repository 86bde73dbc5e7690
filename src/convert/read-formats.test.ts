import fc from "fast-check";
import { stringify } from "smol-toml";
import { describe, expect, it } from "vitest";
import { formatConversionIssue } from "./conversion-issue.js";
import { hookFormats } from "./hook-formats.js";
import { formatNames } from "./portable-hooks.js";

function read(format: keyof typeof hookFormats, document: unknown, file = "hooks.json") {
  const text = typeof document === "string" ? document : JSON.stringify(document);
  return hookFormats[format].read(text, file);
}

function readIssues(format: keyof typeof hookFormats, document: unknown, file?: string) {
  const result = read(format, document, file);
  if (!result.ok) throw new Error(result.error);
  return result.issues.map(formatConversionIssue);
}

describe("readers never throw", () => {
  // Found by the property below: a matcher naming an Object.prototype key.
  it.each(formatNames)(
    "%s: a matcher named __proto__ or constructor is read, not thrown on",
    (format) => {
      for (const matcher of ["__proto__", "constructor", "toString|Bash"]) {
        const document = { hooks: { PreToolUse: [{ matcher, hooks: [] }] } };
        expect(() => read(format, document)).not.toThrow();
      }
    },
  );

  it.each(formatNames)("%s: any JSON value gives hooks and issues, or an error", (format) => {
    const anyDocument = fc.oneof(
      fc.jsonValue(),
      fc.record({ hooks: fc.dictionary(fc.string(), fc.jsonValue()) }),
      fc.record({
        hooks: fc.dictionary(
          fc.constantFrom("PreToolUse", "preToolUse", "Stop"),
          fc.array(
            fc.oneof(
              fc.jsonValue(),
              fc.record({ matcher: fc.jsonValue(), hooks: fc.array(fc.jsonValue()) }),
              fc.dictionary(
                fc.constantFrom("type", "command", "bash", "timeout", "timeoutSec", "env", "args"),
                fc.jsonValue(),
              ),
            ),
          ),
        ),
      }),
    );
    fc.assert(
      fc.property(anyDocument, (document) => {
        const result = read(format, document);
        expect(typeof result.ok).toBe("boolean");
      }),
      { numRuns: 150 },
    );
  });

  it("reads TOML that is not valid as an error, not an exception", () => {
    const result = hookFormats.zerocode.read("[[hooks.PreToolUse]\nmatcher =", "config.toml");
    expect(result).toEqual({
      ok: false,
      error: expect.stringMatching(/^config\.toml is not valid TOML: .* at line \d+, column \d+$/),
    });
  });

  it.each([
    ["deepagents", "{ hooks: ", /^hooks\.json is not valid JSON: .* at line 1, column \d+$/],
    ["deepagents", "[]", /^hooks\.json must contain an object$/],
    ["claude", '{"hooks": []}', /^hooks\.json: "hooks" must be an object keyed by event name$/],
    [
      "deepagents",
      '{"hooks": [{"events": ["session.start"]}]}',
      /the Deep Agents event-stream form/,
    ],
    ["copilot", '{"version": 1, // no\n"hooks": {}}', /is not valid JSON/],
  ] as const)("%s %j is an error", (format, text, error) => {
    const result = read(format, text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(error);
  });
});

describe("unreadable items are skipped with a lossy issue, siblings still load", () => {
  it("Deep Agents: bad groups, handlers and fields", () => {
    const document = {
      hooks: {
        PreToolUse: [
          "not a group",
          { matcher: 3, hooks: [] },
          { matcher: "Bash" },
          {
            matcher: "Bash",
            hooks: [
              { command: "no-type.sh" },
              { type: "command" },
              { type: "command", command: "ok.sh", timeout: "10", statusMessage: 4 },
            ],
          },
          { type: "command", command: "flat.sh" },
        ],
        Stop: "not a list",
      },
    };
    const result = read("deepagents", document);
    if (!result.ok) throw new Error(result.error);
    expect(result.set.hooks.map((hook) => hook.command.default)).toEqual(["ok.sh"]);
    expect(result.set.hooks[0]?.timeoutSeconds).toBe(600);
    expect(result.issues.map(formatConversionIssue)).toEqual([
      "agent-hooks convert: lossy: matcher group at hooks.PreToolUse[0]: is not an object; it is skipped",
      "agent-hooks convert: lossy: matcher at hooks.PreToolUse[1].matcher: must be a string; the group is skipped",
      'agent-hooks convert: lossy: matcher group at hooks.PreToolUse[2]: needs a "hooks" list; it is skipped',
      'agent-hooks convert: lossy: handler at hooks.PreToolUse[3].hooks[0]: has no "type"; it is skipped',
      'agent-hooks convert: lossy: handler at hooks.PreToolUse[3].hooks[1]: has no "command", so Deep Agents Code does not run it; it is skipped',
      'agent-hooks convert: lossy: "timeout" at hooks.PreToolUse[3].hooks[2].timeout: must be a positive number of seconds; it is dropped',
      'agent-hooks convert: lossy: "statusMessage" at hooks.PreToolUse[3].hooks[2].statusMessage: must be a string; it is dropped',
      "agent-hooks convert: lossy: matcher group at hooks.PreToolUse[4]: is a flat hook entry without matcher groups (as vscode and copilot files write them); it is skipped",
      'agent-hooks convert: lossy: event "Stop" at hooks.Stop: must be a list of matcher groups; its hooks are skipped',
    ]);
  });

  it("VS Code: a Claude-format group in a native file is pointed at --from claude", () => {
    const document = {
      hooks: {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "a.sh" }] },
          { type: "command", windows: "only-windows.ps1" },
          { type: "command", cwd: "no-command" },
        ],
      },
    };
    expect(readIssues("vscode", document)).toEqual([
      "agent-hooks convert: lossy: entry at hooks.PreToolUse[0]: is a matcher group (the Claude Code format: read the file with --from claude); it is skipped",
      "agent-hooks convert: lossy: handler at hooks.PreToolUse[2]: has no command, so VS Code does not run it; it is skipped",
    ]);
  });

  it("Copilot: bash is the Linux and macOS command, a command key the default; the version is checked", () => {
    const document = {
      version: 2,
      hooks: { preToolUse: [{ type: "command", bash: "a.sh", command: "b.sh", comment: "x" }] },
    };
    const result = read("copilot", document);
    if (!result.ok) throw new Error(result.error);
    expect(result.set.hooks[0]?.command).toEqual({
      default: "b.sh",
      windows: null,
      linux: "a.sh",
      osx: "a.sh",
    });
    expect(result.set.hooks[0]?.extraFields.map((field) => field.segments)).toEqual([["comment"]]);
    expect(result.issues.map(formatConversionIssue)).toEqual([
      'agent-hooks convert: note: "version" 2 at version: Copilot CLI hook files declare version 1; the file is read as version 1',
    ]);
  });

  it("Copilot: a bad bash value is reported once, though it fills two commands", () => {
    const document = {
      version: 1,
      hooks: { preToolUse: [{ type: "command", bash: 5, powershell: "a.ps1" }] },
    };
    const result = read("copilot", document);
    if (!result.ok) throw new Error(result.error);
    expect(result.set.hooks[0]?.command).toEqual({
      default: null,
      windows: "a.ps1",
      linux: null,
      osx: null,
    });
    expect(result.issues.map(formatConversionIssue)).toEqual([
      'agent-hooks convert: lossy: "bash" at hooks.preToolUse[0].bash: must be a non-empty string; it is dropped',
    ]);
  });
});

describe("what readers keep", () => {
  it("Claude Code settings: comments, trailing commas, other settings, the exec form", () => {
    const text = `{
      // team settings
      "model": "opus",
      "disableAllHooks": true,
      "hooks": {
        "PreToolUse": [{ "matcher": "Bash", "hooks": [
          { "type": "command", "command": "./guard", "args": ["--strict"], "async": true, "once": true, },
        ] }],
        "Stop": [{ "matcher": "ignored", "hooks": [{ "type": "command", "command": "./stop.sh" }] }],
      },
    }`;
    const result = read("claude", text, "settings.json");
    if (!result.ok) throw new Error(result.error);
    const [guard, stop] = result.set.hooks;
    expect(guard?.command.default).toEqual(["./guard", "--strict"]);
    expect(guard?.async).toBe(true);
    expect(guard?.extraFields.map((field) => [field.segments, field.value])).toEqual([
      [["once"], true],
    ]);
    expect(stop?.matcher).toBeNull();
    expect(result.set.extraFields.map((field) => field.segments)).toEqual([["disableAllHooks"]]);
    expect(result.issues.map(formatConversionIssue)).toEqual([
      "agent-hooks convert: note: comments are not carried to the output",
      "agent-hooks convert: note: settings other than hooks (model) are not hook configuration and are not converted",
      'agent-hooks convert: note: matcher "ignored" at hooks.Stop[0].matcher: Claude Code ignores matchers on Stop, so it is not carried',
    ]);
  });

  it("ZeroCode TOML: command_windows, managed directories, features, a clamped SessionEnd timeout", () => {
    const text = stringify({
      model: "gpt-5",
      features: { hooks: false },
      hooks: {
        managed_dir: "/opt/hooks",
        SessionEnd: [{ hooks: [{ type: "command", command: "end.sh", timeout: 10 }] }],
        PreToolUse: [
          {
            matcher: "^exec_command$",
            hooks: [{ type: "command", command: "a.sh", command_windows: "a.ps1" }],
          },
        ],
      },
    });
    const result = read("zerocode", text, "config.toml");
    if (!result.ok) throw new Error(result.error);
    expect(result.set.syntax).toBe("toml");
    expect(result.set.hooks.map((hook) => [hook.event, hook.matcher, hook.timeoutSeconds])).toEqual(
      [
        ["SessionEnd", null, 3],
        ["PreToolUse", "Bash", 600],
      ],
    );
    expect(result.set.hooks[1]?.command.windows).toBe("a.ps1");
    expect(result.set.extraFields.map((field) => [field.path, field.value])).toEqual([
      ["hooks.managed_dir", "/opt/hooks"],
      ["features.hooks", false],
    ]);
    expect(result.issues.map(formatConversionIssue)).toEqual([
      "agent-hooks convert: note: settings other than hooks (model) are not hook configuration and are not converted",
      "agent-hooks convert: note: timeout 10 s at hooks.SessionEnd[0].hooks[0].timeout: ZeroCode runs SessionEnd hooks for at most 3 s, so it is read as 3 s",
      'agent-hooks convert: note: matcher "^exec_command$" at hooks.PreToolUse[0].matcher: ZeroCode tool exec_command is written as its public name Bash',
    ]);
  });

  it("carries an event the source does not have, with a note", () => {
    const document = {
      hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "a" }] }] },
    };
    const result = read("deepagents", document);
    if (!result.ok) throw new Error(result.error);
    expect(result.set.hooks[0]?.event).toBe("UserPromptSubmit");
    expect(result.issues.map(formatConversionIssue)).toEqual([
      'agent-hooks convert: note: event "UserPromptSubmit" at hooks.UserPromptSubmit: is not a Deep Agents Code event, so its hooks never run there; it is carried as UserPromptSubmit',
    ]);
  });
});
