import { describe, expect, it } from "vitest";
import type { ShimFormatName } from "../shim-types.js";
import { readCanonicalEvent, readCanonicalToolName, readDecisionKind } from "./shim-host.js";
import { shimHosts } from "./shim-hosts.js";

function resolveCanonicalShimEvent(format: ShimFormatName, event: string): string | null {
  return readCanonicalEvent(shimHosts[format], event);
}

function resolveNativeShimEvent(
  format: ShimFormatName,
  canonical: string,
  toolName: string | null,
): string | null {
  return shimHosts[format].events.writeName(canonical, toolName);
}

describe("readCanonicalEvent", () => {
  it.each([
    ["claude", "PreToolUse", "PreToolUse"],
    ["claude", "PermissionRequest", "PermissionRequest"],
    ["codex", "Stop", "Stop"],
    ["codex", "SessionEnd", null],
    ["gemini", "BeforeTool", "PreToolUse"],
    ["gemini", "AfterTool", "PostToolUse"],
    ["gemini", "BeforeAgent", "UserPromptSubmit"],
    ["gemini", "AfterAgent", "Stop"],
    ["gemini", "PreCompress", "PreCompact"],
    ["gemini", "PreToolUse", null],
    ["cursor", "beforeShellExecution", "PreToolUse"],
    ["cursor", "beforeMCPExecution", "PreToolUse"],
    ["cursor", "beforeReadFile", "PreToolUse"],
    ["cursor", "afterFileEdit", "PostToolUse"],
    ["cursor", "beforeSubmitPrompt", "UserPromptSubmit"],
    ["cursor", "stop", "Stop"],
    ["cursor", "toString", null],
  ] as const)("%s %s → %s", (format, event, expected) => {
    expect(resolveCanonicalShimEvent(format, event)).toBe(expected);
  });
});

describe("events.writeName", () => {
  it.each([
    ["cursor", "PreToolUse", "Bash", "beforeShellExecution"],
    ["cursor", "PreToolUse", "Read", "beforeReadFile"],
    ["cursor", "PreToolUse", "mcp__github__create_issue", "beforeMCPExecution"],
    ["cursor", "PreToolUse", "Grep", "preToolUse"],
    ["cursor", "PostToolUse", "Edit", "afterFileEdit"],
    ["cursor", "PostToolUse", "Write", "afterFileEdit"],
    ["cursor", "PostToolUse", "Bash", "afterShellExecution"],
    ["cursor", "UserPromptSubmit", null, "beforeSubmitPrompt"],
    ["cursor", "Stop", null, "stop"],
    ["cursor", "PermissionRequest", "Bash", null],
    ["gemini", "PreToolUse", "Bash", "BeforeTool"],
    ["gemini", "Stop", null, "AfterAgent"],
    ["gemini", "PermissionRequest", "Bash", null],
    ["codex", "PreToolUse", "Bash", "PreToolUse"],
    ["codex", "Notification", null, null],
    ["claude", "BeforeModel", null, null],
  ] as const)("%s %s (%s) → %s", (format, event, tool, expected) => {
    expect(resolveNativeShimEvent(format, event, tool)).toBe(expected);
  });

  it.each(["claude", "codex", "gemini", "cursor"] as const)(
    "%s: every event it names comes back to the same canonical event",
    (format: ShimFormatName) => {
      for (const canonical of [
        "PreToolUse",
        "PostToolUse",
        "UserPromptSubmit",
        "Stop",
        "SessionStart",
      ]) {
        const native = resolveNativeShimEvent(format, canonical, "Bash");
        if (native !== null) expect(resolveCanonicalShimEvent(format, native)).toBe(canonical);
      }
    },
  );
});

describe("tool names", () => {
  it.each([
    ["gemini", "run_shell_command", "Bash"],
    ["gemini", "replace", "Edit"],
    ["gemini", "read_file", "Read"],
    ["gemini", "mcp__github__create_issue", "mcp__github__create_issue"],
    ["codex", "shell", "Bash"],
    ["codex", "Bash", "Bash"],
    ["codex", "apply_patch", "apply_patch"],
    ["cursor", "Shell", "Bash"],
    ["cursor", "StrReplace", "Edit"],
    ["claude", "Bash", "Bash"],
  ] as const)("%s %s → canonical %s", (format, name, expected) => {
    expect(readCanonicalToolName(shimHosts[format], name)).toBe(expected);
  });

  it.each([
    ["gemini", "Bash", "run_shell_command"],
    ["gemini", "Write", "write_file"],
    ["codex", "Bash", "Bash"],
    ["cursor", "Bash", "Shell"],
    ["claude", "Edit", "Edit"],
  ] as const)("canonical %s for %s → %s", (format, name, expected) => {
    expect(shimHosts[format].tools.writeName(name)).toBe(expected);
  });
});

describe("readDecisionKind", () => {
  it.each([
    ["claude", "PreToolUse", "permission"],
    ["claude", "PermissionRequest", "permission"],
    ["claude", "Stop", "block"],
    ["claude", "SessionEnd", "none"],
    ["codex", "PreToolUse", "permission"],
    ["codex", "SessionStart", "none"],
    ["gemini", "BeforeTool", "permission"],
    ["gemini", "AfterAgent", "block"],
    ["gemini", "SessionStart", "none"],
    ["cursor", "beforeShellExecution", "permission"],
    ["cursor", "beforeReadFile", "permission"],
    ["cursor", "beforeSubmitPrompt", "block"],
    ["cursor", "stop", "block"],
    ["cursor", "afterFileEdit", "none"],
    ["cursor", "hasOwnProperty", "none"],
  ] as const)("%s %s → %s", (format, event, expected) => {
    expect(readDecisionKind(shimHosts[format], event)).toBe(expected);
  });
});
