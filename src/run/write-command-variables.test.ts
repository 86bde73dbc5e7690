import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { writeCommandVariables } from "./write-command-variables.js";

const names = ["GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"];

// Gemini CLI 0.61.0's `expandCommand`: a plain text replacement of `$NAME`, in this order.
describe("writeCommandVariables", () => {
  it.each([
    ["$GEMINI_PROJECT_DIR/hook.sh", "/repo", "/repo/hook.sh"],
    ["$GEMINI_PROJECT_DIR/hook.sh", "/my project", "'/my project'/hook.sh"],
    ["$GEMINI_CWD/a.sh && $CLAUDE_PROJECT_DIR/b.sh", "/p q", "'/p q'/a.sh && '/p q'/b.sh"],
    ['"$GEMINI_PROJECT_DIR"/hook.sh', "/my project", `"'/my project'"/hook.sh`],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion, not a template
    ["${GEMINI_PROJECT_DIR}/hook.sh", "/my project", "${GEMINI_PROJECT_DIR}/hook.sh"],
    ["$GEMINI_PROJECT_DIR_2/hook.sh", "/repo", "/repo_2/hook.sh"],
    ["echo $HOME", "/my project", "echo $HOME"],
    ["$GEMINI_PROJECT_DIR/x", "/a$b", "'/a$b'/x"],
    ["$GEMINI_PROJECT_DIR/x", "/it's", "'/it'\\''s'/x"],
  ])("%s with %s", (command, value, expected) => {
    expect(writeCommandVariables(command, names, value)).toBe(expected);
  });

  it("gives bash one word for an unquoted $NAME, whatever the directory holds", () => {
    for (const directory of ["/my project", "/it's here", "/a$b `c` *", "/tab\there"]) {
      const command = writeCommandVariables('printf %s "|" $GEMINI_PROJECT_DIR', names, directory);
      expect(execFileSync("bash", ["-c", command], { encoding: "utf8" })).toBe(`|${directory}`);
    }
  });
});
