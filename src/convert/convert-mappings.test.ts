import { parse as parseToml } from "smol-toml";
import { describe, expect, it } from "vitest";
import { type ConversionIssue, formatConversionIssue } from "./conversion-issue.js";
import { convertHooks } from "./convert-hooks.js";
import { hookFormats } from "./hook-formats.js";
import type { DocumentSyntax, FormatName } from "./portable-hooks.js";
import { resolveCanonicalEventName } from "./resolve-canonical-event-name.js";

function convert(document: unknown, from: FormatName, to: FormatName, syntax?: DocumentSyntax) {
  const result = convertHooks({
    text: JSON.stringify(document),
    file: "hooks.json",
    from,
    to,
    ...(syntax !== undefined && { syntax }),
  });
  if (!result.ok) throw new Error(result.error);
  const output: unknown = syntax === "toml" ? parseToml(result.output) : JSON.parse(result.output);
  return { output, lines: result.issues.map(formatConversionIssue), lossy: result.lossy };
}

/** A one-handler grouped document (Deep Agents, ZeroCode, Claude Code). */
function grouped(event: string, handler: Record<string, unknown>, matcher?: string) {
  return { hooks: { [event]: [{ ...(matcher !== undefined && { matcher }), hooks: [handler] }] } };
}

const command = { type: "command", command: "./hook.sh" };

describe("event names", () => {
  it.each<[FormatName, string, FormatName, string]>([
    ["copilot", "agentStop", "claude", "Stop"],
    ["copilot", "userPromptSubmitted", "vscode", "UserPromptSubmit"],
    ["copilot", "preToolUse", "deepagents", "PreToolUse"],
    ["copilot", "subagentStop", "zerocode", "SubagentStop"],
    ["claude", "Stop", "copilot", "agentStop"],
    ["claude", "UserPromptSubmit", "copilot", "userPromptSubmitted"],
    ["zerocode", "PreCompact", "vscode", "PreCompact"],
  ])("%s %s → %s %s", (from, event, to, expected) => {
    const flat = from === "copilot" || from === "vscode";
    const document = flat
      ? { version: 1, hooks: { [event]: [{ type: "command", bash: "./hook.sh" }] } }
      : grouped(event, command);
    const { output } = convert(document, from, to);
    expect(Object.keys((output as { hooks: object }).hooks)).toEqual([expected]);
  });

  it("keeps Copilot's PascalCase spelling (snake_case payloads) within Copilot", () => {
    const document = { version: 1, hooks: { PreToolUse: [{ type: "command", bash: "a.sh" }] } };
    const { output, lossy } = convert(document, "copilot", "copilot");
    expect(output).toEqual(document);
    expect(lossy).toBe(false);
  });

  it("drops a hook whose event the target lacks, with a warning", () => {
    const { output, lines, lossy } = convert(
      grouped("Notification", command),
      "claude",
      "zerocode",
    );
    expect(output).toEqual({ hooks: {} });
    expect(lossy).toBe(true);
    expect(lines).toEqual([
      "agent-hooks convert: lossy: Notification hook at hooks.Notification[0].hooks[0]: ZeroCode has no Notification event; the hook is dropped",
    ]);
  });
});

