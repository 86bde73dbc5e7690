import { describe, expect, it } from "vitest";
import { selectLocalCommand } from "./select-local-command.js";

const all = { command: "default", windows: "win", linux: "lin", osx: "mac" };

describe("selectLocalCommand", () => {
  it.each([
    ["win32", all, "win"],
    ["linux", all, "lin"],
    ["darwin", all, "mac"],
    ["freebsd", all, "default"],
    ["win32", { command: "default", linux: "lin" }, "default"],
    ["linux", { command: "default", windows: "win" }, "default"],
    ["darwin", { command: "default" }, "default"],
    ["linux", { windows: "win" }, null],
    ["darwin", { linux: "lin", windows: "win" }, null],
    ["win32", { windows: "win" }, "win"],
    // A blank (empty or whitespace-only) property counts as not defined.
    ["linux", { command: "default", linux: "" }, "default"],
    ["darwin", { command: "default", osx: "" }, "default"],
    ["win32", { command: "default", windows: "" }, "default"],
    ["linux", { command: "default", linux: "   " }, "default"],
    ["darwin", { command: "default", osx: "\t" }, "default"],
    ["win32", { command: "default", windows: " \n " }, "default"],
    ["linux", { command: "", linux: "lin" }, "lin"],
    ["darwin", { command: " ", linux: "lin" }, null],
    ["linux", { command: "", linux: "" }, null],
    ["linux", { command: "  default  ", linux: "  " }, "default"],
    ["win32", { command: "default", windows: "  win  " }, "win"],
  ] as const)("%s with %j → %s", (platform, commands, expected) => {
    expect(selectLocalCommand(commands, platform)).toBe(expected);
  });
});
