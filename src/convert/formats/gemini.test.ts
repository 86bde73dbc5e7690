import { describe, expect, it } from "vitest";
import { type ConversionIssue, formatConversionIssue } from "../conversion-issue.js";
import { convertHooks } from "../convert-hooks.js";
import { convertSecondsToUnit, convertUnitToSeconds } from "../convert-timeout-unit.js";
import { translateToolNameToGemini } from "../gemini-tool-names.js";
import type { FormatName } from "../portable-hooks.js";
import { geminiEventNames, geminiFormat } from "./gemini.js";

function convert(document: unknown, from: FormatName, to: FormatName) {
  const result = convertHooks({ text: JSON.stringify(document), file: "settings.json", from, to });
  if (!result.ok) throw new Error(result.error);
  // The configuration's own issues; the line on the hooks' output protocol, which every
  // conversion between Gemini CLI and another agent has, is `protocol` (tested on its own below).
  const isProtocol = (issue: ConversionIssue) => issue.subject === "the hooks' output";
  const issues = result.issues.filter((issue) => !isProtocol(issue));
  return {
    output: JSON.parse(result.output) as unknown,
    lines: issues.map(formatConversionIssue),
    lossy: issues.some((issue) => issue.kind === "lossy"),
    protocol: result.issues.filter(isProtocol).map(formatConversionIssue),
    exitLossy: result.lossy,
  };
}

/** A command with Gemini CLI's default timeout, 60 s, which Gemini CLI files leave out. */
const claudeCommand = { type: "command", command: "./hook.sh", timeout: 60 };
const geminiCommand = { type: "command", command: "./hook.sh" };

const guard = {
  hooks: {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [{ type: "command", command: "./guard.sh", timeout: 30 }],
      },
    ],
  },
};

const geminiGuard = {
  hooks: {
    BeforeTool: [
      {
        matcher: "^run_shell_command$",
        hooks: [{ type: "command", command: "./guard.sh", timeout: 30000 }],
      },
    ],
  },
};

describe("the seconds ↔ milliseconds table", () => {
  it.each([
    [30, 30000],
    [600, 600000],
    [1.5, 1500],
    [0.5, 500],
    [60, 60000],
  ])("%d s is %d ms, and back", (seconds, milliseconds) => {
    expect(convertSecondsToUnit(seconds, "milliseconds")).toBe(milliseconds);
    expect(convertUnitToSeconds(milliseconds, "milliseconds")).toBe(seconds);
    expect(convertSecondsToUnit(seconds, "seconds")).toBe(seconds);
    expect(convertUnitToSeconds(seconds, "seconds")).toBe(seconds);
  });
});

describe("the event-name map", () => {
  it.each([
    ["PreToolUse", "BeforeTool"],
    ["PostToolUse", "AfterTool"],
    ["UserPromptSubmit", "BeforeAgent"],
    ["Stop", "AfterAgent"],
    ["PreCompact", "PreCompress"],
    ["SessionStart", "SessionStart"],
    ["SessionEnd", "SessionEnd"],
    ["Notification", "Notification"],
  ])("Claude %s is Gemini CLI %s, both ways", (claude, gemini) => {
    expect(geminiEventNames[claude as keyof typeof geminiEventNames]).toBe(gemini);
    const there = convert(
      { hooks: { [claude]: [{ hooks: [claudeCommand] }] } },
      "claude",
      "gemini",
    );
    expect(there.output).toEqual({ hooks: { [gemini]: [{ hooks: [geminiCommand] }] } });
    const back = convert(there.output, "gemini", "claude");
    expect(back.output).toEqual({ hooks: { [claude]: [{ hooks: [claudeCommand] }] } });
  });

  it("has the eleven Gemini CLI events", () => {
    expect(Object.values(geminiFormat.events).map((event) => event.name)).toEqual([
      "BeforeTool",
      "AfterTool",
      "BeforeAgent",
      "AfterAgent",
      "PreCompress",
      "SessionStart",
      "SessionEnd",
      "Notification",
      "BeforeModel",
      "AfterModel",
      "BeforeToolSelection",
    ]);
  });

  it("drops a Claude event Gemini CLI lacks, as a lossy item", () => {
    const { output, lines, lossy } = convert(
      { hooks: { PermissionRequest: [{ hooks: [{ type: "command", command: "a" }] }] } },
      "claude",
      "gemini",
    );
    expect(output).toEqual({ hooks: {} });
    expect(lossy).toBe(true);
    expect(lines.join("\n")).toContain("PermissionRequest");
  });

  it("drops a Gemini CLI model event Claude Code lacks, as a lossy item", () => {
    const { output, lines, lossy } = convert(
      { hooks: { BeforeModel: [{ hooks: [{ type: "command", command: "a" }] }] } },
      "gemini",
      "claude",
    );
    expect(output).toEqual({ hooks: {} });
    expect(lossy).toBe(true);
    expect(lines.join("\n")).toContain("BeforeModel");
  });
});

