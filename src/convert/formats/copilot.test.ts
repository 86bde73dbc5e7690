import { describe, expect, it } from "vitest";
import { mapCopilotEntry } from "../../config/dialects/map-copilot-format.js";
import {
  type LocalCommands,
  selectLocalCommand,
} from "../../config/dialects/select-local-command.js";
import { copilotProfile } from "../../profiles/copilot.js";
import { type ConversionIssue, formatConversionIssue } from "../conversion-issue.js";
import { convertHooks } from "../convert-hooks.js";
import type { FormatName, Platform } from "../portable-hooks.js";
import { copilotFormat } from "./copilot.js";

function convert(document: unknown, from: FormatName, to: FormatName) {
  const result = convertHooks({ text: JSON.stringify(document), file: "hooks.json", from, to });
  if (!result.ok) throw new Error(result.error);
  // The configuration's own issues; the line on the hooks' output protocol, which every
  // conversion between Copilot CLI and another agent has, is `protocol` (tested on its own below).
  const isProtocol = (issue: ConversionIssue) => issue.subject === "the hooks' output";
  return {
    output: JSON.parse(result.output) as unknown,
    lines: result.issues.filter((issue) => !isProtocol(issue)).map(formatConversionIssue),
    protocol: result.issues.filter(isProtocol).map(formatConversionIssue),
  };
}

function copilotEntry(entry: Record<string, unknown>) {
  return { version: 1, hooks: { preToolUse: [{ type: "command", ...entry }] } };
}

function vscodeEntry(entry: Record<string, unknown>) {
  return { hooks: { PreToolUse: [{ type: "command", ...entry }] } };
}

function claudeHandler(handler: Record<string, unknown>) {
  return { hooks: { PreToolUse: [{ hooks: [{ type: "command", ...handler }] }] } };
}

const prefix = "agent-hooks convert:";

// As VS Code's Local harness (and the engine's `vscode` profile) read it: `bash` is the Linux and
// macOS command, `powershell` the Windows one; a Copilot entry has no default command.
describe("Copilot CLI bash and powershell, out of Copilot", () => {
  it.each<[string, Record<string, unknown>, FormatName, unknown, string[]]>([
    [
      "bash becomes VS Code's linux and osx, with no loss",
      { bash: "a.sh", timeoutSec: 30 },
      "vscode",
      vscodeEntry({ linux: "a.sh", osx: "a.sh" }),
      [],
    ],
    [
      "bash and powershell become linux, osx and windows",
      { bash: "a.sh", powershell: "a.ps1", timeoutSec: 30 },
      "vscode",
      vscodeEntry({ windows: "a.ps1", linux: "a.sh", osx: "a.sh" }),
      [],
    ],
    [
      "Claude Code needs a default: bash becomes it, with a note that it now runs on Windows",
      { bash: "a.sh", timeoutSec: 30 },
      "claude",
      claudeHandler({ command: "a.sh", timeout: 30 }),
      [
        `${prefix} note: "bash" command at hooks.preToolUse[0].bash: Claude Code needs a default command; Copilot CLI's "bash" command (Linux and macOS) is used as the default, so the hook also runs on Windows`,
      ],
    ],
    [
      "with powershell, Claude Code keeps bash as the default and loses the Windows command",
      { bash: "a.sh", powershell: "a.ps1", timeoutSec: 30 },
      "claude",
      claudeHandler({ command: "a.sh", timeout: 30 }),
      [
        `${prefix} lossy: "powershell" command at hooks.preToolUse[0].powershell: Claude Code has no Windows override; the default command runs there instead`,
      ],
    ],
    [
      "ZeroCode takes bash as the default and powershell as commandWindows, with no loss",
      { bash: "a.sh", powershell: "a.ps1", timeoutSec: 600 },
      "zerocode",
      claudeHandler({ command: "a.sh", commandWindows: "a.ps1" }),
      [],
    ],
    [
      "a powershell-only entry stays Windows-only in VS Code",
      { powershell: "a.ps1", timeoutSec: 30 },
      "vscode",
      vscodeEntry({ windows: "a.ps1" }),
      [],
    ],
  ])("%s", (_title, entry, to, output, lines) => {
    const converted = convert(copilotEntry(entry), "copilot", to);
    expect(converted.output).toEqual(output);
    expect(converted.lines.filter((line) => !line.includes("payload field names"))).toEqual(lines);
  });
});

