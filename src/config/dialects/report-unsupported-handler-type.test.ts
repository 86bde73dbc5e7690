import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../diagnostic.js";
import { claudeProfile } from "../../profiles/claude.js";
import { deepagentsProfile } from "../../profiles/deepagents.js";
import type { Profile } from "../../profiles/profile.js";
import { vscodeProfile } from "../../profiles/vscode.js";
import { zerocodeProfile } from "../../profiles/zerocode.js";
import {
  type HandlerTypeDialect,
  reportUnsupportedHandlerType,
} from "./report-unsupported-handler-type.js";

type Reported = [Diagnostic["code"], Diagnostic["severity"], string, string];

function check(type: unknown, dialect: HandlerTypeDialect, profile: Profile) {
  const reported: Reported[] = [];
  const skipped = reportUnsupportedHandlerType(type, dialect, {
    profile,
    at: ["hooks", "PreToolUse", 0, "hooks", 1],
    report: (code, severity, message, segments) =>
      reported.push([code, severity, message, segments.join(".")]),
  });
  return { skipped, reported };
}

const at = "hooks.PreToolUse.0.hooks.1.type";

describe("reportUnsupportedHandlerType", () => {
  it.each([
    [
      "deepagents",
      deepagentsProfile,
      "prompt",
      "error",
      'Handler type "prompt" is not supported by Deep Agents Code; only "command" handlers run',
    ],
    [
      "deepagents",
      deepagentsProfile,
      "webhook",
      "error",
      'Handler type "webhook" is unknown and not supported by Deep Agents Code; only "command" handlers run',
    ],
    [
      "zerocode",
      zerocodeProfile,
      "agent",
      "warning",
      'Handler type "agent" is parsed but not run by ZeroCode yet; only "command" handlers run, so this one is skipped',
    ],
    [
      "zerocode",
      zerocodeProfile,
      "http",
      "error",
      'Handler type "http" is unknown to ZeroCode (known: command, prompt, agent); the handler is skipped',
    ],
    [
      "claude",
      claudeProfile,
      "http",
      "warning",
      'Handler type "http" is not supported here, so it is skipped',
    ],
    [
      "claude",
      claudeProfile,
      "webhook",
      "warning",
      'Handler type "webhook" is unknown (known: command, prompt, agent, http, mcp_tool), so the handler is skipped',
    ],
    [
      "vscode-claude",
      vscodeProfile,
      "mcp_tool",
      "warning",
      'Handler type "mcp_tool" is not run by VS Code (Local harness); only "command" handlers run, so this one is skipped',
    ],
    [
      "vscode-claude",
      vscodeProfile,
      "webhook",
      "error",
      'Handler type "webhook" is unknown and not run by VS Code (Local harness); only "command" handlers run, so this one is skipped',
    ],
    [
      "vscode-local",
      vscodeProfile,
      "prompt",
      "error",
      'Hook type "prompt" is not supported by VS Code (Local harness); only "command" hooks run, so this one is skipped',
    ],
    [
      "vscode-local",
      vscodeProfile,
      "webhook",
      "error",
      'Hook type "webhook" is not supported by VS Code (Local harness); only "command" hooks run, so this one is skipped',
    ],
  ] as const)("%s, type %s (%s profile) → %s: %s", (dialect, profile, type, severity, message) => {
    expect(check(type, dialect, profile)).toEqual({
      skipped: true,
      reported: [["unsupported_handler_type", severity, message, at]],
    });
  });

  it.each([
    ["deepagents", deepagentsProfile, 'A handler needs "type": "command"'],
    ["zerocode", zerocodeProfile, 'A handler needs "type": "command"'],
    ["claude", claudeProfile, 'A handler needs "type": "command"'],
    ["vscode-claude", vscodeProfile, 'A handler needs "type": "command"'],
    ["vscode-local", vscodeProfile, 'A hook entry needs "type": "command"'],
  ] as const)("%s: a missing or non-string type is invalid_config", (dialect, profile, message) => {
    for (const type of [undefined, 7, null, ["command"]]) {
      expect(check(type, dialect, profile)).toEqual({
        skipped: true,
        reported: [["invalid_config", "error", message, at]],
      });
    }
  });

  it.each(["deepagents", "zerocode", "claude", "vscode-claude", "vscode-local"] as const)(
    "%s: a command handler is not reported",
    (dialect) => {
      expect(check("command", dialect, vscodeProfile)).toEqual({ skipped: false, reported: [] });
    },
  );
});
