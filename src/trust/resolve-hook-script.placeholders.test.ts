import { describe, expect, it } from "vitest";
import { resolveHookScripts } from "./resolve-hook-script.js";

const where = { cwd: "/repo/sub", home: "/home/me" };
const scripts = (command: string) => resolveHookScripts(command, where);
const code = (command: string) =>
  scripts(command).notHashed.filter((entry) => entry.role !== "data");

// Words find and xargs fill in at run time name files not known before the shell runs.
describe("placeholders and list files", () => {
  it.each([
    ["find . -name '*.sh' -exec sh {} \\;", "{}", "find"],
    ["find . -name '*.sh' -exec bash {} +", "{}", "find"],
    ["find hooks -type f -execdir sh {} \\;", "{}", "find"],
    ["find . -ok python3 {} \\;", "{}", "find"],
    ["find . -okdir node {} \\;", "{}", "find"],
    ["find . -exec {} \\;", "{}", "find"],
    ["find . -exec ./{}.sh \\;", "./{}.sh", "find"],
    ["sh -c \"find . -exec sh {} ';'\"", "{}", "find"],
    ["xargs -a list sh", "<items xargs reads from its input>", "xargs"],
    ["xargs --arg-file=list.txt bash", "<items xargs reads from its input>", "xargs"],
    ["ls | xargs sh", "<items xargs reads from its input>", "xargs"],
    ["xargs -0 node < files", "<items xargs reads from its input>", "xargs"],
    ["xargs -I{} sh {}", "{}", "xargs"],
    ["xargs -I % python3 % --flag", "%", "xargs"],
    ["xargs -i sh {}", "{}", "xargs"],
    ["xargs -iX sh X", "X", "xargs"],
    ["xargs --replace=@ sh @", "@", "xargs"],
    ["xargs -I{} ./{}", "./{}", "xargs"],
    ["parallel sh ::: a.sh b.sh", "parallel sh ::: a.sh b.sh", "parallel"],
    ["parallel sh :::: list", "parallel sh :::: list", "parallel"],
  ])("%s: %s is not hashed", (command, word, program) => {
    const found = code(command);
    const entry = found.find((item) => item.word === word);
    expect(entry, JSON.stringify(found)).toBeDefined();
    expect(entry?.reason).toContain(program);
    expect(scripts(command).files.some((file) => file.includes("{}"))).toBe(false);
  });

  it("never hashes a file literally named after the placeholder", () => {
    for (const command of [
      "find . -exec sh {} \\;",
      "find . -exec sh -- {} +",
      "xargs -I{} sh {}",
      "xargs -i bash {}",
    ]) {
      expect(scripts(command).files).toEqual([]);
    }
  });

  it("hashes a script given by path and leaves its placeholder arguments alone", () => {
    expect(scripts("find . -name '*.py' -exec ./a.sh {} +")).toMatchObject({
      files: ["/repo/sub/a.sh"],
      notHashed: [],
    });
    expect(scripts("xargs -n 1 -I {} ./a.sh {}")).toMatchObject({
      files: ["/repo/sub/a.sh"],
      notHashed: [],
    });
    expect(scripts("find . -exec sh ./a.sh {} \\;")).toMatchObject({
      files: ["/repo/sub/a.sh"],
      notHashed: [],
    });
    expect(scripts("xargs sh -c './a.sh \"$@\"' sh")).toMatchObject({
      files: ["/repo/sub/a.sh"],
      notHashed: [],
    });
  });

  it("lists xargs's list file as data it reads", () => {
    const found = scripts("xargs -a list.txt ./a.sh");
    expect(found.files).toEqual(["/repo/sub/a.sh"]);
    expect(found.notHashed).toEqual([
      expect.objectContaining({ word: "list.txt", file: "/repo/sub/list.txt", role: "data" }),
    ]);
  });
});
