import { describe, expect, it } from "vitest";
import { selectManagedDirectory, selectPlatformCommand } from "./select-platform-command.js";

describe("selectPlatformCommand", () => {
  it.each([
    ["win32", { command: "./a.sh", commandWindows: "a.cmd" }, "a.cmd"],
    ["win32", { command: "./a.sh" }, "./a.sh"],
    ["linux", { command: "./a.sh", commandWindows: "a.cmd" }, "./a.sh"],
    ["darwin", { command: "./a.sh", commandWindows: "a.cmd" }, "./a.sh"],
    ["linux", { command: "./a.sh" }, "./a.sh"],
  ] as const)("on %s picks %j → %s", (platform, commands, expected) => {
    expect(selectPlatformCommand(commands, platform)).toBe(expected);
  });
});

describe("selectManagedDirectory", () => {
  const both = { managed_dir: "~/.zerotwo/hooks", windows_managed_dir: "C:\\enterprise\\hooks" };
  it.each([
    ["win32", both, "C:\\enterprise\\hooks"],
    ["linux", both, "~/.zerotwo/hooks"],
    ["darwin", both, "~/.zerotwo/hooks"],
    ["win32", { managed_dir: "/opt/hooks" }, null],
    ["linux", {}, null],
  ] as const)("on %s picks %j → %s", (platform, directories, expected) => {
    expect(selectManagedDirectory(directories, platform)).toBe(expected);
  });
});