describe("the tool-name map", () => {
  it.each([
    ["Bash", "run_shell_command"],
    ["Write", "write_file"],
    ["Edit", "replace"],
    ["Read", "read_file"],
    ["Glob", "glob"],
    ["Grep", "grep_search"],
    ["WebFetch", "web_fetch"],
    ["WebSearch", "google_web_search"],
    ["TodoWrite", "write_todos"],
  ])("Claude %s is Gemini CLI %s, both ways", (claude, gemini) => {
    expect(translateToolNameToGemini(claude)).toBe(gemini);
    const there = convert(
      { hooks: { PreToolUse: [{ matcher: claude, hooks: [claudeCommand] }] } },
      "claude",
      "gemini",
    );
    expect(there.output).toEqual({
      hooks: { BeforeTool: [{ matcher: `^${gemini}$`, hooks: [geminiCommand] }] },
    });
    const back = convert(there.output, "gemini", "claude");
    expect(back.output).toEqual({
      hooks: { PreToolUse: [{ matcher: claude, hooks: [claudeCommand] }] },
    });
  });

  it("reports a regular expression over public names as lossy: Gemini CLI matches its own", () => {
    const { output, lines, lossy } = convert(
      { hooks: { PreToolUse: [{ matcher: "Edit.*", hooks: [claudeCommand] }] } },
      "claude",
      "gemini",
    );
    expect(output).toEqual({
      hooks: { BeforeTool: [{ matcher: "Edit.*", hooks: [geminiCommand] }] },
    });
    expect(lossy).toBe(true);
    expect(lines.join("\n")).toContain("replace for Edit");
  });

  it("keeps a regular expression that names no renamed tool (mcp__.*) without a warning", () => {
    const { lossy } = convert(
      { hooks: { PreToolUse: [{ matcher: "mcp__.*", hooks: [claudeCommand] }] } },
      "claude",
      "gemini",
    );
    expect(lossy).toBe(false);
  });

  it("carries a Gemini regular expression over Gemini names as is, as lossy", () => {
    const { output, lines, lossy } = convert(
      { hooks: { BeforeTool: [{ matcher: "run_.*", hooks: [geminiCommand] }] } },
      "gemini",
      "claude",
    );
    expect(output).toEqual({
      hooks: { PreToolUse: [{ matcher: "run_.*", hooks: [claudeCommand] }] },
    });
    expect(lossy).toBe(true);
    expect(lines.join("\n")).toContain("names Gemini CLI tools");
  });

  it("keeps names it has no counterpart for (MCP tools)", () => {
    expect(translateToolNameToGemini("mcp__github__create_issue")).toBe(
      "mcp__github__create_issue",
    );
  });

  it("writes a name list as one anchored alternation", () => {
    const { output } = convert(
      {
        hooks: {
          PostToolUse: [{ matcher: "Edit|Write", hooks: [claudeCommand] }],
        },
      },
      "claude",
      "gemini",
    );
    expect(output).toEqual({
      hooks: {
        AfterTool: [{ matcher: "^(replace|write_file)$", hooks: [geminiCommand] }],
      },
    });
  });
});

