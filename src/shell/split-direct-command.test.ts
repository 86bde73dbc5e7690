import { describe, expect, it } from "vitest";
import { splitDirectCommand } from "./split-direct-command.js";

const context = { env: { HOME: "/home/me" }, shell: "sh" } as const;

describe("splitDirectCommand", () => {
  it.each([
    ["true", ["true"]],
    ["  node   hook.mjs\t--strict ", ["node", "hook.mjs", "--strict"]],
    [`node "my hooks/check.mjs"`, ["node", "my hooks/check.mjs"]],
    [
      `run 'it has $HOME and * and |' "and 'single' inside"`,
      ["run", "it has $HOME and * and |", "and 'single' inside"],
    ],
    [`run mixed'a b'"c d"e`, ["run", "mixeda bc de"]],
    [`run '' ""`, ["run", "", ""]],
    ["~/bin/guard --flag=on", ["/home/me/bin/guard", "--flag=on"]],
    ["run ~ ~/x", ["run", "/home/me", "/home/me/x"]],
    [
      "/usr/bin/env python3 -u ./hook.py a,b:c@d%e+f",
      ["/usr/bin/env", "python3", "-u", "./hook.py", "a,b:c@d%e+f"],
    ],
    [`"printf" '%s'`, null],
    ["false", ["false"]],
    // Names of no builtin, though they are keys of every object.
    ["constructor x", ["constructor", "x"]],
    ["__proto__", ["__proto__"]],
  ])("splits %j", (command, words) => {
    expect(splitDirectCommand(command, context)).toEqual(words ?? null);
  });

  it.each([
    ["", "empty"],
    ["   \t ", "only blanks"],
    ["run $HOME", "a variable"],
    [`run "$HOME"`, "a variable in double quotes"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
    ["run ${HOME}", "a braced variable"],
    ["run `id`", "a command substitution"],
    [`run "\\"x"`, "a backslash in double quotes"],
    ["run a\\ b", "a backslash"],
    ["run *.sh", "a glob"],
    ["run file?.txt", "a ? glob"],
    ["run [ab].txt", "a bracket glob"],
    ["run {a,b}", "a brace expansion"],
    ["run a | cat", "a pipe"],
    ["run > out", "a redirection"],
    ["run 2>&1", "a descriptor redirection"],
    ["run < in", "an input redirection"],
    ["true && run", "&&"],
    ["true || run", "||"],
    ["run; run", "a semicolon"],
    ["run &", "a background job"],
    ["run # note", "a comment"],
    ["run\nrun", "a newline"],
    ["(run)", "a subshell"],
    ["FOO=bar run", "an assignment"],
    ["run ~root", "~user"],
    ["run a~b", "a ~ inside a word"],
    [`run 'unclosed`, "an unclosed quote"],
    ["exit 2", "a builtin (exit)"],
    ["echo 'a\\nb'", "echo, which differs from /bin/echo in dash"],
    ["cd /tmp", "cd"],
    ["if", "a reserved word"],
    ["time run", "time, a reserved word in bash"],
    ["pushd /tmp", "pushd, a bash builtin with no program"],
    ["chdir /tmp", "chdir, a dash builtin with no program"],
    ["mapfile lines", "mapfile, a bash builtin"],
    ["! run", "negation"],
    ["run é", "a non-ASCII character outside quotes"],
  ])("leaves %j to the shell (%s)", (command) => {
    expect(splitDirectCommand(command, context)).toBeNull();
  });

  it("leaves ~ to the shell when HOME is unset", () => {
    expect(splitDirectCommand("run ~/x", { env: {}, shell: "sh" })).toBeNull();
  });

  it("leaves everything to bash when BASH_ENV is set (bash reads it first)", () => {
    const env = { HOME: "/home/me", BASH_ENV: "/etc/bash_env" };
    expect(splitDirectCommand("true", { env, shell: "bash" })).toBeNull();
    expect(splitDirectCommand("true", { env, shell: "sh" })).toEqual(["true"]);
  });
});
