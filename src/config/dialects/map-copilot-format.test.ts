import { describe, expect, it } from "vitest";
import { mapCopilotEntry } from "./map-copilot-format.js";
import { type LocalCommands, selectLocalCommand } from "./select-local-command.js";

// The Local harness maps a Copilot CLI entry before running it: `bash` is the Linux and macOS
// command, `powershell` the Windows one, and there is no default command.
describe("mapCopilotEntry: bash and powershell", () => {
  it.each<[Record<string, unknown>, Record<string, unknown>]>([
    [{ bash: "a.sh" }, { linux: "a.sh", osx: "a.sh" }],
    [{ powershell: "a.ps1" }, { windows: "a.ps1" }],
    [
      { bash: "a.sh", powershell: "a.ps1" },
      { linux: "a.sh", osx: "a.sh", windows: "a.ps1" },
    ],
    [
      { bash: "a.sh", timeoutSec: 5 },
      { linux: "a.sh", osx: "a.sh", timeout: 5 },
    ],
    // `command` is not a Copilot key: it is not mapped (the dialect reports it as unknown).
    [
      { bash: "a.sh", command: "b.sh" },
      { linux: "a.sh", osx: "a.sh" },
    ],
  ])("%j → %j", (entry, local) => {
    expect(mapCopilotEntry({ type: "command", ...entry })).toEqual({ type: "command", ...local });
  });
});

describe("the command a mapped Copilot entry runs", () => {
  it.each<[Record<string, unknown>, NodeJS.Platform, string | null]>([
    [{ bash: "a.sh" }, "linux", "a.sh"],
    [{ bash: "a.sh" }, "darwin", "a.sh"],
    [{ bash: "a.sh" }, "win32", null],
    [{ powershell: "a.ps1" }, "linux", null],
    [{ powershell: "a.ps1" }, "darwin", null],
    [{ powershell: "a.ps1" }, "win32", "a.ps1"],
    [{ bash: "a.sh", powershell: "a.ps1" }, "linux", "a.sh"],
    [{ bash: "a.sh", powershell: "a.ps1" }, "darwin", "a.sh"],
    [{ bash: "a.sh", powershell: "a.ps1" }, "win32", "a.ps1"],
  ])("%j on %s → %s", (entry, platform, command) => {
    const local = mapCopilotEntry({ type: "command", ...entry }) as LocalCommands;
    expect(selectLocalCommand(local, platform)).toBe(command);
  });
});
