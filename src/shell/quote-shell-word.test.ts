import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzParameters } from "../../test/fixtures/fuzz/fuzz-runs.js";
import {
  formatCommand,
  quoteDisplayWord,
  quoteShellWord,
  quoteShellWords,
} from "./quote-shell-word.js";

describe("quoteShellWord", () => {
  it.each([
    ["plain", "plain"],
    ["--level=info", "--level=info"],
    ["./hooks/log.js", "./hooks/log.js"],
    ["a@b%c+d=e:f,g.h/i-j_K9", "a@b%c+d=e:f,g.h/i-j_K9"],
    ["", "''"],
    ["two words", "'two words'"],
    ["it's", `'it'\\''s'`],
    ["'", `''\\'''`],
    ["''", `''\\'''\\'''`],
    ["$HOME", "'$HOME'"],
    ["~", "'~'"],
    ["~/x", "'~/x'"],
    ["*", "'*'"],
    ["?", "'?'"],
    ["[a]", "'[a]'"],
    ["{a,b}", "'{a,b}'"],
    ["a\\b", "'a\\b'"],
    ['say "hi"', `'say "hi"'`],
    ["`id`", "'`id`'"],
    ["a;b", "'a;b'"],
    ["a|b&c", "'a|b&c'"],
    ["(a)<b>", "'(a)<b>'"],
    ["#x", "'#x'"],
    ["!x", "'!x'"],
    ["line\nbreak", "'line\nbreak'"],
    ["tab\there", "'tab\there'"],
    ["é", "'é'"],
  ])("%j → %s", (word, expected) => {
    expect(quoteShellWord(word)).toBe(expected);
  });

  it.each(["/bin/sh", "bash"])("keeps every ASCII character literal through %s", (shell) => {
    // Alone, before a slash, between letters and before a digit: where `~`, `*`, `$` and the
    // rest would expand, split or end the command if left unquoted.
    const words = Array.from({ length: 127 }, (_, index) => String.fromCharCode(index + 1)).flatMap(
      (character) => [character, `${character}/`, `a${character}b`, `${character}1`],
    );
    const command = `printf '%s\\0' ${words.map(quoteShellWord).join(" ")}`;
    const output = execFileSync(shell, ["-c", command], { encoding: "utf8" });
    expect(output.split("\0").slice(0, -1)).toEqual(words);
  });

  it("round-trips any text without NUL through sh -c 'printf %s <quoted>'", () => {
    // Mostly plain characters, so a single special one decides whether a word is quoted.
    const character = fc.oneof(
      { arbitrary: fc.constantFrom(..."abzAZ09_@%+=:,./-"), weight: 4 },
      { arbitrary: fc.constantFrom(..."'\"\\$`~ \t\n*?[]{}()<>;&|#!^"), weight: 2 },
      { arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }), weight: 1 },
    );
    const text = fc
      .string({ unit: character, maxLength: 24 })
      .filter((value) => !value.includes("\0"));
    fc.assert(
      fc.property(text, (value) => {
        const output = execFileSync("/bin/sh", ["-c", `printf %s ${quoteShellWord(value)}`]);
        expect(output.toString("utf8")).toBe(value);
      }),
      fuzzParameters(50),
    );
  });
});

describe("quoteShellWords", () => {
  const tricky = [
    "plain",
    "two words",
    "it's",
    "$HOME",
    "~/x",
    "",
    "a\\b",
    'say "hi"',
    "line\nbreak",
    "*",
  ];

  it.each(["/bin/sh", "bash"])("runs the same argv through %s", (shell) => {
    const command = quoteShellWords(["printf", "%s\\0", ...tricky]);
    const output = execFileSync(shell, ["-c", command], { encoding: "utf8" });
    expect(output.split("\0").slice(0, -1)).toEqual(tricky);
  });

  it("leaves plain words unquoted", () => {
    expect(quoteShellWords(["node", "./hooks/log.js", "--level=info"])).toBe(
      "node ./hooks/log.js --level=info",
    );
  });

  it("joins no words as the empty command", () => {
    expect(quoteShellWords([])).toBe("");
  });
});

describe("quoteDisplayWord and formatCommand", () => {
  it.each([
    ["~/hooks/guard.sh", "~/hooks/guard.sh"],
    ["my hook.sh", "'my hook.sh'"],
    ["it's", "'it'\\''s'"],
    ["$HOME", "'$HOME'"],
  ])("shows %s as %s", (word, shown) => {
    expect(quoteDisplayWord(word)).toBe(shown);
  });

  it("shows a string command as written and an argv list word by word", () => {
    expect(formatCommand("python3 ~/guard.py | tee log")).toBe("python3 ~/guard.py | tee log");
    expect(formatCommand(["python3", "~/my guard.py"])).toBe("python3 '~/my guard.py'");
  });
});
