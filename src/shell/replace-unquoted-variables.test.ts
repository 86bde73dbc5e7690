// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${DIR}` is the shell's braced variable, not a template.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { replaceUnquotedVariables } from "./replace-unquoted-variables.js";

const values = { DIR: "/my project" };

describe("replaceUnquotedVariables", () => {
  it.each([
    ["$DIR/hook.sh", "'/my project'/hook.sh"],
    ["node $DIR/a.mjs $DIR", "node '/my project'/a.mjs '/my project'"],
    ["a=$DIR;b", "a='/my project';b"],
    ['"$DIR"/hook.sh', '"$DIR"/hook.sh'],
    ['"x $DIR y"', '"x $DIR y"'],
    ["'$DIR'", "'$DIR'"],
    ["\\$DIR", "\\$DIR"],
    ["${DIR}/hook.sh", "${DIR}/hook.sh"],
    ["$DIR_2 $DIRECTORY", "$DIR_2 $DIRECTORY"],
    ["$OTHER/hook.sh", "$OTHER/hook.sh"],
    ['"it\'s" $DIR', "\"it's\" '/my project'"],
    ['"a\\"b" $DIR', '"a\\"b" \'/my project\''],
    ["$(cat $DIR/x)", "$(cat '/my project'/x)"],
    ['"$(cat $DIR/x)" "$DIR"', '"$(cat \'/my project\'/x)" "$DIR"'],
    ["$( (echo $DIR) ) $DIR", "$( (echo '/my project') ) '/my project'"],
    ['"`echo $DIR`"', "\"`echo '/my project'`\""],
    ["no variables", "no variables"],
  ])("%s → %s", (command, expected) => {
    expect(replaceUnquotedVariables(command, values)).toBe(expected);
  });

  it("quotes a value holding quotes and shell syntax", () => {
    expect(replaceUnquotedVariables("$DIR/x", { DIR: "/it's $HOME" })).toBe("'/it'\\''s $HOME'/x");
  });

  it.each(["/bin/sh", "bash"])(
    "gives %s the words it gives the unquoted variable, as one word each",
    (shell) => {
      const command = 'printf "<%s>\\n" $DIR/a "$DIR/b" "$(printf %s $DIR/c)"x "`echo $DIR`"';
      const replaced = replaceUnquotedVariables(command, values);
      const output = execFileSync(shell, ["-c", replaced], {
        encoding: "utf8",
        env: { PATH: process.env.PATH, DIR: values.DIR },
      });
      expect(output).toBe("</my project/a>\n</my project/b>\n</my project/cx>\n</my project>\n");
    },
  );
});
