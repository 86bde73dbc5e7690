import { describe, expect, it } from "vitest";
import { resolveHookScripts } from "./resolve-hook-script.js";

const where = { cwd: "/repo", home: "/home/me", env: { PLUGIN_ROOT: "/plugins/lint" } };
const scripts = (command: string, shell: "sh" | "bash" = "sh") =>
  resolveHookScripts(command, { ...where, shell });

// Each command runs `$X` last; dash and bash (checked with `dash -c` and `bash -c`) may run
// another file than the one `X=./a.sh` names, so `$X` must be reported, and ./a.sh not taken
// for what runs. Rows of bash-only syntax are read as bash (dash runs ./a.sh for them).
describe("resolveHookScripts: a variable is known only where no other assignment reaches it", () => {
  it.each([
    ["read", "X=./a.sh; read X < f; $X"],
    ["read -r", "X=./a.sh; read -r X < f; $X"],
    ["read -a", "X=./a.sh; read -a X < f; $X"],
    ["read with a variable name", "X=./a.sh; read $N < f; $X"],
    ["mapfile", "X=./a.sh; mapfile X < f; $X"],
    ["readarray", "X=./a.sh; readarray -t X < f; $X"],
    ["for", "X=./a.sh; for X in ./b.sh; do :; done; $X"],
    ["select", "X=./a.sh; select X in ./b.sh; do break; done; $X"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell code
    ["${X:=…}", "X=; : ${X:=./b.sh}; $X"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell code
    ["${X=…}", "unset X; : ${X=./b.sh}; $X"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell code
    ["${X:=…} nested in a default", "X=; echo ${Y:-${X:=./b.sh}}; $X"],
    ["a special builtin's prefix assignment (dash keeps it)", "X=./a.sh; X=./b.sh :; $X"],
    ["eval's prefix assignment", "X=./a.sh; X=./b.sh eval :; $X"],
    ["export's prefix assignment", "X=./a.sh; X=./b.sh export Y; $X"],
    ["a function's assignment", "X=./a.sh; f() { X=./b.sh; }; f; $X"],
    ["a function called later", "f() { X=./b.sh; }; X=./a.sh; f; $X"],
    ["printf -v", "X=./a.sh; printf -v X %s ./b.sh; $X"],
    ["getopts", "X=./a.sh; getopts b: X; $X"],
    ["let", "X=./a.sh; let X=1; $X", "bash"],
    ["(( ))", "X=./a.sh; (( X = 1 )); $X", "bash"],
    ["$(( ))", "X=./a.sh; : $(( X = 1 )); $X"],
    ["X+=", "X=./a.sh; X+=x; $X", "bash"],
    ["unset", "X=./a.sh; unset X; $X"],
    ["unset with a variable name", "X=./a.sh; unset $N; $X"],
    ["wait -p", "X=./a.sh; wait -p X; $X"],
    ["an if branch", "X=./a.sh; if test -f f; then X=./b.sh; fi; $X"],
    ["an if/else with two values", "if [ -f f ]; then X=./a.sh; else X=./b.sh; fi; $X"],
    ["a case branch", "X=./a.sh; case $1 in b) X=./b.sh;; esac; $X"],
    [
      "a loop: a later assignment reaches an earlier use",
      "X=./a.sh; while :; do $X; X=./b.sh; done",
    ],
    ["an if condition", "X=./b.sh; if X=./a.sh false; then :; fi; $X"],
    ["&&", "X=./a.sh; [ -f f ] && X=./b.sh; $X"],
    ["eval of code not known", 'X=./a.sh; eval "$CODE"; $X'],
    ["source", "X=./a.sh; . ./lib.sh; $X"],
    ["a trap that runs before each command", "X=./a.sh; trap 'X=./b.sh' DEBUG; $X"],
    ["a trap set before the assignment", "trap 'X=./b.sh' DEBUG; X=./a.sh; $X"],
    ["declare -n", "X=./a.sh; declare -n X=Y; Y=./b.sh; $X", "bash"],
    ["declare -u", "declare -u X; X=./a.sh; $X", "bash"],
    ["readonly", "readonly X=./a.sh; X=./b.sh; $X"],
    ["local outside a function", "X=./a.sh; local X=./b.sh; $X", "bash"],
    ["bash's lastpipe", "X=./a.sh; shopt -s lastpipe; echo ./b.sh | read X; $X"],
    ["exec {X}<", "X=./a.sh; exec {X}< f; $X"],
    ["bash arithmetic on a value not known", "X=./a.sh; read N < f; : $(( N )); $X", "bash"],
  ] as const)("%s: %s", (_, command, shell: "sh" | "bash" = "sh") => {
    const found = scripts(command, shell);
    expect(found.files).not.toContain("/repo/a.sh");
    expect(found.notHashed.map((entry) => entry.word)).toContain("$X");
  });

  it.each([
    ["a plain assignment", "X=./a.sh; $X", ["/repo/a.sh"]],
    ["a later assignment", "X=./b.sh; X=./a.sh; $X", ["/repo/a.sh"]],
    ["export", "export X=./a.sh; $X", ["/repo/a.sh"]],
    ["export, read by POSIX sh as a command", 'export X=./a.sh; sh "$X"', ["/repo/a.sh"]],
    ["eval of known code", "X=./b.sh; eval 'X=./a.sh'; $X", ["/repo/a.sh"]],
    ["an assignment in a subshell does not leak", "X=./a.sh; (X=./b.sh); $X", ["/repo/a.sh"]],
    ["a pipeline's first command", "X=./a.sh; X=./b.sh | cat; $X", ["/repo/a.sh"]],
    ["a command's prefix is its own", "X=./a.sh; X=./a.sh date; $X", ["/repo/a.sh"]],
    [
      "set inside the branch that uses it",
      'if [ -f f ]; then X=./a.sh; sh "$X"; fi',
      ["/repo/a.sh"],
    ],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell code
    ["${X:=…} of a set variable", "X=./a.sh; : ${X:=./b.sh}; $X", ["/repo/a.sh"]],
    ["$HOME set", "HOME=/tmp/h; ~/a.sh", ["/tmp/h/a.sh"]],
    ["a source before the assignment", "X=./a.sh; $X; . ./lib.sh", ["/repo/a.sh", "/repo/lib.sh"]],
    ["a function that sets another variable", "f() { Y=1; }; X=./a.sh; f; $X", ["/repo/a.sh"]],
    ["arithmetic on a known number", "N=1; X=./a.sh; : $(( N + 1 )); $X", ["/repo/a.sh"]],
  ])("%s: %s is known", (_, command, expected) => {
    expect(scripts(command)).toMatchObject({ files: expected, notHashed: [] });
  });

  it("makes every unquoted expansion unknown once IFS may have changed", () => {
    // dash splits ./a.sh on / into `.` and `a.sh`: it sources a.sh.
    for (const command of ["IFS=/; X=./a.sh; $X", "X=./a.sh; read IFS < f; $X"]) {
      const found = scripts(command);
      expect(found.files).toEqual([]);
      const code = found.notHashed.filter((entry) => entry.role !== "data");
      expect(code[0]?.reason).toContain("IFS");
    }
    expect(scripts('IFS=/; X=./a.sh; "$X"').files).toEqual(["/repo/a.sh"]);
    expect(scripts("IFS=/; sh -c './a.sh $X'").notHashed).toEqual([]);
  });

  it("knows ~ only while HOME is", () => {
    const found = scripts("read HOME < f; ~/a.sh");
    expect(found.files).toEqual([]);
    expect(found.notHashed.filter((entry) => entry.role !== "data")[0]?.word).toBe("~/a.sh");
  });

  it("gives a child shell only exported variables", () => {
    // `X=./a.sh; bash -c '$X'` runs the X of the hook's environment, not ./a.sh.
    expect(scripts("X=./a.sh; bash -c '$X'").notHashed.map((entry) => entry.word)).toContain("$X");
    expect(scripts("X=./a.sh bash -c '$X'").files).toEqual(["/repo/a.sh"]);
    expect(scripts("env X=./a.sh bash -c '$X'").files).toEqual(["/repo/a.sh"]);
    expect(scripts("bash -c '$PLUGIN_ROOT/a.sh'").files).toEqual(["/plugins/lint/a.sh"]);
  });

  it("reads a trap's code in a state where any variable set anywhere is not known", () => {
    const found = scripts("trap '$X' EXIT; X=./a.sh");
    expect(found.files).toEqual([]);
    expect(found.notHashed.map((entry) => entry.word)).toContain("$X");
  });

  it("reads a function body in a state where any variable set anywhere is not known", () => {
    const found = scripts("f() { $X; }; X=./b.sh; f; X=./a.sh; f");
    expect(found.files).toEqual([]);
    expect(found.notHashed.map((entry) => entry.word)).toContain("$X");
    expect(scripts('f() { "$PLUGIN_ROOT"/a.sh; }; f').files).toEqual(["/plugins/lint/a.sh"]);
  });

  it("reports bash arithmetic on a value not known: it may run a command", () => {
    // bash -c 'read X < f; echo $((X))' with f holding `a[$(./evil.sh)]` runs ./evil.sh.
    const found = scripts("read X < f; echo $((X))", "bash");
    expect(found.notHashed.map((entry) => entry.reason).join()).toContain("run commands");
    expect(scripts("X=1; echo $((X + 2))", "bash").notHashed).toEqual([]);
  });
});
