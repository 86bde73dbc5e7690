import { describe, expect, it } from "vitest";
import { createTestHook } from "../../test/fixtures/convert/create-test-hook.js";
import type { ConversionIssue } from "./conversion-issue.js";
import { fitCommand } from "./fit-command.js";
import { hookFormats } from "./hook-formats.js";
import type { FormatName, PortableCommand } from "./portable-hooks.js";

function fitTestCommand(command: Partial<PortableCommand>, from: FormatName, to: FormatName) {
  const issues: ConversionIssue[] = [];
  const hook = createTestHook({ command }, from);
  const fitted = fitCommand(hook, hookFormats[from], hookFormats[to], issues);
  return { fitted, reasons: issues.map((issue) => `${issue.subject}: ${issue.message}`) };
}

describe("fitCommand", () => {
  it("keeps every override the target has", () => {
    const command = { default: "a.sh", windows: "a.ps1", linux: "a-linux.sh", osx: "a-mac.sh" };
    expect(fitTestCommand(command, "vscode", "vscode")).toEqual({ fitted: command, reasons: [] });
  });

  it("maps the Windows override to ZeroCode and Copilot, and drops the others with a warning", () => {
    const command = { default: "a.sh", windows: "a.ps1", osx: "a-mac.sh" };
    const { fitted, reasons } = fitTestCommand(command, "vscode", "zerocode");
    expect(fitted).toEqual({ default: "a.sh", windows: "a.ps1", linux: null, osx: null });
    expect(reasons).toEqual([
      '"osx" command: ZeroCode has no macOS override; the default command runs there instead',
    ]);
  });

  it("drops an override equal to the default silently", () => {
    const { fitted, reasons } = fitTestCommand(
      { default: "a.sh", linux: "a.sh" },
      "vscode",
      "claude",
    );
    expect(fitted.default).toBe("a.sh");
    expect(reasons).toEqual([]);
  });

  it("promotes an override where the target needs a default and says where it now also runs", () => {
    const { fitted, reasons } = fitTestCommand({ windows: "a.ps1" }, "vscode", "claude");
    expect(fitted).toEqual({ default: "a.ps1", windows: null, linux: null, osx: null });
    expect(reasons).toEqual([
      '"windows" command: Claude Code needs a default command, so the Windows command is used as the default and also runs on Linux and macOS',
    ]);
  });

  it("promotes equal Linux and macOS commands without loss when Windows keeps its own", () => {
    const command = { windows: "a.ps1", linux: "a.sh", osx: "a.sh" };
    const { fitted, reasons } = fitTestCommand(command, "vscode", "zerocode");
    expect(fitted).toEqual({ default: "a.sh", windows: "a.ps1", linux: null, osx: null });
    expect(reasons).toEqual([]);
  });

  it("keeps a Windows-only hook Windows-only in Copilot", () => {
    const { fitted, reasons } = fitTestCommand({ windows: "a.ps1" }, "vscode", "copilot");
    expect(fitted).toEqual({ default: null, windows: "a.ps1", linux: null, osx: null });
    expect(reasons).toEqual([]);
  });

  it("joins an argument list into a shell string where the target has none", () => {
    const { fitted, reasons } = fitTestCommand(
      { default: ["./guard.sh", "a b"] },
      "deepagents",
      "zerocode",
    );
    expect(fitted.default).toBe("./guard.sh 'a b'");
    expect(reasons).toEqual([
      `argument-list command: ZeroCode has no argument-list commands; it is written as the shell string "./guard.sh 'a b'"`,
    ]);
    expect(
      fitTestCommand({ default: ["./guard.sh", "a b"] }, "deepagents", "claude").fitted.default,
    ).toEqual(["./guard.sh", "a b"]);
  });
});
