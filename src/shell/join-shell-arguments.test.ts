import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { joinShellArguments } from "./join-shell-arguments.js";

/** Runs the joined string with /bin/sh and returns the arguments printf received. */
function runWithShell(words: readonly string[]): string[] {
  const script = joinShellArguments(["printf", "%s\\0", ...words]);
  const result = spawnSync("/bin/sh", ["-c", script], { encoding: "utf8" });
  return result.stdout.split("\0").slice(0, -1);
}

describe("joinShellArguments", () => {
  it("leaves plain words alone, quotes the rest and keeps a leading ~/ expandable", () => {
    expect(joinShellArguments(["~/hooks/guard.sh", "--mode", "it's fine", "$HOME"])).toBe(
      "~/hooks/guard.sh --mode 'it'\\''s fine' '$HOME'",
    );
    expect(joinShellArguments(["~/my hooks/a.sh"])).toBe("~/'my hooks/a.sh'");
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
        { numRuns: 60 },
      );
    },
  );
});