describe("Copilot CLI bash and powershell, into Copilot", () => {
  it.each<[string, unknown, FormatName, Record<string, unknown>, string[]]>([
    [
      "VS Code's equal linux and osx become bash, with no loss",
      vscodeEntry({ linux: "a.sh", osx: "a.sh", windows: "a.ps1" }),
      "vscode",
      { bash: "a.sh", powershell: "a.ps1" },
      [],
    ],
    [
      "a default with a Windows override becomes bash and powershell, with no loss",
      vscodeEntry({ command: "a.sh", windows: "a.ps1" }),
      "vscode",
      { bash: "a.sh", powershell: "a.ps1" },
      [],
    ],
    [
      "a default alone is written as bash: the hook no longer runs on Windows",
      claudeHandler({ command: "a.sh", timeout: 30 }),
      "claude",
      { bash: "a.sh" },
      [
        `${prefix} lossy: default command at hooks.PreToolUse[0].hooks[0].command: Copilot CLI has no default command; it is written as "bash", which runs on Linux and macOS only, so the hook no longer runs on Windows`,
      ],
    ],
    [
      "different Linux and macOS commands: the Linux one is kept for both",
      vscodeEntry({ linux: "a.sh", osx: "b.sh" }),
      "vscode",
      { bash: "a.sh" },
      [
        `${prefix} lossy: "osx" command at hooks.PreToolUse[0].osx: Copilot CLI has one "bash" command for Linux and macOS; the Linux command runs on macOS instead`,
      ],
    ],
    [
      "a Linux-only command also runs on macOS",
      vscodeEntry({ linux: "a.sh" }),
      "vscode",
      { bash: "a.sh" },
      [
        `${prefix} lossy: "linux" command at hooks.PreToolUse[0].linux: Copilot CLI has one "bash" command for Linux and macOS, so the Linux command also runs on macOS`,
      ],
    ],
    [
      "a Linux override beside a default: the default no longer runs on macOS or Windows",
      vscodeEntry({ command: "d.sh", linux: "a.sh" }),
      "vscode",
      { bash: "a.sh" },
      [
        `${prefix} lossy: default command at hooks.PreToolUse[0].command: Copilot CLI has no default command; it is written as "bash", which runs on Linux and macOS only, so the hook no longer runs on Windows`,
        `${prefix} lossy: default command at hooks.PreToolUse[0].command: Copilot CLI has one "bash" command for Linux and macOS; the Linux command runs on macOS instead of the default command`,
      ],
    ],
    [
      "own Linux and macOS commands beside a default: the default, which ran on Windows, is dropped",
      vscodeEntry({ command: "d.sh", linux: "a.sh", osx: "a.sh" }),
      "vscode",
      { bash: "a.sh" },
      [
        `${prefix} lossy: default command at hooks.PreToolUse[0].command: Copilot CLI has no default command and the hook has its own Linux and macOS commands, so the default is dropped and the hook no longer runs on Windows`,
      ],
    ],
  ])("%s", (_title, document, from, entry, lines) => {
    const converted = convert(document, from, "copilot");
    expect(converted.output).toEqual(copilotEntry(entry));
    expect(converted.lines.filter((line) => !line.includes("payload field names"))).toEqual(lines);
  });

  it("keeps a Copilot file as written when converting it to Copilot", () => {
    const document = copilotEntry({ bash: "a.sh", powershell: "a.ps1", timeoutSec: 5 });
    expect(convert(document, "copilot", "copilot")).toEqual({
      output: document,
      lines: [],
      protocol: [],
    });
  });
});

describe("convert and the engine's vscode profile read a Copilot entry alike", () => {
  const systems: readonly [Platform, NodeJS.Platform][] = [
    ["linux", "linux"],
    ["osx", "darwin"],
    ["windows", "win32"],
  ];

  it.each<Record<string, unknown>>([
    { bash: "a.sh" },
    { powershell: "a.ps1" },
    { bash: "a.sh", powershell: "a.ps1" },
  ])("%j runs the same command on Linux, macOS and Windows", (entry) => {
    const read = copilotFormat.read(JSON.stringify(copilotEntry(entry)), "hooks.json");
    if (!read.ok) throw new Error(read.error);
    const command = read.set.hooks[0]?.command;
    const local = mapCopilotEntry({ type: "command", ...entry }) as LocalCommands;
    for (const [platform, nodePlatform] of systems) {
      const converted = command?.[platform] ?? command?.default ?? null;
      expect([platform, converted]).toEqual([platform, selectLocalCommand(local, nodePlatform)]);
    }
  });
});

describe("Copilot CLI's output protocol", () => {
  it("reports, as lossy, that Copilot CLI reads a top-level permissionDecision and VS Code hookSpecificOutput", () => {
    const into = convert(vscodeEntry({ command: "./guard.sh" }), "vscode", "copilot");
    expect(into.protocol).toEqual([
      `${prefix} lossy: the hooks' output is VS Code's (hookSpecificOutput.permissionDecision, decision: "block", continue), which Copilot CLI does not read: it reads {"permissionDecision": "allow"|"deny"|"ask", "permissionDecisionReason"} and sends its own payloads, so a decision a hook prints is ignored there and what it would block goes ahead (an exit 2 denies only on permissionRequest); convert with --shim to have agent-hooks shim translate each payload and reply`,
    ]);
    const out = convert(copilotEntry({ bash: "./guard.sh" }), "copilot", "claude");
    expect(out.protocol).toEqual([
      expect.stringContaining("the hooks' output is Copilot CLI's ({\"permissionDecision\""),
    ]);
    expect(convert(copilotEntry({ bash: "./guard.sh" }), "copilot", "copilot").protocol).toEqual(
      [],
    );
  });
});

describe("one fact, one row: convert reads the copilot profile", () => {
  it("writes each canonical event under the profile row's name, timeouts as the profile says", () => {
    const rows = Object.entries(copilotProfile.events).filter(
      ([, spec]) => spec.canonical !== undefined,
    );
    expect(
      Object.fromEntries(
        Object.entries(copilotFormat.events).map(([key, event]) => [key, event.name]),
      ),
    ).toEqual(Object.fromEntries(rows.map(([name, spec]) => [spec.canonical, name])));
    expect([copilotFormat.defaultTimeoutSeconds, copilotFormat.timeoutUnit]).toEqual([
      copilotProfile.defaultTimeoutSeconds,
      copilotProfile.timeoutUnit,
    ]);
  });
});
