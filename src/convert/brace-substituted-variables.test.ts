// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${NAME}` is the shell's braced variable, not a template.
import { describe, expect, it } from "vitest";
import { braceSubstitutedVariables } from "./brace-substituted-variables.js";

const names = ["CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR"];

describe("braceSubstitutedVariables", () => {
  it.each([
    ['"$CLAUDE_PROJECT_DIR"/hooks/a.sh', '"${CLAUDE_PROJECT_DIR}"/hooks/a.sh'],
    [
      "$GEMINI_PROJECT_DIR/a.sh $CLAUDE_PROJECT_DIR",
      "${GEMINI_PROJECT_DIR}/a.sh ${CLAUDE_PROJECT_DIR}",
    ],
    ["${CLAUDE_PROJECT_DIR}/a.sh", "${CLAUDE_PROJECT_DIR}/a.sh"],
    [
      "$CLAUDE_PROJECT_DIRS/a.sh $CLAUDE_PROJECT_DIR_2",
      "$CLAUDE_PROJECT_DIRS/a.sh $CLAUDE_PROJECT_DIR_2",
    ],
    ["$HOME/a.sh", "$HOME/a.sh"],
  ])("%s → %s", (command, braced) => {
    expect(braceSubstitutedVariables(command, names)).toBe(braced);
  });

  it("changes nothing without names", () => {
    expect(braceSubstitutedVariables("$CLAUDE_PROJECT_DIR", [])).toBe("$CLAUDE_PROJECT_DIR");
  });
});