describe("convert: Claude Code ↔ Gemini CLI", () => {
  it("converts a Claude guard with a 30 s timeout to Gemini CLI: 30000 ms and run_shell_command", () => {
    const { output, lines, lossy } = convert(guard, "claude", "gemini");
    expect(output).toEqual(geminiGuard);
    expect(lines).toEqual([]);
    expect(lossy).toBe(false);
  });

  it("converts the Gemini CLI guard back to Claude Code", () => {
    const { output, lossy } = convert(geminiGuard, "gemini", "claude");
    expect(output).toEqual(guard);
    expect(lossy).toBe(false);
  });

  it("reports, as lossy, that Gemini CLI does not read a Claude Code script's decision, and the reverse, unless --shim", () => {
    const there = convert(guard, "claude", "gemini");
    expect(there.protocol).toEqual([
      'agent-hooks convert: lossy: the hooks\' output is Claude Code\'s (hookSpecificOutput.permissionDecision, decision: "block", continue), which Gemini CLI does not read: it reads {"decision": "allow"|"deny", "reason"} and sends its own payloads, so a decision a hook prints is ignored there and what it would block goes ahead (an exit 2 still blocks); convert with --shim to have agent-hooks shim translate each payload and reply',
    ]);
    expect(there.exitLossy).toBe(true);
    const back = convert(geminiGuard, "gemini", "claude");
    expect(back.protocol).toEqual([
      expect.stringMatching(
        /^agent-hooks convert: lossy: the hooks' output is Gemini CLI's \(\{"decision": .*\), which Claude Code does not read: it reads hookSpecificOutput\.permissionDecision/,
      ),
    ]);
    expect(convert(geminiGuard, "gemini", "gemini").protocol).toEqual([]);
    const shimmed = convertHooks({
      text: JSON.stringify(guard),
      file: "settings.json",
      from: "claude",
      to: "gemini",
      shimCommand: "agent-hooks",
    });
    expect(shimmed.ok && shimmed.issues.map((issue) => issue.subject)).not.toContain(
      "the hooks' output",
    );
  });

  it("writes Claude's default of 600 s, since Gemini CLI's default is 60 s", () => {
    const { output } = convert(
      { hooks: { Stop: [{ hooks: [{ type: "command", command: "a" }] }] } },
      "claude",
      "gemini",
    );
    expect(output).toEqual({
      hooks: { AfterAgent: [{ hooks: [{ type: "command", command: "a", timeout: 600000 }] }] },
    });
  });

  it("reads Gemini CLI's default of 60000 ms as 60 s", () => {
    const { output } = convert(
      { hooks: { AfterAgent: [{ hooks: [{ type: "command", command: "a" }] }] } },
      "gemini",
      "claude",
    );
    expect(output).toEqual({
      hooks: { Stop: [{ hooks: [{ type: "command", command: "a", timeout: 60 }] }] },
    });
  });

  it("drops a sequential group flag as a lossy item, keeping the hooks", () => {
    const { output, lines, lossy } = convert(
      {
        hooks: {
          BeforeTool: [
            {
              matcher: "^write_file$",
              sequential: true,
              hooks: [{ type: "command", command: "a" }],
            },
          ],
        },
      },
      "gemini",
      "claude",
    );
    expect(output).toEqual({
      hooks: {
        PreToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: "a", timeout: 60 }] }],
      },
    });
    expect(lossy).toBe(true);
    expect(lines.join("\n")).toContain("sequential");
  });

  it("carries name, description and env within Gemini CLI and the hooks settings", () => {
    const document = {
      hooksConfig: { enabled: true },
      hooks: {
        enabled: true,
        SessionStart: [
          {
            matcher: "startup",
            hooks: [
              {
                type: "command",
                command: "./start.sh",
                name: "start",
                description: "loads context",
                env: { MODE: "ci" },
              },
            ],
          },
        ],
      },
    };
    const { output, lossy } = convert(document, "gemini", "gemini");
    expect(output).toEqual(document);
    expect(lossy).toBe(false);
  });

  it("writes one SessionStart trigger as is, and reports a list as lossy (Gemini compares exactly)", () => {
    const one = convert(
      { hooks: { SessionStart: [{ matcher: "startup", hooks: [claudeCommand] }] } },
      "claude",
      "gemini",
    );
    expect(one.output).toEqual({
      hooks: { SessionStart: [{ matcher: "startup", hooks: [geminiCommand] }] },
    });
    expect(one.lines).toEqual([]);
    const list = convert(
      { hooks: { SessionStart: [{ matcher: "startup|resume", hooks: [claudeCommand] }] } },
      "claude",
      "gemini",
    );
    expect(list.lossy).toBe(true);
    expect(list.lines.join("\n")).toContain("one exact string");
  });

  it("drops a matcher on an event Gemini CLI fires without one, as lossy", () => {
    const { output, lossy } = convert(
      { hooks: { Notification: [{ matcher: "idle_prompt", hooks: [claudeCommand] }] } },
      "claude",
      "gemini",
    );
    expect(output).toEqual({ hooks: { Notification: [{ hooks: [geminiCommand] }] } });
    expect(lossy).toBe(true);
  });

  it("joins Claude's exec form into one shell string", () => {
    const { output } = convert(
      {
        hooks: {
          Stop: [{ hooks: [{ type: "command", command: "node", args: ["a b.js"], timeout: 60 }] }],
        },
      },
      "claude",
      "gemini",
    );
    expect(output).toEqual({
      hooks: { AfterAgent: [{ hooks: [{ type: "command", command: "node 'a b.js'" }] }] },
    });
  });

  it("reports name and description as lossy outside Gemini CLI", () => {
    const { lossy, lines } = convert(
      {
        hooks: {
          AfterAgent: [{ hooks: [{ type: "command", command: "a", name: "n", description: "d" }] }],
        },
      },
      "gemini",
      "claude",
    );
    expect(lossy).toBe(true);
    expect(lines.join("\n")).toContain('"name"');
  });

  it("says when the source turns hooks off", () => {
    const { lines } = convert({ hooksConfig: { enabled: false }, hooks: {} }, "gemini", "claude");
    expect(lines.join("\n")).toContain("the source turns hooks off");
    expect(lines.join("\n")).toContain("lossy");
  });
});
