import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type HookScripts, resolveHookScripts } from "./resolve-hook-script.js";

const where = { cwd: "/repo/sub", home: "/home/me", gitRoot: "/repo", shell: "sh" } as const;

// Shell-ish commands: words, operators, quotes, expansions and interpreters, in any order.
const tokens = [
  "./a.sh",
  "hooks/b.sh",
  "~/c.sh",
  "/opt/d.sh",
  "sh",
  "bash",
  "node",
  "python3",
  "-c",
  "-r",
  "-m",
  "env",
  "timeout 5",
  "xargs",
  "find . -exec",
  "{}",
  "\\;",
  "cd",
  "hooks",
  "..",
  "X=./a.sh",
  "$X",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: shell code
  "${X:-./b.sh}",
  "$(pwd)",
  "$(git rev-parse --show-toplevel)",
  "`echo x`",
  "*.sh",
  "'q'",
  '"d"',
  "$'e'",
  "&&",
  "||",
  ";",
  "|",
  "&",
  "<",
  ">",
  "3<",
  "<<EOF\nx\nEOF\n",
  "(",
  ")",
  "{",
  "}",
  "if",
  "then",
  "fi",
  "for",
  "in",
  "do",
  "done",
  "f()",
  "eval",
  ".",
  "source",
  "exec",
  "\n",
  "#",
  "\\",
];

const shellish = fc
  .array(fc.constantFrom(...tokens), { minLength: 1, maxLength: 12 })
  .map((words) => words.join(" "));

function everyPath(scripts: HookScripts): string[] {
  return [
    ...scripts.files,
    ...scripts.notHashed.flatMap(({ file }) => (file === undefined ? [] : [file])),
  ];
}

function isAbsoluteAndNormal(file: string): boolean {
  return path.isAbsolute(file) && path.normalize(file) === file && !file.endsWith("/");
}

describe("resolveHookScripts (properties)", () => {
  it("never throws on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (command) => {
        resolveHookScripts(command, where);
      }),
      { numRuns: 60 },
    );
  });

  it("never throws on arbitrary argv lists", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }), (argv) => {
        resolveHookScripts(argv, where);
      }),
      { numRuns: 50 },
    );
  });

  it("never throws on shell-ish commands, and every path it returns is absolute and normalized", () => {
    fc.assert(
      fc.property(shellish, (command) => {
        const scripts = resolveHookScripts(command, where);
        for (const file of everyPath(scripts)) {
          expect(isAbsoluteAndNormal(file), `${JSON.stringify(file)} from ${command}`).toBe(true);
        }
      }),
      { numRuns: 120 },
    );
  });

  // Program words whose value cannot be known before the shell runs.
  const uncertainProgram = fc.oneof(
    fc.stringMatching(/^[A-Z][A-Z0-9_]{0,6}$/).map((name) => `$UNKNOWN_${name}`),
    fc.stringMatching(/^[A-Z][A-Z0-9_]{0,6}$/).map((name) => `"\${UNKNOWN_${name}}"/hook.sh`),
    fc.constantFrom("hooks/*.sh", "./h?.sh", "./[ab].sh", "~/hooks/*"),
    fc.constantFrom(
      "$(cat name.txt)",
      '"$(dirname "$0")/b.sh"',
      "`cat name.txt`",
      "$(echo ./a.sh)",
    ),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell code
    fc.constantFrom('"$1"', "$@", "$*", "${UNSET:-$(cat n)}"),
  );
  const prefix = fc.constantFrom(
    "",
    "cd hooks && ",
    "true; ",
    "env ",
    "timeout 5 ",
    "exec ",
    "sh -c '",
  );
  const arguments_ = fc.constantFrom("", " --flag", " x y", " < /dev/null");

  it("flags a command whose program word is an unknown variable, a glob or a command substitution", () => {
    fc.assert(
      fc.property(prefix, uncertainProgram, arguments_, (before, program, after) => {
        const body = `${program}${after}`;
        const command =
          before === "sh -c '" ? `sh -c '${body.replaceAll("'", "'\\''")}'` : `${before}${body}`;
        const scripts = resolveHookScripts(command, where);
        expect(scripts.notHashed.length, `${command} → ${JSON.stringify(scripts)}`).toBeGreaterThan(
          0,
        );
      }),
      { numRuns: 80 },
    );
  });

  it("flags an interpreter whose script operand is an unknown variable, a glob or a command substitution", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("sh", "bash", "node", "python3", "perl", "env python3", ". "),
        uncertainProgram,
        (interpreter, script) => {
          const command = `${interpreter} ${script}`;
          const scripts = resolveHookScripts(command, where);
          expect(
            scripts.notHashed.length,
            `${command} → ${JSON.stringify(scripts)}`,
          ).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
