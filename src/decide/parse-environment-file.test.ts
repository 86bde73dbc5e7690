import { describe, expect, it } from "vitest";
import { parseEnvironmentFile } from "./parse-environment-file.js";

const origin = {
  event: "SessionStart",
  command: "./setup.sh",
  file: "/project/.claude/settings.json",
  path: "hooks.SessionStart[0].hooks[0]",
};

function parse(text: string) {
  return parseEnvironmentFile({ ok: true, text }, origin);
}

describe("parseEnvironmentFile", () => {
  it.each([
    ["export A=b", { A: "b" }],
    ['export A="b c"', { A: "b c" }],
    ["export A='b $c'", { A: "b $c" }],
    ["A=b", { A: "b" }],
    ["export A=b B=c; C=d", { A: "b", B: "c", C: "d" }],
    ["export A=", { A: "" }],
    ["A=a\\ b", { A: "a b" }],
    ['A="say \\"hi\\" \\$x"', { A: 'say "hi" $x' }],
    ["A=$'tab\\there'", { A: "tab\there" }],
    ["# a comment\n\nexport A=b # trailing", { A: "b" }],
    ["export A=1\nexport A=2", { A: "2" }],
    ['export A="two\nlines"\nB=c', { A: "two\nlines", B: "c" }],
    ["export A", {}],
    ["A=b\nexport A", { A: "b" }],
    ["export A=A", { A: "A" }],
  ])("reads %j", (text, expected) => {
    const parsed = parse(text);
    expect(parsed.variables).toEqual(expected);
    expect(parsed.diagnostics).toEqual([]);
  });

  it.each([
    ["export PATH=$HOME/bin:$PATH", "PATH"],
    ["export A=$(whoami)", "A"],
    ["A=`date`", "A"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion, not a template
    ['A="${B:-x}"', "A"],
    ["A=$((1 + 2))", "A"],
  ])("skips %j: a value that needs running, with a warning naming the line", (text, name) => {
    const parsed = parse(`export OK=1\n${text}\nexport AFTER=2`);
    expect(parsed.variables).toEqual({ OK: "1", AFTER: "2" });
    expect(parsed.diagnostics).toHaveLength(1);
    const [diagnostic] = parsed.diagnostics;
    expect(diagnostic).toMatchObject({
      code: "environment_file",
      severity: "warning",
      file: origin.file,
      path: origin.path,
    });
    expect(diagnostic?.message).toContain("line 2");
    expect(diagnostic?.message).toContain(name);
    expect(diagnostic?.message).toContain('SessionStart hook "./setup.sh"');
  });

  it.each([
    ["source ~/.nvm/nvm.sh", "runs a command"],
    ["rm -rf /tmp/x", "runs a command"],
    ["A=b > /tmp/out", "redirection"],
    ["A+=b", "appends"],
    ["A=(1 2)", "array"],
    ["if true; then A=b; fi", "runs a command"],
    ['export A="unclosed', "not valid shell syntax"],
  ])("skips %j with a warning", (text, problem) => {
    const parsed = parse(text);
    expect(parsed.variables).toEqual({});
    expect(parsed.diagnostics).toHaveLength(1);
    expect(parsed.diagnostics[0]?.message).toContain(problem);
    expect(parsed.diagnostics[0]?.message).toContain("line 1");
  });

  it("keeps a __proto__ assignment as an own variable", () => {
    const parsed = parse("export __proto__=x");
    expect(Object.getPrototypeOf(parsed.variables)).toBe(Object.prototype);
    expect(Object.hasOwn(parsed.variables, "__proto__")).toBe(true);
  });

  it("reports a file that could not be read", () => {
    const parsed = parseEnvironmentFile({ ok: false, problem: "it is too large" }, origin);
    expect(parsed.variables).toEqual({});
    expect(parsed.diagnostics[0]?.message).toContain("could not be read: it is too large");
  });
});
