// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${…}` here is shell syntax, not a template.
import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findBashOnlySyntax } from "./find-bash-only-syntax.js";

// Each flagged command is checked against the real shells too: dash (Debian's /bin/sh, what
// Claude Code runs hook commands with) must do something else than bash with it, and each command
// left alone must do the same in both.
const shIsDash = (() => {
  try {
    return realpathSync("/bin/sh").endsWith("dash");
  } catch {
    return false;
  }
})();
const run = (shell: string, command: string) => {
  const result = spawnSync(shell, ["-c", command], { encoding: "utf8", input: "1\n" });
  return { status: result.status, stdout: result.stdout };
};

const flagged = [
  ["[[ a == a ]] && echo yes", "the bash test `[[ … ]]` (sh runs it as a command named `[[`)", 1],
  ["a=(1 2); echo ${a[1]}", "an array", 3],
  ["cat <<< hi", "the here-string `<<<`", 5],
  ["function f { echo f; }; f", "the `function` keyword", 1],
  ["printf '%s\\n' $'a'", "the quoting `$'…'` (dash prints the `$`)", 15],
  ['printf "%s\\n" $"hi"', 'the locale quoting `$"…"`', 15],
  ["cat <(echo p)", "the process substitution `<(…)` / `>(…)`", 5],
  ["(( 1 + 1 )) && echo yes", "the arithmetic command `(( … ))`", 1],
  ["x=abc; echo ${x:1:1}", "the substring expansion `${name:offset:length}`", 13],
  ["x=abc; echo ${x/b/B}", "the replacement expansion `${name/…/…}`", 13],
  ["x=ab; y=x; echo ${!y}", "the indirect expansion `${!…}`", 17],
  ["x=ab; echo ${x^^}", "this expansion operator is a bash feature", 15],
  [
    "echo a &> /dev/null; echo b",
    "the redirection `&>` (sh reads `cmd &> file` as `cmd &` then `> file`)",
    8,
  ],
  ["echo a &>> /dev/null; echo b", "the redirection `&>>`", 8],
  ["declare x=1; echo $x", "the builtin `declare`", 1],
  ["typeset x=1; echo $x", "the builtin `typeset`", 1],
  ["let x=1; echo $x", "the builtin `let`", 1],
  ["coproc true && echo done", "`coproc`", 1],
  ["select x in a; do echo $x; break; done", "`select`", 1],
  ["for ((i=0;i<2;i++)); do echo $i; done", "the C-style loop `for ((…))`", 5],
  ["echo a |& cat", "the pipe `|&`", 1],
  ["x=a; x+=b; echo $x", "the assignment `+=`", 6],
  [
    'echo "$( [[ -n x ]] && echo y )"',
    "the bash test `[[ … ]]` (sh runs it as a command named `[[`)",
    10,
  ],
] as const;

const portable = [
  './guard.sh "$1" && echo ok',
  'if [ -n a ]; then echo "$(echo y)"; fi',
  "f() { echo f; }; f",
  "x=abc; echo ${x%c} ${#x} ${y:-d} $((1 + 2))",
  "echo hi >| /dev/null; echo ok",
  "cat <<EOF\nbody\nEOF",
  "local_x=1; echo $local_x",
  "case a in a) echo a ;; esac",
] as const;

describe("findBashOnlySyntax", () => {
  it.each(flagged)("flags %j: %s", (command, construct, column) => {
    expect(findBashOnlySyntax(command)).toEqual({ construct, line: 1, column });
  });

  it.each(portable)("leaves %j alone", (command) => {
    expect(findBashOnlySyntax(command)).toBeNull();
  });

  it("says where on a later line", () => {
    expect(findBashOnlySyntax("echo a\nif [[ -f x ]]; then :; fi")).toEqual({
      construct: "the bash test `[[ … ]]` (sh runs it as a command named `[[`)",
      line: 2,
      column: 4,
    });
  });

  it("says where after its parser has read a line longer than mvdan-sh's column field", () => {
    expect(findBashOnlySyntax(`echo ${"x".repeat(20_000)}; [[ 1 ]]`)).toMatchObject({
      line: 1,
      column: 20_008,
    });
    expect(findBashOnlySyntax("echo é; [[ a == a ]]")).toMatchObject({ line: 1, column: 10 });
    expect(findBashOnlySyntax("x=ab; echo ${x^^}")).toMatchObject({ line: 1, column: 15 });
  });

  it("says nothing certain of a string bash rejects too", () => {
    expect(findBashOnlySyntax('echo "unterminated')).toBeNull();
    expect(findBashOnlySyntax("[[ a == ")).toBeNull();
  });

  it.skipIf(!shIsDash).each(flagged.filter(([command]) => !command.includes("select")))(
    "dash does not run %j as bash does",
    (command) => {
      expect(run("/bin/sh", command)).not.toEqual(run("bash", command));
    },
  );

  it.skipIf(!shIsDash).each(portable.filter((command) => !command.startsWith("./")))(
    "dash runs %j as bash does",
    (command) => {
      expect(run("/bin/sh", command)).toEqual(run("bash", command));
    },
  );
});