describe("tool names in matchers", () => {
  it.each<[FormatName, string, FormatName, string, boolean]>([
    ["zerocode", "^apply_patch$", "claude", "Edit|Write", false],
    ["zerocode", "apply_patch", "deepagents", "Edit|Write", false],
    ["claude", "Edit|Write", "zerocode", "^apply_patch$", false],
    ["claude", "Write|Bash|Edit", "zerocode", "^(apply_patch|Bash)$", false],
    ["claude", "Bash", "zerocode", "^Bash$", false],
    ["claude", "Agent", "zerocode", "^spawn_agent$", false],
    ["zerocode", "^spawn_agent$", "claude", "Agent", false],
    ["deepagents", "execute", "claude", "Bash", false],
    ["deepagents", "read_file|grep", "zerocode", "^(Read|Grep)$", false],
    ["claude", "mcp__github__.*", "zerocode", "mcp__github__.*", false],
    ["zerocode", "^mcp__fs__.*$", "claude", "^mcp__fs__.*$", false],
    ["claude", "Edit", "zerocode", "^Edit$", true],
    ["claude", "Edit.*", "zerocode", "Edit.*", true],
    ["zerocode", "apply_.*", "claude", "apply_.*", true],
    ["deepagents", "execute|mcp__.*", "claude", "execute|mcp__.*", true],
  ])("%s %j → %s %j (lossy: %s)", (from, matcher, to, expected, lossy) => {
    const result = convert(grouped("PreToolUse", command, matcher), from, to);
    const groups = (result.output as { hooks: { PreToolUse: { matcher?: string }[] } }).hooks
      .PreToolUse;
    expect(groups[0]?.matcher).toBe(expected);
    expect(result.lossy).toBe(lossy);
  });

  it("explains the lossy ones", () => {
    expect(convert(grouped("PreToolUse", command, "Edit"), "claude", "zerocode").lines).toEqual([
      'agent-hooks convert: lossy: matcher "Edit" at hooks.PreToolUse[0].matcher: ZeroCode has one tool, apply_patch, for Edit and Write, so the hook also fires for Write',
    ]);
    expect(convert(grouped("PreToolUse", command, "apply_.*"), "zerocode", "claude").lines).toEqual(
      [
        'agent-hooks convert: lossy: matcher "apply_.*" at hooks.PreToolUse[0].matcher: the regular expression names ZeroCode tools and cannot be translated reliably; it is carried as is',
      ],
    );
  });

  it("keeps a regular expression with the source's own tool names within the source format", () => {
    const { output, lossy } = convert(
      grouped("PreToolUse", command, "apply_.*"),
      "zerocode",
      "zerocode",
    );
    expect(output).toEqual(grouped("PreToolUse", command, "apply_.*"));
    expect(lossy).toBe(false);
  });

  it("translates only tool events: a SessionStart source list is not a tool name", () => {
    const { output } = convert(
      grouped("SessionStart", command, "startup|resume"),
      "claude",
      "zerocode",
    );
    expect(output).toEqual(grouped("SessionStart", command, "^(startup|resume)$"));
  });
});

describe("matchers into formats without them", () => {
  it("keeps the hook, fires it for everything and says so", () => {
    const { output, lines } = convert(grouped("PreToolUse", command, "Bash"), "claude", "copilot");
    expect(output).toEqual({
      version: 1,
      hooks: { preToolUse: [{ type: "command", bash: "./hook.sh", timeoutSec: 600 }] },
    });
    expect(lines[0]).toBe(
      'agent-hooks convert: lossy: matcher "Bash" at hooks.PreToolUse[0].matcher: Copilot CLI has no matchers; the hook is kept and fires for every tool',
    );
  });

  it("treats a match-everything matcher as no loss", () => {
    expect(convert(grouped("PreToolUse", command, "*"), "claude", "vscode").lossy).toBe(false);
  });

  it("warns where the target ignores matchers on the event", () => {
    const { lines } = convert(grouped("UserPromptSubmit", command, "^x$"), "zerocode", "claude");
    expect(lines).toEqual([
      'agent-hooks convert: note: matcher "^x$" at hooks.UserPromptSubmit[0].matcher: ZeroCode ignores matchers on UserPromptSubmit, so it is not carried',
    ]);
    const subagent = convert(grouped("SubagentStop", command, "Plan"), "claude", "deepagents");
    expect(subagent.lossy).toBe(false);
    const stop = convert(grouped("TeammateIdle", command), "claude", "claude");
    expect(stop.lossy).toBe(false);
  });
});

describe("timeouts", () => {
  it("writes seconds everywhere, Copilot's as timeoutSec, and leaves out each target's default", () => {
    const copilot = { version: 1, hooks: { preToolUse: [{ type: "command", bash: "a" }] } };
    expect(convert(copilot, "copilot", "claude").output).toEqual({
      hooks: { PreToolUse: [{ hooks: [{ type: "command", command: "a", timeout: 30 }] }] },
    });
    const claude = grouped("PreToolUse", { type: "command", command: "a", timeout: 30 });
    expect(convert(claude, "claude", "copilot").output).toEqual(copilot);
    expect(convert(claude, "claude", "vscode").output).toEqual({
      hooks: { PreToolUse: [{ type: "command", command: "a" }] },
    });
  });

  it("clamps a timeout beyond ZeroCode's SessionEnd limit", () => {
    const { output, lines } = convert(grouped("SessionEnd", command), "claude", "zerocode");
    expect(output).toEqual(grouped("SessionEnd", { ...command, timeout: 3 }));
    expect(lines).toEqual([
      "agent-hooks convert: lossy: timeout 600 s at hooks.SessionEnd[0].hooks[0].timeout: ZeroCode runs SessionEnd hooks for at most 3 s; it is clamped to 3 s",
    ]);
  });
});

