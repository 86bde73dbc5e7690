import { execFileSync, spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzParameters } from "../../test/fixtures/fuzz/fuzz-runs.js";
import { formatCommand, quoteShellWord, quoteShellWords } from "./quote-shell-word.js";

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

describe("quoteShellWords with expandProgramHome", () => {
  /** Runs the joined string with /bin/sh and returns the arguments printf received. */
  function runWithShell(words: readonly string[]): string[] {
    const script = quoteShellWords(["printf", "%s\\0", ...words], { expandProgramHome: true });
    const result = spawnSync("/bin/sh", ["-c", script], { encoding: "utf8" });
    return result.stdout.split("\0").slice(0, -1);
  }

  it("leaves plain words alone, quotes the rest and keeps the program's leading ~/ expandable", () => {
    const options = { expandProgramHome: true };
    expect(quoteShellWords(["~/hooks/guard.sh", "--mode", "it's fine", "$HOME"], options)).toBe(
      "~/hooks/guard.sh --mode 'it'\\''s fine' '$HOME'",
    );
    expect(quoteShellWords(["~/my hooks/a.sh"], options)).toBe("~/'my hooks/a.sh'");
    expect(quoteShellWords(["run", "~/x"], options)).toBe("run '~/x'");
  });

  it("expands the program's ~/ to the shell's HOME", () => {
    const program = quoteShellWords(["~/bin/x y"], { expandProgramHome: true });
    const result = spawnSync("/bin/sh", ["-c", `printf %s ${program}`], {
      encoding: "utf8",
      env: { HOME: "/home/someone" },
    });
    expect(result.stdout).toBe("/home/someone/bin/x y");
  });

  it.skipIf(process.platform === "win32")(
    "gives the shell back exactly the words it joined",
    () => {
      const word = fc
        .string({ unit: "binary", minLength: 1, maxLength: 12 })
        .filter((text) => !text.includes("\0"));
      fc.assert(
        fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (words) => {
          expect(runWithShell(words)).toEqual(words);
        }),
        fuzzParameters(60),
      );
    },
  );
});

describe("formatCommand", () => {
  it.each([
    ["~/hooks/guard.sh", "~/hooks/guard.sh"],
    ["my hook.sh", "'my hook.sh'"],
    ["it's", "'it'\\''s'"],
    ["$HOME", "'$HOME'"],
  ])("shows the word %s as %s", (word, shown) => {
    expect(formatCommand([word])).toBe(shown);
  });

  it("shows a string command as written and an argv list word by word", () => {
    expect(formatCommand("python3 ~/guard.py | tee log")).toBe("python3 ~/guard.py | tee log");
    expect(formatCommand(["python3", "~/my guard.py"])).toBe("python3 '~/my guard.py'");
  });
});
