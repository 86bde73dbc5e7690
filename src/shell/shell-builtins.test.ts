import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { readShellBuiltin, type ShellBuiltinKind, shellBuiltins } from "./shell-builtins.js";

// The table against the shells themselves: bash lists its words with `compgen`, and both say what
// a name is with `type` (bash in POSIX mode, where `type` marks special builtins as dash does).
function runShell(shell: string, script: string): string {
  const result = spawnSync(shell, ["-c", script], { encoding: "utf8" });
  if (result.error !== undefined) throw result.error;
  return result.stdout;
}

// Debian's and Ubuntu's /bin/sh; elsewhere (macOS) there may be none to ask.
const hasDash = spawnSync("dash", ["-c", ":"]).status === 0;

// `type NAME` → reserved, special or regular, or null for anything else (a program, not found).
function readKind(line: string): ShellBuiltinKind | null {
  if (/ is a (shell )?(reserved word|keyword)$/.test(line)) return "reserved";
  if (/ is a special shell builtin$/.test(line)) return "special";
  if (/ is a shell builtin$/.test(line)) return "regular";
  return null;
}

function readKinds(shell: string, prefix: string): Map<string, ShellBuiltinKind | null> {
  const names = Object.keys(shellBuiltins);
  // Each name single-quoted (none holds a quote); each answer ends with a line of its own.
  const script = `${prefix}${names.map((name) => `type '${name}' 2>&1; echo @@`).join("; ")}`;
  const answers = runShell(shell, script).split("@@\n");
  return new Map(names.map((name, index) => [name, readKind(answers[index]?.trim() ?? "")]));
}

describe("shellBuiltins", () => {
  it("lists every reserved word and builtin bash lists", () => {
    const listed = runShell("bash", "compgen -k; compgen -b").trim().split("\n");
    expect(listed.filter((name) => readShellBuiltin(name) === null)).toEqual([]);
  });

  it("gives each word the kind bash gives it (in POSIX mode)", () => {
    const kinds = readKinds("bash", "set -o posix; ");
    const expected = Object.entries(shellBuiltins).map(([name, row]) => [
      name,
      "bash" in row ? row.bash : null,
    ]);
    expect(Object.entries(shellBuiltins).map(([name]) => [name, kinds.get(name)])).toEqual(
      expected,
    );
  });

  it.skipIf(!hasDash)("gives each word the kind dash gives it", () => {
    const kinds = readKinds("dash", "");
    const expected = Object.entries(shellBuiltins).map(([name, row]) => [
      name,
      "dash" in row ? row.dash : null,
    ]);
    expect(Object.entries(shellBuiltins).map(([name]) => [name, kinds.get(name)])).toEqual(
      expected,
    );
  });

  it("finds rows by own key only", () => {
    expect(readShellBuiltin("cd")).toEqual({
      bash: "regular",
      dash: "regular",
      effects: ["directory"],
    });
    expect(readShellBuiltin("node")).toBeNull();
    expect(readShellBuiltin("constructor")).toBeNull();
    expect(readShellBuiltin("__proto__")).toBeNull();
  });
});