describe("fields a target lacks", () => {
  it.each<[string, Record<string, unknown>, FormatName, FormatName, string]>([
    [
      "if",
      { if: "Bash(git *)" },
      "claude",
      "zerocode",
      '"if" "Bash(git *)" at hooks.PreToolUse[0].hooks[0].if: ZeroCode has no "if" predicates; it is dropped and the hook runs whenever its matcher matches',
    ],
    [
      "statusMessage",
      { statusMessage: "Checking" },
      "claude",
      "vscode",
      '"statusMessage" at hooks.PreToolUse[0].hooks[0].statusMessage: VS Code has no statusMessage field; it is dropped',
    ],
    [
      "async",
      { async: true },
      "claude",
      "deepagents",
      '"async" at hooks.PreToolUse[0].hooks[0].async: Deep Agents Code has no async field; it is dropped',
    ],
    [
      "additionalContextLimit",
      { additionalContextLimit: 100 },
      "zerocode",
      "claude",
      '"additionalContextLimit" at hooks.PreToolUse[0].hooks[0].additionalContextLimit: Claude Code has no additionalContextLimit field; it is dropped',
    ],
    [
      "once",
      { once: true },
      "claude",
      "deepagents",
      '"once" at hooks.PreToolUse[0].hooks[0].once: Deep Agents Code has no such field; it is dropped',
    ],
  ])("%s", (_name, fields, from, to, line) => {
    const { lines } = convert(grouped("PreToolUse", { ...command, ...fields }), from, to);
    expect(lines).toContain(`agent-hooks convert: lossy: ${line}`);
  });

  it("carries if between Deep Agents and Claude Code", () => {
    const guarded = grouped("PreToolUse", { ...command, if: "Bash(git *)" }, "Bash");
    expect(convert(guarded, "deepagents", "claude")).toMatchObject({
      output: guarded,
      lossy: false,
    });
  });

  it("carries async between ZeroCode and Claude Code, saying that ZeroCode skips such hooks", () => {
    const background = grouped("PostToolUse", { ...command, async: true });
    expect(convert(background, "claude", "zerocode")).toEqual({
      output: background,
      lossy: true,
      lines: [
        'agent-hooks convert: lossy: "async": true at hooks.PostToolUse[0].hooks[0].async: ZeroCode parses it but does not run asynchronous hooks, so the hook is skipped there',
      ],
    });
    expect(convert(background, "zerocode", "claude")).toEqual({
      output: background,
      lossy: false,
      lines: [
        'agent-hooks convert: note: "async": true at hooks.PostToolUse[0].hooks[0].async: ZeroCode skips this hook; Claude Code runs it in the background',
      ],
    });
  });

  it("reports a group's matcher once, not once per handler", () => {
    const document = {
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [command, { ...command, command: "b" }] }] },
    };
    expect(convert(document, "claude", "vscode").lines).toEqual([
      'agent-hooks convert: lossy: matcher "Bash" at hooks.PreToolUse[0].matcher: VS Code has no matchers; the hook is kept and fires for every tool',
    ]);
  });

  it("notes a matcher in a VS Code native entry, which VS Code ignores", () => {
    const document = { hooks: { PreToolUse: [{ ...command, matcher: "Bash" }] } };
    expect(convert(document, "vscode", "claude")).toMatchObject({
      lossy: false,
      lines: [
        'agent-hooks convert: note: "matcher" at hooks.PreToolUse[0].matcher: VS Code ignores a matcher in native entries (the hook fires for every tool), so it is not carried',
      ],
    });
  });

  it("drops an if on an event the target does not filter", () => {
    const start = grouped("SessionStart", { ...command, if: "Bash" });
    expect(convert(start, "claude", "deepagents").lines).toEqual([
      'agent-hooks convert: lossy: "if" "Bash" at hooks.SessionStart[0].hooks[0].if: Deep Agents Code takes "if" only on tool events, not on SessionStart; it is dropped and the hook runs whenever its matcher matches',
    ]);
  });

  it("converts cwd and env between VS Code and Copilot, and reports them elsewhere", () => {
    const vscode = {
      hooks: { PostToolUse: [{ type: "command", command: "fmt", cwd: "web", env: { A: "1" } }] },
    };
    expect(convert(vscode, "vscode", "copilot").output).toEqual({
      version: 1,
      hooks: { postToolUse: [{ type: "command", bash: "fmt", cwd: "web", env: { A: "1" } }] },
    });
    expect(convert(vscode, "vscode", "claude").lines).toEqual([
      'agent-hooks convert: lossy: "cwd" at hooks.PostToolUse[0].cwd: Claude Code has no cwd field; it is dropped',
      'agent-hooks convert: lossy: "env" at hooks.PostToolUse[0].env: Claude Code has no env field; it is dropped',
    ]);
  });

  it("drops handler types other than command across formats, keeps them within one", () => {
    const prompt = grouped("Stop", { type: "prompt", prompt: "Are the tests green?" });
    expect(convert(prompt, "claude", "claude")).toMatchObject({ output: prompt, lossy: false });
    expect(convert(prompt, "claude", "zerocode").lines).toEqual([
      'agent-hooks convert: lossy: "prompt" handler at hooks.Stop[0].hooks[0]: only command handlers are converted between formats; the hook is dropped',
    ]);
  });

  it("reports a Claude Code variable the target does not set", () => {
    const hook = grouped("PreToolUse", { type: "command", command: '"$CLAUDE_PROJECT_DIR"/x.sh' });
    expect(convert(hook, "claude", "zerocode").lines).toEqual([
      "agent-hooks convert: lossy: $CLAUDE_PROJECT_DIR at hooks.PreToolUse[0].hooks[0].command: Claude Code sets CLAUDE_PROJECT_DIR for its hooks but ZeroCode does not, so the command sees it empty",
    ]);
  });

  it("reports disableAllHooks with what dropping it changes", () => {
    const document = { disableAllHooks: true, ...grouped("Stop", command) };
    expect(convert(document, "claude", "deepagents").lines).toEqual([
      'agent-hooks convert: lossy: "disableAllHooks" at disableAllHooks: Deep Agents Code has no such field; it is dropped (the source turns all hooks off; the converted hooks are on)',
    ]);
  });
});

