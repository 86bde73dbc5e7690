import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { codexToolNames } from "../codex-tool-names.js";
import { formatConversionIssue } from "../conversion-issue.js";
import { convertHooks } from "../convert-hooks.js";
import type { DocumentSyntax, FormatName } from "../portable-hooks.js";
import { translateNamesToFormat, translateNamesToPublic } from "../translate-tool-names.js";
import { codexFormat } from "./codex.js";

function convert(
  document: unknown,
  from: FormatName,
  to: FormatName,
  syntax: DocumentSyntax = "json",
) {
  const result = convertHooks({
    text: JSON.stringify(document),
    file: "hooks.json",
    from,
    to,
    syntax,
  });
  if (!result.ok) throw new Error(result.error);
  return {
    output: (syntax === "toml" ? parse(result.output) : JSON.parse(result.output)) as unknown,
    lines: result.issues.map(formatConversionIssue),
    lossy: result.lossy,
  };
}

const guard = {
  hooks: {
    PreToolUse: [
      { matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh", timeout: 30 }] },
    ],
  },
};

const codexGuard = {
  hooks: {
    PreToolUse: [
      { matcher: "^Bash$", hooks: [{ type: "command", command: "./guard.sh", timeout: 30 }] },
    ],
  },
};

const guardOutputLoss =
  "agent-hooks convert: lossy: the hook's output at hooks.PreToolUse[0].hooks[0]: it was written for another agent, and Codex 0.169 fails the hook for a field outside Codex's PreToolUse output schema, hookSpecificOutput without hookEventName, a deny without a non-empty permissionDecisionReason, an allow without updatedInput, ask, decision: \"block\" without a non-empty reason, exit 2 with nothing on stderr. Codex then goes on as if the hook had not answered, so what it would block goes ahead; convert with --shim to have agent-hooks shim translate each reply";

const trustNote =
  "agent-hooks convert: note: the converted hooks run in Codex only after the user reviews and trusts each one in /hooks";

describe("the Codex tool-name map", () => {
  it.each([
    [["shell"], ["Bash"]],
    [["local_shell"], ["Bash"]],
    [["exec_command"], ["Bash"]],
    [["unified_exec"], ["Bash"]],
    [["container_exec"], ["Bash"]],
    [["apply_patch"], ["Edit", "Write"]],
    [["Edit"], ["Edit", "Write"]],
    [["mcp__github__create_issue"], ["mcp__github__create_issue"]],
  ])("reads %j as the public names %j", (names, expected) => {
    expect(translateNamesToPublic(names, codexToolNames).names).toEqual(expected);
  });

  it.each([
    [["Edit", "Write"], ["apply_patch"]],
    [
      ["Bash", "Edit", "Write"],
      ["Bash", "apply_patch"],
    ],
    [["Edit"], ["Edit"]],
    [["Read"], ["Read"]],
  ])("writes the public names %j as %j", (names, expected) => {
    expect(translateNamesToFormat(names, codexToolNames)).toEqual(expected);
  });
});

describe("the Codex format", () => {
  it("has Codex's ten events, without SessionEnd", () => {
    expect(Object.keys(codexFormat.events).sort()).toEqual(
      [
        "PermissionRequest",
        "PostCompact",
        "PostToolUse",
        "PreCompact",
        "PreToolUse",
        "SessionStart",
        "Stop",
        "SubagentStart",
        "SubagentStop",
        "UserPromptSubmit",
      ].sort(),
    );
  });

  it("writes JSON and config.toml [hooks], with Codex's 600 s default", () => {
    expect(codexFormat.syntaxes).toEqual(["json", "toml"]);
    expect(codexFormat.defaultTimeoutSeconds).toBe(600);
  });
});

describe("convert: Claude Code ↔ Codex", () => {
  it("reads Codex's internal shell tool names as Bash, with a note", () => {
    const shell = {
      hooks: {
        PreToolUse: [
          { matcher: "^shell$", hooks: [{ type: "command", command: "./guard.sh", timeout: 30 }] },
        ],
      },
    };
    const result = convert(shell, "codex", "claude");
    expect(result.output).toEqual(guard);
    expect(result.lossy).toBe(false);
  });

  it("converts a Claude guard to Codex: ^Bash$ (Codex names its shell tools Bash), seconds, and the trust-review note", () => {
    const result = convert(guard, "claude", "codex");
    expect(result.output).toEqual(codexGuard);
    expect(result.lines).toEqual([guardOutputLoss, trustNote]);
    expect(result.lossy).toBe(true);
  });

  it("converts a Claude guard to Codex's config.toml [hooks]", () => {
    expect(convert(guard, "claude", "codex", "toml").output).toEqual(codexGuard);
  });

  it("converts the Codex guard back to Claude Code, without a note", () => {
    const result = convert(codexGuard, "codex", "claude");
    expect(result.output).toEqual(guard);
    expect(result.lines).toEqual([]);
  });

  it("folds Edit|Write into apply_patch and back", () => {
    const edits = {
      hooks: {
        PostToolUse: [
          { matcher: "Edit|Write", hooks: [{ type: "command", command: "./fmt.sh", timeout: 5 }] },
        ],
      },
    };
    const codex = convert(edits, "claude", "codex");
    expect(codex.output).toEqual({
      hooks: {
        PostToolUse: [
          {
            matcher: "^apply_patch$",
            hooks: [{ type: "command", command: "./fmt.sh", timeout: 5 }],
          },
        ],
      },
    });
    expect(convert(codex.output, "codex", "claude").output).toEqual(edits);
  });

  it("reports Edit alone as lossy: Codex's apply_patch also writes new files", () => {
    const edit = {
      hooks: {
        PreToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "./a.sh" }] }],
      },
    };
    const result = convert(edit, "claude", "codex");
    expect(result.lossy).toBe(true);
    expect(result.lines.join("\n")).toContain("Edit");
  });

  const timeoutSecNote =
    "agent-hooks convert: note: \"timeoutSec\" at hooks.Stop[0].hooks[0].timeoutSec: Codex 0.169 does not read it (its docs call it an alias of timeout): the hook's timeout is its timeout, else Codex's default 600 s";

  it("ignores timeoutSec, which Codex 0.169 does not read, with a note: the default applies", () => {
    const aliased = {
      hooks: {
        Stop: [{ hooks: [{ type: "command", command: "./stop.sh", timeoutSec: 12 }] }],
      },
    };
    const result = convert(aliased, "codex", "claude");
    expect(result.output).toEqual({
      hooks: { Stop: [{ hooks: [{ type: "command", command: "./stop.sh" }] }] },
    });
    expect(result.lines).toEqual([timeoutSecNote]);
    expect(result.lossy).toBe(false);
  });

  it("keeps timeout when timeoutSec is set beside it, with the same note", () => {
    const both = {
      hooks: {
        Stop: [{ hooks: [{ type: "command", command: "./stop.sh", timeout: 5, timeoutSec: 9 }] }],
      },
    };
    const result = convert(both, "codex", "claude");
    expect(result.output).toEqual({
      hooks: { Stop: [{ hooks: [{ type: "command", command: "./stop.sh", timeout: 5 }] }] },
    });
    expect(result.lines).toEqual([timeoutSecNote]);
  });

  it("drops a Claude event Codex lacks (SessionEnd), as a lossy item", () => {
    const ending = {
      hooks: { SessionEnd: [{ hooks: [{ type: "command", command: "./end.sh" }] }] },
    };
    const result = convert(ending, "claude", "codex");
    expect(result.output).toEqual({ hooks: {} });
    expect(result.lossy).toBe(true);
    expect(result.lines.join("\n")).toContain("SessionEnd");
  });

  it("converts ZeroCode to Codex and back without loss (the same dialect)", () => {
    const zerocode = {
      hooks: {
        PreToolUse: [
          {
            matcher: "^apply_patch$",
            hooks: [{ type: "command", command: "./a.sh", statusMessage: "checking" }],
          },
        ],
      },
    };
    const codex = convert(zerocode, "zerocode", "codex");
    expect(codex.output).toEqual(zerocode);
    // Only the output: ZeroCode's hookSpecificOutput may leave out hookEventName, Codex's may not.
    expect(codex.lines.filter((line) => line.includes("lossy"))).toEqual([guardOutputLoss]);
    expect(convert(codex.output, "codex", "zerocode").output).toEqual(zerocode);
  });

  it.each([
    [
      "a deny without hookEventName",
      "PreToolUse",
      `echo '{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"no"}}'`,
      'Codex 0.169 fails this hook: hook returned invalid pre-tool-use JSON output ("hookSpecificOutput.hookEventName" is missing)',
    ],
    [
      "exit 2 with nothing on stderr",
      "PreToolUse",
      "echo checking; exit 2",
      "Codex 0.169 fails this hook: PreToolUse hook exited with code 2 but did not write a blocking reason to stderr",
    ],
    [
      "a Stop block without a reason",
      "Stop",
      `printf '%s' '{"decision":"block"}'`,
      "Codex 0.169 fails this hook: Stop hook returned decision:block without a non-empty reason",
    ],
  ])("says exactly why Codex 0.169 fails an inline hook: %s", (_name, event, command, why) => {
    const result = convert(
      { hooks: { [event]: [{ hooks: [{ type: "command", command }] }] } },
      "claude",
      "codex",
    );
    expect(result.lines).toEqual([
      `agent-hooks convert: lossy: the hook's output at hooks.${event}[0].hooks[0]: ${why}. Codex then goes on as if the hook had not answered; fix its output, or convert with --shim`,
      trustNote,
    ]);
    expect(result.lossy).toBe(true);
  });

  it.each([
    ["PreToolUse", "echo 'no rm -rf' >&2; exit 2"],
    [
      "PreToolUse",
      `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}'`,
    ],
    ["Stop", `echo '{"decision":"block","reason":"run the tests"}'`],
    // Events that cannot block: a failed hook there blocks nothing.
    ["SessionStart", "./context.sh"],
    ["PreCompact", "./save.sh"],
  ])(
    "an inline %s hook Codex reads as meant, or one on an event that cannot block, is not lossy: %s",
    (event, command) => {
      const result = convert(
        { hooks: { [event]: [{ hooks: [{ type: "command", command }] }] } },
        "claude",
        "codex",
      );
      expect(result.lines).toEqual([trustNote]);
      expect(result.lossy).toBe(false);
    },
  );

  it("with --shim the shim answers Codex, so the output is not reported", () => {
    const result = convertHooks({
      text: JSON.stringify(guard),
      file: "settings.json",
      from: "claude",
      to: "codex",
      shimCommand: "agent-hooks",
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.issues.some((issue) => issue.subject === "the hook's output")).toBe(false);
  });
});
