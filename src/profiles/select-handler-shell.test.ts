import { describe, expect, it } from "vitest";
import { claudeProfile } from "./claude.js";
import { deepagentsProfile } from "./deepagents.js";
import { selectHandlerShell } from "./select-handler-shell.js";
import { vscodeProfile } from "./vscode.js";
import { zerocodeProfile } from "./zerocode.js";

describe("selectHandlerShell", () => {
  it.each([
    ["claude", claudeProfile, undefined, "sh"],
    ["claude", claudeProfile, "bash", "sh"],
    ["claude", claudeProfile, "powershell", "powershell"],
    ["vscode", vscodeProfile, undefined, "sh"],
    ["vscode", vscodeProfile, "bash", "bash"],
    ["vscode", vscodeProfile, "powershell", "powershell"],
    ["deepagents", deepagentsProfile, undefined, "sh"],
    ["deepagents", deepagentsProfile, "bash", "bash"],
    ["zerocode", zerocodeProfile, undefined, "sh"],
    ["zerocode", zerocodeProfile, "bash", "bash"],
  ] as const)("%s with shell %s runs %s", (_name, profile, shell, expected) => {
    expect(selectHandlerShell(shell === undefined ? {} : { shell }, profile)).toBe(expected);
  });
});
