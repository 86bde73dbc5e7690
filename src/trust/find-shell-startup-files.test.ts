import { describe, expect, it } from "vitest";
import { findShellStartupFiles, findStartupFile } from "./find-shell-startup-files.js";
import { literal } from "./read-command-option.js";

const context = (variables: Record<string, string | null> = {}, observing = false) => ({
  home: "/home/me",
  directories: ["/repo"],
  observing,
  variable: (name: string) => (Object.hasOwn(variables, name) ? variables[name] : undefined),
});
const words = (...texts: string[]) => texts.map((text) => literal(text, text));
const hashed = (found: ReturnType<typeof findStartupFile>) =>
  found.flatMap((finding) => (finding.certain ? [finding.file] : []));

describe("findShellStartupFiles", () => {
  it.each([
    ["bash", ["-c", "true"], [], false],
    ["bash", ["-c", "true"], ["/home/me/.bashrc"], true],
    ["bash", ["--norc", "-c", "true"], [], true],
    [
      "bash",
      ["-l", "-c", "true"],
      ["/home/me/.bash_profile", "/home/me/.bash_login", "/home/me/.profile"],
      false,
    ],
    ["zsh", ["-c", "true"], ["/home/me/.zshenv"], false],
    ["sh", ["-l", "x.sh"], ["/home/me/.profile"], false],
  ] as const)("%s %j → %j (observing: %s)", (name, args, expected, observing) => {
    expect(hashed(findShellStartupFiles(name, words(...args), context({}, observing)))).toEqual(
      expected,
    );
  });

  it("uses the HOME and ZDOTDIR the program is given, and flags one not known", () => {
    expect(hashed(findStartupFile("~/.profile", context({ HOME: "/tmp/h" }), "sh"))).toEqual([
      "/tmp/h/.profile",
    ]);
    expect(hashed(findStartupFile("$ZDOTDIR/.zshenv", context({ ZDOTDIR: "/z" }), "zsh"))).toEqual([
      "/z/.zshenv",
    ]);
    expect(findStartupFile("~/.profile", context({ HOME: null }), "sh")).toEqual([
      expect.objectContaining({ certain: false, word: "sh ~/.profile" }),
    ]);
  });

  it("hashes ~/.bashrc as an observed candidate", () => {
    expect(findShellStartupFiles("bash", words("x.sh"), context({}, true))).toEqual([
      { file: "/home/me/.bashrc", role: "code", certain: true, observed: true },
    ]);
  });
});
