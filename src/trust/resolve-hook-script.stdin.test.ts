import { describe, expect, it } from "vitest";
import { resolveHookScripts } from "./resolve-hook-script.js";

const where = { cwd: "/repo", home: "/home/me" };
const scripts = (command: string, shell: "sh" | "bash" = "sh") =>
  resolveHookScripts(command, { ...where, shell });

// Each form was run with `dash -c` and `bash -c` (and an event on stdin): each runs ./a.sh.
describe("resolveHookScripts: a program read from stdin or a descriptor", () => {
  it.each([
    ["sh /dev/fd/3 3< a.sh"],
    [". /dev/stdin < a.sh"],
    ["source /proc/self/fd/0 < a.sh"],
    ["bash /dev/stdin < a.sh"],
    ["sh /proc/self/fd/0 < a.sh"],
    ["sh /dev/fd/0 < a.sh"],
    ["python3 /dev/fd/3 3< a.sh"],
    ["{ sh; } < a.sh"],
    ["(sh) < a.sh"],
    ["{ python3 -; } < a.sh"],
    ["if true; then sh; fi < a.sh"],
    ["while read -r line; do sh; done < a.sh"],
    ["sh 0< a.sh"],
    ["sh 3< a.sh < /dev/fd/3"],
    ["sh 3<a.sh 0<&3"],
    ["exec 3< a.sh; sh <&3"],
    ["exec < a.sh; sh"],
    ["exec 3< a.sh; sh /dev/fd/3"],
    ["{ exec < a.sh; }; sh"],
    ["f() { exec < a.sh; }; f; sh"],
  ])("%s → ./a.sh", (command) => {
    expect(scripts(command, "bash")).toMatchObject({ files: ["/repo/a.sh"], notHashed: [] });
  });

  it.each([
    ["a function called with stdin redirected", "f() { sh; }; f < a.sh", "sh"],
    ["a pipe", "cat a.sh - | sh", "sh"],
    ["a pipe into a group", "cat a.sh | { sh; }", "sh"],
    ["a here-string not known", 'sh <<< "$(cat a.sh)"', '"$(cat a.sh)"'],
    ["a descriptor not open", "sh /dev/fd/3", "/dev/fd/3"],
    ["a descriptor not known", "sh <&$FD", "sh"],
    ["an exec in a loop", "while :; do sh; exec < a.sh; done", "sh"],
    ["a trap's stdin", "trap 'sh' EXIT", "sh"],
    ["another path under /proc", "sh /proc/self/cwd/a.sh", "/proc/self/cwd/a.sh"],
  ])("flags %s", (_, command, word) => {
    const found = scripts(command, "bash");
    expect(found.notHashed.map((entry) => entry.word)).toContain(word);
  });

  it("follows a here-document fed through a descriptor", () => {
    expect(scripts("sh /dev/fd/3 3<<'EOF'\n./b.sh\nEOF").files).toEqual(["/repo/b.sh"]);
    expect(scripts(". /dev/stdin <<'EOF'\n./b.sh\nEOF").files).toEqual(["/repo/b.sh"]);
  });

  it("hashes every file a descriptor may read", () => {
    // Either the event or a.sh, depending on the branch: a.sh is hashed.
    expect(scripts("if [ -f x ]; then exec < a.sh; fi; sh").files).toEqual(["/repo/a.sh"]);
  });

  it("reads a duplicate of a descriptor as it was when duplicated", () => {
    // `0<&3 3<a.sh`: descriptor 3 is not open yet when 0 copies it.
    const found = scripts("sh 0<&3 3<a.sh", "bash");
    expect(found.files).toEqual([]);
    expect(found.notHashed.map((entry) => entry.reason).join()).toContain("descriptor 0");
  });

  it("flags the event on stdin read as the program: it is not known before the shell runs", () => {
    for (const command of ["sh", "{ sh; }"]) {
      expect(scripts(command)).toMatchObject({
        files: [],
        notHashed: [{ word: "sh", reason: expect.stringContaining("the event payload") }],
      });
    }
  });
});