describe("per-OS commands", () => {
  it("maps ZeroCode commandWindows, VS Code windows and Copilot powershell onto each other", () => {
    const zerocode = grouped("PreToolUse", { ...command, commandWindows: "hook.ps1" });
    expect(convert(zerocode, "zerocode", "vscode").output).toEqual({
      hooks: {
        PreToolUse: [{ type: "command", command: "./hook.sh", windows: "hook.ps1", timeout: 600 }],
      },
    });
    expect(convert(zerocode, "zerocode", "copilot").output).toEqual({
      version: 1,
      hooks: {
        preToolUse: [
          { type: "command", bash: "./hook.sh", powershell: "hook.ps1", timeoutSec: 600 },
        ],
      },
    });
    expect(convert(zerocode, "zerocode", "zerocode", "toml").output).toEqual(zerocode);
  });
});

describe("document fields", () => {
  it("carries a description between Deep Agents and ZeroCode JSON, not into TOML", () => {
    const document = { description: "Team hooks", ...grouped("Stop", command) };
    expect(convert(document, "deepagents", "zerocode")).toMatchObject({
      output: document,
      lossy: false,
    });
    expect(convert(document, "deepagents", "zerocode", "toml").lines).toEqual([
      'agent-hooks convert: lossy: "description" at description: ZeroCode TOML has no description; it is dropped',
    ]);
  });

  it("refuses a syntax the target is not written in", () => {
    const result = convertHooks({
      text: "{}",
      file: "a.json",
      from: "claude",
      to: "claude",
      syntax: "toml",
    });
    expect(result).toEqual({ ok: false, error: "claude is written as json, not toml" });
  });
});

it("every format reads the event names it writes back as the same canonical names", () => {
  for (const format of Object.values(hookFormats)) {
    for (const [canonical, spec] of Object.entries(format.events)) {
      const issues: ConversionIssue[] = [];
      expect(resolveCanonicalEventName(format, spec.name, "hooks", issues)).toBe(canonical);
      expect(issues).toEqual([]);
    }
  }
});
